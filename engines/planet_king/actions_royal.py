"""Royal actions: Issue, Choose Royal Mistress, Hunt, Nominate/Remove Genius, Appoint Court Painter, Sale of
Privileges, Royal Pardon, Cortes (Actions › Royal Actions)."""
from __future__ import annotations

from engines.core.machine import Ctx
from engines.planet_king import council, court
from engines.planet_king.actions import register
from engines.planet_king.components import EVENTS, NOTABLES, TABLES
from engines.planet_king.flow import choose, proc
from engines.planet_king.fortune import CROW, EAGLE, PIGEON, draw_test, tests

R = "Actions › Royal Actions"


def lady(nid: str | None, field: str) -> int:
    return NOTABLES[nid][field] if nid else 0


# ----- Issue -------------------------------------------------------------------------------------------------
def new_child(g: Ctx, legit: bool, sickly: bool) -> dict:
    """A random child marker from the cup: the sex is not known before it is drawn (Setup › Tokens)."""
    s = g.s
    pool = [c for c in TABLES["children"] if c["id"] not in {x["id"] for x in s["children"]}
            and c["id"] not in s["children_gone"]]
    pick = g.choice(pool) if pool else {"id": f"pk:child:extra-{len(s['children'])}", "male": g.randbelow(2) == 0,
                                        "name": "Infante"}
    child = {"id": pick["id"], "name": pick.get("name", "child"), "male": pick["male"], "legit": legit,
             "sickly": sickly}
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
        for sym, _ in tests(g, lady(nid, "fertility"), f"issue with {court.name(nid) if nid else ''}"):
            if sym == CROW:
                continue
            child = new_child(g, legit, sym == PIGEON)
            what = ("a sickly " if child["sickly"] else "a ") + ("son" if child["male"] else "daughter")
            g.log(f"{'The Queen' if legit else 'The Royal Mistress'} gives birth to {what}"
                  f"{'' if legit else ' (bastard)'}.", rule=R)
            if legit and child["male"] and s["heir"] is None:
                s["heir"] = child["id"]
                g.log("He becomes the heir, Príncipe de Reynos.", rule=R)
            if not legit and child["male"]:
                council.mark(g, "happiness", 1, "A bastard son", R)


# ----- Choose Royal Mistress ---------------------------------------------------------------------------------
def mistress_candidates(s: dict) -> list[str]:
    return [n for n in s["decks"]["ladies"] if NOTABLES[n]["prestige"] <= 0]


def queen_candidates(s: dict) -> list[str]:
    return [n for n in s["decks"]["ladies"] if NOTABLES[n]["prestige"] >= 0]


def legal_choose_mistress(g: Ctx, mode: str) -> bool:
    return g.s["turn"] != g.s["first_turn"] and bool(mistress_candidates(g.s))


def do_choose_mistress(g: Ctx, mode: str) -> None:
    choose_mistress(g, happiness=True)


def choose_mistress(g: Ctx, happiness: bool) -> None:
    """The King removes the Royal Mistress (and her bastards) from the game and chooses another among the ladies
    with prestige 0 or lower (the action also gives one happiness point)."""
    choose(g, council.manager(g.s, "king"), "Choose the new Royal Mistress.",
           [("lady", n, f"{court.name(n)} (happiness {NOTABLES[n]['happiness']}, fertility "
             f"{NOTABLES[n]['fertility']}, prestige {NOTABLES[n]['prestige']})") for n in mistress_candidates(g.s)],
           "chose_mistress", happiness=happiness)


@proc
def chose_mistress(g: Ctx, verb: str, arg: str, happiness: bool) -> None:
    s = g.s
    if arg not in s["decks"]["ladies"]:  # she became Queen meanwhile: choose again
        if mistress_candidates(s):
            choose_mistress(g, happiness)
        return
    old = s["court"]["mistress"]
    if old:
        court.remove_from_game(g, old, "The Royal Mistress is replaced", R)
    s["decks"]["ladies"].remove(arg)
    court.place(g, arg, ("mistress",))
    g.log(f"{court.name(arg)} is the new Royal Mistress.", rule=R)
    if happiness:
        council.mark(g, "happiness", 1, "A new Royal Mistress", R)


def choose_queen(g: Ctx) -> None:
    """A new Queen among the available ladies with prestige 0 or higher (Organisation Phase › Choosing the Royal
    Mistress; Royal Family Mortality)."""
    cands = queen_candidates(g.s)
    if not cands:
        g.log("No lady can become Queen: the place stays vacant.", rule="End of Turn Phase › Royal Family Mortality")
        return
    choose(g, council.manager(g.s, "king"), "Choose the new Queen.",
           [("lady", n, f"{court.name(n)} (happiness {NOTABLES[n]['happiness']}, fertility "
             f"{NOTABLES[n]['fertility']}, prestige {NOTABLES[n]['prestige']})") for n in cands], "chose_queen")


