"""What each seat sees (issue › Hidden information): the table for everyone, the hand and the secrets for their
owner. Hands, face-down choices, the Estate, a plotting or waiting Conspirator and the decks' order are hidden;
what Spy shows is seen by the spy alone while he chooses. ``secrets`` lists every hidden card with who may see it
now; a card that came into a hand in sight of the table is not hidden until it moves again (cards.py).
"""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.quince_dias.administrative import spied
from engines.quince_dias.cards import FAMILIES, PUBLIC, card, game_of, player_total, reference, value
from engines.quince_dias.content import POWERS
from engines.quince_dias.sequence import score


def card_view(g: Ctx, cid: str) -> dict:
    """A face-up card as the table sees it: a Character (or Conspirator) with its Power values as they stand (1.3,
    with its Special Situation's +3 / -3: ``cards.value``) and that Situation face up; a Special Situation card.
    The card's data is read once, not once a Power (issue 26: every card of the view is drawn on every move)."""
    cards = game_of(g).cards
    c = cards[cid]
    if cid.startswith("qd:sit:"):
        return {"id": cid, "name": c["name"], "kind": "situation", "effect": c["effect"]}
    out = dict(c["view"])
    sit = g.s["sit"].get(cid)
    out["powers"] = {p: value(g, cid, p) for p in POWERS} if sit else {p: c[p] for p in POWERS}
    out["situation"] = _situation(cards, sit)
    return out


def _situation(cards: dict, sit: str | None) -> dict | None:
    """The Special Situation played on a Character, face up (2.3), or None."""
    if not sit:
        return None
    s = cards[sit]
    return {"id": sit, "name": s["name"], "kind": s["kind"]}


def covered_view(g: Ctx, cid: str) -> dict:
    """1.2: a covered Character shows only its Power levels (and the Special Situation played on it, face up)."""
    cards = game_of(g).cards
    sit = g.s["sit"].get(cid)
    return {
        "kind": "covered",
        "powers": {p: value(g, cid, p) for p in POWERS} if sit else {p: cards[cid][p] for p in POWERS},
        "situation": _situation(cards, sit),
    }


def prince_view(g: Ctx, pid: str) -> dict:
    p = card(g, pid)
    return {"id": pid, "name": p["name"], "points": p["individual_points"], "bells": p["bells"]}


def decision(s: dict) -> dict:
    """What the table sees of the decision being made: the stage of the turn, the Character being
    Manipulated."""
    if not s["stack"] or s["outcome"] is not None:
        return {}
    top = s["stack"][-1]
    if top["step"] == "turn":
        return {"stage": top["stage"]}
    if top["step"] == "manipulate":
        return {"manipulated": top["char"]}
    return {}


def public_view(g: Ctx) -> dict:
    s = g.s
    conf = s["conf"] or {}
    turn = next((f["role"] for f in reversed(s["stack"]) if f["step"] == "turn"), None)
    players = []
    for r in s["roles"]:
        f = s["family"][r]
        entry = {
            "role": r,
            "label": g.game.role_label(r),
            "family": f,
            "hand": len(s["hands"][r]),
            "estate": len(s["estate"][r]),
            "ducats": s["ducats"][r],
            "main": card_view(g, s["main"][r]) if s["main"][r] else None,
            "covered": covered_view(g, s["covered"][r]) if s["covered"][r] else None,
            "left": s["left"][r],
            "has_chosen": r in s["chosen"],
            "reference": reference(s, r) if s["phase"] else None,
            "total": player_total(g, r) if s["phase"] else None,
            "princes": [prince_view(g, p) for p in s["own_princes"][r]],
            "affection": score(g, r),
        }
        if "relative" in s:
            entry["relative"] = card_view(g, s["relative"][r]) if s["relative"][r] else None
        if "consp" in s:
            entry["conspirators"] = len(s["consp"]["owned"][r])
            entry["conspirators_aside"] = len(s["consp"]["reserve"][r])
            entry["plotting"] = r in s["consp"]["plot"]
        players.append(entry)
    families = {
        f: {
            "name": game_of(g).term(f),
            "members": s["members"][f],
            "power": s["powers"][f],
            "princes": s["family_princes"][f],
            "points": 5 * s["family_princes"][f],
            "total": sum(player_total(g, r) for r in s["members"][f]) if s["phase"] == "family" else None,
        }
        for f in FAMILIES
    }
    view = {
        "round": s["round"],
        "phase": s["phase"],
        "bells": s["bells"],
        "bank": s["bank"],
        "deck": len(s["deck"]),
        "discard": [card_view(g, c) for c in s["discard"][-6:][::-1]],
        "discard_count": len(s["discard"]),
        "princes_left": len(s["princes"]),
        "prince_discards": [
            prince_view(g, d["id"]) if "id" in d else {"family_side": True} for d in s["prince_discards"]
        ],
        "control_free": s["control_free"],
        "starting": s["starting"],
        "powers": dict(s["powers"]),
        "individual_power": s["powers"]["individual"],
        "families": families,
        "players": players,
        "turn": turn,
        "decision": decision(s),
        "order": list(conf.get("queue", [])),
        "initiative_zero": list(conf.get("zero", [])),
        "round_of_turns": conf.get("round_of_turns"),
        "results": s["results"][-2:],
        "lent": [c for c in conf.get("lent", []) if c in s["main"].values()],  # Main Characters: public
    }
    if "consp" in s:
        view["conspirators_available"] = [card_view(g, c) for c in s["consp"]["available"]]
    return view


def private_view(g: Ctx, role: str) -> dict:
    s = g.s
    out = {
        "hand": [card_view(g, c) for c in s["hands"][role]],
        "estate": [card_view(g, c) for c in s["estate"][role]],
        "chosen": card_view(g, s["chosen"][role]) if role in s["chosen"] else None,
        "covered": card_view(g, s["covered"][role]) if s["covered"][role] else None,
        "family": s["family"][role],
    }
    if "consp" in s:
        out["conspirators_aside"] = [card_view(g, c) for c in s["consp"]["reserve"][role]]
        plot = s["consp"]["plot"].get(role)
        out["plotting"] = card_view(g, plot) if plot else None
    spy = spied(s)
    if spy and spy[0] == role:
        out["spied_hand"] = {"of": spy[1], "cards": [card_view(g, c) for c in s["hands"][spy[1]]]}
    return out


def secrets(s: dict) -> dict[str, list[str]]:
    """Every hidden card -> the roles that may see it now: the decks' cards nobody, a hand, the Estate, a face-down
    choice, a covered Character (1.2: only its Power levels show) and a waiting or plotting Conspirator their owner
    (and whoever else knows where it is)."""
    known = s["known"]
    out: dict[str, list[str]] = {c: [] for c in s["deck"]}
    out.update((p, []) for p in s["princes"])
    spy = spied(s)

    def hidden(cid: str, roles: list[str]) -> None:
        also = known.get(cid)
        if also == PUBLIC:
            return
        out[cid] = roles + also if also else roles

    for role in s["roles"]:
        holders = [role, spy[0]] if spy and spy[1] == role else [role]
        for cid in s["hands"][role]:
            hidden(cid, holders)
        for cid in s["estate"][role]:
            out[cid] = [role]
        if role in s["chosen"]:
            out[s["chosen"][role]] = [role]
        if s["covered"][role]:
            out[s["covered"][role]] = [role]
    if "consp" in s:
        for role, waiting in s["consp"]["reserve"].items():
            for cid in waiting:
                hidden(cid, [role])
        for role, cid in s["consp"]["plot"].items():
            out[cid] = [role]
    return out
