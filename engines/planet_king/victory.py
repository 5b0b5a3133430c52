"""Victory: the victory level after the last turn, automatic defeats, the Secret Memorial requirement, and the
comparison of the two players' VP in cooperative play (Victory; Scenarios; Cooperative Game › Victory)."""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.core.types import text
from engines.planet_king import council, court, memorials
from engines.planet_king.components import F_ITALY
from engines.planet_king.flow import call, seq

SEQUENCES = ("ORGANISATION", "END_OF_TURN")  # lists of procedure names (flow.check_references)
ORGANISATION = ["org_memorials", "org_notable_decks", "org_event_deck", "org_cubes", "org_actions", "org_ladies"]
END_OF_TURN = [
    "eot_begin",
    "eot_actions",
    "eot_construction",
    "eot_provincials",
    "eot_upkeep",
    "eot_markers",
    "eot_revolts",
    "eot_indies",
    "eot_income",
    "eot_mortality",
    "eot_scores",
    "eot_memorials",
    "eot_valido",
    "eot_cleanup",
]


def begin_turn(g: Ctx) -> None:
    """Organisation, Events and End of Turn phases (Game Sequence); the first turn of a scenario only has the
    Player Actions step of the Organisation phase."""
    s = g.s
    items = []
    if "organisation" in s["phases"]:
        items += ["org_actions"] if s["turn"] == s["first_turn"] else ORGANISATION
    if "events" in s["phases"]:
        items.append("events_phase")
    if "end_of_turn" in s["phases"]:
        items += END_OF_TURN
    call(g, "end_turn")
    seq(g, items)


def end_turn(g: Ctx) -> None:
    s = g.s
    if s["defeat"] or s["turn"] >= s["last_turn"]:
        finish(g)
        return
    s["turn"] += 1
    s["treasury_turn"] = []
    call(g, "begin_turn")


def level_for(s: dict, total: int) -> str:
    if s["options"]["scenario"] == "hothead":
        viceroy = s["offices"].get("viceroy_of_italy")
        won = any(w == F_ITALY and r == "win" for w, r, *_ in s["war_results"])
        good = (
            viceroy
            and max(court.known_rating(s, viceroy, "political"), court.known_rating(s, viceroy, "government")) >= 2
        )
        return "major_victory" if won and good else "defeat"
    for row in s["victory"]:
        if (row["min_vp"] is None or total >= row["min_vp"]) and (row["max_vp"] is None or total <= row["max_vp"]):
            return row["level"]
    return "defeat"


TALLIED = ("enlightenment", "prestige", "happiness")  # the End of Turn's score tables, each a source of its own


def tally(s: dict, role: str) -> list[dict]:
    """How a seat's victory points were reached (issue 30 › Outcomes explained): each source's sum, in the order
    the sources first scored: a score table of the End of Turn, else the rule that gave them."""
    out = []
    for source, points in s.get("vp_sources", {}).get(role, {}).items():
        if points:
            words = text(f"tally.{source}") if source in TALLIED or source == "other" else text(f"rule.{source}")
            out.append({"source": words, "points": points})
    return out


def tiebreak(result: dict) -> dict | None:
    """The tie the cooperative comparison met (Cooperative Game › Victory: "They then compare the points obtained by
    each player to determine who is the winner"), as data for the final tally (issue 30 › Outcomes explained): the
    rule names no tie-break, so the King and the Valido level on VP with a victory level won both win (RULINGS,
    Cooperative tie). None in solo play, in defeat, or when one has more VP than the other."""
    scores = result["scores"]
    if len(scores) < 2 or len(set(scores.values())) > 1 or not result["winners"]:
        return None
    points = next(iter(scores.values()))
    return {
        "rule": "cooperative_game",
        "applied": "shared",
        "tied": [{"roles": list(scores), "points": points}],
        "winners": list(result["winners"]),
        "text": text("tiebreak.shared", points=points),
    }


def finish(g: Ctx) -> None:
    """The victory level of the VP (the two players' summed in cooperative play); an automatic defeat is a Defeat;
    no Secret Memorial task completed is Neither King nor Planet. The ``reason`` of an automatic defeat names its
    causes (Victory › Automatic Defeat)."""
    s = g.s
    done = memorials.final(g) if memorials.in_use(s) else True
    total = s["vp"]["king"] + s["vp"]["valido"]
    level = "defeat" if s["defeat"] else level_for(s, total)
    if not done:
        level = "neither_king_nor_planet"
    roles = ["king"] if council.solo(s) else ["king", "valido"]
    scores = {r: s["vp"][r] for r in roles}
    ranking = sorted(roles, key=lambda r: -scores[r])
    good = level in ("major_victory", "historical_outcome")
    if council.solo(s):
        winners = ["king"] if good else []
    else:
        best = max(scores.values())
        winners = [r for r in roles if scores[r] == best] if good else []
    # the text names the level only (``siglo simulate`` counts outcomes by text); the VP are in the scores
    outcome = text(
        "outcome.level",
        level=level,
        defeat=text("outcome.automatic_defeat") if s["defeat"] else "",
        memorial="" if done else text("outcome.no_memorial"),
    )
    if council.solo(s):
        g.log("log.outcome", outcome=outcome, total=total, rule="victory")
    else:
        g.log(
            "log.outcome_cooperative",
            outcome=outcome,
            total=total,
            king=scores["king"],
            valido=scores["valido"],
            rule="victory",
        )
    result = {"text": outcome, "winners": winners, "scores": scores, "ranking": ranking, "level": level}
    result["tally"] = {r: tally(s, r) for r in roles}
    result["thresholds"] = text(f"learn.victory.{s['options']['scenario']}")
    if s["defeat"]:
        result["reason"] = text("outcome.defeat_reason", reasons=s["defeat"])
    g.finish(result)


PROCEDURES = (begin_turn, end_turn)