@proc
def chose_queen(g: Ctx, verb: str, arg: str) -> None:
    if arg not in g.s["decks"]["ladies"]:  # she became Royal Mistress meanwhile: choose again
        choose_queen(g)
        return
    g.s["decks"]["ladies"].remove(arg)
    g.s["queen_sickly"] = False
    court.place(g, arg, ("queen",))
    g.log(f"{court.name(arg)} is the new Queen.", rule="Organisation Phase › Choosing the Royal Mistress")


# ----- Hunt --------------------------------------------------------------------------------------------------
HUNTING_DAY = next((e for e, d in EVENTS.items() if d["effect"] == "hunting_day"), None)


def legal_hunt(g: Ctx, mode: str) -> bool:
    s = g.s
    return HUNTING_DAY is not None and HUNTING_DAY not in s["decks"]["events"] and HUNTING_DAY not in s["gone_events"]


def do_hunt(g: Ctx, mode: str) -> None:
    """HUNTING DAY is shuffled into the event deck (it stays there until played as an event)."""
    s = g.s
    s["hunting"] = True
    if HUNTING_DAY in s["decks"]["discard"]:
        s["decks"]["discard"].remove(HUNTING_DAY)
    s["decks"]["events"].append(HUNTING_DAY)
    g.shuffle(s["decks"]["events"])
    g.log("HUNTING DAY is shuffled into the event deck.", rule=R)


# ----- Nominate/Remove Genius, Court Painter -----------------------------------------------------------------
def legal_nominate_genius(g: Ctx, mode: str) -> bool:
    return bool(g.s["decks"]["geniuses"])


def do_nominate_genius(g: Ctx, mode: str) -> None:
    """Draw the top genius to the Court; the King may remove a genius (and must if there are five)."""
    s = g.s
    nid = s["decks"]["geniuses"].pop(0)
    slot = court.free_court_slot(s, "genius")
    g.reveal()
    if slot is not None:
        court.place(g, nid, ("genius", slot))
        g.log(f"{court.name(nid)} joins the Court.", rule=R)
    else:
        s["genius_waiting"] = nid
        g.log(f"{court.name(nid)} arrives at a full Court.", rule=R)
    geniuses = court.court_geniuses(s) + ([nid] if slot is None else [])
    opts = [("remove", n, f"Remove {court.name(n)} from the game") for n in geniuses]
    if slot is not None:
        opts.append(("keep", None, "Remove no genius"))
    choose(g, council.manager(s, "king"), "Remove a genius from the Court?", opts, "genius_removed")


@proc
def genius_removed(g: Ctx, verb: str, arg) -> None:
    s = g.s
    waiting, s["genius_waiting"] = s["genius_waiting"], None
    if verb == "remove":
        court.remove_from_game(g, arg, "Nominate/Remove Genius", R)
    if waiting and waiting != arg:
        court.place(g, waiting, ("genius", court.free_court_slot(s, "genius")))
        g.log(f"{court.name(waiting)} joins the Court.", rule=R)


def painters(s: dict) -> list[str]:
    return [n for n in court.court_geniuses(s) if NOTABLES[n]["art"] == "painting"
            and NOTABLES[n]["enlightenment"] >= 2 and s["court"]["painter"] != n]


def legal_court_painter(g: Ctx, mode: str) -> bool:
    return bool(painters(g.s))


def do_court_painter(g: Ctx, mode: str) -> None:
    choose(g, council.manager(g.s, "king"), "Appoint the Court painter.",
           [("painter", n, court.name(n)) for n in painters(g.s)], "painter_chosen")


@proc
def painter_chosen(g: Ctx, verb: str, arg: str) -> None:
    g.s["court"]["painter"] = arg
    g.log(f"{court.name(arg)} is the Court painter (immune to RIVALRY and FALL FROM GRACE).", rule=R)


# ----- Sale of Privileges, Royal Pardon ----------------------------------------------------------------------
def legal_sale(g: Ctx, mode: str) -> bool:
    return bool(court.court_nobles(g.s))


def do_sale(g: Ctx, mode: str) -> None:
    choose(g, council.manager(g.s, "king"), "Sale of Privileges: remove a noble from the Court for a ducat.",
           [("noble", n, court.name(n)) for n in court.court_nobles(g.s)], "sold")


