"""The End of Turn phase, second part: royal family mortality, enlightenment / prestige / happiness and victory
points, the appointment of a new Valido, the clean-up (End of Turn Phase; Special Rules › Bastard Son as Heir;
Victory › Automatic Defeat; Cooperative Game)."""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.core.types import text
from engines.planet_king import actions_royal, council, court
from engines.planet_king.components import C
from engines.planet_king.flow import choose
from engines.planet_king.fortune import CROW, PIGEON, draw_test
from engines.planet_king.scoring import court_happiness, court_prestige, enlightenment, row

R_MORT = "end_of_turn_phase.royal_family_mortality"
R_SCORE = "end_of_turn_phase.determining_enlightenment_prestige_king_s_happiness_and_victory"


def eot_mortality(g: Ctx) -> None:
    s = g.s
    if council.war_only(s):
        return
    bastard_sons = [c for c in s["children"] if not c["legit"] and c["male"]]
    if s["options"]["bastard_heir"] and s["heir"] is None and bastard_sons:
        choose(
            g,
            council.manager(s, "king"),
            text("prompt.bastard_son_as_heir_legitimise"),
            [("legitimise", c["id"]) for c in bastard_sons] + [("no", None)],
            "bastard_choice",
        )
        return
    mortality(g)


def bastard_choice(g: Ctx, verb: str, arg) -> None:
    s = g.s
    if verb == "legitimise":
        child = next(c for c in s["children"] if c["id"] == arg)
        child["legit"] = True
        s["heir"] = arg
        council.mark(
            g,
            "prestige",
            -C.LIMITS["bastard_heir_prestige"],
            text("why.is_legitimised_as_heir", name=child["name"]),
            "special_rules.bastard_son_as_heir",
        )
    mortality(g)


def mortality(g: Ctx) -> None:
    """The bastards leave; a fortune test per legitimate child, the heir first (negative: dies; neutral: sickly,
    and a second sickly marker kills); the Queen dies on her second negative result in two turns."""
    s = g.s
    s["children_gone"] += [c["id"] for c in s["children"] if not c["legit"]]
    s["children"] = [c for c in s["children"] if c["legit"]]
    order = sorted(s["children"], key=lambda c: c["id"] != s["heir"])
    for child in order:
        sym, _ = draw_test(g, text("why.the_health_of", name=child["name"]))
        dies = sym == CROW or (sym == PIGEON and child["sickly"])
        if not dies:
            if sym == PIGEON:
                child["sickly"] = True
                g.log("log.is_sickly", name=child["name"], rule=R_MORT)
            continue
        s["children"].remove(child)
        s["children_gone"].append(child["id"])
        g.log("log.dies", name=child["name"], rule=R_MORT)
        if child["id"] == s["heir"]:
            s["heir"] = None
            council.mark(g, "happiness", -1, text("why.death_of_the_heir"), R_MORT)
        elif child["male"]:
            council.mark(g, "happiness", -1, text("why.death_of_a_son"), R_MORT)
    if s["heir"] is None:
        sons = [c for c in s["children"] if c["male"]]
        if sons:
            s["heir"] = sons[0]["id"]
            g.log("log.is_the_new_heir", name=sons[0]["name"], rule=R_MORT)
    queen = s["court"]["queen"]
    if queen:
        sym, _ = draw_test(g, text("why.the_health_of_queen", queen=queen))
        if sym != CROW:
            s["queen_sickly"] = False
        elif s["queen_sickly"]:
            s["queen_sickly"] = False
            court.remove_from_game(g, queen, text("why.the_queen_dies"), R_MORT, death=True)
            actions_royal.choose_queen(g)
        else:
            s["queen_sickly"] = True
            g.log("log.queen_is_sickly", queen=queen, rule=R_MORT)
    if s["heir"]:
        council.victory_points(g, C.LIMITS["heir_vp"], text("why.a_male_heir_is_alive"), "king", R_MORT)
    if not s["children"]:
        council.mark(g, "prestige", -1, text("why.no_legitimate_child_alive"), R_MORT)
        council.mark(g, "happiness", -1, text("why.no_legitimate_child_alive"), R_MORT)


def apply_row(g: Ctx, table: str, value: int, who: str) -> dict:
    r = row(table, value)
    title = f"score.{table}"  # the row's track, named by the catalog (name.score.<track>)
    if r.get("victory_points"):
        why = text("why.score_row", title=title, value=value)
        council.victory_points(g, r["victory_points"], why, who, R_SCORE, source=table)
    if r.get("prestige"):
        council.mark(g, "prestige", r["prestige"], text("why.score_row", title=title, value=value), R_SCORE)
    if r.get("happiness"):
        council.mark(g, "happiness", r["happiness"], text("why.score_row", title=title, value=value), R_SCORE)
    if r.get("ducats", 0) > 0:
        council.gain(g, r["ducats"], text("why.score_row", title=title, value=value), R_SCORE)
    elif r.get("ducats", 0) < 0 and g.s["treasury"]:
        council.spend(g, min(g.s["treasury"], -r["ducats"]), text("why.score_row", title=title, value=value), R_SCORE)
    return r


