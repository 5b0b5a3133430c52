"""The rules 9.2 New Order meets that issue 27 part 2a adds (imperial voters and the Imperial election, 22 l. 1799;
Fall of the Hospitallers, Turn 3 l. 2231; religions, Turn 1 l. 2179): positions built by hand from a game with
cards (``test_cards.position``: player1 Portugal and France, player2 Spain and the powers named) or from 9.2's set-up
(``test_new_order``). Line numbers are shared/rules/ultima-ratio-regis.txt's; RULINGS.md IV-1, IV-2, HO-1, RE-1."""

from __future__ import annotations

from engines.core.machine import Ctx, copy_state
from engines.ultima_ratio.diplomacy import minor_powers
from engines.ultima_ratio.end_of_turn import victory
from engines.ultima_ratio.end_of_turn.turn_end import active_board_index, card_objectives_vp
from engines.ultima_ratio.game import GAME
from engines.ultima_ratio.preparation import deployment
from tests.engines.ultima_ratio.test_cards import event_position, play
from tests.engines.ultima_ratio.test_new_order import GAME as NEW_ORDER
from tests.engines.ultima_ratio.test_new_order import auction, begin

ELECTORATES = {"area:bohemia": 1, "area:saxony": 1, "area:palatinate": 2, "area:cologne": 2, "area:brandenburg": 1}


def msgs(log) -> list[str]:
    return [e["msg"] for e in log]


# ----- 22 imperial voters ------------------------------------------------------------------------------------------
def test_the_map_carries_the_seven_imperial_voters():
    """22 (l. 1799, "by having a certain number of imperial voters"): the seven electors on the map's areas
    (RULINGS IV-1): Bohemia, Saxony, Brandenburg, the Palatinate with Mainz, Cologne with Trier."""
    assert GAME.board.imperial_votes == ELECTORATES
    assert sum(GAME.board.imperial_votes.values()) == 7


def test_a_power_has_the_voters_of_its_areas_and_of_its_allied_minors():
    """RULINGS IV-1: a power's voters are those of the areas it possesses and of the areas its allied minors possess
    (9.2's Turn 1: the German States hold Saxony, the Palatinate and Cologne, 5 votes; Bohemia and Brandenburg 1)."""
    s = auction(begin(3), {"player1": 2, "player2": 1, "player3": 0})
    votes = GAME.board.imperial_votes
    assert victory.imperial_voters(s, "power:austria", votes) == 0
    s["minors"]["minor:german-states"]["ally"] = "power:austria"
    assert victory.imperial_voters(s, "power:austria", votes) == 5
    s["areas"]["area:bohemia"].update(owner="power:austria", control="power:austria")
    assert victory.imperial_voters(s, "power:austria", votes) == 6
    assert victory.imperial_voters(s, "power:france", votes) == 0
    assert victory.holdings(s, "power:austria", votes).imperial_voters == 6


def test_austrias_card_scores_four_imperial_voters_at_the_end_of_the_turn():
    """22 "Major power card objectives (end of turn)": Austria's card asks for 4 imperial voters (``powers.yaml``,
    reconstructed); 3 score nothing, 4 score its VP."""
    s = auction(begin(3), {"player1": 2, "player2": 1, "player3": 0})
    seat = s["powers"]["power:austria"]["seat"]
    index = active_board_index(Ctx(NEW_ORDER, s))
    card = GAME.board.power("power:austria")
    slot = next(i for i, o in enumerate(card.objectives) if o.kind == "imperial_voters")
    for name in ("area:bohemia", "area:brandenburg", "area:saxony"):  # 3 votes
        s["areas"][name].update(owner="power:austria", control="power:austria")
    before = s["seats"][seat]["vp"]
    g = Ctx(NEW_ORDER, s)
    card_objectives_vp(g, seat, "power:austria", index)
    scored = [e for e in g.entries if e.get("msg") == "log.objective_vp" and e["args"]["objective"] == slot + 1]
    assert not scored
    s["areas"]["area:cologne"].update(owner="power:austria", control="power:austria")  # 5 votes
    g = Ctx(NEW_ORDER, s)
    card_objectives_vp(g, seat, "power:austria", index)
    scored = [e for e in g.entries if e.get("msg") == "log.objective_vp" and e["args"]["objective"] == slot + 1]
    assert len(scored) == 1 and s["seats"][seat]["vp"] > before


