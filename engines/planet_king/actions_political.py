"""Political actions: Appoint Noble, Nominate Noble, Embassy (Actions › Political Actions; Events › Diplomacy;
Special Rules › Isabel Clara Eugenia)."""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.core.types import text
from engines.planet_king import council, court, wars
from engines.planet_king.actions import Action
from engines.planet_king.components import F_ITALY, FLANDERS_WAR, PALATINATE, C
from engines.planet_king.flow import choose
from engines.planet_king.fortune import until_eagle

R = "actions.political_actions"


def fixed(s: dict, nid: str | None) -> bool:
    """ISABEL CLARA EUGENIA, Governor of Flanders, cannot leave office at the player's will."""
    return (
        bool(nid)
        and C.NOTABLES[nid].get("special") == "isabel_clara_eugenia"
        and s["offices"].get("governor_of_flanders") == nid
    )


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
        opts.append(("place", ["noble", slot]))
    for p in targets(g, nid):
        opts.append(("place", list(p)))
    choose(g, council.manager(g.s, "valido"), text("prompt.where_does_go", nid=nid), opts, "noble_placed", nid=nid)


def noble_placed(g: Ctx, verb: str, arg: list, nid: str) -> None:
    s = g.s
    pos = tuple(arg)
    held = court.holder(s, pos)
    court.place(g, nid, pos)
    g.log("log.placed", nid=nid, pos_label=court.pos_label(pos), rule=R)
    if held:
        court.take_out(s, held)
        slot = court.free_court_slot(s, "noble")
        opts = [("remove", held)]
        if slot is not None:
            opts.insert(0, ("court", held))
        choose(g, council.manager(s, "valido"), text("prompt.is_replaced", held=held), opts, "replaced_noble")


def replaced_noble(g: Ctx, verb: str, arg: str) -> None:
    if verb == "court":
        court.place(g, arg, ("noble", court.free_court_slot(g.s, "noble")))
        g.log("log.returns_to_the_court", nid=arg, rule=R)
    else:
        court.remove_from_game(g, arg, text("why.replaced_in_his_position"), R)


def legal_appoint(g: Ctx, mode: str) -> bool:
    return bool(g.s["decks"]["nobles"])


def do_appoint(g: Ctx, mode: str) -> None:
    """Draw the top noble: to the Court (if there is room), an office or an army command."""
    nid = g.s["decks"]["nobles"].pop(0)
    g.show(council.everyone(g.s), [nid])
    g.log("log.the_top_noble_is", nid=nid, rule=R)
    offer_place(g, nid, with_court=True)


def legal_nominate(g: Ctx, mode: str) -> bool:
    return any(targets(g, n) for n in court.court_nobles(g.s))


def do_nominate(g: Ctx, mode: str) -> None:
    """Move a noble from the Court to an office or army command."""
    cands = [n for n in court.court_nobles(g.s) if targets(g, n)]
    choose(
        g,
        council.manager(g.s, "valido"),
        text("prompt.nominate_a_noble_from_the"),
        [("noble", n) for n in cands],
        "nominated",
    )


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
    choose(
        g,
        council.manager(g.s, "valido"),
        text("prompt.send_an_embassy_to_which"),
        [("war", w) for w in embassy_wars(g.s)],
        "embassy_war",
    )


def embassy_war(g: Ctx, verb: str, arg: str) -> None:
    choose(
        g,
        council.manager(g.s, "valido"),
        text("prompt.appoint_the_ambassador"),
        [("ambassador", n) for n in ambassadors(g.s, arg)],
        "embassy_sent",
        wid=arg,
    )


def embassy_sent(g: Ctx, verb: str, arg: str, wid: str) -> None:
    """One ducat; political rating − 1 fortune tests; one positive result flips the marker to its truce side, or
    signs peace if the war was already in truce (−1 VP, −1 prestige; not the Palatinate)."""
    s = g.s
    council.spend(g, 1, text("why.embassy"), R)
    n = court.rating(g, arg, "political") - 1
    if n <= 0:
        g.log("log.s_embassy_fails_at_once", arg=arg, rule=R)
        return
    if not until_eagle(g, n, text("why.s_embassy", arg=arg)):
        g.log("log.the_embassy_fails", rule=R)
        return
    war = s["wars"][wid]
    if war["truce"] and wid != PALATINATE:
        wars.end_war(g, wid, "peace")
        return
    war["truce"] = True
    g.log("log.truce_in_until_the_end", wid=wid, rule=R)
    if C.WARS[wid]["power"] == C.WARS[F_ITALY]["power"]:
        wars.conde_leaves(g)


def label_place(s: dict, verb: str, arg: list, frame: dict) -> dict:
    """A free Court space reads "the Court"; an occupied office or command names whom it replaces."""
    held = court.holder(s, tuple(arg))
    return {
        "pos": text("pos.court") if arg[0] == "noble" else court.pos_label(arg),
        "replacing": text("act.replacing", held=held) if held else "",
    }


def label_war(s: dict, verb: str, arg: str, frame: dict) -> dict:
    return {"arg": arg, "truce": text("act.in_truce") if s["wars"][arg]["truce"] else ""}


DECISIONS = (
    (noble_placed, label_place),
    (replaced_noble, None),
    (nominated, None),
    (embassy_war, label_war),
    (embassy_sent, None),
)

# the actions of this chapter (the game's table, PlanetKing.action_rules)
ACTIONS = (
    Action("appoint_noble", "political", legal_appoint, do_appoint),
    Action("nominate_noble", "political", legal_nominate, do_nominate),
    Action("embassy", "political", legal_embassy, do_embassy, unique=True, org=False),
)
