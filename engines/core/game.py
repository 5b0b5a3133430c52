"""The common game-session interface (DESIGN.md › engines/; docs/ARCHITECTURE.md › Engines).

A game is a pure function of (engine version, content, options, seed, moves). ``Game`` is a game's fixed
description — id, title, version, options, roles, content, message catalog, bots — plus the operations on its
state. Every engine subclasses it through ``StepGame`` (engines.core.machine), which supplies the flow.

The contract, in short:
- ``begin(seed, options) -> Played`` and ``play(state, role, verb, arg) -> Played``: the new state, the new log
  entries (data, never part of the state), whether the move is an undo barrier, and what it showed to whom;
  ``setup`` / ``apply`` are the same returning only the state.
- ``legal(state, role) -> {verb: [args]}`` and ``allows(state, role, verb, arg)``; labels are made at render
  time (``labels``), in the reader's language.
- ``secrets(state) -> {id: roles}``: every hidden object's id and the roles that may see it now; the conformance
  suite checks views and logs against it by exact id values, and that a move after which its mover sees more
  ids is a barrier.
- Bots receive the view of their seat (``view(state, role)``), never the state.
- ``redeal(state, role, rnd) -> state | None``: the position as ``role`` knows it, everything hidden from it
  (``secrets``) dealt again at random from what it cannot tell apart, the generator re-seeded from ``rnd``; None
  when the game does not support it (an analysis fork of a position with secrets is then refused).
- What the app must know of a game it reads from the game's declarations, never from its id: ``cooperative``,
  ``rated_per_role``, ``rated_against_the_game`` and ``presentation`` (engines.core.presentation).
"""

from __future__ import annotations

import pathlib
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from typing import Any, ClassVar

from pydantic import BaseModel, ValidationError

from engines.core import rng as core_rng
from engines.core.content import Name, load_names
from engines.core.text import GRAMMARS, Renderer, load_catalogs
from engines.core.types import Entry, Legal, OptionsError, Outcome, Played, State, Text, View

Bot = Callable[["Game", View, str, random.Random], tuple[str, Any]]
CORE_MESSAGES = pathlib.Path(__file__).parent / "messages"


def flat(legal: Legal) -> list[tuple[str, Any]]:
    """Every (verb, arg) pair of a legal list, in its order."""
    return [(verb, arg) for verb, args in legal.items() for arg in args]


def random_bot(game: Game, view: View, role: str, rnd: random.Random) -> tuple[str, Any]:
    """The random-legal bot: any action its seat's view offers, uniformly."""
    return rnd.choice(flat(view["prompt"]["legal"]))


def renamed(obj: Any, ids: dict[str, str]) -> Any:
    """A copy of JSON data with every string value and dict key found in ``ids`` replaced (a redeal's
    permutation of hidden ids, carried through every place that names them)."""
    if isinstance(obj, str):
        return ids.get(obj, obj)
    if isinstance(obj, dict):
        return {ids.get(k, k): renamed(v, ids) for k, v in obj.items()}
    if isinstance(obj, list):
        return [renamed(v, ids) for v in obj]
    return obj