# ----- the Imperial election (generic card) -------------------------------------------------------------------------
def election_played(
    powers2: tuple[str, ...] = ("power:spain", "power:austria"), played_this_turn: tuple[str, ...] = ()
) -> dict:
    """Player1 (Portugal and France) plays the Imperial election (auction for the Holy Roman Empire among the powers
    with interest in CE, events.yaml); France and Austria have interest in CE."""
    s = event_position("card:imperial-election", powers1=("power:portugal", "power:france"), powers2=powers2)
    card = GAME.board.minor("minor:holy-roman-empire")
    for name in card.areas:
        s["areas"][name] = {"owner": None, "control": None, "marker": None, "fortress": None, "siege": None,
                            "interrupted": False}  # fmt: skip
    minor_powers.enter_play(s, card)
    for p in ("power:france", "power:austria"):
        if p in s["powers"]:
            s["powers"][p]["interest"] = ["CE"]
    s["cards"]["discard"] = [*played_this_turn, *s["cards"]["discard"]]
    s, _ = play(s, "player1", "event", "card:imperial-election")
    return s


def election(played_this_turn: tuple[str, ...] = ()) -> tuple[dict, list]:
    """The Imperial election played by player1; Austria (player2) bids 1 and wins (France may not bid: RULINGS
    IV-2)."""
    s = election_played(played_this_turn=played_this_turn)
    s, log = play(s, "player2", "bid", ["power:austria", 1])
    return s, msgs(log)


def test_only_austria_may_bid_in_the_imperial_election():
    """Austria's card: "The Habsburg candidate: only Austria may win the Imperial election" (``powers.yaml``,
    reconstructed; RULINGS IV-2): France, with interest in CE, is not asked; Austria's player alone speaks, Austria
    alone may bid (not Spain, without interest in CE), and one bet wins at once."""
    s = election_played()
    assert GAME.active_roles(s) == ["player2"]
    offered = GAME.legal(s, "player2")
    assert offered["pass"] == [None] and offered["bid"] and {p for p, _ in offered["bid"]} == {"power:austria"}
    assert not GAME.allows(s, "player2", "bid", ["power:spain", 1])
    s, log = play(s, "player2", "bid", ["power:austria", 1])
    assert s["minors"]["minor:holy-roman-empire"]["ally"] == "power:austria" and "log.auction_vp" in msgs(log)


def test_without_austria_the_imperial_election_has_no_winner():
    """RULINGS IV-2: with Austria not in play nobody may win the election: the player who played the card only
    passes, nobody bets, and the Empire stays neutral (20.4.1); nobody scores the card's VP."""
    s = election_played(powers2=("power:spain",))
    assert "power:austria" not in s["powers"]
    assert GAME.active_roles(s) == ["player1"] and GAME.legal(s, "player1") == {"pass": [None]}
    vp = {seat: info["vp"] for seat, info in s["seats"].items()}
    s, log = play(s, "player1", "pass")
    assert s["minors"]["minor:holy-roman-empire"]["ally"] is None and "log.alliance_nobody" in msgs(log)
    assert {seat: info["vp"] for seat, info in s["seats"].items()} == vp


def test_the_imperial_election_winner_scores_one_vp_and_allies_with_the_empire():
    """The Imperial election (events.yaml: "the winner scores 1 VP and is allied with the Holy Roman Empire"): the
    auction's winner pays its bet in unrest and scores the card's VP (22 "Others, detailed in the card itself";
    RULINGS IV-2)."""
    before = event_position("card:imperial-election")["seats"]["player2"]["vp"]
    s, log = election()
    assert s["minors"]["minor:holy-roman-empire"]["ally"] == "power:austria"
    assert s["seats"]["player2"]["vp"] == before + 1
    assert "log.auction_vp" in log


def test_luther_makes_the_imperial_election_score_one_more_vp_that_turn():
    """Luther (Turn 2: "the Imperial election card scores 1 more VP this turn", ``election_vp``): played earlier in
    the turn, the election's winner scores 2 (RULINGS IV-2)."""
    before = event_position("card:imperial-election")["seats"]["player2"]["vp"]
    s, _ = election(played_this_turn=("card:luther",))
    assert s["seats"]["player2"]["vp"] == before + 2


def turn_end(s: dict) -> tuple[dict, list]:
    """The state after the end of the turn (23) begins over the current step and runs its automatic steps."""
    g = Ctx(GAME, copy_state(s))
    g.s["stack"].append({"step": "turn_end"})
    GAME._run_auto(g)
    return g.s, msgs(g.entries)


