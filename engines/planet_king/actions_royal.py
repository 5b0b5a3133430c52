"""Royal actions: Issue, Choose Royal Mistress, Hunt, Nominate/Remove Genius, Appoint Court Painter, Sale of
Privileges, Royal Pardon, Cortes (Actions › Royal Actions)."""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.core.types import text
from engines.planet_king import council, court
from engines.planet_king.actions import Action
from engines.planet_king.components import C
from engines.planet_king.flow import choose
from engines.planet_king.fortune import CROW, EAGLE, PIGEON, draw_test, tests

R = "actions.royal_actions"


def lady(nid: str | None, field: str) -> int:
    return C.NOTABLES[nid][field] if nid else 0


# ----- Issue -------------------------------------------------------------------------------------------------
def new_child(g: Ctx, legit: bool, sickly: bool) -> dict:
    """A random child marker from the cup: the sex is not known before it is drawn (Setup › Tokens)."""
    s = g.s
    pool = [
        c
        for c in C.TABLES["children"]
        if c["id"] not in {x["id"] for x in s["children"]} and c["id"] not in s["children_gone"]
    ]
    pick = (
        g.choice(pool)
        if pool
        else {"id": f"pk:child:extra-{len(s['children'])}", "male": g.randbelow(2) == 0, "name": "Infante"}
    )
    child = {
        "id": pick["id"],
        "name": pick.get("name", "child"),
        "male": pick["male"],
        "legit": legit,
        "sickly": sickly,
    }
    s["children"].append(child)
    return child


def legal_issue(g: Ctx, mode: str) -> bool:
    c = g.s["court"]
    return lady(c["queen"], "fertility") + lady(c["mistress"], "fertility") > 0


def do_issue(g: Ctx, mode: str) -> None:
    """As many fortune tests as the fertility of the Queen and of the Royal Mistress; a positive or neutral result
    brings a child (sickly on neutral); a legitimate male becomes the heir if there is none; a bastard son gives a
    happiness point."""
    s = g.s
    for role, legit in (("queen", True), ("mistress", False)):
        nid = s["court"][role]
        for sym, _ in tests(g, lady(nid, "fertility"), text("why.issue_with", nid=nid or "")):
            if sym == CROW:
                continue
            child = new_child(g, legit, sym == PIGEON)
            what = text(f"child.{'sickly_' if child['sickly'] else ''}{'son' if child['male'] else 'daughter'}")
            g.log(f"log.birth.{role}", child=what, rule=R)
            if legit and child["male"] and s["heir"] is None:
                s["heir"] = child["id"]
                g.log("log.he_becomes_the_heir_pr", rule=R)
            if not legit and child["male"]:
                council.mark(g, "happiness", 1, text("why.a_bastard_son"), R)


# ----- Choose Royal Mistress ---------------------------------------------------------------------------------
def mistress_candidates(s: dict) -> list[str]:
    return [n for n in s["decks"]["ladies"] if C.NOTABLES[n]["prestige"] <= 0]


def queen_candidates(s: dict) -> list[str]:
    return [n for n in s["decks"]["ladies"] if C.NOTABLES[n]["prestige"] >= 0]


def legal_choose_mistress(g: Ctx, mode: str) -> bool:
    return g.s["turn"] != g.s["first_turn"] and bool(mistress_candidates(g.s))


def do_choose_mistress(g: Ctx, mode: str) -> None:
    choose_mistress(g, happiness=True)


def choose_mistress(g: Ctx, happiness: bool) -> None:
    """The King removes the Royal Mistress (and her bastards) from the game and chooses another among the ladies
    with prestige 0 or lower (the action also gives one happiness point)."""
    choose(
        g,
        council.manager(g.s, "king"),
        text("prompt.choose_the_new_royal_mistress"),
        [("lady", n) for n in mistress_candidates(g.s)],
        "chose_mistress",
        happiness=happiness,
    )


def chose_mistress(g: Ctx, verb: str, arg: str, happiness: bool) -> None:
    s = g.s
    if arg not in s["decks"]["ladies"]:  # she became Queen meanwhile: choose again
        if mistress_candidates(s):
            choose_mistress(g, happiness)
        return
    old = s["court"]["mistress"]
    if old:
        court.remove_from_game(g, old, text("why.the_royal_mistress_is_replaced"), R)
    s["decks"]["ladies"].remove(arg)
    court.place(g, arg, ("mistress",))
    g.log("log.is_the_new_royal_mistress", arg=arg, rule=R)
    if happiness:
        council.mark(g, "happiness", 1, text("why.a_new_royal_mistress"), R)


