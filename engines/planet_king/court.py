"""The Court, the offices and army commands: where each notable is (Components › Cards, Auxiliary Boards;
Setup › Offices and Vacancies; Events › Traitor: Exile; Special Rules).

Positions are ``("noble", i)``/``("genius", i)`` (Court 1-4), ``("valido",)``, ``("queen",)``, ``("mistress",)``,
``("office", id)`` and ``("army", war id)``.
"""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.core.types import Text, Words, text
from engines.planet_king import council
from engines.planet_king.components import CONDE, C, current
from engines.planet_king.flow import choose

RULE_VACANCY = "setup.offices_vacancies"
PLURAL = {"noble": "nobles", "genius": "geniuses", "lady": "ladies"}


def name(nid: str) -> str:
    return C.NOTABLES[nid]["name"]


def traits(nid: str) -> list[str]:
    k = current()
    return k.NOTABLES[nid].get("traits") or []


def has(nid: str | None, trait: str) -> bool:
    return nid is not None and trait in traits(nid)


def rating(g: Ctx, nid: str | None, which: str) -> int:
    """A noble's Military / Political / Government rating (0 for a vacant office, Setup › Offices). The '?' ratings
    of JUAN JOSÉ OF AUSTRIA and RODRIGO PACHECO are fixed by a fortune test the first time they are used
    (Special Rules: negative 1, neutral 2, positive 3)."""
    if nid is None or nid in g.s["exiled"]:
        return 0
    value = C.NOTABLES[nid].get(which)
    if value is not None:
        return value
    key = f"{nid}:{which}"
    if key not in g.s["ratings"]:
        from engines.planet_king.fortune import draw_test

        symbol, _ = draw_test(g, text("why.s_rating", nid=nid, which=which))
        g.s["ratings"][key] = {"crow": 1, "pigeon": 2, "eagle": 3}[symbol]
        g.log(
            "log.s_rating_is_for_the",
            nid=nid,
            which=which,
            ratings=g.s["ratings"][key],
            rule="special_rules.juan_jos_of_austria_and_rodrigo_pacheco",
        )
    return g.s["ratings"][key]


def can_lead(s: dict, nid: str | None) -> bool:
    """A noble may command an army with a Military rating above 0 and while his leader counter is available (the
    turns on its back, Tokens › Military Leaders; errata: Spinola 1–2, Oquendo 1–4, de Fonte 1–5)."""
    if nid is None or known_rating(s, nid, "military") <= 0:
        return False
    counter = C.SPANISH_COUNTERS.get(nid)
    return counter is None or counter["turn_in"] <= s["turn"] <= counter["turn_out"]


def known_rating(s: dict, nid: str | None, which: str) -> int:
    """The rating as known now, without testing ('?' not yet tested counts as 1): for bots and views."""
    k = current()
    if nid is None:
        return 0
    value = k.NOTABLES[nid].get(which)
    return value if value is not None else s["ratings"].get(f"{nid}:{which}", 1)


# ----- where notables are ------------------------------------------------------------------------------
def court_nobles(s: dict) -> list[str]:
    return [n for n in s["court"]["nobles"] if n]


def court_geniuses(s: dict) -> list[str]:
    return [n for n in s["court"]["geniuses"] if n]


def office_holders(s: dict) -> list[str]:
    return [n for n in s["offices"].values() if n]


def army_leaders(s: dict) -> list[str]:
    return [w["leader"] for w in s["wars"].values() if w["leader"]]


def nobles_in_play(s: dict) -> list[str]:
    """Nobles at Court, in office or in command of an army (not the Valido, whom no card affects)."""
    return court_nobles(s) + office_holders(s) + army_leaders(s)


def position_of(s: dict, nid: str) -> tuple | None:
    c = s["court"]
    for kind in ("noble", "genius"):
        if nid in c[PLURAL[kind]]:
            return (kind, c[PLURAL[kind]].index(nid))
    for key in ("valido", "queen", "mistress"):
        if c[key] == nid:
            return (key,)
    for oid, holder in s["offices"].items():
        if holder == nid:
            return ("office", oid)
    for wid, war in s["wars"].items():
        if war["leader"] == nid:
            return ("army", wid)
    return None


def in_play(s: dict, nid: str) -> bool:
    return position_of(s, nid) is not None


def holder(s: dict, pos: tuple) -> str | None:
    kind = pos[0]
    if kind in ("noble", "genius"):
        return s["court"][PLURAL[kind]][pos[1]]
    if kind in ("valido", "queen", "mistress"):
        return s["court"][kind]
    if kind == "office":
        return s["offices"][pos[1]]
    return s["wars"][pos[1]]["leader"]


def _set(s: dict, pos: tuple, nid: str | None) -> None:
    kind = pos[0]
    if kind in ("noble", "genius"):
        s["court"][PLURAL[kind]][pos[1]] = nid
    elif kind in ("valido", "queen", "mistress"):
        s["court"][kind] = nid
    elif kind == "office":
        s["offices"][pos[1]] = nid
    else:
        s["wars"][pos[1]]["leader"] = nid


def take_out(s: dict, nid: str) -> tuple | None:
    pos = position_of(s, nid)
    if pos is not None:
        _set(s, pos, None)
        if s["court"]["painter"] == nid:
            s["court"]["painter"] = None
    return pos


def free_court_slot(s: dict, kind: str) -> int | None:
    slots = s["court"][PLURAL[kind]]
    return slots.index(None) if None in slots else None