def test_the_imperial_elections_alliance_ends_with_the_turn():
    """The Imperial election (events.yaml: the winner "is allied with the Holy Roman Empire until the end of the
    turn", ``until_turn_end``, RULINGS IV-3): at the end of the turn, with the wars and alliances (23, l. 1811), the
    Empire becomes neutral (20.4.1); an alliance won with another alliance card lasts (20.3.1)."""
    s, _ = election()
    assert s["minors"]["minor:holy-roman-empire"] == {"ally": "power:austria", "until_turn_end": True}
    s, log = turn_end(s)
    assert s["minors"]["minor:holy-roman-empire"] == {"ally": None}
    assert "log.minor_neutral" in log and "log.minor_alliance_ends" in log
    s, _, _ = genoa_won_by_spain()
    assert "until_turn_end" not in s["minors"]["minor:genoa"]
    s, log = turn_end(s)
    assert s["minors"]["minor:genoa"]["ally"] == "power:spain" and "log.minor_neutral" not in log


def genoa_won_by_spain() -> tuple[dict, int, list]:
    """Player1 plays the Alliance with Genoa; Spain (player2, interest CM) bids 1 and wins; player2's VP before."""
    s = event_position("card:alliance-genoa", powers1=("power:portugal", "power:france"))
    card = GAME.board.minor("minor:genoa")
    for name in card.areas:
        s["areas"][name] = {"owner": None, "control": None, "marker": None, "fortress": None, "siege": None,
                            "interrupted": False}  # fmt: skip
    minor_powers.enter_play(s, card)
    s["powers"]["power:spain"]["interest"] = ["CM"]
    before = s["seats"]["player2"]["vp"]
    s, _ = play(s, "player1", "event", "card:alliance-genoa")
    s, _ = play(s, "player2", "bid", ["power:spain", 1])
    s, log = play(s, "player1", "pass") if GAME.active_roles(s) == ["player1"] else (s, [])
    return s, before, log


def test_an_alliance_card_without_vp_scores_none():
    """Only a card that states VP pays them: the Alliance with Genoa gives its winner none."""
    s, before, log = genoa_won_by_spain()
    assert s["minors"]["minor:genoa"]["ally"] == "power:spain" and s["seats"]["player2"]["vp"] == before
    assert "log.auction_vp" not in msgs(log)


# ----- Fall of the Hospitallers (Turn 3, l. 2231) -------------------------------------------------------------------
def hospitallers() -> dict:
    """Player1 plays Fall of the Hospitallers; the Ottomans are player2's, the Knights hold Rhodes."""
    s = event_position("card:fall-of-the-hospitallers", powers2=("power:spain", "power:ottomans"))
    card = GAME.board.minor("minor:hospitallers")
    for name in (*card.areas, "area:malta"):
        s["areas"][name] = {"owner": None, "control": None, "marker": None, "fortress": None, "siege": None,
                            "interrupted": False}  # fmt: skip
    minor_powers.enter_play(s, card)
    s["areas"]["area:malta"].update(owner="power:spain", control="power:spain")
    return s


def test_the_ottomans_score_one_vp_when_they_come_to_possess_rhodes():
    """Turn 3 (l. 2231): "With this card, if the Ottomans come to possess Rhodes, they gain 1 VP" — promised when the
    card is played, scored once as soon as they possess it (after the action that takes it, RULINGS HO-1)."""
    s = hospitallers()
    before = s["seats"]["player2"]["vp"]
    s, log = play(s, "player1", "event", "card:fall-of-the-hospitallers")
    assert ["card:fall-of-the-hospitallers", "power:ottomans", "area:rhodes", 1] in s["possession_vp"]
    assert "log.possession_vp_watch" in msgs(log) and s["seats"]["player2"]["vp"] == before
    s["areas"]["area:rhodes"].update(owner="power:ottomans", control="power:ottomans")  # as a conquest would
    from engines.ultima_ratio.cards import possession_vp

    g = Ctx(GAME, copy_state(s))
    possession_vp.check(g)
    assert g.s["seats"]["player2"]["vp"] == before + 1
    assert [e["msg"] for e in g.entries] == ["log.possession_vp"]
    assert ["card:fall-of-the-hospitallers", "power:ottomans", "area:rhodes", 1] not in g.s["possession_vp"]
    possession_vp.check(g)  # once per area
    assert g.s["seats"]["player2"]["vp"] == before + 1