def eot_scores(g: Ctx) -> None:
    """Enlightenment first, then prestige, then happiness; one point or less of enlightenment or prestige, or no
    happiness, is an automatic defeat (in cooperative play the King's death lets the Valido go on)."""
    s = g.s
    defeat = []
    scores = {}
    if not council.war_only(s):
        scores["enlightenment"] = e = enlightenment(s)
        if apply_row(g, "enlightenment", e, "king").get("defeat"):
            defeat.append(text("defeat.enlightenment", n=e))
    scores["prestige"] = pr = court_prestige(s) + s["marks"]["prestige"]
    if apply_row(g, "prestige", pr, "valido").get("defeat"):
        defeat.append(text("defeat.prestige", n=pr))
    if not council.war_only(s):
        scores["happiness"] = h = court_happiness(s) + s["marks"]["happiness"]
        if apply_row(g, "happiness", h, "king").get("defeat"):
            if council.solo(s):
                defeat.append(text("defeat.happiness", n=h))
            elif not s["king_dead"]:
                s["king_dead"] = True
                g.log("log.the_king_has_died_the", rule="victory.automatic_defeat")
    s["last_scores"] = scores
    if defeat:
        s["defeat"] = defeat
        g.log("log.automatic_defeat", reasons=defeat, rule="victory.automatic_defeat")


def eot_valido(g: Ctx) -> None:
    """The King may change his Valido for a noble at Court, in office or in command of an army; the old one leaves
    the game. A Valido four turns or more in office with prestige under 5 costs a VP a turn if kept."""
    s = g.s
    if s["defeat"]:
        return
    cands = [
        n
        for n in court.nobles_in_play(s)
        if C.NOTABLES[n].get("special") != "isabel_clara_eugenia" or s["offices"].get("governor_of_flanders") != n
    ]  # she cannot leave office at the player's will
    opts: list[tuple[str, str | None]] = [("keep", None)] if s["court"]["valido"] else []
    opts += [("valido", n) for n in cands]
    if len(opts) <= 1 and s["court"]["valido"]:
        valido_kept(g)
        return
    choose(g, council.manager(s, "king"), text("prompt.appointment_of_a_new_valido"), opts, "valido_choice")


def valido_choice(g: Ctx, verb: str, arg) -> None:
    s = g.s
    rule = "end_of_turn_phase.appointment_of_a_new_valido"
    if verb == "keep":
        valido_kept(g)
        return
    old = s["court"]["valido"]
    if old:
        court.take_out(s, old)
        court.remove_from_game(g, old, text("why.the_valido_is_dismissed"), rule)
        s["dismissed"].append(old)
    pos = court.take_out(s, arg)
    court.place(g, arg, ("valido",))
    s["valido_since"] = s["turn"] + 1
    g.log("log.is_the_new_valido", arg=arg, rule=rule)
    if not council.solo(s):
        vp = C.LIMITS["coop_valido_change_vp_before_turn_5"] if s["turn"] < 5 else C.LIMITS["coop_valido_change_vp"]
        council.victory_points(g, vp, text("why.the_king_changes_his_valido"), "king", "cooperative_game")
    if pos:
        court.vacancy(g, pos)


def valido_kept(g: Ctx) -> None:
    s = g.s
    years = s["turn"] - s["valido_since"] + 1
    if (
        years >= C.LIMITS["valido_wear_turns"]
        and s["last_scores"].get("prestige", 99) < C.LIMITS["valido_wear_prestige_below"]
    ):
        council.victory_points(
            g,
            -C.LIMITS["valido_wear_vp"],
            text("why.the_valido_s_wear"),
            "valido",
            "end_of_turn_phase.appointment_of_a_new_valido",
        )


def eot_cleanup(g: Ctx) -> None:
    """Markers back to zero, exile markers removed (ruling R-EXILE: the notable returns to his deck), unique
    actions cleared, truces flipped back."""
    s = g.s
    s["marks"] = {"prestige": 0, "happiness": 0}
    for nid in s["exiled"]:
        kind = C.NOTABLES[nid]["kind"]
        s["decks"][court.PLURAL[kind]].append(nid)
    s["exiled"] = []
    s["unique"] = []
    s["asiento"] = 0
    for war in s["wars"].values():
        war["truce"] = False
    s["played"] = {"action": 0, "total_war": 0}
    s["gov_prev"] = s["gov_card"] = None


PROCEDURES = (eot_mortality, eot_scores, eot_valido, eot_cleanup)


def label_bastard(s: dict, verb: str, arg, frame: dict) -> dict:
    return {"name": next((c["name"] for c in s["children"] if c["id"] == arg), "")}


def label_valido(s: dict, verb: str, arg, frame: dict) -> dict:
    return {"arg": arg or s["court"]["valido"]}


DECISIONS = ((bastard_choice, label_bastard), (valido_choice, label_valido))