def place(g: Ctx, nid: str, pos: tuple) -> None:
    """Put a notable in a position; the fortune trait pays one ducat the first time it is placed in an office,
    an army command or as Queen (Components › NOBLE Cards: Fortune)."""
    take_out(g.s, nid)
    _set(g.s, pos, nid)
    if pos[0] in ("office", "army", "queen") and has(nid, "fortune") and nid not in g.s["fortune_used"]:
        g.s["fortune_used"].append(nid)
        council.gain(g, 1, text("why.s_fortune_trait", nid=nid), "components.noble_cards")


def to_court_or_deck(g: Ctx, nid: str) -> None:
    """A noble leaving an office or army goes to the Court if there is room, else back to the noble deck."""
    take_out(g.s, nid)
    slot = free_court_slot(g.s, "noble")
    if slot is not None:
        place(g, nid, ("noble", slot))
        g.log("log.returns_to_the_court", nid=nid)
    else:
        g.s["decks"]["nobles"].append(nid)
        g.log("log.returns_to_the_noble_deck", nid=nid)


def pos_label(pos: tuple | list) -> Text:
    """A position of the Court, an office or an army command, as words."""
    kind = pos[0]
    if kind in ("noble", "genius"):
        return text(f"pos.{kind}", n=pos[1] + 1)
    if kind in ("office", "army"):
        return text(f"pos.{kind}", where=pos[1])
    return text(f"pos.{kind}")


# ----- leaving the game, exile, vacancies ----------------------------------------------------------------
def remove_from_game(
    g: Ctx, nid: str, why: Words, rule: str | None = None, death: bool = False, eliminated: bool = False
) -> None:
    """Permanently remove a notable (his leader counter follows his card). A father is replaced at once by his
    son in the same position (Father/Son trait); the Royal Mistress takes her bastards with her (and her death
    costs one happiness point, THE TWILIGHT OF LIFE, line 329 -- ``death``); an emptied office or army is filled
    (Vacancies). ``eliminated``: by INSTABILITY, which takes the French Condé with the Spanish one (line 730) but is
    no death."""
    s = g.s
    pos = take_out(s, nid)
    if nid not in s["gone"]:
        s["gone"].append(nid)
    for deck in ("nobles", "geniuses", "ladies"):
        if nid in s["decks"][deck]:
            s["decks"][deck].remove(nid)
    if nid in s["exiled"]:
        s["exiled"].remove(nid)
    g.log("log.is_removed_from_the_game", why=why, nid=nid, rule=rule)
    if pos is None:
        return
    if pos[0] == "mistress":
        bastards = [c for c in s["children"] if not c["legit"]]
        if bastards:
            s["children"] = [c for c in s["children"] if c["legit"]]
            g.log("log.the_royal_mistress_s_bastard", n=len(bastards), rule=rule)
        if death:
            council.mark(
                g, "happiness", -1, text("why.death_of_the_royal_mistress"), "end_of_turn_phase.king_s_happiness"
            )
    if pos[0] == "queen" and death:
        council.mark(g, "happiness", -1, text("why.death_of_the_queen"), "end_of_turn_phase.king_s_happiness")
    son = C.NOTABLES[nid].get("son")
    if son and son not in s["gone"] and not in_play(s, son):
        place(g, son, pos)
        g.log(
            "log.takes_his_father_s_place", son=son, pos_label=pos_label(pos), rule="components.noble_cards_father_son"
        )
        return
    if nid == CONDE and s["conde"] == "spain" and (death or eliminated):
        s["conde"] = "gone"
        g.log("log.the_french_cond_is_also", rule="special_rules.cond")
    elif nid == CONDE:
        s["conde"] = "france"
    vacancy(g, pos)


def exile(g: Ctx, nid: str, why: Words, rule: str | None = None) -> None:
    """Send a notable into exile: out of his position, no points, ratings unusable (Events › Traitor: Exile)."""
    pos = take_out(g.s, nid)
    g.s["exiled"].append(nid)
    g.log("log.goes_into_exile", why=why, nid=nid, rule=rule)
    if pos is not None:
        vacancy(g, pos)


def vacancy(g: Ctx, pos: tuple) -> None:
    """An office or army command emptied by elimination or exile is filled at once, free, by a noble from the
    Court (one with a Military rating for an army); otherwise it stays vacant (Setup › Offices: Vacancies)."""
    s = g.s
    if pos[0] not in ("office", "army"):
        return
    if pos[0] == "army" and s["wars"][pos[1]]["status"] != "war":
        return
    if pos[0] == "office" and pos[1] not in s["offices"]:
        return
    cands = [n for n in court_nobles(s) if pos[0] == "office" or can_lead(s, n)]
    if not cands:
        g.log("log.the_stays_vacant", pos_label=pos_label(pos), rule=RULE_VACANCY)
        return
    choose(
        g,
        council.manager(s, "valido"),
        text("prompt.fill_the_vacant_with_a", pos_label=pos_label(pos)),
        [("appoint", n) for n in cands],
        "fill_vacancy",
        pos=list(pos),
    )


def fill_vacancy(g: Ctx, verb: str, arg: str, pos: list) -> None:
    place(g, arg, tuple(pos))
    g.log("log.fills_the_vacant_no_political", arg=arg, pos_label=pos_label(tuple(pos)), rule=RULE_VACANCY)


DECISIONS = ((fill_vacancy, None),)
