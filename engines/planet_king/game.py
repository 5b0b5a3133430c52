"""The Planet King as a ``StepGame``: roles, options, the views, hidden information (Cooperative Game; Secret
Memorial; Components › Cards: the Ladies deck is visible, the other decks are not)."""

from __future__ import annotations

import pathlib
import re
from collections.abc import Callable
from typing import Any, Concatenate, ParamSpec, TypeVar, cast

from pydantic import BaseModel

from engines.core.machine import Ctx, StepGame
from engines.core.types import Played, text
from engines.planet_king import (
    actions,
    actions_government,
    actions_political,
    actions_royal,
    actions_simple,
    campaigns,
    council,
    court,
    end_of_turn,
    end_of_turn_court,
    events,
    events_court,
    events_realm,
    flow,
    memorials,
    military,
    organisation,
    redeal,
    scenarios,
    victory,
    wars,
)
from engines.planet_king import content as content_module
from engines.planet_king.bots import BOTS
from engines.planet_king.components import ACTIVE, C, Components
from engines.planet_king.views import keyed, name_keys, printed_key, private_view, public_view

# The modules whose procedures and decisions make up the flow (flow.build).
FLOW_MODULES = [
    actions,
    actions_government,
    actions_political,
    actions_royal,
    actions_simple,
    campaigns,
    council,
    court,
    end_of_turn,
    end_of_turn_court,
    events,
    events_court,
    events_realm,
    memorials,
    organisation,
    scenarios,
    victory,
    wars,
]
ACTION_MODULES = [actions_government, actions_political, actions_royal, actions_simple]
EFFECT_MODULES = [events, events_court, events_realm]
POSITIONS = ("noble", "genius", "office", "army", "valido", "queen", "mistress")
NAMED = ("NOTABLES", "EVENTS", "MEMORIALS", "LEADERS", "POWERS", "WARS", "TERRITORIES", "SCENARIOS")  # named ids


ORDINAL = re.compile(r"(\d)(?:st|nd|rd|th) (.+)")  # "1st Breda", "2nd Dunas": a battle's ordinal as printed
# the names a table says (cards, wars, places, a log's words) × languages; emptied when full (a plain dict: a hit is
# the cost of every name a page says, and its keys are the content's ids, which no client multiplies)
NAMED_KEPT = 8192
P = ParamSpec("P")
R = TypeVar("R")


def _in_context(method: Callable[Concatenate[Any, P], R]) -> Callable[Concatenate[Any, P], R]:
    """Run a method of the game with its components active (components.C)."""

    def run(self: Any, /, *args: P.args, **kwargs: P.kwargs) -> R:
        token = ACTIVE.set(self.components)
        try:
            return method(self, *args, **kwargs)
        finally:
            ACTIVE.reset(token)

    run.__name__, run.__doc__ = method.__name__, method.__doc__
    return run


CUBE_COLOURS = {"government": "red", "political": "blue", "royal": "yellow"}


def cube_cost(s: dict, kind: str, mode: str | None = None) -> Any:
    """What a type of action costs on the Council of State: a cube of its colour (green cubes serve government and
    political actions once their own colour is spent, R-GREEN); simple actions cost none, and neither does any
    action of the Organisation phase (line 242) or one an event grants (line 460)."""
    if mode in ("org", "event"):
        return text(f"act.cost_free_{mode}")
    if kind not in CUBE_COLOURS:
        return text("act.cost_none")
    green = s["cubes"].get("green", 0) if kind != "royal" else 0
    return text(
        "act.cost_cube",
        colour=CUBE_COLOURS[kind],
        left=s["cubes"].get(kind, 0),
        green=text("act.cost_green", n=green) if green else "",
    )


def action_cost(g: Ctx, key: str, mode: str) -> Any:
    """An action's price as its button says it: the cube it spends now (red, blue or yellow, green once that colour
    is gone), its ducats (Types of Actions, line 458: the asterisk actions) and whether it is a unique action."""
    s = g.s
    kind = actions.kind_of(g, key)
    if mode in ("org", "event"):
        cube = text(f"act.cube.free_{mode}")
    elif kind == "simple":
        cube = text("act.cube.none")
    else:
        colour = CUBE_COLOURS[kind] if s["cubes"][kind] > 0 else "green"
        cube = text("act.cube.one", colour=colour)
    ducats = text(f"act.ducats.{key}") if f"act.ducats.{key}" in g.game.catalogs["en"] else ""
    unique = text("act.cost_unique") if actions.action_rules(g)[key].unique and mode != "event" else ""
    return text("act.action_cost", cube=cube, ducats=ducats, unique=unique)