def test_the_promise_for_malta_lasts_and_is_not_made_for_an_area_already_held():
    """ "If in the future the Ottomans come to possess Malta ... the Ottomans gain 1 VP" (l. 2231): the promise stays
    while Malta is Spain's; an area the Ottomans already possess is promised nothing (RULINGS HO-1)."""
    s = hospitallers()
    s["areas"]["area:rhodes"].update(owner="power:ottomans", control="power:ottomans")
    before = s["seats"]["player2"]["vp"]
    s, log = play(s, "player1", "event", "card:fall-of-the-hospitallers")
    assert "log.possession_vp_held" in msgs(log)
    assert [w[2] for w in s["possession_vp"]] == ["area:malta"] and s["seats"]["player2"]["vp"] == before


# ----- religions (Turn 1 l. 2179, Turn 6 l. 2342; Calvin, Acts of Supremacy, Scottish Reformation) ------------------
def test_9_2_starts_with_the_protestant_countries_catholic_until_calvin():
    """Turn 1 (l. 2179): "The countries marked as Protestant on the map are currently Catholic until the 'Calvin'
    event" — England (the cross on London) is Catholic in 9.2, and so are the later powers with the cross; the others
    keep their card's religion (RULINGS RE-1)."""
    from engines.ultima_ratio.diplomacy.religion import faith_of, religion_of

    s = auction(begin(3), {"player1": 2, "player2": 1, "player3": 0})
    board = GAME.board
    assert board.power("power:england").religion == "protestant"
    assert religion_of(s, board, "power:england") == "catholic" and religion_of(s, board, "power:sweden") == "catholic"
    assert religion_of(s, board, "power:france") == "catholic" and religion_of(s, board, "power:ottomans") == "sunni"
    assert faith_of(s, board, "power:persia") == "muslim" and faith_of(s, board, "power:russia") == "christian"


def test_calvin_and_the_acts_of_supremacy_make_protestants():
    """Calvin ("Powers with the cross on their capital become Protestant", events.yaml) and the Acts of Supremacy
    ("England becomes Protestant") through the events' executor; a power not in play enters with it (RULINGS
    RE-1)."""
    from engines.ultima_ratio.diplomacy.religion import religion_of, set_religion

    s = event_position("card:calvin", powers2=("power:spain", "power:england"))
    for power in ("power:england", "power:sweden", "power:netherlands"):
        set_religion(s, GAME.board, power, "catholic")  # as Turn 1's rule leaves them
    s, log = play(s, "player1", "event", "card:calvin")
    assert religion_of(s, GAME.board, "power:sweden") == "protestant"  # not in play: it will enter Protestant
    assert religion_of(s, GAME.board, "power:netherlands") == "protestant"
    assert religion_of(s, GAME.board, "power:england") == "catholic"  # Calvin does not name England
    assert "log.religion_protestant" in msgs(log) and "log.event_not_yet" not in msgs(log)
    assert "power:sweden" not in s.get("religions", {})  # back to its card's: nothing kept
    s = event_position("card:acts-of-supremacy", powers2=("power:spain", "power:england"))
    set_religion(s, GAME.board, "power:england", "catholic")
    s, _ = play(s, "player1", "event", "card:acts-of-supremacy")
    assert religion_of(s, GAME.board, "power:england") == "protestant"


def scottish_reformation(ally: str | None, catholic_england: bool = False) -> tuple[dict, list]:
    """Player1 (Portugal, France) plays the Scottish Reformation; England is player2's; Scotland in play, allied
    with ``ally``."""
    from engines.ultima_ratio.diplomacy.religion import set_religion

    s = event_position(
        "card:scottish-reformation",
        powers1=("power:portugal", "power:france"),
        powers2=("power:spain", "power:england"),
    )
    card = GAME.board.minor("minor:scotland")
    for name in card.areas:
        s["areas"][name] = {"owner": None, "control": None, "marker": None, "fortress": None, "siege": None,
                            "interrupted": False}  # fmt: skip
    minor_powers.enter_play(s, card)
    s["minors"]["minor:scotland"]["ally"] = ally
    if catholic_england:
        set_religion(s, GAME.board, "power:england", "catholic")
    s, log = play(s, "player1", "event", "card:scottish-reformation")
    while s["stack"][-1]["step"] == "minor_reinforcements":  # England places Scotland's troops (20.3.2)
        role = GAME.active_roles(s)[0]
        s, more = play(s, role, "done" if "done" in GAME.legal(s, role) else "place", None)
        log = [*log, *more]
    return s, log