def choose_queen(g: Ctx) -> None:
    """A new Queen among the available ladies with prestige 0 or higher (Organisation Phase › Choosing the Royal
    Mistress; Royal Family Mortality)."""
    cands = queen_candidates(g.s)
    if not cands:
        g.log("log.no_lady_can_become_queen", rule="end_of_turn_phase.royal_family_mortality")
        return
    choose(
        g,
        council.manager(g.s, "king"),
        text("prompt.choose_the_new_queen"),
        [("lady", n) for n in cands],
        "chose_queen",
    )


def chose_queen(g: Ctx, verb: str, arg: str) -> None:
    if arg not in g.s["decks"]["ladies"]:  # she became Royal Mistress meanwhile: choose again
        choose_queen(g)
        return
    g.s["decks"]["ladies"].remove(arg)
    g.s["queen_sickly"] = False
    court.place(g, arg, ("queen",))
    g.log("log.is_the_new_queen", arg=arg, rule="organisation_phase.choosing_the_royal_mistress")


# ----- Hunt --------------------------------------------------------------------------------------------------


def legal_hunt(g: Ctx, mode: str) -> bool:
    s = g.s
    hunting = C.HUNTING_DAY
    return hunting is not None and hunting not in s["decks"]["events"] and hunting not in s["gone_events"]


def do_hunt(g: Ctx, mode: str) -> None:
    """HUNTING DAY is shuffled into the event deck (it stays there until played as an event)."""
    s = g.s
    s["hunting"] = True
    if C.HUNTING_DAY in s["decks"]["discard"]:
        s["decks"]["discard"].remove(C.HUNTING_DAY)
    s["decks"]["events"].append(C.HUNTING_DAY)
    g.shuffle(s["decks"]["events"])
    g.log("log.hunting_day_is_shuffled_into", rule=R)


# ----- Nominate/Remove Genius, Court Painter -----------------------------------------------------------------
def legal_nominate_genius(g: Ctx, mode: str) -> bool:
    return bool(g.s["decks"]["geniuses"])


def do_nominate_genius(g: Ctx, mode: str) -> None:
    """Draw the top genius to the Court; the King may remove a genius (and must if there are five)."""
    s = g.s
    nid = s["decks"]["geniuses"].pop(0)
    slot = court.free_court_slot(s, "genius")
    g.show(council.everyone(s), [nid])
    if slot is not None:
        court.place(g, nid, ("genius", slot))
        g.log("log.joins_the_court", nid=nid, rule=R)
    else:
        s["genius_waiting"] = nid
        g.log("log.arrives_at_a_full_court", nid=nid, rule=R)
    geniuses = court.court_geniuses(s) + ([nid] if slot is None else [])
    opts = [("remove", n) for n in geniuses]
    if slot is not None:
        opts.append(("keep", None))
    choose(g, council.manager(s, "king"), text("prompt.remove_a_genius_from_the"), opts, "genius_removed")


def genius_removed(g: Ctx, verb: str, arg) -> None:
    s = g.s
    waiting, s["genius_waiting"] = s["genius_waiting"], None
    if verb == "remove":
        court.remove_from_game(g, arg, text("why.nominate_remove_genius"), R)
    if waiting and waiting != arg:
        court.place(g, waiting, ("genius", court.free_court_slot(s, "genius")))
        g.log("log.joins_the_court", nid=waiting, rule=R)


def painters(s: dict) -> list[str]:
    return [
        n
        for n in court.court_geniuses(s)
        if C.NOTABLES[n]["art"] == "painting" and C.NOTABLES[n]["enlightenment"] >= 2 and s["court"]["painter"] != n
    ]


def legal_court_painter(g: Ctx, mode: str) -> bool:
    return bool(painters(g.s))


def do_court_painter(g: Ctx, mode: str) -> None:
    choose(
        g,
        council.manager(g.s, "king"),
        text("prompt.appoint_the_court_painter"),
        [("painter", n) for n in painters(g.s)],
        "painter_chosen",
    )


def painter_chosen(g: Ctx, verb: str, arg: str) -> None:
    g.s["court"]["painter"] = arg
    g.log("log.is_the_court_painter_immune", arg=arg, rule=R)


# ----- Sale of Privileges, Royal Pardon ----------------------------------------------------------------------
def legal_sale(g: Ctx, mode: str) -> bool:
    return bool(court.court_nobles(g.s))


def do_sale(g: Ctx, mode: str) -> None:
    choose(
        g,
        council.manager(g.s, "king"),
        text("prompt.sale_of_privileges_remove_a"),
        [("noble", n) for n in court.court_nobles(g.s)],
        "sold",
    )


