"""The Planet King's Council of State as its board draws it (issue 30 › The boards): its tracks (Components ›
Auxiliary Boards: Prestige, Enlightenment, King's Happiness, Victory points, explorations, the Treasury, the turn
marker on the victory track), each space shaded by what the End of Turn makes of it (End of Turn Phase › Determining
Enlightenment, Prestige, King's Happiness and Victory Points); the cubes left (Actions Phase), the Treasury's changes
this turn, and each Secret Memorial's state (Secret Memorial (Optional)). Pure functions of the content and the
view, each made only when its piece of the council's section is drawn (a page whose council, or that piece, is kept
makes none of it: presentation.table_board's ``cubes``, ``treasury_turn``, ``memorials``, ``tracks``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from engines.core.kept import Kept

if TYPE_CHECKING:
    from engines.core.game import Game


def cubes(p: dict[str, Any], say: Callable[..., str], verbs: Callable[[str], str]) -> list[dict[str, Any]]:
    """The cubes left on the Council of State, each type's count in words, its key and its data-verb (the verbs this
    seat may use on it now); then the simple action, which takes none."""
    out = [
        {"key": f"cube:{kind}", "kind": kind, "label": say(f"board.cube.{kind}", n=p["cubes"][kind])}
        for kind in ("government", "political", "royal", "green")
    ]
    out.append({"key": "cube:simple", "kind": "simple", "label": say("board.cube.simple")})
    for cube in out:
        cube["verb"] = verbs(cube["key"])
    return out


def treasury_turn(p: dict[str, Any], say: Callable[..., str]) -> str:
    """The Treasury's changes this turn in words, each with why, and their sum (or that it stood still)."""
    turn = p.get("treasury_turn", [])
    changes = [say("board.treasury_change", n=c["n"], why=c["why"]) for c in turn]
    if not changes:
        return say("board.treasury_still")
    return say("board.treasury_turn", net=sum(c["n"] for c in turn), changes=changes)


def _zones(table: list[dict[str, Any]], value: int) -> str:
    """A track space's shading by its row of a Council of State table: defeat, a loss, nothing, a gain."""
    for r in table:
        if r.get("min", -99) <= value <= r.get("max", 99):
            if r.get("defeat"):
                return "defeat"
            vp = r.get("victory_points", 0)
            return "gain" if vp > 0 else "loss" if vp < 0 else "even"
    return "even"


TRACKS_KEPT = 1024  # a dozen tracks × the values they take × languages
# a track's shape -> (its zones' table, the track)
_TRACKS: Kept[tuple[Any, ...], tuple[Any, dict[str, Any]]] = Kept(TRACKS_KEPT)


def _track(
    key: str,
    label: str,
    low: int,
    high: int,
    value: int,
    words: str,
    zones: list[dict[str, Any]] | None = None,
    names: tuple[str, ...] = (),
) -> dict[str, Any]:
    """One track: its spaces low..high (the last one holding any higher value), the marker on ``value``, each
    space shaded by its row of ``zones`` (a Council of State table) or named by ``names``. Made once per shape and
    kept (the board's tracks mostly stand still between two moves): the same dict, which nothing changes. The
    table is kept beside it, so its id in the shape names that very table."""
    shape = (key, label, low, high, value, words, id(zones), names)
    found = _TRACKS.get(shape)
    if found is not None and found[0] is zones:
        return found[1]
    shown = min(max(value, low), high)
    track = {
        "key": f"track:{key}",
        "label": label,
        "min": low,
        "max": high,
        "value": value,
        "now": shown,
        "words": words,
        "spaces": [
            {
                "n": names[i - low] if names else (f"{i}+" if i == high and value > high else str(i)),
                "zone": _zones(zones, i) if zones else "",
                "marker": i == shown,
            }
            for i in range(low, high + 1)
        ],
    }
    _TRACKS.put(shape, (zones, track))
    return track


def tracks(game: Game, p: dict[str, Any], say: Callable[..., str], name: Callable[[Any], Any]) -> list[dict[str, Any]]:
    """The Council of State's tracks and the turn marker, drawn from the view's turn, first and last turns,
    Treasury, levels now (``now``) and their marks this turn, victory points, roles, exploration and action cards
    played (board.html's kept "planet-king:tracks" names them all)."""
    tables = cast(Any, game).components.TABLES
    limits = tables["limits"]
    now, marks = p["now"], p["marks"]
    out = [
        _track(
            "turn",
            say("board.track.turn"),
            p["first_turn"],
            p["last_turn"],
            p["turn"],
            say("board.turn_of", turn=p["turn"], first=p["first_turn"], last=p["last_turn"]),
        ),
        _track(
            "treasury",
            say("board.track.treasury"),
            0,
            limits["treasury"],
            p["treasury"],
            say("board.ducats", n=p["treasury"], most=limits["treasury"]),
        ),
    ]
    for key in ("prestige", "happiness", "enlightenment"):
        table = tables[key]
        value = now[key]
        change = marks.get(key)
        words = (
            say("board.level", value=value) if change is None else say("board.level_now", value=value, change=change)
        )
        out.append(_track(key, say(f"board.track.{key}"), 0, 10, value, words, zones=table))
    for role, vp in p["vp"].items():
        if role not in p["roles"]:  # solo: the King alone
            continue
        out.append(_track(f"vp:{role}", say("board.track.vp", role=role), 0, max(20, vp), vp, say("board.vp", n=vp)))
    names = tuple(name(space) for space in p["exploration"]["track"])
    index = p["exploration"]["index"]
    out.append(
        _track(
            "exploration",
            say("board.track.exploration"),
            0,
            len(names) - 1,
            index,
            name(p["exploration"]["space"]),
            names=names,
        )
    )
    action_cards = limits["events_phase_action_cards"]
    played = p["played"]["action"] + p["played"]["total_war"]
    out.append(
        _track(
            "action_cards",
            say("board.track.action_cards"),
            0,
            action_cards,
            played,
            say("board.action_cards", n=played, most=action_cards),
        )
    )
    return out


def memorials(p: dict[str, Any], say: Callable[..., str]) -> list[dict[str, Any]]:
    """Each Secret Memorial's state, never its content (Secret Memorial (Optional)): sealed (dealt unread), read
    by its holder, or claimed (its task then public, in the view)."""
    out = []
    for m in (p.get("memorials") or {}).get("cards", []):
        state = m["state"]
        out.append(
            {
                "key": f"memorial:{m['owner']}",
                "holder": m["holder"],
                "state": state,
                "label": say(f"board.memorial.{m['owner']}"),
                "words": say(f"board.memorial_{state}", role=m["holder"]),
            }
        )
    return out
