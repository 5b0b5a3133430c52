"""Ultima Ratio Regis — 13.3 Land combats in the flow beyond the field battle of a tactical movement
(``land_movement.TacticalMove``): the sortie of a besieged force at the start of its player's impulse, or later as
a tactical action (13.3.1); relief battles when a force enters an area where a siege is taking place (13.3.5);
the Casus Belli of the third power whose area is taken (13.3.7, 21.3.2). The combats are ``combat_land``'s
(``battles.call``).

Every force here is the single troop that moves, or the troops in one area; armies (12.2) will bring their
stacks (ENGINE.md › Not yet).
"""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.cards import deck
from engines.ultima_ratio.combat import battles
from engines.ultima_ratio.combat.combat_land import LandBattle, casus_belli
from engines.ultima_ratio.logistics import stacking
from engines.ultima_ratio.movement import reactions
from engines.ultima_ratio.steps import goto_keeping


# ----- who is where in a siege --------------------------------------------------------------------------------------
def besieged_troops(s: dict, area: str) -> list[str]:
    """The troops inside the fortress of a besieged area: the fortress owner's."""
    siege, fort = s["areas"][area]["siege"], s["areas"][area]["fortress"]
    return st.troops_in(s, area, fort["power"]) if siege and fort else []


def besiegers(s: dict, area: str) -> list[str]:
    siege = s["areas"][area]["siege"]
    return st.troops_in(s, area, siege["besieger"]) if siege else []


def field_enemies(s: dict, power: str, area: str) -> list[str]:
    """The enemy troops a force entering the area meets in the field: the besieged stay behind their walls
    (13.4.1), so a force joining its own siege meets nobody, and a relief army meets the besiegers (13.3.5)."""
    inside = set(besieged_troops(s, area))
    return [u for u in st.enemy_troops_in(s, area, power) if u not in inside]


def is_relief(s: dict, power: str, area: str) -> bool:
    """13.3.5: "These occur when an army enters an area where a siege is taking place" — against besiegers the
    entering power is at war with."""
    siege = s["areas"][area]["siege"]
    return bool(siege and st.hostile(s, power, siege["besieger"]) and besiegers(s, area))


# ----- 13.3.7 / 21.3.2 Casus Belli ----------------------------------------------------------------------------------
def third_power_casus_belli(g: Ctx, power: str, area: str, before: str | None) -> None:
    """13.3.7: taking control of an area ``before`` held whose nominal owner is a third major power not at war
    with the taker gives that owner a CB against it (21.3.2: "any subsequent CBs are ignored"; none between allies
    or powers in forced peace, 21.1 ¶3, RULINGS A2-4), and the taker must return the control to the owner at the
    end of the turn (``controls_to_return``, see ``return_controls``)."""
    s = g.s
    owner = s["areas"][area]["owner"]
    if before is None or owner not in s["powers"] or owner == power:
        return
    holder = casus_belli(before, owner, power, lambda a, b: sorted((a, b)) in s["wars"])
    if holder is None:
        return
    s.setdefault("controls_to_return", []).append([area, power])
    barred = (
        deck.casus_belli_barred(s, board_of(g), holder, power, area)  # Tordesillas (RULINGS EV-5)
        or st.in_forced_peace(s, holder, power)  # 21.1 ¶3: allies give no CB (RULINGS A2-4)
    )
    if [holder, power] not in s["casus_belli"] and not barred:
        s["casus_belli"].append([holder, power])
        g.log("log.control_cb", power=holder, against=power, area=area, rule="control_of_the_area")


def return_controls(g: Ctx) -> None:
    """13.3.7 at the end of the turn: "the major power must eliminate the control marker (if still retained) at the
    end of the turn, returning it to the nominal owner"."""
    s = g.s
    for area, taker in s.pop("controls_to_return", []):
        info = s["areas"][area]
        if info["control"] == taker:
            info["control"] = info["owner"]
            g.log("log.control_returned", power=taker, area=area, owner=info["owner"], rule="control_of_the_area")


