"""Ultima Ratio Regis — the game (engine core v2). Only the playable scenarios are offered (``scenarios/registry``:
9.1 The Rise of Portugal, the solitaire, and 9.2 New Order at 3-6 players); ``siglo simulate`` and the tests may play every scenario of the registry
(``Simulation``, reached by ``UltimaRatioRegis.simulation``). The rules live in subpackages by chapter of the rulebook (ENGINE.md ›
Layout); this module gathers their steps and the scenarios' into one table and answers the views."""

from __future__ import annotations

import pathlib
import re
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import orjson
from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

from engines.core.machine import Ctx, StepGame, _key
from engines.core.text import Renderer
from engines.core.types import Entry, Legal, OptionsError, Played, State, Text, View, text
from engines.ultima_ratio import redeal, state_copy, upgrade
from engines.ultima_ratio import state as st
from engines.ultima_ratio.actions import construction, regroup
from engines.ultima_ratio.board import GAME_ID, Board, load_board
from engines.ultima_ratio.bots.heuristic import heuristic_bot
from engines.ultima_ratio.cards import card_play, events
from engines.ultima_ratio.combat import battle_record, battles, combat_cards, land_battles
from engines.ultima_ratio.content import ability_id
from engines.ultima_ratio.diplomacy import (
    alliance_auction,
    alliances,
    combined_fleets,
    expeditionary_corps,
    independent_minors,
    minor_status,
    peace,
    peace_conditions,
)
from engines.ultima_ratio.economy import commerce, subsidies, technology
from engines.ultima_ratio.end_of_turn import turn_end
from engines.ultima_ratio.leaders import leader_flow, reattach
from engines.ultima_ratio.logistics import overstack, repatriation_flow
from engines.ultima_ratio.movement import (
    land_movement,
    landings,
    naval,
    naval_interception,
    reactions,
    strategic_movement,
    without_base,
)
from engines.ultima_ratio.preparation import deployment, start_of_scenario
from engines.ultima_ratio.scenarios.base import NO_RULES_OF_ITS_OWN, Scenario
from engines.ultima_ratio.scenarios.registry import PLAYABLE, SCENARIOS
from engines.ultima_ratio.sequence import impulse, turn, turn_special_rules
from engines.ultima_ratio.world_items import Setup

# the playable scenarios as a Literal made at run time: pydantic validates it (and the options' schema lists them);
# mypy, which cannot read a Literal made at run time, sees a str
if TYPE_CHECKING:
    Playable = str
    Registered = str
else:
    Playable = Literal[PLAYABLE]
    Registered = Literal[tuple(SCENARIOS)]


FIRST_FIELD = re.compile(r"\{(\w+)")  # a template that opens with a field: its name
SEAT = re.compile(r"player\d+")  # a seat's role (``roles``): a player's name, written as he wrote it


def capitalized(said: str, message: Text | Entry, renderer: Renderer) -> str:
    """``said`` (``message`` in words) with a capital letter, except where it begins with a player's name (a seat,
    ``roles``), which reads as the player wrote it."""
    if not said[:1].islower():
        return said
    first = FIRST_FIELD.match(renderer.template(message["msg"]))
    value = (message.get("args") or {}).get(first.group(1)) if first else None
    if any(isinstance(v, str) and SEAT.fullmatch(v) for v in (value if isinstance(value, list) else [value])):
        return said
    return said[0].upper() + said[1:]