@proc
def sold(g: Ctx, verb: str, arg: str) -> None:
    court.remove_from_game(g, arg, "Sale of Privileges", R)
    council.gain(g, 1, "Sale of Privileges", R)


def legal_pardon(g: Ctx, mode: str) -> bool:
    return bool(g.s["exiled"])


def do_pardon(g: Ctx, mode: str) -> None:
    choose(g, council.manager(g.s, "king"), "Royal Pardon: bring a notable back from exile.",
           [("pardon", n, court.name(n)) for n in g.s["exiled"]], "pardoned")


@proc
def pardoned(g: Ctx, verb: str, arg: str) -> None:
    """The pardoned notable takes a free position (Court, office or army command), else goes to his deck."""
    s = g.s
    s["exiled"].remove(arg)
    kind = NOTABLES[arg]["kind"]
    free = free_positions(g, arg)
    if not free:
        s["decks"][court.PLURAL[kind]].append(arg)
        g.log(f"{court.name(arg)} is pardoned and returns to the deck (no free position).", rule=R)
        return
    choose(g, council.manager(s, "king"), f"Where does {court.name(arg)} go?",
           [("place", list(p), court.pos_label(p)) for p in free], "pardon_placed", nid=arg)


def free_positions(g: Ctx, nid: str) -> list[tuple]:
    s = g.s
    kind = NOTABLES[nid]["kind"]
    if kind == "genius":
        slot = court.free_court_slot(s, "genius")
        return [] if slot is None else [("genius", slot)]
    if kind == "lady":
        return [p for p in (("queen",), ("mistress",)) if court.holder(s, p) is None and
                (NOTABLES[nid]["prestige"] >= 0 if p[0] == "queen" else NOTABLES[nid]["prestige"] <= 0)]
    out: list[tuple] = []
    slot = court.free_court_slot(s, "noble")
    if slot is not None:
        out.append(("noble", slot))
    out += [("office", o) for o, h in s["offices"].items() if h is None]
    out += [("army", w) for w, war in s["wars"].items() if war["status"] == "war" and war["leader"] is None
            and court.can_lead(s, nid)]
    return out


@proc
def pardon_placed(g: Ctx, verb: str, arg: list, nid: str) -> None:
    court.place(g, nid, tuple(arg))
    g.log(f"{court.name(nid)} is pardoned: {court.pos_label(tuple(arg))}.", rule=R)


# ----- Cortes ------------------------------------------------------------------------------------------------
def legal_cortes(g: Ctx, mode: str) -> bool:
    return True


def do_cortes(g: Ctx, mode: str) -> None:
    symbol, _ = draw_test(g, "the Cortes")
    s = g.s
    if symbol != EAGLE and any(court.known_rating(s, n, "political") >= 2 for n in court.court_nobles(s)):
        choose(g, council.manager(s, "king"), "A noble at Court with a Political rating of 2 or 3 may have the "
               "Cortes' fortune test repeated once.", [("repeat", True, "Repeat the test"),
                                                        ("keep", False, "Keep the result")], "cortes_repeat",
               symbol=symbol)
        return
    cortes_result(g, symbol)


@proc
def cortes_repeat(g: Ctx, verb: str, arg, symbol: str) -> None:
    if verb == "repeat":
        symbol, _ = draw_test(g, "the Cortes (repeated)")
    cortes_result(g, symbol)


def cortes_result(g: Ctx, symbol: str) -> None:
    if symbol == EAGLE:
        council.gain(g, 2, "The Cortes grant a subsidy", R)
    elif symbol == PIGEON:
        g.log("The Cortes grant nothing.", rule=R)
    else:
        from engines.planet_king.events_common import revolt

        revolt(g, "The Cortes")


register("issue", "royal", "Issue", legal_issue, do_issue, unique=True)
register("choose_mistress", "royal", "Choose Royal Mistress", legal_choose_mistress, do_choose_mistress, unique=True)
register("hunt", "royal", "Hunt", legal_hunt, do_hunt, unique=True)
register("nominate_genius", "royal", "Nominate/Remove Genius", legal_nominate_genius, do_nominate_genius)
register("court_painter", "royal", "Appoint Court Painter", legal_court_painter, do_court_painter)
register("sale_of_privileges", "royal", "Sale of Privileges", legal_sale, do_sale, unique=True)
register("royal_pardon", "royal", "Royal Pardon", legal_pardon, do_pardon)
register("cortes", "royal", "Cortes", legal_cortes, do_cortes, unique=True)