def strings(obj: Any) -> Iterator[str]:
    """Every string value (and dict key) anywhere in JSON data."""
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            yield from strings(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from strings(v)


def reseeded(state: State, rnd: random.Random) -> State:
    """The state with its generator seeded afresh from ``rnd`` (never from the source's seed or generator); a
    new top level only: give it a state of one's own (``renamed`` makes one)."""
    return {**state, "rng": core_rng.seed_state(rnd.getrandbits(53))}


class Game(ABC):
    """A game's fixed description plus the operations on its state. Built with its content:
    ``Game(content_dir)`` reads the owner's files for this game from ``content_dir/<id>/`` when there are any."""

    id: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[str]
    Options: ClassVar[type[BaseModel]]
    bots: ClassVar[dict[str, Bot]] = {"random": random_bot}
    messages_dir: ClassVar[pathlib.Path | None] = None  # the game's catalogs (messages/<lang>.yaml)
    names_dir: ClassVar[pathlib.Path | None] = None  # the folder of its names.<lang>.yaml (content.load_names)
    max_actions: ClassVar[int] = 20_000
    upgrades_from: ClassVar[tuple[str, ...]] = ()
    """Older engine versions whose records this one replays, each move brought to it by ``upgrade_move``."""

    # What the app needs to know of the game, declared here because the app names no game (DESIGN.md; the
    # app reads these and nothing else of a game but its operations). Defaults: a competitive game of
    # interchangeable seats, nothing shown but its table.
    cooperative: ClassVar[bool] = False
    """The seats win or lose together: a resignation or a forfeit on time is the whole team's defeat."""
    rated_per_role: ClassVar[bool] = False
    """Asymmetric seats: a player has one rating per role of the game (its ``track``), not one for the game."""
    rated_against_the_game: ClassVar[bool] = False
    """The seats play against the game (solo, cooperative): each plays one duel against the game, whose rating is
    fixed, instead of duels between the seats."""
    presentation: ClassVar[str | None] = None
    """``"module:ATTR"`` of the game's ``engines.core.presentation.Presentation`` (its extra pages, e.g. a map),
    imported by the registry when the app first asks; None: none. Its board and action templates are found by
    the game's id (``templates/games/<id>/board.html``, ``actions.html``), the generic ones otherwise."""

    def __init__(self, content_dir: pathlib.Path | str | None = None):
        self.content_dir = content_dir
        catalogs = load_catalogs(CORE_MESSAGES)
        if self.messages_dir is not None:
            for lang, own in load_catalogs(self.messages_dir).items():
                catalogs[lang] = {**catalogs.get(lang, {}), **own}
        # another language reads every key it lacks in English (issue 29: Spanish grows key by key)
        for lang in catalogs:
            if lang != "en":
                catalogs[lang] = {**catalogs["en"], **catalogs[lang]}
        self.catalogs: dict[str, dict[str, str]] = catalogs
        self._role_names: dict[str, dict[str, str]] = {}  # per language, read off the catalog once (renderer)
        self._articled: dict[str, dict[str, str]] = {}  # per language, read off the names once (renderer)
        self.load_content(content_dir)
        self.names: dict[str, dict[str, Name]] = (
            load_names(self.id, self.names_dir, content_dir) if self.names_dir is not None else {}
        )

    # ----- content -----------------------------------------------------------------------------
    def load_content(self, content_dir: pathlib.Path | str | None) -> None:
        """Load and validate the game's content (engines.core.content.load_content); sets ``content_digest``."""
        self.content_digest = "none"

    def content(self) -> dict[str, Any]:
        """The game's content data (cards, map...) as JSON-able data; ``siglo content export`` prints it."""
        return {}

    # ----- options and roles -------------------------------------------------------------------
    def parse_options(self, raw: dict[str, Any] | None) -> BaseModel:
        """Validate a table's options; ``OptionsError`` carries one readable message per problem."""
        try:
            return self.Options.model_validate(raw or {})
        except ValidationError as exc:
            messages = []
            for err in exc.errors():
                where = ".".join(str(p) for p in err["loc"]) or "options"
                messages.append(f"{where}: {err['msg']}")
            raise OptionsError(messages, [dict(e) for e in exc.errors()]) from None

    def option_sets(self) -> list[dict[str, Any]]:
        """Every scenario / variant combination worth playing through in the conformance suite."""
        return [{}]

    def simulation(self) -> Game:
        """The game ``siglo simulate`` plays: this one, unless the game lets simulations reach options no table
        offers yet (e.g. a scenario written but not playable: Ultima Ratio Regis's registry). Never served."""
        return self

    @abstractmethod
    def roles(self, options: BaseModel) -> list[str]:
        """The seats of a table with these options, in seating order."""

    # ----- words -------------------------------------------------------------------------------
    def name_of(self, value: Any, lang: str) -> str | None:
        """The name of an object a log entry or a label names by id (a card, an area), or None."""
        return None

    def translated(self, value: Any, lang: str) -> str | None:
        """The name of ``value`` in ``lang`` from the game's names file of that language (``names.<lang>.yaml``),
        or None: a game's ``name_of`` asks it first, and falls back to the content's (English) name. An English names
        file, where a game has one, gives the number of the content's names (``gender_of``) and may rename them."""
        if not isinstance(value, str):
            return None
        found = self.names.get(lang, {}).get(value)
        return found.name if found is not None else None

    def translated_text(self, value: Any, lang: str) -> str | None:
        """The printed words of ``value`` (a card's effect) in ``lang`` from its names file, or None."""
        found = self.names.get(lang, {}).get(value) if isinstance(value, str) and lang != "en" else None
        return found.text if found is not None else None

    def gender_of(self, value: Any, lang: str) -> str | None:
        """The grammatical gender of ``value``'s name in ``lang`` (its articles, ``{x:the}``; the words that agree
        with it, ``{x:agree:…}``), or None."""
        found = self.names.get(lang, {}).get(value) if isinstance(value, str) else None
        return found.gender if found is not None else None

    def articled(self, lang: str) -> dict[str, str]:
        """The ids whose names take their definite article in running text in ``lang`` (``article: true`` in its
        names file), each to its name as a sentence writes it: the language's article by the name's gender before its
        running form ("the Ottomans", "los otomanos", "el Papado"). Made once per language."""
        found = self._articled.get(lang)
        if found is None:
            grammar, entries = GRAMMARS.get(lang, GRAMMARS["en"]), self.names.get(lang, {}).items()
            found = {key: grammar.the(n.running or n.name, n.gender) for key, n in entries if n.article}
            self._articled[lang] = found
        return found

    def renderer(self, lang: str = "en", names: dict[str, str] | None = None) -> Renderer:
        """Renders this game's ``Text`` and log entries; ``names`` maps roles to how the reader sees them (seat
        holders' names, "you"); roles not in it get the catalog's ``role.<role>``."""
        roles = self._role_names.get(lang)
        if roles is None:  # a scan of the whole catalog: once per language, not once a view (issue 15)
            catalog = self.catalogs.get(lang, self.catalogs["en"])
            roles = self._role_names[lang] = {key[5:]: t for key, t in catalog.items() if key.startswith("role.")}
        return Renderer(
            self.catalogs, self.name_of, lang, {**roles, **(names or {})}, self.gender_of, self.articled(lang)
        )

    def title_in(self, lang: str = "en") -> str:
        """The game's name in ``lang``: its catalog's ``game.title`` (the edition's title in that language; issue
        29), else :attr:`title`."""
        return self.catalogs.get(lang, self.catalogs["en"]).get("game.title") or self.title

    def role_label(self, role: str, lang: str = "en") -> str:
        return self.catalogs.get(lang, self.catalogs["en"]).get(f"role.{role}") or role.replace("_", " ").title()

    def seat_label(self, state: State, role: str, lang: str = "en") -> str:
        """How a seat reads at this point of the game, public to every reader (e.g. the powers a player leads once
        an auction has given them); by default its role's label."""
        return self.role_label(role, lang)

    def render_entry(self, entry: Entry, renderer: Renderer) -> dict[str, Any]:
        """A log entry as a reader sees it: its sentence, and the rule it applies (id and section title)."""
        return {
            "text": renderer.text(entry),
            "rule": entry.get("rule"),
            "rule_title": renderer.rule(entry.get("rule")),
            "refs": entry.get("refs", []),
        }

    def render_prompt(self, prompt: Text, renderer: Renderer) -> str:
        """A prompt as its reader sees it: by default its sentence as the catalog writes it."""
        return renderer.text(prompt)

    @staticmethod
    def may_read(entry: Entry, role: str | None) -> bool:
        to = entry.get("to", "all")
        return to == "all" or (role is not None and role in to)

    # ----- the session ---------------------------------------------------------------------------
    @abstractmethod
    def begin(self, seed: int, options: dict[str, Any]) -> Played:
        """The initial state for this seed and these options, and the log entries of the setup."""

    @abstractmethod
    def play(self, state: State, role: str, verb: str, arg: Any) -> Played:
        """``role`` plays (verb, arg): raises IllegalAction and changes nothing unless it is offered now."""

    @abstractmethod
    def legal(self, state: State, role: str) -> Legal:
        """The finite legal actions of ``role`` now, ``{verb: [args]}`` (empty when it need not act)."""

    @abstractmethod
    def allows(self, state: State, role: str, verb: str, arg: Any) -> bool:
        """Whether (verb, arg) is legal for ``role`` now."""

    @abstractmethod
    def label(self, state: State, role: str, verb: str, arg: Any) -> Text:
        """What a player reads on the button of a legal action (made at render time)."""

    @abstractmethod
    def active_roles(self, state: State) -> list[str]:
        """Roles that must act now (several when choices are simultaneous)."""

    @abstractmethod
    def view(self, state: State, role: str | None) -> View:
        """``{"public", "private", "prompt": {"text", "legal", "active", "step"}}`` as ``role`` (None: a
        spectator) may see it."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """None while running; else ``{"text": Text, "winners", "scores", "ranking"}``."""

    @abstractmethod
    def secrets(self, state: State) -> Mapping[str, Collection[str]]:
        """Every hidden object's id -> the roles that may see it now (empty: nobody, e.g. a deck's cards)."""

    def secret_choice(self, state: State) -> bool:
        """Whether the decision now is a face-down choice (a bet, a card placed face down): what a role chooses is
        hidden from the others until the game reveals it. The conformance suite proves that such a choice, until
        it reveals, leaves the others' views and log the same whatever was chosen (``check_secret_choice``)."""
        return False

    def redeal(self, state: State, role: str, rnd: random.Random) -> State | None:
        """A state consistent with everything ``role`` may know at ``state`` (its view is unchanged), everything
        hidden from it (``secrets``: other hands, a deck's order, face-down choices) dealt again at random from
        what it cannot tell apart, keeping counts and every public fact, and the generator re-seeded from
        ``rnd``. None: not supported by this game. ``state`` is not changed."""
        return None

    # ----- derived operations ---------------------------------------------------------------------
    def setup(self, seed: int, options: dict[str, Any]) -> State:
        return self.begin(seed, options).state

    def apply(self, state: State, role: str, verb: str, arg: Any) -> State:
        return self.play(state, role, verb, arg).state

    def labels(self, state: State, role: str, renderer: Renderer, legal: Legal | None = None) -> list[dict[str, Any]]:
        """The legal actions of ``role`` with their labels, for a page or the API; ``legal``: the seat's legal list
        when the caller holds it already (its view's prompt), so it is not asked again (issue 26). An action whose
        label has words for a list grouped by party (``<key>.in_group``: "Build a troop" under the heading
        "Spain", where the label says "Spain: build a troop") carries them as ``label_in_group``."""
        out = []
        for verb, arg in flat(self.legal(state, role) if legal is None else legal):
            label = self.label(state, role, verb, arg)
            item = {"verb": verb, "arg": arg, "label": renderer.text(label)}
            in_group = renderer.variant(label, "in_group")
            if in_group is not None:
                item["label_in_group"] = in_group
            out.append(item)
        return out

    def replay(
        self,
        seed: int,
        options: dict[str, Any],
        moves: Iterable[tuple[str, str, Any]],
        state: State | None = None,
        version: str | None = None,
    ) -> State:
        """The state reached by the given (role, verb, arg) moves from the seed and options (or from ``state``,
        a position they follow); moves recorded on another engine ``version`` are brought to this one first
        (``upgrade_move``)."""
        if state is None:
            state = self.setup(seed, options)
        elif version is not None and str(version) != self.version:
            state = self.upgrade_start(state, str(version))
        for role, verb, arg in moves:
            state = self.apply(state, role, verb, self.upgraded(state, role, verb, arg, version))
        return state

    def upgraded(self, state: State, role: str, verb: str, arg: Any, version: str | None) -> Any:
        """A recorded move's argument on this engine version: ``upgrade_move``'s answer for a move recorded on
        another ``version``, the argument itself for one of this version (or of an unknown one: None)."""
        if version is None or str(version) == self.version:
            return arg
        return self.upgrade_move(state, role, verb, arg, str(version))

    def upgrade_start(self, state: State, version: str) -> State:
        """A position stored by the older engine ``version`` (an analysis fork's start, ``app.services.forks``) as
        this version reads it; IllegalAction, saying why, if this version cannot read it. Default: unchanged."""
        return state

    def upgrade_move(self, state: State, role: str, verb: str, arg: Any, version: str) -> Any:
        """The argument that a move recorded on the older engine ``version`` has on this one, in the position
        ``state`` it is played from (a game that renamed its ids maps the old names here). The app calls it
        wherever a recorded log is replayed (a table's upgrade, a record's import, a fork). Default: unchanged."""
        return arg
