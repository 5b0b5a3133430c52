"""Hand-built positions with two seats at war (9.1 has one player): other major powers seated with player 2, at
war with Portugal (player 1); moves played by whichever seat the flow asks, dice scripted."""

from __future__ import annotations

from engines.core.chance import scripted
from engines.ultima_ratio.state import new_unit
from tests.engines.ultima_ratio.support import GAME, at_first_impulse

TROOP = [("build", "build_troop"), ("grade", "2-3"), ("area", "area:portugal"), ("stop", None)]
SQUADRON = [("build", "build_squadron"), ("grade", "E3"), ("area", "area:portugal")]


def power(s: dict, name: str, seat: str = "player2", war: bool = True) -> dict:
    """A major power seated with ``seat`` (a new seat if needed), at war with Portugal if ``war``."""
    s["powers"][name] = {"seat": seat, "unrest": 0, "interest": ["WM", "Af"], "interest_areas": []}
    n = len(s["seats"]) + 1
    info = s["seats"].setdefault(seat, {"powers": [], "vp": 0, "order": n, "group": n, "vp_per_turn": 0})
    info["powers"].append(name)
    if war:
        s["wars"].append(sorted(["power:portugal", name]))
    return s


def area(s: dict, name: str, owner: str | None, control: str | None = None, **fields) -> dict:
    """An area made active (18.2.1) or changed, held by ``owner`` / ``control``."""
    base = {"owner": None, "control": None, "marker": None, "fortress": None, "siege": None, "interrupted": False}
    s["areas"][name] = {
        **base,
        **s["areas"].get(name, {}),
        "owner": owner,
        "control": owner if control is None else control,
        "marker": None,
        **fields,
    }
    return s


def unit(s: dict, uid: str, kind: str, loc: str, grade: str | None = None) -> dict:
    new_unit(s, uid, uid.split("-")[0], kind, grade or ("2-3" if kind == "troop" else "E2"), loc)
    return s


def leader(s: dict, lid: str, on: str, power_name: str = "power:portugal") -> dict:
    s["leaders"][lid] = {"power": power_name, "unit": on, "extraordinary": True}
    s["leader_pool"].remove(lid)
    return s


def start(deploy=TROOP) -> dict:
    return at_first_impulse(deploy=deploy)


def seat(state: dict) -> str:
    return GAME.active_roles(state)[0]


def legal(state: dict) -> dict:
    return GAME.legal(state, seat(state))


def step(state: dict) -> str:
    return state["stack"][-1]["step"]


def play(state: dict, verb: str, arg=None, dice=()):
    """One move by the seat the flow asks; exactly ``dice`` are rolled. Returns (state, log)."""
    with scripted(list(dice)) as script:
        played = GAME.play(state, seat(state), verb, arg)
    assert script.used == len(dice), f"{script.used} of {len(dice)} scripted values used"
    return played.state, list(played.log)


def moves(state: dict, *pairs) -> dict:
    for verb, arg in pairs:
        state, _ = play(state, verb, arg)
    return state


def through_combat(state: dict, verb: str, arg=None, dice=(), answers: dict | None = None):
    """A move that starts a combat, then each combat decision answered by its seat (``answers`` {kind: answer},
    else the first option or False), with exactly ``dice`` rolled; a leader change of another player's impulse
    (17.1, ``leader_change``) is declined; returns (state, log)."""
    answers = answers or {}
    with scripted(list(dice)) as script:
        played = GAME.play(state, seat(state), verb, arg)
        state, log = played.state, list(played.log)
        while state["stack"] and step(state) in ("combat_decision", "leader_change"):
            if step(state) == "leader_change":
                played = GAME.play(state, seat(state), "done", None)
                state, log = played.state, log + list(played.log)
                continue
            options = legal(state)
            kind = next(v for v in options if v != "done")
            choice = answers.get(kind, False if False in options[kind] else options[kind][0])
            played = GAME.play(state, seat(state), kind, choice)
            state, log = played.state, log + list(played.log)
    assert script.used == len(dice), f"{script.used} of {len(dice)} scripted values used"
    return state, log


def battle_record(state: dict) -> dict:
    """The battle record of the combat under way (the ``combat`` frame)."""
    return next(f for f in reversed(state["stack"]) if f["step"] == "combat")["battle"]


def dice_of(log, side: str) -> list[str]:
    return [d for e in log if e["msg"] == "combat.dice" and e["args"]["side"] == side for d in e["args"]["dice"]]