# ----- 13.3.1 Sorties ----------------------------------------------------------------------------------------------
def sortie_areas(g: Ctx, power: str) -> list[str]:
    """13.3.1 / 8.2.2: the areas where the power's troops are besieged in its fortress and may give open battle to
    the besieging force."""
    s = g.s
    return [
        a
        for a in st.under_siege(s)
        if (info := s["areas"][a])["fortress"]
        and info["fortress"]["power"] == power
        and st.troops_in(s, a, power)
        and besiegers(s, a)
    ]


class Sortie(Step):
    """13.3.1: "a besieged army decides to make a sortie and give open battle to a besieging force" — at the start
    of its impulse at no cost. The besieged fight without their fortress (13.3.4) and take a disadvantage per siege
    casualty (13.3.3); the defender may reduce the battlefield to three in open terrain. This step is the fight;
    the result is ``sortie_result``. Frame: ``power``, ``area``."""

    goes_to = ("combat", "sortie_result")

    def auto(self, g: Ctx) -> None:
        f, s, b = g.frame, g.s, board_of(g)
        area = f["area"]
        enemy = s["areas"][area]["siege"]["besieger"]
        f.update(enemy=enemy)
        g.log("log.sortie", power=f["power"], area=area, rule="land_combat")
        battle = LandBattle(
            battles.force(s, b, f["power"], besieged_troops(s, area)),
            battles.force(s, b, enemy, besiegers(s, area)),
            terrain=b.areas[area].terrain,
            sortie=True,
            siege_casualties=s["areas"][area]["siege"]["casualties"],
            main_map=st.on_main_map(b, area),
        )
        battles.call(g, "land", battle, attacker=f["power"], defender=enemy)

    def resume(self, g: Ctx, result: Any) -> None:
        goto_keeping(g, "sortie_result", result=result)


class SortieResult(Step):
    """13.3.1 / 13.3.6: the sortie's result applied — a won sortie drives the besiegers out (they retreat or
    disperse, and the siege ends when the last one leaves); the survivors of a lost one remain besieged. Frame:
    ``power``, ``area``, ``enemy``, ``result``. Ends "done"."""

    goes_to = ("defeated_retreat",)

    def auto(self, g: Ctx) -> None:
        f = g.frame
        result = f.pop("result")
        battles.apply_losses(g, result, f["area"])
        if result["fought"]["winner"] == "attacker" and drive_out(g, f["enemy"], f["area"], None, f["power"]):
            return
        g.end("done")

    def resume(self, g: Ctx, result: Any) -> None:
        g.end("done")  # after the besiegers' retreat


class SortieAction(Step):
    """13.3.1: "if it is done later, it requires a tactical action": the fortress the sortie comes from. Frame:
    ``power``."""

    goes_to = ("sortie",)

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        return text("prompt.sortie"), {"area": sortie_areas(g, g.frame["power"])}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text("act.sortie", power=g.frame["power"], area=arg)

    def on_area(self, g: Ctx, role: str, arg: str) -> None:
        g.goto("sortie", power=g.frame["power"], area=arg)


def drive_out(g: Ctx, loser: str, area: str, came_from: str | None, winner: str) -> bool:
    """13.3.6 for a beaten besieger: a player's power retreats to adjacent controlled areas (``defeated_retreat``:
    True, the caller waits), else, or for an automaton, its troops disperse at once (False)."""
    s = g.s
    if loser in s["powers"] and reactions.retreats(g, loser, area, came_from or ""):
        g.call("defeated_retreat", power=loser, area=area, came_from=came_from, attacker=winner)
        return True
    for uid in st.troops_in(s, area, loser):
        battles.disperse(g, uid, area)
        g.log("log.dispersed", unit=uid, rule="land_combat")
    return False


