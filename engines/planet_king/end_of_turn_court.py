"""The End of Turn phase, second part: royal family mortality, enlightenment / prestige / happiness and victory
points, the appointment of a new Valido, the clean-up (End of Turn Phase; Special Rules › Bastard Son as Heir;
Victory › Automatic Defeat; Cooperative Game)."""
from __future__ import annotations

from engines.core.machine import Ctx
from engines.planet_king import actions_royal, council, court
from engines.planet_king.components import NOTABLES, TABLES
from engines.planet_king.flow import choose, proc
from engines.planet_king.fortune import CROW, PIGEON, draw_test
from engines.planet_king.scoring import court_happiness, court_prestige, enlightenment, row

R_MORT = "End of Turn Phase › Royal Family Mortality"
R_SCORE = "End of Turn Phase › Determining Enlightenment, Prestige, King's Happiness and Victory Points"
LIMITS = TABLES["limits"]


@proc
def eot_mortality(g: Ctx) -> None:
    s = g.s
    if council.war_only(s):
        return
    bastard_sons = [c for c in s["children"] if not c["legit"] and c["male"]]
    if s["options"]["bastard_heir"] and s["heir"] is None and bastard_sons:
        choose(g, council.manager(s, "king"), "Bastard Son as Heir: legitimise a bastard son (−4 prestige)?",
               [("legitimise", c["id"], f"Legitimise {c['name']}") for c in bastard_sons] +
               [("no", None, "No")], "bastard_choice")
        return
    mortality(g)


@proc
def bastard_choice(g: Ctx, verb: str, arg) -> None:
    s = g.s
    if verb == "legitimise":
        child = next(c for c in s["children"] if c["id"] == arg)
        child["legit"] = True
        s["heir"] = arg
        council.mark(g, "prestige", -LIMITS["bastard_heir_prestige"], f"{child['name']} is legitimised as heir",
                     "Special Rules › Bastard Son as Heir")
    mortality(g)


def mortality(g: Ctx) -> None:
    """The bastards leave; a fortune test per legitimate child, the heir first (negative: dies; neutral: sickly,
    and a second sickly marker kills); the Queen dies on her second negative result in two turns."""
    s = g.s
    s["children_gone"] += [c["id"] for c in s["children"] if not c["legit"]]
    s["children"] = [c for c in s["children"] if c["legit"]]
    order = sorted(s["children"], key=lambda c: c["id"] != s["heir"])
    for child in order:
        sym, _ = draw_test(g, f"the health of {child['name']}")
        dies = sym == CROW or (sym == PIGEON and child["sickly"])
        if not dies:
            if sym == PIGEON:
                child["sickly"] = True
                g.log(f"{child['name']} is sickly.", rule=R_MORT)
            continue
        s["children"].remove(child)
        s["children_gone"].append(child["id"])
        g.log(f"{child['name']} dies.", rule=R_MORT)
        if child["id"] == s["heir"]:
            s["heir"] = None
            council.mark(g, "happiness", -1, "Death of the heir", R_MORT)
        elif child["male"]:
            council.mark(g, "happiness", -1, "Death of a son", R_MORT)
    if s["heir"] is None:
        sons = [c for c in s["children"] if c["male"]]
        if sons:
            s["heir"] = sons[0]["id"]
            g.log(f"{sons[0]['name']} is the new heir.", rule=R_MORT)
    queen = s["court"]["queen"]
    if queen:
        sym, _ = draw_test(g, f"the health of Queen {court.name(queen)}")
        if sym != CROW:
            s["queen_sickly"] = False
        elif s["queen_sickly"]:
            s["queen_sickly"] = False
            court.remove_from_game(g, queen, "The Queen dies", R_MORT, death=True)
            actions_royal.choose_queen(g)
        else:
            s["queen_sickly"] = True
            g.log(f"Queen {court.name(queen)} is sickly.", rule=R_MORT)
    if s["heir"]:
        council.victory_points(g, LIMITS["heir_vp"], "A male heir is alive", "king", R_MORT)
    if not s["children"]:
        council.mark(g, "prestige", -1, "No legitimate child alive", R_MORT)
        council.mark(g, "happiness", -1, "No legitimate child alive", R_MORT)


def apply_row(g: Ctx, table: str, value: int, who: str) -> dict:
    r = row(table, value)
    title = table.title()
    if r.get("victory_points"):
        council.victory_points(g, r["victory_points"], f"{title} {value}", who, R_SCORE)
    if r.get("prestige"):
        council.mark(g, "prestige", r["prestige"], f"{title} {value}", R_SCORE)
    if r.get("happiness"):
        council.mark(g, "happiness", r["happiness"], f"{title} {value}", R_SCORE)
    if r.get("ducats", 0) > 0:
        council.gain(g, r["ducats"], f"{title} {value}", R_SCORE)
    elif r.get("ducats", 0) < 0 and g.s["treasury"]:
        council.spend(g, min(g.s["treasury"], -r["ducats"]), f"{title} {value}", R_SCORE)
    return r


