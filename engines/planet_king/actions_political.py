"""Political actions: Appoint Noble, Nominate Noble, Embassy (Actions › Political Actions; Events › Diplomacy;
Special Rules › Isabel Clara Eugenia)."""
from __future__ import annotations

from engines.core.machine import Ctx
from engines.planet_king import council, court, wars
from engines.planet_king.actions import register
from engines.planet_king.components import FLANDERS_WAR, PALATINATE, WARS
from engines.planet_king.flow import choose, proc
from engines.planet_king.fortune import until_eagle

R = "Actions › Political Actions"


def fixed(s: dict, nid: str | None) -> bool:
    """ISABEL CLARA EUGENIA, Governor of Flanders, cannot leave office at the player's will."""
    return bool(nid) and court.NOTABLES[nid].get("special") == "isabel_clara_eugenia" and \
        s["offices"].get("governor_of_flanders") == nid


def targets(g: Ctx, nid: str) -> list[tuple]:
    """Offices and army commands a noble may take (a displaced holder returns to the Court or leaves the game)."""
    s = g.s
    out = [("office", o) for o, h in s["offices"].items() if h != nid and not fixed(s, h)]
    if court.can_lead(s, nid):
        out += [("army", w) for w in wars.active_wars(s) if s["wars"][w]["leader"] != nid]
    return out


def offer_place(g: Ctx, nid: str, with_court: bool) -> None:
    opts = []
    slot = court.free_court_slot(g.s, "noble")
    if with_court and slot is not None:
        opts.append(("place", ["noble", slot], "the Court"))
    for p in targets(g, nid):
        held = court.holder(g.s, p)
        opts.append(("place", list(p), court.pos_label(p) + (f" (replacing {court.name(held)})" if held else "")))
    choose(g, council.manager(g.s, "valido"), f"Where does {court.name(nid)} go?", opts, "noble_placed", nid=nid)


@proc
def noble_placed(g: Ctx, verb: str, arg: list, nid: str) -> None:
    s = g.s
    pos = tuple(arg)
    held = court.holder(s, pos)
    court.place(g, nid, pos)
    g.log(f"{court.name(nid)}: {court.pos_label(pos)}.", rule=R)
    if held:
        court.take_out(s, held)
        slot = court.free_court_slot(s, "noble")
        opts = [("remove", held, f"Remove {court.name(held)} from the game")]
        if slot is not None:
            opts.insert(0, ("court", held, f"Return {court.name(held)} to the Court"))
        choose(g, council.manager(s, "valido"), f"{court.name(held)} is replaced.", opts, "replaced_noble")


@proc
def replaced_noble(g: Ctx, verb: str, arg: str) -> None:
    if verb == "court":
        court.place(g, arg, ("noble", court.free_court_slot(g.s, "noble")))
        g.log(f"{court.name(arg)} returns to the Court.", rule=R)
    else:
        court.remove_from_game(g, arg, "Replaced in his position", R)


def legal_appoint(g: Ctx, mode: str) -> bool:
    return bool(g.s["decks"]["nobles"])


def do_appoint(g: Ctx, mode: str) -> None:
    """Draw the top noble: to the Court (if there is room), an office or an army command."""
    nid = g.s["decks"]["nobles"].pop(0)
    g.reveal()
    g.log(f"The top noble is {court.name(nid)}.", rule=R)
    offer_place(g, nid, with_court=True)


def legal_nominate(g: Ctx, mode: str) -> bool:
    return any(targets(g, n) for n in court.court_nobles(g.s))


def do_nominate(g: Ctx, mode: str) -> None:
    """Move a noble from the Court to an office or army command."""
    cands = [n for n in court.court_nobles(g.s) if targets(g, n)]
    choose(g, council.manager(g.s, "valido"), "Nominate a noble from the Court.",
           [("noble", n, court.name(n)) for n in cands], "nominated")


@proc
def nominated(g: Ctx, verb: str, arg: str) -> None:
    offer_place(g, arg, with_court=False)


# ----- Embassy -----------------------------------------------------------------------------------------------
def ambassadors(s: dict, wid: str) -> list[str]:
    """Nobles at Court; the Governor of Flanders for the United Provinces, the Ambassador in Austria for the
    Palatinate."""
    out = list(court.court_nobles(s))
    if wid == FLANDERS_WAR and s["offices"].get("governor_of_flanders"):
        out.append(s["offices"]["governor_of_flanders"])
    if wid == PALATINATE and s["offices"].get("ambassador_in_austria"):
        out.append(s["offices"]["ambassador_in_austria"])
    return out


def embassy_wars(s: dict) -> list[str]:
    return [w for w in wars.active_wars(s) if ambassadors(s, w) and not (w == PALATINATE and s["wars"][w]["truce"])]


def legal_embassy(g: Ctx, mode: str) -> bool:
    return council.can_pay(g.s, 1) and bool(embassy_wars(g.s))


def do_embassy(g: Ctx, mode: str) -> None:
    embassy(g)


def embassy(g: Ctx) -> None:
    choose(g, council.manager(g.s, "valido"), "Send an embassy to which war?",
           [("war", w, WARS[w]["name"] + (" (in truce: peace)" if g.s["wars"][w]["truce"] else ""))
            for w in embassy_wars(g.s)], "embassy_war")


@proc
def embassy_war(g: Ctx, verb: str, arg: str) -> None:
    choose(g, council.manager(g.s, "valido"), "Appoint the ambassador.",
           [("ambassador", n, f"{court.name(n)} (political {court.known_rating(g.s, n, 'political')})")
            for n in ambassadors(g.s, arg)], "embassy_sent", wid=arg)


@proc
def embassy_sent(g: Ctx, verb: str, arg: str, wid: str) -> None:
    """One ducat; political rating − 1 fortune tests; one positive result flips the marker to its truce side, or
    signs peace if the war was already in truce (−1 VP, −1 prestige; not the Palatinate)."""
    s = g.s
    council.spend(g, 1, "Embassy", R)
    n = court.rating(g, arg, "political") - 1
    if n <= 0:
        g.log(f"{court.name(arg)}'s embassy fails at once.", rule=R)
        return
    if not until_eagle(g, n, f"{court.name(arg)}'s embassy"):
        g.log("The embassy fails.", rule=R)
        return
    war = s["wars"][wid]
    if war["truce"] and wid != PALATINATE:
        wars.end_war(g, wid, "peace")
        return
    war["truce"] = True
    g.log(f"Truce in {WARS[wid]['name']} until the end of the turn.", rule=R)
    if WARS[wid]["power"] == WARS[wars.F_ITALY]["power"]:
        wars.conde_leaves(g)


register("appoint_noble", "political", "Appoint Noble", legal_appoint, do_appoint)
register("nominate_noble", "political", "Nominate Noble", legal_nominate, do_nominate)
register("embassy", "political", "Embassy", legal_embassy, do_embassy, unique=True, org=False)
