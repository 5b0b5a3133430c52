"""What each seat sees (issue › Hidden information): the table for everyone, the hand and the secrets for their
owner. Hands, face-down choices, the Estate, a plotting or waiting Conspirator and the decks' order are hidden;
what Spy shows is seen by the spy alone while he chooses. Logs name cards by name, never by id.
"""
from __future__ import annotations

from engines.quince_dias.cards import FAMILIES, FAMILY_NAMES, POWER_NAMES, card, label, player_total, reference, value
from engines.quince_dias.content import POWERS
from engines.quince_dias.sequence import score


def card_view(s: dict, cid: str) -> dict:
    c = card(cid)
    if cid.startswith("qd:sit:"):
        return {"id": cid, "name": c["name"], "kind": "situation", "effect": c["effect"]}
    out = dict(c["view"])
    out["powers"] = {p: value(s, cid, p) for p in POWERS}
    sit = s["sit"].get(cid)
    out["situation"] = {"id": sit, "name": card(sit)["name"]} if sit else None
    return out


def prince_view(pid: str) -> dict:
    p = card(pid)
    return {"id": pid, "name": p["name"], "points": p["individual_points"], "bells": p["bells"]}


def spied(s: dict) -> tuple[str, str] | None:
    """(spy, target) while a spy is choosing a card from the target's hand."""
    top = s["stack"][-1] if s["stack"] and s["outcome"] is None else None
    if top and top["step"] == "spy_take":
        return top["role"], top["target"]
    return None


def public_view(s: dict) -> dict:
    conf = s["conf"] or {}
    turn = next((f["role"] for f in reversed(s["stack"]) if f["step"] in ("turn", "end_turn")), None)
    players = []
    for r in s["roles"]:
        f = s["family"][r]
        entry = {
            "role": r, "label": label(r), "family": f, "family_name": FAMILY_NAMES[f],
            "hand": len(s["hands"][r]), "estate": len(s["estate"][r]), "ducats": s["ducats"][r],
            "main": card_view(s, s["main"][r]) if s["main"][r] else None,
            "covered": card_view(s, s["covered"][r]) if s["covered"][r] else None,
            "left": s["left"][r], "has_chosen": r in s["chosen"],
            "reference": reference(s, r) if s["phase"] else None,
            "total": player_total(s, r) if s["phase"] else None,
            "princes": [prince_view(p) for p in s["own_princes"][r]],
            "affection": score(s, r),
        }
        if "relative" in s:
            entry["relative"] = card_view(s, s["relative"][r]) if s["relative"][r] else None
        if "consp" in s:
            entry["conspirators"] = len(s["consp"]["owned"][r])
            entry["conspirators_aside"] = len(s["consp"]["reserve"][r])
            entry["plotting"] = r in s["consp"]["plot"]
        players.append(entry)
    families = {f: {"name": FAMILY_NAMES[f], "members": s["members"][f],
                    "power": s["powers"][f], "power_name": POWER_NAMES.get(s["powers"][f] or "", None),
                    "princes": s["family_princes"][f], "points": 5 * s["family_princes"][f],
                    "total": sum(player_total(s, r) for r in s["members"][f]) if s["phase"] == "family" else None}
                for f in FAMILIES}
    view = {
        "round": s["round"], "phase": s["phase"], "bells": s["bells"], "bank": s["bank"],
        "deck": len(s["deck"]), "discard": [card_view(s, c) for c in s["discard"][-6:][::-1]],
        "discard_count": len(s["discard"]), "princes_left": len(s["princes"]),
        "prince_discards": [prince_view(d["id"]) if "id" in d else {"family_side": True} for d in s["prince_discards"]],
        "control_free": s["control_free"], "starting": s["starting"],
        "individual_power": s["powers"]["individual"], "families": families, "players": players,
        "turn": turn,
        "order": list(conf.get("queue", [])), "initiative_zero": list(conf.get("zero", [])),
        "round_of_turns": conf.get("round_of_turns"), "results": s["results"][-2:],
    }
    if "consp" in s:
        view["conspirators_available"] = [card_view(s, c) for c in s["consp"]["available"]]
    return view


def private_view(s: dict, role: str) -> dict:
    out = {"hand": [card_view(s, c) for c in s["hands"][role]],
           "estate": [card_view(s, c) for c in s["estate"][role]],
           "chosen": card_view(s, s["chosen"][role]) if role in s["chosen"] else None,
           "family": s["family"][role]}
    if "consp" in s:
        out["conspirators_aside"] = [card_view(s, c) for c in s["consp"]["reserve"][role]]
        plot = s["consp"]["plot"].get(role)
        out["plotting"] = card_view(s, plot) if plot else None
    spy = spied(s)
    if spy and spy[0] == role:
        out["spied_hand"] = {"of": spy[1], "cards": [card_view(s, c) for c in s["hands"][spy[1]]]}
    return out


def hidden_ids(s: dict, role: str) -> set[str]:
    ids: set[str] = set(s["estate"][role])
    spy = spied(s)
    if not (spy and spy[1] == role):
        ids.update(s["hands"][role])
    if role in s["chosen"]:
        ids.add(s["chosen"][role])
    if "consp" in s:
        ids.update(s["consp"]["reserve"][role])
        if role in s["consp"]["plot"]:
            ids.add(s["consp"]["plot"][role])
    return ids