def test_the_scottish_reformation_ends_a_catholic_alliance_and_allies_scotland_with_a_protestant_england():
    """The Scottish Reformation ("Scotland becomes Protestant: if it is allied with a Catholic power the alliance ends;
    England may ally with it"; ``alliance_ends`` with ``religion: catholic``, then the alliance with England on the
    condition that England is Protestant, RULINGS RE-1): allied with Catholic France, the alliance ends (20.4.1:
    its troops leave the map) and Scotland allies with England; neutral, it allies with England; allied with a
    still Catholic England (Turn 1's rule), that alliance ends too and Scotland stays neutral."""
    from engines.ultima_ratio.diplomacy.religion import religion_of

    s, log = scottish_reformation("power:france")
    assert religion_of(s, GAME.board, "minor:scotland") == "protestant"
    assert msgs(log).index("log.minor_neutral") < msgs(log).index("log.minor_allied.event")
    assert s["minors"]["minor:scotland"]["ally"] == "power:england"
    s, log = scottish_reformation(None)
    assert s["minors"]["minor:scotland"]["ally"] == "power:england" and "log.minor_neutral" not in msgs(log)
    s, log = scottish_reformation("power:england", catholic_england=True)
    assert s["minors"]["minor:scotland"]["ally"] is None and "log.minor_neutral" in msgs(log)
    assert "log.event_condition_unmet" in msgs(log)  # a Catholic England does not ally


# ----- 24. the allies of a power entering at a later turn (8.1.2) ----------------------------------------------------
def test_a_power_entering_later_gets_the_allies_of_its_row():
    """8.1.2 then 24. (Turn 4's row, l. 2240: the Schmalkaldic League, "Allies: Palatinate, Brandenburg"): the
    neutral Palatinate allies with it as it enters; Brandenburg, allied with Portugal, changes ally through 20.4.2
    (``minor_alliance``) before the League deploys its points (RULINGS NP-1)."""
    from tests.engines.ultima_ratio.support_war import area
    from tests.engines.ultima_ratio.test_war import italian_wars, passive

    s = italian_wars(3)
    s["last_turn"] = 5
    for minor in ("minor:palatinate", "minor:brandenburg"):
        card = GAME.board.minor(minor)
        for name in card.areas:
            area(s, name, None)
        minor_powers.enter_play(s, card)
    s["minors"]["minor:brandenburg"]["ally"] = "power:portugal"
    s, log = passive(s, lambda s: s["stack"][-1]["step"] == "deploy")
    assert s["turn"] == 4 and deployment.deploying(s, "player2") == "power:schmalkaldic-league"
    assert s["minors"]["minor:palatinate"]["ally"] == "power:schmalkaldic-league"
    assert s["minors"]["minor:brandenburg"]["ally"] == "power:schmalkaldic-league"
    said = msgs(log)
    assert "log.minor_allied.deployment" in said and "log.minor_alliance_ends" in said
    assert (
        GAME.renderer()
        .text(next(e for e in log if e["msg"] == "log.minor_allied.deployment"))
        .endswith("as it enters the game (its deployment's allies).")
    )


# ----- 21.5.1 the differential with allied minors' areas ----------------------------------------------------------
def test_an_allied_minors_areas_count_in_the_peace_differential():
    """21.5.1 ("the differential of non-key areas taken from one major power to the other") with the Glossary's
    minors "extensions of the major power": Savoy allied with Spain, its two non-key areas controlled by Portugal,
    count as two areas taken from Spain (one morale point); an area Portugal's allied minor controls counts for
    Portugal (RULINGS P-16)."""
    from engines.ultima_ratio.diplomacy import peace
    from tests.engines.ultima_ratio.support_war import area
    from tests.engines.ultima_ratio.test_peace import at_war

    s = at_war()
    card = GAME.board.minor("minor:savoy")
    for name in card.areas:
        area(s, name, None)
    minor_powers.enter_play(s, card)
    s["minors"]["minor:savoy"]["ally"] = "power:spain"
    assert peace.taken_areas(s, GAME.board, "power:spain", "power:portugal") == (0, 0)
    for name in ("area:savoy", "area:piedmont"):
        s["areas"][name]["control"] = "power:portugal"  # occupied (RULINGS MP-6)
    assert peace.taken_areas(s, GAME.board, "power:spain", "power:portugal") == (2, 0)
    assert peace.war_side(s, GAME.board, "power:spain", "power:portugal").areas_lost == 2
    s["areas"]["area:savoy"]["control"] = "minor:savoy"
    s["minors"]["minor:savoy"]["ally"] = "power:portugal"  # now Portugal's ally, holding Leon
    s["areas"]["area:leon"]["control"] = "minor:savoy"
    assert peace.taken_areas(s, GAME.board, "power:spain", "power:portugal") == (1, 0)