class Options(BaseModel):
    scenario: Playable = Field(
        PLAYABLE[0],
        description="The scenario (Playbook 9): only the playable ones.",
    )
    # 7.1: the number of players, within the scenario's (``parse_options`` checks it); unset, its fewest, and not
    # stored, so that 9.1's options and records stay {"scenario": ...}
    players: int | None = Field(
        None,
        ge=1,
        le=8,
        title="Players",
        description="The number of players (7.1): New Order 3 to 6 (3 when blank); The Rise of Portugal is a "
        "solitaire.",
    )

    @model_serializer(mode="wrap")
    def _without_unset_players(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if data.get("players") is None:
            data.pop("players", None)
        return data


class RegistryOptions(Options):
    """The options of ``Simulation``: any scenario of the registry, offered at a table or not yet."""

    scenario: Registered = Field(
        PLAYABLE[0],
        description="The scenario (Playbook 9): any in the registry (scenarios/registry.py), playable or not yet.",
    )


STEPS = {
    **turn.STEPS,
    **turn_special_rules.STEPS,
    **impulse.STEPS,
    **construction.STEPS,
    **regroup.STEPS,
    **commerce.STEPS,
    **strategic_movement.STEPS,
    **naval.STEPS,
    **land_movement.STEPS,
    **turn_end.STEPS,
    **deployment.STEPS,
    **start_of_scenario.STEPS,
    **{name: step for scenario in SCENARIOS.values() for name, step in scenario.steps.items()},
    **reactions.STEPS,
    **landings.STEPS,
    **battles.STEPS,
    **leader_flow.STEPS,
    **naval_interception.STEPS,
    **land_battles.STEPS,
    **card_play.STEPS,
    **events.STEPS,
    **combat_cards.STEPS,
    **technology.STEPS,
    **overstack.STEPS,
    **reattach.STEPS,
    **without_base.STEPS,
    **repatriation_flow.STEPS,
    **peace.STEPS,
    **peace_conditions.STEPS,
    **alliances.STEPS,
    **expeditionary_corps.STEPS,
    **combined_fleets.STEPS,
    **subsidies.STEPS,
    **alliance_auction.STEPS,
    **minor_status.STEPS,
    **independent_minors.STEPS,
    "half_turn": turn.HalfTurn(after_impulse=tuple(n for s in SCENARIOS.values() for n in s.after_impulse)),
}


class UltimaRatioRegis(StepGame):
    id = GAME_ID
    title = "Ultima Ratio Regis"
    # 6: a battle's public record in the state (issue 28); only Austria bids for the Imperial election (IV-2)
    # 7: the content's ids namespaced by kind (issue 27 › Declared state; ENGINE.md › Content ids; upgrade.py)
    # 8: the deployment is every seat's at once (7.2 ¶2): ``build`` [power, what], ``done`` power (upgrade.py)
    version = "8"
    presentation = "engines.ultima_ratio.presentation:PRESENTATION"  # the map page (engines.core.presentation)
    Options: ClassVar[type[BaseModel]] = Options
    messages_dir = pathlib.Path(__file__).parent / "messages"
    names_dir = pathlib.Path(__file__).parent / "data"  # names.<lang>.yaml: the names a player reads (issue 29)
    steps = STEPS
    max_actions = 5_000
    bots: ClassVar = {**StepGame.bots, "heuristic": heuristic_bot}

    board: Board

    def load_content(self, content_dir) -> None:
        self.board = load_board(content_dir)
        self.content_digest = self.board.digest
        b = self.board
        # a theater's provinces first (an area's "province"; a power or an area of the same id wins), then the
        # sheet's maps: a sea or a center of the same id wins
        names = {p.id: p.name for t in b.map.theaters for p in t.provinces}
        names.update({m.id: m.name for m in b.map.maps})
        names.update({a.id: a.name for a in b.map.areas})
        names.update({x.id: x.name for x in b.map.seas})
        names.update({x.id: x.name for x in (*b.world.powers, *b.world.minors, *b.world.events)})
        names.update({x.id: x.name for x in b.map.trade_centers})
        names.update({x.id: x.name for x in b.map.theaters})
        names.update({x.id: x.name for x in b.world.scenarios})
        names.update({x.id: x.name for x in b.world.turns})
        names.update({x.id: x.name for x in [*b.leaders.pool, *b.leaders.historical]})
        # a power card's ability (3.2) is ``ability:<power>:<kind>`` (the id the content export gives it), named by
        # the words its text begins with ("Corsairs"); a scenario's or a turn's special rule is ``rule:<id>``, its
        # printed words found by its id (``translated_text``)
        names.update({ability_id(p.id, a.kind): a.text.split(":", 1)[0] for p in b.world.powers for a in p.abilities})
        setups: list[Setup] = [*b.world.scenarios, *b.world.turns]
        rules = {r.id for x in setups for r in x.special_rules}
        names.update({f"rule:{rid}": rid.replace("-", " ") for rid in rules})
        self._printed = {rid: f"rule:{rid}" for rid in rules}
        self._names = names
        # a fortress and a dispersed box are named by the catalog's words around their area's / theater's name
        self._made_names = {f"fortress:{a.id}": text("name.fortress", area=a.id) for a in b.map.areas}
        self._made_names.update({box: text("name.dispersed_box", theater=t) for box, t in b.box_theater.items()})

    # 6's moves name the content by bare slugs, 6's and 7's deployments are one power's at a time (upgrade.py)
    upgrades_from: ClassVar[tuple[str, ...]] = ("6", "7")

    def upgrade_start(self, state: State, version: str) -> State:
        """A position stored before the content ids were namespaced is refused (upgrade.py)."""
        return upgrade.upgrade_start(state, version)

    def upgrade_move(self, state: State, role: str, verb: str, arg: Any, version: str) -> Any:
        """A move recorded before the content ids were namespaced (engine versions before 7) or before the
        simultaneous deployment (before 8; upgrade.py)."""
        return upgrade.upgrade_move(self, state, role, verb, arg, version)

    def content(self) -> dict[str, Any]:
        from engines.ultima_ratio.content import export

        return export(board=self.board.map, world=self.board.world)

    def roles(self, options: BaseModel) -> list[str]:
        """7.1.1: the players in the order they sit around the board (a scenario's fewest unless ``players`` says)."""
        opts = options.model_dump()
        players = opts.get("players") or self.board.world.scenario(opts["scenario"]).players[0]
        return [f"player{n}" for n in range(1, players + 1)]

    def seat_label(self, state: dict, role: str, lang: str = "en") -> str:
        """7.1.1: a seat reads as the powers its player leads ("Portugal", "France and Scotland") once they are his:
        at once in a solitaire, after the major power auction with several players (before, as its chair). Reads
        ``seats`` and ``auction`` alone, so the public view serves as well as the state (``panels``)."""
        seat = state["seats"].get(role)
        if seat is None or "auction" in state:
            return self.role_label(role, lang)
        return self.renderer(lang).text(text("seat.powers", powers=list(seat["powers"])))

    def render_entry(self, entry: Entry, renderer: Renderer) -> dict[str, Any]:
        """A log entry's sentence begins with a capital letter (es "Tropa 1 de España entra en Granada.", en
        "Independent rolls ..."), except where it begins with a player's name (a seat, ``roles``), which reads as
        the player wrote it."""
        out = super().render_entry(entry, renderer)
        out["text"] = capitalized(out["text"], entry, renderer)
        return out

    def render_prompt(self, prompt: Text, renderer: Renderer) -> str:
        """A prompt is a sentence too, with its capital letter as a log entry's (es "Tropa 1 de Inglaterra está en
        Bristol: ¿adónde ahora?": a unit's name is written small, for the middle of a sentence)."""
        return capitalized(renderer.text(prompt), prompt, renderer)

    def option_sets(self) -> list[dict[str, Any]]:
        """The conformance suite's cases: 9.1. 9.2's random and heuristic playouts at 3-6 players (some 8 s of CPU
        each) are tests/engines/ultima_ratio's (``test_new_order_bots``, over ``Simulation``)."""
        return [{"scenario": "the-rise-of-portugal"}]

    def parse_options(self, raw: dict[str, Any] | None) -> BaseModel:
        """The options, with ``players`` within the scenario's counts (Playbook 9: 9.1 one, 9.2 three to six)."""
        opts = super().parse_options(raw)
        fields = opts.model_dump()
        players, scenario = fields.get("players"), self.board.world.scenario(fields["scenario"])
        low, high = scenario.players
        if players is not None and not low <= players <= high:
            count = str(low) if low == high else f"{low} to {high}"
            said = f"{scenario.name} is played by {count} players, not {players}"
            key = "options.players_one" if low == high else "options.players_between"  # its words in a language
            ctx = {"key": key, "scenario": scenario.id, "low": low, "high": high, "players": players}
            error = {"type": "game_text", "loc": ("players",), "msg": said, "ctx": ctx}
            raise OptionsError([f"players: {said}"], [error])
        return opts

    def simulation(self) -> UltimaRatioRegis:
        """``siglo simulate`` plays every scenario of the registry (``Simulation``), those no table offers yet too;
        the same content, loaded once."""
        if "_simulation" not in self.__dict__:
            twin = object.__new__(Simulation)
            twin.__dict__.update(self.__dict__)
            self.__dict__["_simulation"] = twin
        return self.__dict__["_simulation"]

    def start(self, g: Ctx, options: dict[str, Any]) -> None:
        self.scenario(options["scenario"]).set_up(g, self.board)
        g.call("start_of_scenario")

    def scenario(self, scenario_id: str) -> Scenario:
        """The rules of a scenario (``scenarios/``); one without a module yet has none of its own."""
        return SCENARIOS.get(scenario_id, NO_RULES_OF_ITS_OWN)

    # ----- words -------------------------------------------------------------------------------------------------
    def name_of(self, value: Any, lang: str) -> str | None:
        if not isinstance(value, str):
            return None
        made = self._made_names.get(value) or unit_name(value)
        if made is not None:
            return self.renderer(lang).text(made)
        catalog = self.catalogs.get(lang, self.catalogs["en"])  # a plain word (a reason, an ability): name.<word>
        named = self.translated(value, lang) or self._names.get(value) or catalog.get(f"name.{value}")
        if named is None and lang != "en" and "--" in value:  # a connection "a--b": its two areas in the language
            ends = [self.name_of(end, lang) for end in value.split("--", 1)]
            named = " – ".join(ends) if all(ends) else None  # type: ignore[arg-type]
        return named

    def translated_text(self, value: Any, lang: str) -> str | None:
        """The printed words of ``value`` in ``lang``: a card's effect or a power card's ability by its id
        (``ability:<power>:<kind>``, content.py › ``ability_id``), a special rule by its id (``rule:<id>`` in the
        names file). An object's own printed words come first: a rule's id may also be another object's (the
        special rule ``turn-2`` of 9.1 and the turn ``turn-2``)."""
        own = super().translated_text(value, lang)
        if own is not None or not isinstance(value, str) or value not in self._printed:
            return own
        return super().translated_text(self._printed[value], lang)

    # ----- views ---------------------------------------------------------------------------------------------------
    # a view, a legal list and a move's check only read the state: one ``state.reading`` each (counters by location
    # and answers asked again, made once), kept for the next of them on the same unchanged state: the view, the legal
    # list, the bot's choice and the move's check of one position ask the prompt once
    def view(self, state: State, role: str | None) -> View:
        with st.reading(state, keep=True):
            return super().view(state, role)

    def legal(self, state: State, role: str) -> Legal:
        with st.reading(state, keep=True):
            return super().legal(state, role)

    def allows(self, state: State, role: str, verb: str, arg: Any) -> bool:
        with st.reading(state, keep=True):
            known = st.known(state, ("prompt", role))
            if known is None:
                return super().allows(state, role, verb, arg)
            try:  # the prompt's list, already asked in this reading
                key = _key(arg)
            except TypeError:  # an argument that is not plain data
                return False
            return any(_key(a) == key for a in orjson.loads(known)[1].get(verb, ()))

    def label(self, state: State, role: str, verb: str, arg: Any) -> Text:
        """A unit to choose is named with where it stands ("Spain troop 1 (Andalusia)"): in the list of moves, the
        keyboard's way, "Spain troop 1" to "Spain troop 9" said nothing of which is which."""
        said = super().label(state, role, verb, arg)
        if said.get("msg") == "act.unit" and isinstance(arg, str):
            where = (state["units"].get(arg) or {}).get("loc") or ""
            if where.startswith(("area:", "sea:", "box:")):  # on the map or a dispersed box, not on its card
                return text("act.unit_at", arg=arg, where=where)
        return said

    def play(self, state: State, role: str, verb: str, arg: Any) -> Played:
        with st.reading(state, keep=True):  # the move is checked on ``state``, and changes a copy of it (not read)
            return super().play(state, role, verb, arg)

    def copy_for_move(self, state: State) -> State:
        """The copy a move changes: the counters and the areas copied record by record, by their declared shapes,
        the rest through orjson (``state_copy``: a deep copy, about half the time of a JSON round trip)."""
        return state_copy.copy_for_move(state)

    def _prompt(self, state: State, role: str | None) -> tuple[Text, Legal]:
        """The prompt, asked once per reading (kept as bytes: each caller gets its own copy)."""
        asked = st.remembered(
            state, ("prompt", role), lambda: orjson.dumps(super(UltimaRatioRegis, self)._prompt(state, role))
        )
        prompt_text, legal = orjson.loads(asked)
        return prompt_text, legal

    def public_view(self, g: Ctx) -> dict:
        s = g.s
        keys = (
            "scenario",
            "turn",
            "first_turn",
            "last_turn",
            "seats",
            "powers",
            "minors",
            "areas",
            "units",
            "merchants",
            "merchants_prepared",
            "casus_belli",
            "wars",
            "forced_peace",
            "alliances",
            "impulse",
            "naval_distance",
            "capacity",
            "scored_areas",
            "leaders",
            "leader_pool",
            "seat_order",
            "free_attacks",
            "seas_active",
            "mediterranean_open",
        )  # public rules a bot's questions read
        view = {k: s[k] for k in keys}
        c = s["cards"]
        view["cards"] = {
            "deck": len(c["deck"]),
            "hands": {k: len(v) for k, v in c["hands"].items()},
            "discard": list(c["discard"]),
            "active": list(c.get("active", [])),
            "technologies": c.get("technologies", {}),
            "corsairs": list(c.get("corsairs", [])),
        }
        view["morale"] = s.get("morale", {})
        view["war_records"] = s.get("war_records", {})  # 21.3.1: the war cards "visible on the side of the map"
        view["fleets"] = s.get("fleets", [])  # fleets kept formed (11.2): their counters stand together, in sight
        view["battle"] = battle_record.of_state(s)  # the combat being resolved, else the last (issue 28)
        for key in (
            "alliance_permits",
            "lasting_alliances",
            "war_entries",
            "collapsing",
            "expeditionary",
            "combined",
        ):  # 21.1: public, once there
            if key in s:
                view[key] = s[key]
        if "auction" in s:  # 7.1.1: who has bet (not how much) until the bets are revealed together
            a = s["auction"]
            view["auction"] = {
                "have_bet": sorted(a["bets"]),
                "bets": dict(a["bets"]) if a["order"] else None,
                "order": list(a["order"]),
                "chosen": dict(a["chosen"]),
            }
        return view

    def private_view(self, g: Ctx, role: str) -> dict:
        out = {"hand": list(g.s["cards"]["hands"].get(role, []))}
        if "auction" in g.s and role in g.s["auction"]["bets"]:
            out["my_bet"] = g.s["auction"]["bets"][role]
        return out

    def secrets(self, state: dict) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {c: [] for c in state["cards"]["deck"]}
        for seat, hand in state["cards"]["hands"].items():
            out.update({c: [seat] for c in hand})
        return out

    def redeal(self, state: dict, role: str, rnd) -> dict:
        return redeal.redeal(self, state, role, rnd)


def unit_name(value: str) -> Text | None:
    """Counters are named ``<power>-<kind>-<n>`` (a troop, a squadron): the catalog's ``name.troop`` /
    ``name.squadron`` with the power's name and the number (issue 29)."""
    for kind in ("troop", "squadron"):
        mark = f"-{kind}-"
        if mark in value:
            power, number = value.split(mark)
            return text(f"name.{kind}", power=power, number=number)
    return None


class Simulation(UltimaRatioRegis):
    """The game with every scenario of the registry (``RegistryOptions``), for ``siglo simulate`` and the tests,
    those no table offers yet (``PLAYABLE``) too, and each at every count of players (``option_sets``: 9.2's
    playouts). Never registered: the tables, the API and the records see ``UltimaRatioRegis`` alone."""

    Options: ClassVar[type[BaseModel]] = RegistryOptions

    def option_sets(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for sid in SCENARIOS:
            low, high = self.board.world.scenario(sid).players
            out += (
                [{"scenario": sid}] if low == high else [{"scenario": sid, "players": n} for n in range(low, high + 1)]
            )
        return out


GAME = UltimaRatioRegis()