@proc
def eot_scores(g: Ctx) -> None:
    """Enlightenment first, then prestige, then happiness; one point or less of enlightenment or prestige, or no
    happiness, is an automatic defeat (in cooperative play the King's death lets the Valido go on)."""
    s = g.s
    defeat = []
    scores = {}
    if not council.war_only(s):
        scores["enlightenment"] = e = enlightenment(s)
        if apply_row(g, "enlightenment", e, "king").get("defeat"):
            defeat.append(f"enlightenment {e}")
    scores["prestige"] = pr = court_prestige(s) + s["marks"]["prestige"]
    if apply_row(g, "prestige", pr, "valido").get("defeat"):
        defeat.append(f"prestige {pr}")
    if not council.war_only(s):
        scores["happiness"] = h = court_happiness(s) + s["marks"]["happiness"]
        if apply_row(g, "happiness", h, "king").get("defeat"):
            if council.solo(s):
                defeat.append(f"happiness {h}: the King dies")
            elif not s["king_dead"]:
                s["king_dead"] = True
                g.log("The King has died: the Valido goes on without royal actions.", rule="Victory › Automatic Defeat")
    s["last_scores"] = scores
    if defeat:
        s["defeat"] = "Automatic defeat: " + ", ".join(defeat) + "."
        g.log(s["defeat"], rule="Victory › Automatic Defeat")


@proc
def eot_valido(g: Ctx) -> None:
    """The King may change his Valido for a noble at Court, in office or in command of an army; the old one leaves
    the game. A Valido four turns or more in office with prestige under 5 costs a VP a turn if kept."""
    s = g.s
    if s["defeat"]:
        return
    cands = [n for n in court.nobles_in_play(s) if NOTABLES[n].get("special") != "isabel_clara_eugenia"
             or s["offices"].get("governor_of_flanders") != n]  # she cannot leave office at the player's will
    opts = [("keep", None, f"Keep {court.name(s['court']['valido'])}")] if s["court"]["valido"] else []
    opts += [("valido", n, f"Appoint {court.name(n)} Valido") for n in cands]
    if len(opts) <= 1 and s["court"]["valido"]:
        valido_kept(g)
        return
    choose(g, council.manager(s, "king"), "Appointment of a new Valido.", opts, "valido_choice")


@proc
def valido_choice(g: Ctx, verb: str, arg) -> None:
    s = g.s
    rule = "End of Turn Phase › Appointment of a New Valido"
    if verb == "keep":
        valido_kept(g)
        return
    old = s["court"]["valido"]
    if old:
        court.take_out(s, old)
        court.remove_from_game(g, old, "The Valido is dismissed", rule)
        s["dismissed"].append(old)
    pos = court.take_out(s, arg)
    court.place(g, arg, ("valido",))
    s["valido_since"] = s["turn"] + 1
    g.log(f"{court.name(arg)} is the new Valido.", rule=rule)
    if not council.solo(s):
        vp = LIMITS["coop_valido_change_vp_before_turn_5"] if s["turn"] < 5 else LIMITS["coop_valido_change_vp"]
        council.victory_points(g, vp, "The King changes his Valido", "king", "Cooperative Game")
    if pos:
        court.vacancy(g, pos)


def valido_kept(g: Ctx) -> None:
    s = g.s
    years = s["turn"] - s["valido_since"] + 1
    if years >= LIMITS["valido_wear_turns"] and s["last_scores"].get("prestige", 99) < LIMITS["valido_wear_prestige_below"]:
        council.victory_points(g, -LIMITS["valido_wear_vp"], "The Valido's wear", "valido",
                               "End of Turn Phase › Appointment of a New Valido")


@proc
def eot_cleanup(g: Ctx) -> None:
    """Markers back to zero, exile markers removed (ruling R-EXILE: the notable returns to his deck), unique
    actions cleared, truces flipped back."""
    s = g.s
    s["marks"] = {"prestige": 0, "happiness": 0}
    for nid in s["exiled"]:
        kind = NOTABLES[nid]["kind"]
        s["decks"][court.PLURAL[kind]].append(nid)
    s["exiled"] = []
    s["unique"] = []
    s["asiento"] = 0
    for war in s["wars"].values():
        war["truce"] = False
    s["played"] = {"action": 0, "total_war": 0}
    s["gov_prev"] = s["gov_card"] = None