def notable_ratings(s: dict, arg: Any) -> Any:
    """The ratings of the notable an argument names (a noble's Military, Political, Government and prestige; a
    genius's art and enlightenment; a lady's happiness, fertility and prestige), as a button shows them; "" if it
    names none. A '?' rating not yet tested shows as "?" (Special Rules › Juan José of Austria and Rodrigo Pacheco)."""
    nid = next((a for a in (arg if isinstance(arg, list) else [arg]) if isinstance(a, str) and a in C.NOTABLES), None)
    if nid is None:
        return ""
    d = C.NOTABLES[nid]
    if d["kind"] == "noble":
        known = {
            r: d[r] if d.get(r) is not None else s["ratings"].get(f"{nid}:{r}", "?")
            for r in ("military", "political", "government")
        }
        traits = text("act.ratings.traits", traits=d["traits"]) if d.get("traits") else ""
        return text("act.ratings.noble", prestige=d["prestige"], traits=traits, **known)
    if d["kind"] == "genius":
        return text("act.ratings.genius", art=d["art"], enlightenment=d["enlightenment"])
    return text("act.ratings.lady", happiness=d["happiness"], fertility=d["fertility"], prestige=d["prestige"])


class PlanetKing(StepGame):
    id = "planet-king"
    title = "The Planet King"
    version = "6"  # 5: the Treasury's changes of the turn in the state; 6: the sources of the VP (issue 30)
    # played against the game, solo or as the King and his Valido together; one rating per role (engines.core.game)
    cooperative = True
    rated_per_role = True
    rated_against_the_game = True
    presentation = "engines.planet_king.presentation:PRESENTATION"  # the table's boards (issue 30)
    Options = scenarios.Options
    bots = BOTS
    max_actions = 20_000
    messages_dir = pathlib.Path(__file__).parent / "messages"
    names_dir = pathlib.Path(__file__).parent / "data"  # names.<lang>.yaml: the names a player reads (issue 29)

    def __init__(self, content_dir=None):
        """The game's tables of procedures, steps, actions and event effects are built from its modules' lists,
        and every step and procedure name the code names is checked, before the core checks the steps."""
        self.procedures, self.steps = flow.build(FLOW_MODULES)  # type: ignore[misc]  # this game's steps are made per decision, by its modules
        flow.check_references(FLOW_MODULES, self.procedures, self.steps)
        self.action_rules = {a.key: a for module in ACTION_MODULES for a in module.ACTIONS}
        self.effects = {e: fn for module in EFFECT_MODULES for e, fn in module.EFFECTS.items()}
        super().__init__(content_dir)

    def load_content(self, content_dir) -> None:
        """The packaged content, or the owner's files in ``<content_dir>/planet-king/`` (content.load)."""
        self.content_data, self.content_digest = content_module.load(content_dir)
        self.components = Components(self.content_data)
        self._cards = {**self.components.NOTABLES, **self.components.EVENTS}
        self._named: dict[tuple[str, str], str | None] = {}  # (a name, a language) -> its words (name_of)
        self._lines = {line["id"]: line["ends"] for line in self.components.LINES}  # a line's two ends, by its id
        # a Spanish leader is a noble's card: named as the noble
        self._nobles_led = {d.id: d.noble for d in self.content_data.leaders if getattr(d, "noble", None)}
        # a printed name's key -> a card of that name (the copies of a card share their name)
        self._by_printed = {
            printed_key(c["name"]): cid for cid, c in {**self._cards, **self.components.MEMORIALS}.items()
        }
        # the Battle Name Generator's names, as printed: in another language an ordinal reads in its words
        self._battles = {n for rows in self.components.TABLES["battle_names"].values() for row in rows for n in row}

    def _battle_name(self, printed: str, lang: str) -> str:
        """A battle's name in ``lang`` (Battle Name Generator): the printed place, its ordinal ("2nd Dunas") in the
        language's words, ``battles.ordinal.<n>`` ("2.ª Dunas")."""
        m = ORDINAL.fullmatch(printed)
        if m is None:
            return printed
        template = self.catalogs.get(lang, {}).get(f"battles.ordinal.{m.group(1)}")
        return template.format(name=m.group(2)) if template else printed

    @_in_context
    def begin(self, seed: int, options: dict[str, Any]) -> Played:
        return self._printed_names(super().begin(seed, options))

    @_in_context
    def play(self, state: dict, role: str, verb: str, arg: Any) -> Played:
        return self._printed_names(super().play(state, role, verb, arg))

    def _printed_names(self, played: Played) -> Played:
        """Log entries name notables and event cards by their printed names' keys (``views.printed_key``), not by
        id: a card a move names may be back in a face-down deck when the move ends (a shuffled deck's cards are
        hidden ids, ``secrets``); places, powers and leaders the rules name by their English names by their ids
        (``views.name_keys``); the renderer names each in the reader's language (issue 29)."""
        keys = name_keys(self.components)
        for entry in played.log:
            entry["args"] = keyed(entry["args"], keys)
        return played

    legal = _in_context(StepGame.legal)
    allows = _in_context(StepGame.allows)
    label = _in_context(StepGame.label)
    active_roles = _in_context(StepGame.active_roles)
    view = _in_context(StepGame.view)

    def roles(self, options: BaseModel) -> list[str]:
        return ["king"] if cast(scenarios.Options, options).mode == "solo" else ["king", "valido"]

    def option_sets(self) -> list[dict[str, Any]]:
        """Every scenario in solo and cooperative play and the War-Only mode; the difficulty and optional rules ride
        on two of them (the conformance suite's time stays reasonable)."""
        sets: list[dict[str, Any]] = []
        for scenario in ("hothead", "iupiter_hispano", "anni_mirabiles", "anni_horribiles", "planet_king"):
            sets.append({"scenario": scenario})
            sets.append({"scenario": scenario, "mode": "cooperative"})
        sets.append({"scenario": "war_only"})
        sets[2].update(
            remove_action_cards=2,
            remove_total_war=True,
            remove_question_war_cards=True,
            secret_memorial=True,
            bastard_heir=True,
        )
        sets[4].update(remove_action_cards=1, secret_memorial=True, bastard_heir=True)
        return sets

    def start(self, g: Ctx, options: dict[str, Any]) -> None:
        scenarios.setup(g)
        flow.call(g, "begin_turn")
        flow.seq(g, ["setup_appointments", "setup_mistress", "setup_cubes", "setup_opening_war"])

    def translated_text(self, value: Any, lang: str) -> str | None:
        """A card's printed words in ``lang``: its own entry, else its printed name's (copies share their words); a
        Secret Memorial's, its task's (``pk:task:<memorial>``, as its view says it)."""
        own = super().translated_text(value, lang)
        if own is None and value in self._cards:
            return super().translated_text(printed_key(self._cards[value]["name"]), lang)
        if own is None and lang != "en" and value in self.components.MEMORIALS:
            return self.translated(f"pk:task:{value.split(':')[-1]}", lang)
        return own

    def name_of(self, value: Any, lang: str) -> str | None:
        """In ``lang``: the names file's (issue 29), else the content's name, else the catalog's ``name.<id>``. Said
        once per name and language and kept (a function of the content, its names files and catalogs): a page and
        its log name the same few hundred cards, wars and places again at every move (issue 30 › Proof)."""
        if not isinstance(value, str):
            return None
        found = self._named.get((value, lang), self)
        if found is self:
            if len(self._named) >= NAMED_KEPT:
                self._named.clear()
            found = self._named[value, lang] = self._name_of(value, lang)
        return cast(str | None, found)

    def _name_of(self, value: str, lang: str) -> str | None:
        translated = self.translated(value, lang)
        if translated is not None:
            return translated
        card = self._by_printed.get(value)
        if card is not None:  # a card by its printed name's key: the card's own name, or its copies' (issue 29)
            return self.name_of(card, lang)
        k = self.components
        if lang != "en" and value in self._cards:
            shared = self.translated(printed_key(self._cards[value]["name"]), lang)
            if shared is not None:
                return shared
        for table in NAMED:
            if value in getattr(k, table):
                name = getattr(k, table)[value]["name"]  # a memorial, a leader: its printed name's words (issue 29)
                return (self.translated(printed_key(name), lang) if lang != "en" else None) or name
        if value in self._nobles_led:
            return self.name_of(self._nobles_led[value], lang)
        if value in self._lines and lang != "en":  # a line of communication: its two ends, each in the language
            return " – ".join(str(self.name_of(end, lang)) for end in self._lines[value])
        if value in self._battles and lang != "en":
            return self._battle_name(value, lang)
        if value in k.LEVELS:
            return k.LEVELS[value]
        if value in k.PLACE_NAMES:  # an exploration space, the War-Only mode (views.name_keys)
            return k.PLACE_NAMES[value]
        catalog = self.catalogs.get(lang, self.catalogs["en"])
        return catalog.get(f"name.{value}") or self.catalogs["en"].get(f"name.{value}")

    @_in_context
    def label_args(self, s: dict, verb: str, arg: Any, frame: dict) -> dict:
        """What a decision's button names, made at render time: the argument (ids are named by ``name_of``), a
        unit's type and place, a notable's known ratings and a lady's values, a position as words."""
        out: dict[str, Any] = {"arg": arg}
        if isinstance(arg, str) and arg.startswith("pk:unit:"):
            u = military.unit(s, arg)
            out.update(unit=u["type"] + ("_damaged" if u["damaged"] and u["type"] == "old_tercio" else ""), at=u["loc"])
            out["what"] = text("act.the_unit", unit=out["unit"], at=out["at"])
        elif isinstance(arg, str) and arg in C.NOTABLES:
            d = C.NOTABLES[arg]
            if d["kind"] == "noble":
                out.update({r: court.known_rating(s, arg, r) for r in ("military", "political", "government")})
            elif d["kind"] == "lady":
                out.update(happiness=d["happiness"], fertility=d["fertility"], prestige=d["prestige"])
        elif isinstance(arg, list) and len(arg) == 2 and arg[0] in POSITIONS:
            out["arg"] = court.pos_label(arg)
        if verb == "type":
            out["cost"] = cube_cost(s, arg, frame["ctx"].get("mode"))
        if verb == "action":
            out["cost"] = action_cost(Ctx(self, s), arg, frame["ctx"].get("mode"))
        if verb in ("war", "general") and frame["step"] in ("campaign_target", "general_chosen"):
            leader = s["wars"][arg]["leader"] if verb == "war" else arg
            out["ducats"] = text("act.campaign_ducats", n=campaigns.campaign_cost(Ctx(self, s), leader))
            if verb == "war":
                out["commander"] = text("act.war_commander", leader=leader, ratings=notable_ratings(s, leader))
        out.setdefault("what", arg)
        return out

    def ratings(self, s: dict, arg: Any) -> Any:
        """What a button naming a notable adds: his ratings (``notable_ratings``); called within the game's
        context (labels)."""
        return notable_ratings(s, arg)

    def public_view(self, g: Ctx) -> dict:
        return public_view(g.s)

    def private_view(self, g: Ctx, role: str) -> dict:
        return private_view(g.s, role)

    @_in_context
    def secrets(self, state: dict) -> dict[str, list[str]]:
        """The cards of the face-down decks (events, nobles, geniuses) and the discard's order are hidden from
        everybody; a Secret Memorial from all but its holder once read, from everybody before, until claimed."""
        out: dict[str, list[str]] = {}
        decks = state["decks"]
        for deck in ("events", "nobles", "geniuses"):
            for card in decks[deck]:
                out[card] = []
        for frame in state["stack"]:  # the cards a removal decision lists are shown (organisation.org_offer_removal)
            if frame["step"] == "notable_removed" and frame["ctx"]["deck"] != "ladies":
                for verb, card in frame["options"]:
                    if verb == "remove":
                        out[card] = self.roles(self.parse_options(state["options"]))
        if memorials.in_use(state) and state["outcome"] is None:
            m = state["memorials"]
            for o in ("hm", "council"):
                mid = m[o]
                if mid and mid not in m["claimed"]:
                    out[mid] = [memorials.holder(state, o)] if mid in m["read"] else []
        return out

    def outcome(self, state: dict) -> dict | None:
        """The result; in cooperative play with the tie the comparison met, if any, as data (issue 30)."""
        result = super().outcome(state)
        return None if result is None else {**result, "tiebreak": victory.tiebreak(result)}

    @_in_context
    def redeal(self, state: dict, role: str, rnd) -> dict:
        return redeal.redeal(self, state, role, rnd)

    def content(self) -> dict[str, Any]:
        return content_module.export(self.content_data)


GAME = PlanetKing()
