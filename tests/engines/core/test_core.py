"""The common game-session interface: RNG, step machine, barriers, conformance checks that can fail."""

import ast
import pathlib
from typing import ClassVar, cast

import pytest
from pydantic import BaseModel

from engines.core import ContentError, IllegalAction, golden, rng
from engines.core.chance import Chance, ScriptError, scripted
from engines.core.conformance import ConformanceError, check_state, playout
from engines.core.content import Loaded, load_content
from engines.core.machine import Step, copy_state
from engines.core.text import Renderer
from engines.core.types import text
from tests.support.toy_game import GAME, Choose, Deal, Duel, Stake

ROOT = pathlib.Path(__file__).resolve().parents[3]


def test_rng_is_deterministic_and_uniform_enough():
    a, b = {"rng": rng.seed_state(5)}, {"rng": rng.seed_state(5)}
    assert [rng.randbelow(a, 10) for _ in range(50)] == [rng.randbelow(b, 10) for _ in range(50)]
    s = {"rng": rng.seed_state(1)}
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.roll(s) - 1] += 1
    assert all(900 < c < 1100 for c in counts)
    items = list(range(20))
    rng.shuffle(s, items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    with pytest.raises(ValueError):
        rng.randbelow(s, 0)


def test_setup_is_a_pure_function_of_seed_and_options():
    assert GAME.setup(3, {}) == GAME.setup(3, {})
    assert GAME.setup(3, {}) != GAME.setup(4, {})
    assert GAME.setup(3, {"deck": "short"})["options"]["deck"] == "short"


def test_illegal_action_changes_nothing():
    state = GAME.setup(1, {})
    before = copy_state(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, "north", "choose", "toy:card:1")
    with pytest.raises(IllegalAction):
        GAME.apply(state, "south", "raise", None)  # not south's turn
    with pytest.raises(IllegalAction):
        GAME.apply(state, "north", "raise", object())  # not plain data
    assert state == before


def test_barriers_chance_reveals_handing_on_but_not_a_secret_choice():
    played = GAME.begin(1, {})
    assert played.barrier and played.log[0]["msg"] == "log.dealt"
    played = GAME.play(played.state, "north", "raise", None)
    assert not played.barrier  # north still alone to act, no chance, nothing shown
    assert played.log == [{"msg": "log.raise", "args": {"role": "north", "stake": 2}, "to": "all", "rule": "stake"}]
    played = GAME.play(played.state, "north", "done", None)
    assert played.barrier  # both must now choose: the turn is handed on
    card = GAME.legal(played.state, "north")["choose"][0]
    played = GAME.play(played.state, "north", "choose", card)
    assert not played.barrier  # a face-down choice: south learns nothing from it
    assert {"msg": "log.you_chose", "args": {"card": card}, "to": ["north"], "refs": [card]} in played.log
    card = GAME.legal(played.state, "south")["choose"][0]
    played = GAME.play(played.state, "south", "choose", card)
    assert played.barrier and played.shown and card in played.shown[0].ids  # both cards shown


def test_the_state_holds_no_log_and_labels_are_made_at_render_time():
    state = GAME.setup(1, {})
    assert "log" not in state and "label" not in str(state)
    assert GAME.legal(state, "north") == {"raise": [None], "done": [None]}
    assert GAME.labels(state, "north", GAME.renderer()) == [
        {"verb": "raise", "arg": None, "label": "Raise the stake to 2"},
        {"verb": "done", "arg": None, "label": "Play for 1"},
    ]
    assert GAME.allows(state, "north", "raise", None) and not GAME.allows(state, "south", "raise", None)


def test_labels_given_the_legal_list_do_not_ask_it_again(monkeypatch):
    """The app hands ``labels`` the legal list its view holds (issue 26): the same labels, no second prompt."""
    state = GAME.setup(1, {})
    asked = GAME.labels(state, "north", GAME.renderer())
    legal = GAME.view(state, "north")["prompt"]["legal"]
    monkeypatch.setattr(GAME, "legal", lambda *a: pytest.fail("the legal list was asked again"))
    assert GAME.labels(state, "north", GAME.renderer(), legal) == asked


def test_log_entries_render_with_seat_names_and_rule_titles():
    played = GAME.play(GAME.setup(1, {}), "north", "raise", None)
    entry = played.log[0]
    assert GAME.render_entry(entry, GAME.renderer())["text"] == "North raises the stake to 2."
    rendered = GAME.render_entry(entry, GAME.renderer(names={"north": "José María"}))
    assert rendered["text"] == "José María raises the stake to 2." and rendered["rule_title"] == "Rules › The stake"


def test_renderer_plurals_lists_and_missing_keys():
    r = Renderer(
        {"en": {"a": "{n:count:Ducat|Ducats} for {who}", "b": "{n:plural:card|cards}"}},
        lambda v, lang: None,
        names={"x": "Ana", "y": "Luis", "z": "Pilar"},
    )
    assert r.text({"msg": "a", "args": {"n": 1, "who": ["x"]}}) == "1 Ducat for Ana"
    assert r.text({"msg": "a", "args": {"n": 3, "who": ["x", "y", "z"]}}) == "3 Ducats for Ana, Luis and Pilar"
    assert r.text({"msg": "b", "args": {"n": 2}}) == "cards"
    with pytest.raises(KeyError):
        r.text({"msg": "nope", "args": {}})


def test_a_variant_of_a_message_is_its_key_with_a_suffix_and_the_same_arguments():
    """``Renderer.variant``: the words a catalog keeps for a context (an action's label under a heading that names
    its party, ``Game.labels``' ``label_in_group``), the Spanish catalog first, English behind it; None without."""
    r = Renderer(
        {
            "en": {
                "act": "{power}: build a troop",
                "act.in_group": "Build a troop in {area}",
                "other": "Pass",
                "done": "Spain is done",
                "done.in_group": "Done",
            },
            "es": {"act": "{power}: construir una tropa", "act.in_group": "Construir una tropa en {area}"},
        },
        lambda v, lang: None,
        lang="es",
        names={"p": "España", "a": "Castilla"},
    )
    label = text("act", power="p", area="a")
    assert r.variant(label, "in_group") == "Construir una tropa en Castilla"
    assert r.text(label) == "España: construir una tropa"  # the label itself is untouched
    assert r.variant(text("other"), "in_group") is None
    assert r.variant("done", "in_group") == "Done"  # a plain key, from the English catalog behind the Spanish
    assert r.variant(None, "in_group") is None


def test_scripted_chance_plays_an_example_exactly():
    order = [f"toy:card:{n}" for n in (9, 8, 7, 1, 2, 3, 4, 5, 6)]
    with scripted([order]) as script:
        state = GAME.setup(1, {})
    assert script.used == 1 and state["hands"] == {"north": order[:3], "south": order[3:6]}
    s = {"rng": rng.seed_state(1)}
    with scripted([6, 5, 1]):
        chance = Chance(s)
        assert [chance.roll(), chance.roll(), chance.roll()] == [6, 5, 1]
        with pytest.raises(ScriptError):
            chance.roll()
    with scripted([7]), pytest.raises(ScriptError):
        Chance(s).roll(6)


class BadFlowDuel(Duel):
    id = "toy-badflow"
    steps: ClassVar[dict[str, Step]] = {
        **Duel.steps,
        "stake": type("Stake2", (Stake,), {"goes_to": ("nowhere",)})(),
    }


def test_every_step_name_is_checked_when_the_game_is_built():
    with pytest.raises(TypeError, match="unknown steps"):
        BadFlowDuel()


class UndeclaredDuel(Duel):
    id = "toy-undeclared"
    steps: ClassVar[dict[str, Step]] = {
        **Duel.steps,
        "deal": type("Deal2", (Deal,), {"goes_to": ()})(),
    }


def test_a_move_to_an_undeclared_step_fails_loudly():
    with pytest.raises(RuntimeError, match="does not declare 'stake'"):
        UndeclaredDuel().setup(1, {})


# The steps of a shipped game that may truly move to every step, and how that is shown: The Planet King's ``seq``
# runs any procedure, and its goes_to is derived from the procedures' source (flow.derive_goes_to), which the test
# recomputes; every other step of every engine names fewer.
REACHES_EVERY_STEP = {("planet-king", "seq")}


def _derived(game, name: str) -> set[str]:
    from engines.planet_king import flow
    from engines.planet_king.game import FLOW_MODULES

    return flow.derive_goes_to(FLOW_MODULES, game.steps)[name]


def test_no_engine_turns_the_flow_check_off():
    """The flow-name check is on for every engine: no step declares every step reachable unless it truly is
    (issue 27: Planet King's steps once all said "everywhere"), and in each engine a move to a step its top step
    does not declare fails loudly."""
    from engines import registry
    from engines.core.machine import Ctx, StepGame

    games = [g for g in registry.all_games() if isinstance(g, StepGame)]
    assert {g.id for g in games} >= {"15-dias", "planet-king", "ultima-ratio-regis"}
    for game in games:
        everything = set(game.steps)
        for name, step in game.steps.items():
            if set(step.goes_to) >= everything:
                assert (game.id, name) in REACHES_EVERY_STEP, f"{game.id}: step {name!r} declares every step"
                assert _derived(game, name) >= everything
        name, step = next((n, st) for n, st in sorted(game.steps.items()) if set(st.goes_to) < everything)
        target = sorted(everything - set(step.goes_to))[0]
        state = game.setup(0, game.option_sets()[0])
        state["stack"].append({"step": name})
        with pytest.raises(RuntimeError, match="does not declare"):
            Ctx(game, state).call(target)


def test_planet_kings_goes_to_is_its_derivation():
    """Each Planet King step declares what its procedures' source says it may open (flow.derive_goes_to), not the
    whole table."""
    from engines.planet_king.game import PlanetKing

    game = PlanetKing()
    for name, step in game.steps.items():
        assert set(step.goes_to) == _derived(game, name)
    assert len([n for n, st in game.steps.items() if len(st.goes_to) < len(game.steps)]) == len(game.steps) - 1


def test_a_log_message_must_be_in_the_catalog():
    class Mute(Stake):
        def on_raise(self, g, role, arg):
            g.log("log.nonexistent")

    class MuteDuel(Duel):
        id = "toy-mute"
        steps: ClassVar[dict[str, Step]] = {**Duel.steps, "stake": Mute()}

    with pytest.raises(KeyError, match=r"log\.nonexistent"):
        MuteDuel().play(MuteDuel().setup(1, {}), "north", "raise", None)


def test_views_hold_only_what_the_viewer_may_see():
    state = GAME.setup(1, {})
    north = GAME.view(state, "north")
    assert north["private"]["hand"] == state["hands"]["north"]
    assert GAME.view(state, None)["private"] == {}
    text = str(GAME.view(state, "south")) + str(GAME.view(state, None))
    assert not any(card in text for card in state["hands"]["north"])


def test_simultaneous_choice_has_several_active_roles():
    state = GAME.apply(GAME.setup(1, {}), "north", "done", None)
    assert GAME.active_roles(state) == ["north", "south"]


def test_options_are_validated_with_messages():
    with pytest.raises(ValueError) as err:
        GAME.parse_options({"rounds": 0})
    assert "rounds" in str(err.value)


class LeakyDuel(Duel):
    id = "toy-leaky"

    def public_view(self, g):
        return {**super().public_view(g), "peek": g.s["hands"]["north"]}


def test_conformance_catches_a_leak_and_says_how_to_reproduce():
    with pytest.raises(ConformanceError) as err:
        playout(LeakyDuel(), 4, {})
    assert "is in the view of" in str(err.value) and "siglo simulate toy-leaky" in err.value.reproduce


def _answers_done(game, view, role, rnd):
    """A bot that answers ``done`` whatever its legal list holds."""
    return "done", None


class DoneBotDuel(Duel):
    id = "toy-donebot"
    bots: ClassVar = {**Duel.bots, "done": _answers_done}


def test_conformance_catches_a_bot_choice_outside_the_legal_list():
    """A bot chooses from the legal list its view offers at that moment, checked at every move (even unchecked
    playouts); the reproduction names the bot."""
    for check in (True, False):
        with pytest.raises(ConformanceError) as err:
            playout(DoneBotDuel(), 1, {}, bot="done", check=check)
        assert "the done bot chose done None" in str(err.value) and "not in its legal list" in str(err.value)
        assert "--bot done" in err.value.reproduce


class TellingChoose(Choose):
    def on_choose(self, g, role, arg):
        super().on_choose(g, role, arg)
        g.log("log.you_chose", card=arg)  # a face-down card, logged to everyone


class LogLeakyDuel(Duel):
    id = "toy-logleak"
    steps: ClassVar[dict[str, Step]] = {**Duel.steps, "choose": TellingChoose()}


def test_conformance_catches_a_face_down_card_in_everyones_log():
    # the card's id in everyone's log: the face-down check sees the move first (the log differs by card) ...
    with pytest.raises(ConformanceError, match="look different to the others before the reveal"):
        playout(LogLeakyDuel(), 1, {})
    # ... and the leak check of the state after it names the card
    game = LogLeakyDuel()
    state = game.begin(1, {}).state
    while not game.secret_choice(state):
        state = game.apply(state, "north", "done", None)
    played = game.play(state, "north", "choose", game.legal(state, "north")["choose"][0])

    def fail(problem):
        raise ConformanceError(game, 1, {}, 1, problem)

    with pytest.raises(ConformanceError, match="is in the log of"):
        check_state(game, played.state, fail, played.log)


class HintingDuel(Duel):
    """Tells the table whether each face-down card is high: no card id leaks, its value does."""

    id = "toy-hint"

    def public_view(self, g):
        high = sorted(r for r, c in g.s["chosen"].items() if int(c.rsplit(":", 1)[1]) > 5)
        return {**super().public_view(g), "high": high}


def test_conformance_catches_a_face_down_choice_told_by_its_value():
    """A face-down choice that changes what the others see before its reveal is a leak though no hidden id is
    shown (a bet's amount, a card's value): the same move with another listed argument must look the same."""
    with pytest.raises(ConformanceError, match="look different to the others before the reveal"):
        for seed in range(1, 30):
            playout(HintingDuel(), seed, {})
    for seed in range(1, 30):
        playout(Duel(), seed, {})  # the honest Duel passes


class PeekingStake(Stake):
    def on_raise(self, g, role, arg):
        super().on_raise(g, role, arg)
        if g.s["deck"]:
            g.s["hands"][role].append(g.s["deck"].pop())  # a draw its mover sees, without g.show()


class SilentDrawDuel(Duel):
    id = "toy-silentdraw"
    steps: ClassVar[dict[str, Step]] = {**Duel.steps, "stake": PeekingStake()}


def test_conformance_catches_a_reveal_that_is_no_undo_barrier():
    with pytest.raises(ConformanceError, match=r"now sees .* but the move is not an undo barrier"):
        for seed in range(1, 30):
            playout(SilentDrawDuel(), seed, {})


class EndlessStake(Stake):
    def prompt(self, g, role):
        return {"msg": "prompt.stake", "args": {"round": 1}}, {"raise": [None]}

    def on_raise(self, g, role, arg):
        g.log("log.raise", role=role, stake=g.s["stake"])


class EndlessDuel(Duel):
    id = "toy-endless"
    steps: ClassVar[dict[str, Step]] = {**Duel.steps, "stake": EndlessStake()}


def test_conformance_catches_a_game_that_never_ends():
    with pytest.raises(ConformanceError) as err:
        playout(EndlessDuel(), 1, {}, max_actions=50)
    assert "did not end within 50 actions" in str(err.value)


def test_content_loader_names_the_file_and_the_item(tmp_path):
    class Card(BaseModel):
        id: str
        value: int

    class Cards(BaseModel):
        cards: list[Card]

    def cards_of(loaded: Loaded) -> list[Card]:
        return cast(Cards, loaded.files["cards.yaml"]).cards

    packaged = tmp_path / "packaged"
    packaged.mkdir()
    (packaged / "cards.yaml").write_text("cards:\n  - {id: a, value: 1}\n  - {id: b, value: 2}\n")
    loaded = load_content("toy", packaged, {"cards.yaml": Cards})
    assert [c.id for c in cards_of(loaded)] == ["a", "b"] and len(loaded.digest) == 16
    owner = tmp_path / "owner" / "toy"
    owner.mkdir(parents=True)
    (owner / "cards.yaml").write_text("cards:\n  - {id: a, value: 1}\n  - {id: b, value: many}\n")
    with pytest.raises(ContentError, match=r"toy: .*owner/toy/cards.yaml: item 'b' \(cards.1\).*integer"):
        load_content("toy", packaged, {"cards.yaml": Cards}, tmp_path / "owner")
    (owner / "cards.yaml").write_text("cards:\n  - {id: a, value: 5}\n")
    other = load_content("toy", packaged, {"cards.yaml": Cards}, tmp_path / "owner")
    assert cards_of(other)[0].value == 5 and other.digest != loaded.digest
    (owner / "card.yaml").write_text("cards: []\n")
    with pytest.raises(ContentError, match=r"unknown content files card\.yaml"):
        load_content("toy", packaged, {"cards.yaml": Cards}, tmp_path / "owner")


def test_a_golden_replay_fails_when_replays_change():
    case = golden.record(GAME, 5, {}, 30)
    data = {"game": GAME.id, "version": GAME.version, "cases": [case]}
    assert golden.check(GAME, data) == []
    assert golden.check(GAME, {**data, "version": "0"})[0].startswith("the golden file is for version")
    changed = {**data, "cases": [{**case, "digest": "0" * 64}]}
    assert golden.check(GAME, changed) == ["case 0: the replay reaches another state"]
    broken = {**data, "cases": [{**case, "moves": [["north", "fly", None]]}]}
    assert "no longer replays" in golden.check(GAME, broken)[0]


def test_engines_never_import_app():
    for path in (ROOT / "engines").rglob("*.py"):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert not (name == "app" or name.startswith("app.")), f"{path} imports {name}"


def test_engines_use_no_clock_or_global_random():
    banned = {"random", "time", "datetime", "secrets", "uuid"}
    for path in (ROOT / "engines").rglob("*.py"):
        if path.parent.name == "core" and path.name in ("game.py", "golden.py"):
            continue  # random_bot and golden recording: bots get a seeded random.Random, never the global one
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                bad = [a.name for a in node.names if a.name.split(".")[0] in banned]
            elif isinstance(node, ast.ImportFrom) and node.module:
                bad = [node.module] if node.module.split(".")[0] in banned else []
            else:
                continue
            is_bot = "bot" in path.name or "bots" in path.parts or path.name == "conformance.py"
            assert not bad or (is_bot and bad == ["random"]), f"{path} imports {bad}"
        if "random" in path.read_text():
            # a bot takes a seeded random.Random; no engine file calls the module's global generator
            calls = [
                n.attr
                for n in ast.walk(tree)
                if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "random"
            ]
            assert set(calls) <= {"Random"}, f"{path} uses the global random: {calls}"


class OpenChoose(Choose):
    """The Duel's choice made face up and at once (a ``simultaneous`` step): each seat on his own."""

    secret_choice = False
    simultaneous = True


class OpenDuel(Duel):
    id = "toy-open-duel"
    steps: ClassVar[dict[str, Step]] = {**Duel.steps, "choose": OpenChoose()}


def test_a_move_in_a_simultaneous_step_that_leaves_its_seat_acting_hands_nothing_on():
    """Several seats acting at once, each on his own (``Step.simultaneous``): a move after which the mover still
    acts beside the others is no hand-over (it stays his to take back while nobody moves after it); one after which
    he no longer acts is; in an ordinary step, any move after which another seat acts is."""
    open_duel = OpenDuel()
    state = open_duel.play(open_duel.begin(1, {}).state, "north", "done", None).state
    assert open_duel.active_roles(state) == ["north", "south"]
    assert not open_duel._hands_on(state, "north") and not open_duel._hands_on(state, "south")
    assert GAME._hands_on(GAME.play(GAME.begin(1, {}).state, "north", "done", None).state, "north")
    card = open_duel.legal(state, "north")["choose"][0]
    played = open_duel.play(state, "north", "choose", card)
    assert open_duel.active_roles(played.state) == ["south"] and played.barrier
