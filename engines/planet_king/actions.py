"""Actions: the ACTION card procedure and the rules every action shares (Actions › Overview, Types of Actions,
Unique Actions; Organisation Phase › Player Actions; End of Turn Phase › Player Actions; Cooperative Game).

An action (``Action``; each chapter's module lists its own in ``ACTIONS``,
           the game builds one table of them) has its type (royal, government, political,
                                                            simple), whether it is a unique action,
whether the Organisation phase allows it, a ``legal(g, mode)`` test and a ``do(g, mode)`` procedure. ``mode`` is
"org" (Organisation phase, no cubes), "card" (an ACTION card), "eot" (End of Turn) or "event" (an event that grants
an action without a cube: HIS MAJESTY THE KING, THE ENSIGN NUN, DIPLOMACY).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, cast

from engines.core.machine import Ctx
from engines.core.types import text
from engines.planet_king import council
from engines.planet_king.flow import call, choose

TYPES = ["royal", "government", "political", "simple"]


@dataclass(frozen=True)
class Action:
    key: str
    kind: str
    legal: Callable[[Ctx, str], bool]
    do: Callable[[Ctx, str], None]
    unique: bool = False
    org: bool = True


class ActionsGame(Protocol):
    """The game's table of actions (``game.PlanetKing`` builds it from each chapter's ``ACTIONS``)."""

    action_rules: dict[str, Action]


def action_rules(g: Ctx) -> dict[str, Action]:
    """Every action of the game by its key (Actions Overview)."""
    return cast(ActionsGame, g.game).action_rules


WAR_ONLY_POLITICAL = ("cortes", "royal_pardon")


def kind_of(g: Ctx, key: str) -> str:
    """War-Only mode: Cortes and Royal Pardon are performed as political actions (Scenarios › War-Only Mode)."""
    if key in WAR_ONLY_POLITICAL and council.war_only(g.s):
        return "political"
    return action_rules(g)[key].kind


def royal_playable(s: dict) -> bool:
    """No royal action is ever played in War-Only mode (lines 901, 905: "No royal actions are played") nor by the
    Valido who carries on after the King's death (line 688: "without being able to play royal actions")."""
    return not (s["king_dead"] or council.war_only(s))


def cubes_for(s: dict, kind: str) -> int:
    c = s["cubes"]
    if kind == "royal":
        return c["royal"] if royal_playable(s) else 0
    if kind in ("government", "political"):
        return c[kind] + c["green"]
    return 1


def offered(g: Ctx, key: str, mode: str) -> bool:
    """Whether an action may be taken now in this mode (cost, unique limit, the Organisation exclusions and the
    no-repeat rule of government actions are checked here; each action's own conditions in ``legal``)."""
    s = g.s
    act = action_rules(g)[key]
    if mode == "org" and not act.org:
        return False
    if act.unique and mode != "event" and key in s["unique"]:
        return False
    if s["options"]["scenario"] == "hothead" and key == "exploration":
        return False
    return act.legal(g, mode)


def available(g: Ctx, kind: str, mode: str) -> list[str]:
    """The actions of a type that may be taken now (none of the royal ones when no royal action may be played, in
    any mode: the Organisation and End of Turn phases and the events' free actions included)."""
    if kind == "royal" and not royal_playable(g.s):
        return []
    return [
        k
        for k, a in action_rules(g).items()
        if (a.kind == kind or k in WAR_ONLY_POLITICAL) and kind_of(g, k) == kind and offered(g, k, mode)
    ]


def pay_cube(g: Ctx, kind: str) -> None:
    """Remove a cube of the action's colour; a green cube serves for a government or political action once the
    coloured ones are gone (ruling R-GREEN)."""
    c = g.s["cubes"]
    if kind == "simple":
        return
    if c[kind] > 0:
        c[kind] -= 1
    else:
        c["green"] -= 1


def gov_forbidden(s: dict, key: str, front: str | None = None) -> bool:
    """The government action of the previous ACTION card cannot be repeated (a campaign on another front can)."""
    prev = s["gov_prev"]
    if not prev or prev["action"] != key:
        return False
    return key != "campaign" or front is None or front == prev["front"]


# ----- an ACTION card (or the free actions of the Organisation and End of Turn phases) -------------------------
def action_round(g: Ctx, mode: str) -> None:
    """Up to three actions of different types (Actions › Overview)."""
    s = g.s
    if mode == "card":
        s["gov_prev"], s["gov_card"] = s["gov_card"], None
    elif mode == "eot":
        s["gov_prev"] = s["gov_card"]
    call(g, "next_action", mode=mode, used=[])


def next_action(g: Ctx, mode: str, used: list) -> None:
    s = g.s
    if len(used) >= 3:
        return
    kinds = [k for k in TYPES if k not in used and (mode == "org" or cubes_for(s, k) > 0) and available(g, k, mode)]
    if not kinds:
        return
    opts = [("type", k) for k in kinds] + [("end", None)]
    choose(
        g,
        council.manager(s, "king"),
        text("prompt.action_type", mode=mode, n=len(used) + 1),
        opts,
        "chose_type",
        mode=mode,
        used=used,
    )


def chose_type(g: Ctx, verb: str, arg, mode: str, used: list) -> None:
    if verb == "end":
        return
    call(g, "next_action", mode=mode, used=[*used, arg])
    pick_action(g, arg, mode)


def pick_action(g: Ctx, kind: str, mode: str) -> None:
    """The manager of that type picks the action (the King for royal actions, the Valido otherwise)."""
    keys = available(g, kind, mode)
    who = council.manager(g.s, "king" if kind == "royal" else "valido")
    choose(
        g, who, text("prompt.action", kind=kind), [("action", k) for k in keys], "chose_action", mode=mode, kind=kind
    )


def chose_action(g: Ctx, verb: str, arg: str, mode: str, kind: str) -> None:
    start(g, arg, mode)


def start(g: Ctx, key: str, mode: str) -> None:
    """Spend the cube (not in the Organisation phase nor for an event's free action), place the unique action
    marker (not when an event grants the action), then carry the action out."""
    s = g.s
    kind = kind_of(g, key)
    if mode in ("card", "eot"):
        pay_cube(g, kind)
    if action_rules(g)[key].unique and mode != "event":
        s["unique"].append(key)
    if kind == "government" and mode == "card" and key != "campaign":
        s["gov_card"] = {"action": key, "front": None}
    g.log("log.action", action=key, rule=f"actions.{kind}_actions")
    action_rules(g)[key].do(g, mode)


PROCEDURES = (next_action,)
DECISIONS = ((chose_type, None), (chose_action, None))