def sold(g: Ctx, verb: str, arg: str) -> None:
    court.remove_from_game(g, arg, text("why.sale_of_privileges"), R)
    council.gain(g, 1, text("why.sale_of_privileges"), R)


def legal_pardon(g: Ctx, mode: str) -> bool:
    return bool(g.s["exiled"])


def do_pardon(g: Ctx, mode: str) -> None:
    choose(
        g,
        council.manager(g.s, "king"),
        text("prompt.royal_pardon_bring_a_notable"),
        [("pardon", n) for n in g.s["exiled"]],
        "pardoned",
    )


def pardoned(g: Ctx, verb: str, arg: str) -> None:
    """The pardoned notable takes a free position (Court, office or army command), else goes to his deck."""
    s = g.s
    s["exiled"].remove(arg)
    kind = C.NOTABLES[arg]["kind"]
    free = free_positions(g, arg)
    if not free:
        s["decks"][court.PLURAL[kind]].append(arg)
        g.log("log.is_pardoned_and_returns_to", arg=arg, rule=R)
        return
    choose(
        g,
        council.manager(s, "king"),
        text("prompt.where_does_go", nid=arg),
        [("place", list(p)) for p in free],
        "pardon_placed",
        nid=arg,
    )


def free_positions(g: Ctx, nid: str) -> list[tuple]:
    s = g.s
    kind = C.NOTABLES[nid]["kind"]
    if kind == "genius":
        slot = court.free_court_slot(s, "genius")
        return [] if slot is None else [("genius", slot)]
    if kind == "lady":
        return [
            p
            for p in (("queen",), ("mistress",))
            if court.holder(s, p) is None
            and (C.NOTABLES[nid]["prestige"] >= 0 if p[0] == "queen" else C.NOTABLES[nid]["prestige"] <= 0)
        ]
    out: list[tuple] = []
    slot = court.free_court_slot(s, "noble")
    if slot is not None:
        out.append(("noble", slot))
    out += [("office", o) for o, h in s["offices"].items() if h is None]
    out += [
        ("army", w)
        for w, war in s["wars"].items()
        if war["status"] == "war" and war["leader"] is None and court.can_lead(s, nid)
    ]
    return out


def pardon_placed(g: Ctx, verb: str, arg: list, nid: str) -> None:
    court.place(g, nid, tuple(arg))
    g.log("log.is_pardoned", nid=nid, pos_label=court.pos_label(tuple(arg)), rule=R)


# ----- Cortes ------------------------------------------------------------------------------------------------
def legal_cortes(g: Ctx, mode: str) -> bool:
    return True


def do_cortes(g: Ctx, mode: str) -> None:
    symbol, _ = draw_test(g, text("why.the_cortes"))
    s = g.s
    if symbol != EAGLE and any(court.known_rating(s, n, "political") >= 2 for n in court.court_nobles(s)):
        choose(
            g,
            council.manager(s, "king"),
            text("prompt.a_noble_at_court_with"),
            [("repeat", True), ("keep", False)],
            "cortes_repeat",
            symbol=symbol,
        )
        return
    cortes_result(g, symbol)


def cortes_repeat(g: Ctx, verb: str, arg, symbol: str) -> None:
    if verb == "repeat":
        symbol, _ = draw_test(g, text("why.the_cortes_repeated"))
    cortes_result(g, symbol)


def cortes_result(g: Ctx, symbol: str) -> None:
    if symbol == EAGLE:
        council.gain(g, 2, text("why.the_cortes_grant_a_subsidy"), R)
    elif symbol == PIGEON:
        g.log("log.the_cortes_grant_nothing", rule=R)
    else:
        from engines.planet_king.events_common import revolt

        revolt(g, text("why.the_cortes_capital"))


DECISIONS = (
    (chose_mistress, None),
    (chose_queen, None),
    (genius_removed, None),
    (painter_chosen, None),
    (sold, None),
    (pardoned, None),
    (pardon_placed, None),
    (cortes_repeat, None),
)

# the actions of this chapter (the game's table, PlanetKing.action_rules)
ACTIONS = (
    Action("issue", "royal", legal_issue, do_issue, unique=True),
    Action("choose_mistress", "royal", legal_choose_mistress, do_choose_mistress, unique=True),
    Action("hunt", "royal", legal_hunt, do_hunt, unique=True),
    Action("nominate_genius", "royal", legal_nominate_genius, do_nominate_genius),
    Action("court_painter", "royal", legal_court_painter, do_court_painter),
    Action("sale_of_privileges", "royal", legal_sale, do_sale, unique=True),
    Action("royal_pardon", "royal", legal_pardon, do_pardon),
    Action("cortes", "royal", legal_cortes, do_cortes, unique=True),
)