# ----- 13.3.5 Relief battles ---------------------------------------------------------------------------------------
class ReliefBattle(Step):
    """13.3.5: the force that entered (``army``) fights the besiegers, in named steps: this one, whether the
    besieged troops of its own power join (``relief_join``: they take a disadvantage per siege casualty for the
    whole army); ``relief_fight``, the battle; ``relief_result``: if the attacker is beaten the besieged who fought
    go back into the fortress (they stay besieged) and the relief army goes back where it entered (13.3.6), if it
    wins the besiegers are driven out (13.3.6); ``relief_won``: when the besieged are of a power it is not at war
    with, the attacker withdraws its full force to the area it entered, when they are its own it may withdraw the
    troops it wants, the besieged included (``relief_withdraw``); ``relief_end``. Frame: ``power``, ``area``,
    ``came_from``, ``army``, ``landing``, ``support``, ``intercepted``. Ends "won", "withdrew" or "lost"."""

    goes_to = ("relief_join", "relief_fight")

    def auto(self, g: Ctx) -> None:
        f, s = g.frame, g.s
        if s["areas"][f["area"]]["fortress"]["power"] == f["power"] and inside_troops(g):
            g.call("relief_join", power=f["power"], area=f["area"])
            return
        goto_keeping(g, "relief_fight", join=False)

    def resume(self, g: Ctx, result: Any) -> None:
        goto_keeping(g, "relief_fight", join=bool(result))


class ReliefFight(Step):
    """13.3.5: the relief battle — the relief army (and the besieged who join) against the besiegers. Frame: the
    relief battle's, ``join``."""

    goes_to = ("combat", "relief_result")

    def auto(self, g: Ctx) -> None:
        f, s, b = g.frame, g.s, board_of(g)
        area = f["area"]
        fort_power = s["areas"][area]["fortress"]["power"]
        siege = s["areas"][area]["siege"]
        f.update(enemy=siege["besieger"])
        inside = inside_troops(g) if f["join"] else []
        battle = LandBattle(
            battles.force(s, b, f["power"], f["army"]),
            battles.force(s, b, f["enemy"], besiegers(s, area)),
            terrain=b.areas[area].terrain,
            rough_pass=b.neighbours.get(f["came_from"] or "", {}).get(area) == "rough_pass",
            amphibious=bool(f["landing"]),
            relief=True,
            besieged=battles.force(s, b, f["power"], inside) if inside else None,
            siege_casualties=siege["casualties"] if inside else 0,
            naval_support=f["support"],
            intercepted=bool(f["intercepted"]),
            besieged_power=fort_power,
            at_war_with_besieged=st.hostile(s, f["power"], fort_power),
            main_map=st.on_main_map(b, area),
        )
        g.log("log.relief_battle", power=f["power"], area=area, joined=bool(inside), rule="land_combat")
        battles.call(g, "land", battle, attacker=f["power"], defender=f["enemy"])

    def resume(self, g: Ctx, result: Any) -> None:
        goto_keeping(g, "relief_result", result=result)


class ReliefResult(Step):
    """13.3.5 / 13.3.6: the relief battle's result applied — a beaten relief army goes back where it entered (ends
    "lost"); a winning one drives the besiegers out (they retreat, ``defeated_retreat``, or disperse), then
    ``relief_won``. Frame: the relief battle's, ``enemy``, ``result``."""

    goes_to = ("defeated_retreat", "relief_won")

    def auto(self, g: Ctx) -> None:
        f, s = g.frame, g.s
        area = f["area"]
        result = f.pop("result")
        battles.apply_losses(g, result, area)
        if result["fought"]["winner"] != "attacker":
            back(g, f["army"])
            g.end("lost")
            return
        f["withdraw"] = result["withdraw"]
        if besiegers(s, area) and drive_out(g, f["enemy"], area, f["came_from"], f["power"]):
            return
        goto_keeping(g, "relief_won")

    def resume(self, g: Ctx, result: Any) -> None:
        goto_keeping(g, "relief_won")  # after the besiegers' retreat


