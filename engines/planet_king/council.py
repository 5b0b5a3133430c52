"""The Council of State: Treasury, markers, victory points, action cubes (Components › Auxiliary Boards;
Special Rules › Bankruptcy; Cooperative Game).
"""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.core.types import Words, text
from engines.planet_king.flow import choose

TREASURY_MAX = 12  # Components › Ducats: "The maximum number of ducats ... is 12."


def solo(s: dict) -> bool:
    return s["options"]["mode"] == "solo"


def war_only(s: dict) -> bool:
    return s["options"]["scenario"] == "war_only"


def manager(s: dict, who: str) -> str:
    """The role that takes a decision (Cooperative Game › Actions): "king" decisions (royal actions, action types,
    ladies, the Valido, HIS MAJESTY THE KING, ROYAL MARRIAGE) or "valido" ones (political, government, simple,
    ENSIGN NUN, UNION OF ARMS). Solo: always the King. A dead King's decisions pass to the Valido."""
    if solo(s):
        return "king"
    if who == "king" and s["king_dead"]:
        return "valido"
    return who


def everyone(s: dict) -> list[str]:
    """The roles at the table."""
    return ["king"] if solo(s) else ["king", "valido"]


def gain(g: Ctx, n: int, why: Words, rule: str | None = None) -> None:
    """Add ducats to the Treasury, never above 12."""
    before = g.s["treasury"]
    g.s["treasury"] = min(TREASURY_MAX, before + n)
    got = g.s["treasury"] - before
    moved(g.s, got, why)
    g.log("log.treasury_gain", why=why, got=got, treasury=g.s["treasury"], rule=rule)


def moved(s: dict, n: int, why: Words) -> None:
    """Record a change of the Treasury this turn, as the table shows it beside the Treasury (issue 30; the board's
    treasury, Components › Auxiliary Boards: The Council of State); cleared when a turn begins."""
    if n:
        s["treasury_turn"].append({"n": n, "why": why})


def can_pay(s: dict, n: int) -> bool:
    return s["treasury"] >= n


def spend(g: Ctx, n: int, why: Words, rule: str | None = None) -> None:
    """Pay a cost the player chose (the action was only offered if affordable)."""
    g.s["treasury"] -= n
    moved(g.s, -n, why)
    g.log("log.treasury_spend", why=why, n=n, treasury=g.s["treasury"], rule=rule)


def lose(g: Ctx, n: int, why: Words, rule: str | None = None, bankrupt: bool = True) -> None:
    """Remove ducats because of an event; an empty Treasury means bankruptcy (Special Rules › Bankruptcy): one
    prestige point is lost and the debt is paid by an Asiento or by removing Spanish tercios and fleets from the
    board (a ducat each), as the player chooses."""
    s = g.s
    paid = min(n, s["treasury"])
    s["treasury"] -= paid
    if paid:
        moved(s, -paid, why)
        g.log("log.treasury_loss", why=why, paid=paid, treasury=s["treasury"], rule=rule)
    debt = n - paid
    if debt and bankrupt:
        mark(g, "prestige", -1, text("why.bankruptcy_declared"), R_BANKRUPTCY)
        s["bankruptcies"] += 1
        s["debt"] += debt
        if not any(f.get("then") == "debt_paid" for f in s["stack"]):
            ask_debt(g)


R_BANKRUPTCY = "special_rules.bankruptcy"
SELLABLE = {"spanish_tercio", "old_tercio", "fleet"}


def ask_debt(g: Ctx) -> None:
    from engines.planet_king.military import CONSTRUCTION

    s = g.s
    opts = [("asiento", None)] if s["asiento"] < 2 else []
    opts += [("sell", u["id"]) for u in s["units"] if u["type"] in SELLABLE and u["loc"] != CONSTRUCTION]
    if not opts:
        g.log("log.nothing_is_left_to_pay", debt=s["debt"], rule=R_BANKRUPTCY)
        s["debt"] = 0
        return
    choose(g, manager(s, "valido"), text("prompt.bankruptcy_pay_a_debt_of", debt=s["debt"]), opts, "debt_paid")


def debt_paid(g: Ctx, verb: str, arg) -> None:
    from engines.planet_king.military import remove_unit

    s = g.s
    if verb == "asiento":
        got = asiento_ducats(g, text("why.bankruptcy_asiento"))
        before = s["treasury"]
        s["treasury"] = min(TREASURY_MAX, s["treasury"] + max(0, got - s["debt"]))
        moved(s, s["treasury"] - before, text("why.bankruptcy_asiento"))
        g.log("log.the_debt_of_is_paid", debt=s["debt"], treasury=s["treasury"], rule=R_BANKRUPTCY)
        s["debt"] = 0
        return
    remove_unit(s, arg)
    s["debt"] -= 1
    g.log("log.a_unit_is_disbanded_to", debt=s["debt"], rule=R_BANKRUPTCY)
    if s["debt"]:
        ask_debt(g)


def asiento_ducats(g: Ctx, why: Words) -> int:
    """Secure the revenues of Castile (or, if already secured, of the Indies) and return the ducats raised
    (Simple Actions › Asiento)."""
    s = g.s
    amount = 1 if s["flags"]["portugal_independent"] else 2
    if s["asiento"] == 0:
        s["asiento"] = 1
        g.log("log.the_revenues_of_castile_are", why=why, amount=amount, rule="simple_actions.asiento")
        return amount
    if s["asiento"] == 1:
        s["asiento"] = 2
        for t in s["territories"].values():
            t["ducats"] = 0
        g.log("log.the_revenues_of_the_indies", why=why, amount=amount, rule="simple_actions.asiento")
        return amount
    g.log("log.no_revenue_is_left_to", why=why, rule="simple_actions.asiento")
    return 0


def mark(g: Ctx, track: str, n: int, why: Words, rule: str | None = None) -> None:
    """A prestige or happiness marker gained or lost during the turn (counted at the End of Turn)."""
    if track == "happiness" and (war_only(g.s) or g.s["options"]["scenario"] == "hothead"):
        return
    g.s["marks"][track] += n
    g.log("log.marker", why=why, n=n, track=track, rule=rule)


def victory_points(
    g: Ctx, n: int, why: Words, who: str = "valido", rule: str | None = None, source: str | None = None
) -> None:
    """Victory points gained or lost (never below zero). In cooperative play ``who`` says whose marker moves
    (Cooperative Game › Victory Points Earned by the King / by the Valido); in War-Only mode they are doubled.
    ``vp_sources`` keeps what each source (``source``, else the rule) moved each marker, for the final tally."""
    s = g.s
    if war_only(s):
        n *= 2
    role = "king" if solo(s) else who
    before = s["vp"][role]
    s["vp"][role] = max(0, before + n)
    sources = s.setdefault("vp_sources", {}).setdefault(role, {})
    key = source or rule or "other"
    sources[key] = sources.get(key, 0) + s["vp"][role] - before
    g.log("log.vp", why=why, n=n, vp=s["vp"][role], rule=rule)


def cubes_total(s: dict) -> int:
    return sum(s["cubes"].values())


DECISIONS = ((debt_paid, None),)
