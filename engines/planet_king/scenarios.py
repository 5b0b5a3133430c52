"""Scenarios, modes and options, and the set-up of the state (Setup; Scenarios; Scenarios › War-Only Mode, Change
Difficulty; Secret Memorial; Special Rules › Bastard Son as Heir)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, model_validator
from pydantic_core import PydanticCustomError

from engines.core.machine import Ctx
from engines.core.types import text
from engines.planet_king import council, court, memorials, military, organisation, wars
from engines.planet_king.components import F_CATALONIA, PALATINATE, C
from engines.planet_king.flow import choose

SCENARIO_IDS = {
    "hothead": "pk:scenario:hothead",
    "iupiter_hispano": "pk:scenario:iupiter-hispano",
    "anni_mirabiles": "pk:scenario:anni-mirabiles",
    "anni_horribiles": "pk:scenario:anni-horribiles",
    "planet_king": "pk:scenario:the-planet-king",
    # War-Only mode is played over the whole reign (ruling R-WAR-ONLY)
    "war_only": "pk:scenario:the-planet-king",
}


WAR_ONLY_COOPERATIVE = (
    "the War-Only mode cannot be played in cooperative mode"  # messages › options.war_only_cooperative
)


class Options(BaseModel):
    mode: Literal["solo", "cooperative"] = Field(
        "solo", description="Solo (the King) or cooperative (King and Valido)."
    )
    scenario: Literal["hothead", "iupiter_hispano", "anni_mirabiles", "anni_horribiles", "planet_king", "war_only"] = (
        Field("anni_mirabiles", description="The scenario (or the War-Only mode).")
    )
    remove_action_cards: int = Field(0, ge=0, le=2, description="Harder: remove 1 or 2 ACTION cards.")
    remove_total_war: bool = Field(False, description="Easier: remove the TOTAL WAR card.")
    remove_question_war_cards: bool = Field(False, description="Easier still: remove the '?' war cards 32, 34, 37.")
    secret_memorial: bool = Field(False, description="Solo: play with the Secret Memorials (always in cooperative).")
    bastard_heir: bool = Field(False, description="Optional rule: Bastard Son as Heir.")

    @model_validator(mode="after")
    def _coop(self):
        if self.mode == "cooperative" and self.scenario == "war_only":
            # its words by the catalogue's key, for an app to say in its reader's language (issue 29)
            raise PydanticCustomError("game_text", WAR_ONLY_COOPERATIVE, {"key": "options.war_only_cooperative"})
        return self


def scenario_data(key: str) -> dict:
    """The scenario with the set-up it borrows (Anni Mirabiles and The Planet King use Iupiter Hispano's)."""
    own = C.SCENARIOS[SCENARIO_IDS[key]]
    if not own["setup_from"]:
        return own
    base = dict(C.SCENARIOS[own["setup_from"]])
    base.update(
        first_turn=own["first_turn"],
        last_turn=own["last_turn"],
        treasury=own["treasury"],
        victory=own["victory"],
        name=own["name"],
        id=own["id"],
    )
    return base


def initial_state(s: dict, sc: dict) -> None:
    opts = s["options"]
    s.update(
        scenario=sc["id"],
        scenario_name=sc["name"] + (" (War-Only)" if opts["scenario"] == "war_only" else ""),
        turn=sc["first_turn"],
        first_turn=sc["first_turn"],
        last_turn=sc["last_turn"],
        phases=sc["phases"],
        victory=sc["victory"],
        treasury=sc["treasury"],
        vp={"king": 0, "valido": 0},
        marks={"prestige": 0, "happiness": 0},
        treasury_turn=[],  # this turn's changes of the Treasury (council.moved)
        last_scores={},
        cubes={"royal": 0, "government": 0, "political": 0, "green": 0},
        unique=[],
        court={
            "valido": None,
            "queen": None,
            "mistress": None,
            "nobles": [None] * 4,
            "geniuses": [None] * 4,
            "painter": None,
        },
        offices=dict.fromkeys(
            sc["offices_used"]
            or ["viceroy_of_the_indies", "viceroy_of_italy", "governor_of_flanders", "ambassador_in_austria"]
        ),
        children=[],
        children_gone=[],
        heir=None,
        queen_sickly=False,
        exiled=[],
        gone=[],
        ratings={},
        fortune_used=[],
        dismissed=[],
        seen_notables=[],
        genius_waiting=None,
        valido_since=sc["first_turn"],
        decks={"nobles": [], "geniuses": [], "ladies": [], "events": [], "discard": []},
        gone_events=[],
        pending_removals=[],
        instability_permanent=[],
        segadors_in_deck=False,
        entered_now=[],
        hunting=False,
        union=2 if sc["union_of_arms"] else 0,
        current_event=None,
        last_tests=[],
        played={"action": 0, "total_war": 0},
        gov_prev=None,
        gov_card=None,
        asiento=0,
        bankruptcies=0,
        debt=0,
        wars={
            w: {
                "status": "none",
                "pos": 0,
                "truce": False,
                "leader": None,
                "enemy": None,
                "black": d["black"],
                "red": d["red"],
            }
            for w, d in C.WARS.items()
        },
        war_results=[],
        wars_declared=0,
        conde="france",
        leader_pool=sc["enemy_leaders"],
        units=[],
        unit_seq=0,
        forts_building=[],
        plus_ultra={"indies_fleets": 0, "pirates": 0, "galleon": False},
        territories={
            t: {
                "ducats": d["income"] if sc["indies_at_max"] else 0,
                "fort": d["fortification"],
                "raid": False,
                "revolt": False,
                "settled": False,
            }
            for t, d in C.TERRITORIES.items()
        },
        exploration=0,
        king_dead=False,
        defeat=None,
        ignores_court_life="ladies" in sc["ignores"] or opts["scenario"] == "war_only",
        memorials={"hm": None, "council": None, "read": [], "claimed": []},
        flags={
            "valtellina_closed": sc["valtellina_closed"],
            "portugal_independent": sc["portugal_independent"],
            "segadors": sc["guerra_dels_segadors_played"],
            "catalonia_four": sc["guerra_dels_segadors_played"],
            "catalan_tercio": False,
            "fsw33": False,
            "pw39": False,
            "breitenfeld": False,
            "corsairs": False,
            "italy_ended": False,
            "palatinate_ended": False,
        },
    )


def removed_events(s: dict, sc: dict) -> list[str]:
    """Cards out of the game from the start: the scenario's, War-Only mode's, the difficulty options'."""
    opts = s["options"]
    out = list(sc["events_removed"])
    if sc["event_deck"] is not None:
        out += [e for e in C.EVENTS if e not in sc["event_deck"]]
    actions = sorted(
        (e for e, d in C.EVENTS.items() if d["effect"] == "action" and e not in out and not d["conditional"]),
        key=lambda e: -C.EVENTS[e]["number"],
    )
    drop = opts["remove_action_cards"] + (
        C.TABLES["modes"]["war_only"]["remove_action_cards"] if opts["scenario"] == "war_only" else 0
    )
    out += actions[:drop]
    if opts["scenario"] == "war_only":
        out += C.TABLES["modes"]["war_only"]["remove_events"]
    if opts["remove_total_war"]:
        out += C.TABLES["modes"]["easier"]["remove_events"]
    if opts["remove_question_war_cards"]:
        out += C.TABLES["modes"]["easier"]["further_remove_events"]
    return sorted(set(out))


def setup(g: Ctx) -> None:
    """Lay out the scenario; the decisions of the set-up (offices from the drawn nobles, the Royal Mistress) are
    asked of the King (Valido for offices) before the first turn."""
    s = g.s
    sc = scenario_data(s["options"]["scenario"])
    initial_state(s, sc)
    s["gone"] = list(sc["eliminated"])
    s["gone_events"] = removed_events(s, sc)
    c = s["court"]
    c["valido"], c["painter"] = sc["valido"], sc["court_painter"]
    # War-Only mode: "Lady and genius cards are not used" (line 903), so there is no Queen
    c["queen"] = None if s["ignores_court_life"] else sc["queen"]
    for office, nid in sc["offices"].items():
        s["offices"][office] = nid
    for i, nid in enumerate(sc["court_nobles"]):
        c["nobles"][i] = nid
    for i, nid in enumerate(sc["court_geniuses"]):
        c["geniuses"][i] = nid
    if sc["heir"]:
        child = next(x for x in C.TABLES["children"] if x["id"] == sc["heir"]["child"])
        s["children"].append(
            {
                "id": child["id"],
                "name": child["name"],
                "male": child["male"],
                "legit": True,
                "sickly": sc["heir"].get("sickly", False),
            }
        )
        s["heir"] = child["id"]
    for nid in (c["valido"], c["queen"]):
        if nid:
            s["fortune_used"].append(nid)
    for ws in sc["wars"]:
        war = s["wars"][ws["war"]]
        war.update(status="war", pos=ws["position"], leader=ws["commander"], enemy=ws["enemy_leader"])
        if ws["war"] == F_CATALONIA and not s["flags"]["catalonia_four"]:
            war["black"] = C.WARS[ws["war"]]["black_before"] or war["black"]
        for kind, n in ws["units"].items():
            for _ in range(n):
                military.new_unit(s, kind, ws["war"])
    for loc, kinds in sc["units"].items():
        for kind, n in kinds.items():
            for _ in range(n):
                military.new_unit(s, kind, loc)
    for wid in sc["wars_ended"]:
        s["war_results"].append([wid, "ended", 0, 0])
        if wid == PALATINATE:
            s["flags"]["palatinate_ended"] = True
    if sc["union_of_arms"]:
        s["instability_permanent"] = [C.INSTABILITY[0]]
    for w, war in s["wars"].items():
        if war["status"] == "war" and not war["enemy"]:
            wars.appoint_enemy(g, w)
    set_aside = set(sc["set_aside"])
    if sc["noble_deck"] is not None:
        s["decks"]["nobles"] = list(sc["noble_deck"])
        g.shuffle(s["decks"]["nobles"])
    else:
        s["gone"] += list(set_aside)
        organisation.build_notable_decks(g)
        s["gone"] = [n for n in s["gone"] if n not in set_aside]
    if s["ignores_court_life"]:
        s["decks"]["geniuses"], s["decks"]["ladies"] = [], []
    for n in [x for x in (c["valido"], c["queen"]) if x]:
        for deck in s["decks"].values():
            if n in deck:
                deck.remove(n)
    drawn = [s["decks"]["nobles"].pop(0) for _ in range(min(sc["draw_nobles"], len(s["decks"]["nobles"])))]
    for _ in range(min(sc["draw_geniuses"], len(s["decks"]["geniuses"]))):
        nid = s["decks"]["geniuses"].pop(0)
        c["geniuses"][court.free_court_slot(s, "genius")] = nid
    s["drawn"] = drawn
    if sc["event_deck"] is not None:
        s["decks"]["events"] = [e for e in sc["event_deck"] if e not in s["gone_events"]]
        g.shuffle(s["decks"]["events"])
        s["hunting"] = any(C.EVENTS[e]["effect"] == "hunting_day" for e in s["decks"]["events"])
    else:
        organisation.build_event_deck(g)
    if memorials.in_use(s):
        memorials.deal(g)
    g.log(
        "log.turn_of",
        scenario_name=s["scenario_name"],
        turn=s["turn"],
        first_turn=sc["first_turn"],
        last_turn=sc["last_turn"],
        rule="scenarios",
    )
    s["appoint"] = list(sc["appoint"])
    s["mistress_choices"] = [m for m in sc["mistress_choices"] if not s["ignores_court_life"]]


def setup_appointments(g: Ctx) -> None:
    """Appoint the scenario's offices (and army) from the drawn nobles; the rest go to the Court."""
    s = g.s
    drawn = [n for n in s["drawn"] if not court.in_play(s, n)]
    if not s["appoint"] or not drawn:
        for n in drawn:
            slot = court.free_court_slot(s, "noble")
            if slot is not None:
                s["court"]["nobles"][slot] = n
            else:
                s["decks"]["nobles"].append(n)
        s["drawn"] = []
        return
    target = s["appoint"][0]
    label = court.pos_label(("army" if target in C.WARS else "office", target))
    cands = [n for n in drawn if target not in C.WARS or court.can_lead(s, n)] or drawn
    choose(
        g,
        council.manager(s, "valido"),
        text("prompt.set_up_appoint_the", label=label),
        [("appoint", n) for n in cands],
        "setup_appointed",
        target=target,
    )


def setup_appointed(g: Ctx, verb: str, arg: str, target: str) -> None:
    s = g.s
    s["appoint"].pop(0)
    pos = ("army", target) if target in C.WARS else ("office", target)
    court.take_out(s, arg)
    court._set(s, pos, arg)
    s["fortune_used"].append(arg)
    g.log("log.set_up", arg=arg, pos_label=court.pos_label(pos), rule="setup")
    setup_appointments(g)


def setup_mistress(g: Ctx) -> None:
    s = g.s
    if not s["mistress_choices"]:
        return
    choose(
        g,
        "king",
        text("prompt.set_up_choose_the_royal"),
        [("lady", n) for n in s["mistress_choices"]],
        "setup_mistress_chosen",
    )


def setup_mistress_chosen(g: Ctx, verb: str, arg: str) -> None:
    s = g.s
    for deck in s["decks"].values():
        if arg in deck:
            deck.remove(arg)
    s["court"]["mistress"] = arg
    g.log("log.set_up_is_the_royal", arg=arg, rule="setup")


def setup_cubes(g: Ctx) -> None:
    """Setup › Action Cubes (line 193) comes after the Court is laid out (line 168): the nobles drawn for the Court
    (and an advisor among them) are seated before the cubes are placed."""
    organisation.place_cubes(g)


def setup_opening_war(g: Ctx) -> None:
    """Hothead's special rule (line 817): the drawn FRANCO-SPANISH WAR declares war "without the need for a fortune
    test", and "the steps of Declaration of War are performed: place the appropriate markers, appoint leaders and
    move units" -- the enemy leader is placed at set-up, and the player musters the army of Italy from the adjacent
    places and the nobles at Court (lines 383-384)."""
    sc = scenario_data(g.s["options"]["scenario"])
    if "hothead_opening_war" not in sc["special"]:
        return
    for wid in reversed([ws["war"] for ws in sc["wars"]]):
        g.log("log.war_is_declared", wid=wid, how=text("how.hothead"), rule="scenarios.hothead")
        wars.muster(g, wid)


PROCEDURES = (setup_appointments, setup_mistress, setup_cubes, setup_opening_war)


def label_appointed(s: dict, verb: str, arg: str, frame: dict) -> dict:
    """The printed ratings ('?' shows as None), as the set-up offers them."""
    return {"arg": arg, **{r: C.NOTABLES[arg][r] for r in ("military", "political", "government")}}


DECISIONS = ((setup_appointed, label_appointed), (setup_mistress_chosen, None))