class ReliefWon(Step):
    """13.3.5 after a won relief battle: against besieged of a power it is not at war with, the attacker withdraws
    its full force to the area it entered; with its own besieged it may withdraw the troops it wants
    (``relief_withdraw``). Frame: the relief battle's, ``withdraw`` ("all", "any" or none)."""

    goes_to = ("relief_withdraw", "relief_end")

    def auto(self, g: Ctx) -> None:
        f, s = g.frame, g.s
        if f["withdraw"] == "all":
            back(g, f["army"])
        elif f["withdraw"] == "any" and f["came_from"] and st.troops_in(s, f["area"], f["power"]):
            g.call("relief_withdraw", power=f["power"], area=f["area"], came_from=f["came_from"])
            return
        goto_keeping(g, "relief_end")

    def resume(self, g: Ctx, result: Any) -> None:
        goto_keeping(g, "relief_end")


class ReliefEnd(Step):
    """13.3.5: the relief battle ends "won" when some of the relief army stays in the area, else "withdrew"."""

    goes_to = ()

    def auto(self, g: Ctx) -> None:
        f, s = g.frame, g.s
        g.end("won" if any(s["units"][u]["loc"] == f["area"] for u in f["army"]) else "withdrew")


def inside_troops(g: Ctx) -> list[str]:
    """The besieged troops (the relief army, of the same power, stands outside the walls)."""
    return [u for u in besieged_troops(g.s, g.frame["area"]) if u not in g.frame["army"]]


def back(g: Ctx, army: list[str]) -> None:
    """The relief army's troops still in the area go back where they entered (13.3.5, 13.3.6)."""
    f, s = g.frame, g.s
    for uid in army:
        if s["units"][uid]["loc"] == f["area"]:
            st.move_unit(s, uid, f["came_from"])
            g.log("log.withdrawn", unit=uid, area=f["came_from"], rule="land_combat")


class ReliefJoin(Step):
    """13.3.5: "the besieged troops can join the fight, but in this case they will take as many disadvantages as
    siege casualties (which will apply to the whole army)". Frame: ``power``, ``area``. Ends True / False."""

    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        return text("prompt.relief_join", area=f["area"], casualties=g.s["areas"][f["area"]]["siege"]["casualties"]), {
            "join": [True, False]
        }

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text(f"act.relief_join_{str(arg).lower()}")

    def on_join(self, g: Ctx, role: str, arg: bool) -> None:
        g.end(bool(arg))


class ReliefWithdraw(Step):
    """13.3.5: after a won relief battle of its own besieged, "he can withdraw all troops he wants (including the
    besieged) to the area they entered (normally in order to not exceed stacking limits)": one troop at a time,
    then done. Frame: ``power``, ``area``, ``came_from``."""

    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        room = stacking.stacking_room(g.s, board_of(g), f["came_from"], f["power"])
        troops = st.troops_in(g.s, f["area"], f["power"]) if room >= 1 else []
        return text("prompt.relief_withdraw", area=f["came_from"]), ({"withdraw": troops} if troops else {}) | {
            "done": [None]
        }

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text("act.relief_withdraw", unit=arg) if verb == "withdraw" else text("act.done_withdraw")

    def on_withdraw(self, g: Ctx, role: str, arg: str) -> None:
        f = g.frame
        st.move_unit(g.s, arg, f["came_from"])
        g.log("log.withdrawn", unit=arg, area=f["came_from"], rule="land_combat")
        if not st.troops_in(g.s, f["area"], f["power"]):
            g.end(None)

    def on_done(self, g: Ctx, role: str, arg: Any) -> None:
        g.end(None)


STEPS = {
    "sortie": Sortie(),
    "sortie_result": SortieResult(),
    "sortie_action": SortieAction(),
    "relief_battle": ReliefBattle(),
    "relief_fight": ReliefFight(),
    "relief_result": ReliefResult(),
    "relief_won": ReliefWon(),
    "relief_end": ReliefEnd(),
    "relief_join": ReliefJoin(),
    "relief_withdraw": ReliefWithdraw(),
}