# ----- 8.1.1 a turn's special rules "at the end of the turn" (RULINGS TS-2) ----------------------------------------
def test_turn_9s_end_of_turn_rule_pays_the_most_possessions_in_a_province():
    """Turn 9 (l. 2481-2483, ``turns.yaml`` tyw-end-of-turn, ``when: end``): "2VP for the power with the most
    possessions in the province German States; 1VP for ... Bohemia (ties: no one)" — at the end-of-turn VP, the major
    power possessing most of the province's active areas scores; a tie, or only minors, scores nobody. Not at the
    turn's start (RULINGS TS-2). A 9.2 position read as Turn 9 (no 9.2 turn has such a rule)."""
    from engines.ultima_ratio.sequence.turn_special_rules import effects_of_the_turn, end_of_turn_vp

    s = auction(begin(3), {"player1": 2, "player2": 1, "player3": 0})
    s["turn"] = 9
    assert not [e for e in effects_of_the_turn(Ctx(NEW_ORDER, s)) if e["op"] == "vp"]  # not at the start
    for name in ("area:saxony", "area:hesse", "area:cologne"):
        s["areas"][name].update(owner="power:austria", control="power:austria")
    s["areas"]["area:palatinate"].update(owner="power:spain", control="power:spain")
    s["areas"]["area:bohemia"].update(owner="power:austria", control="power:austria")
    s["areas"]["area:moravia"].update(owner="power:spain", control="power:spain")
    austria = s["powers"]["power:austria"]["seat"]
    before = {seat: info["vp"] for seat, info in s["seats"].items()}
    g = Ctx(NEW_ORDER, s)
    end_of_turn_vp(g)
    gain = {seat: s["seats"][seat]["vp"] - before[seat] for seat in s["seats"]}
    assert gain == {seat: 2 if seat == austria else 0 for seat in s["seats"]}
    assert [e["msg"] for e in g.entries] == ["log.most_possessions", "log.most_possessions_none"]
    assert [NEW_ORDER.renderer().text(e) for e in g.entries][1].startswith("Nobody possesses the most areas of Bohemia")
    s["turn"] = 2  # 9.2's turns have no rule at the end
    g = Ctx(NEW_ORDER, s)
    end_of_turn_vp(g)
    assert not g.entries


# ----- 23.3 the R3 revolts of a dynastic change: a named step before the deployment (issue 27) ----------------------
def test_the_r3_revolts_of_a_dynastic_change_are_their_own_step_before_the_deployment():
    """23.3 (l. 1859, RULINGS E-4) then 24.: a power that made a dynastic change places its R3 revolts (the step
    ``deploy_revolts``, whose only verb is ``revolt``) before it spends its points (the step ``deploy``)."""
    from tests.engines.ultima_ratio.support_war import start

    s = start()
    s["powers"]["power:portugal"]["to_deploy"] = {"points": 3, "revolts": 2}
    g = Ctx(GAME, copy_state(s))
    g.s["stack"].append({"step": "deploy_new_powers"})
    GAME._run_auto(g)
    s = g.s
    view = GAME.view(s, "player1")["prompt"]
    assert view["step"] == "deploy_revolts" and set(GAME.legal(s, "player1")) == {"revolt"}
    for left in (2, 1):
        assert s["stack"][-1]["revolts"] == left
        area = GAME.legal(s, "player1")["revolt"][0]
        s = GAME.play(s, "player1", "revolt", area).state
        assert s["areas"][area]["marker"] == "R3" and s["areas"][area]["control"] is None
    assert s["stack"][-1] == {"step": "deploy"} and s["powers"]["power:portugal"]["to_deploy"]["points"] == 3
    assert "revolt" not in GAME.legal(s, "player1")
