"""15 Días' table as its cards on the table (issue 30 › The boards; issue 28 › A contract between the map and the
legal list): what ``templates/games/15-dias/board.html`` draws beyond the view, read there as ``board_of(game,
view)``.

Every element carries a namespaced key: ``card:<id>`` (a Character, a Special Situation, a Conspirator, a Prince
card), ``card:covered:<role>`` (a covered Character's slot, 1.2), ``seat:<role>`` (a player's place at the table),
``power:<power>`` (a Power card, Contents: 3 Power cards), ``family:<family>`` and ``card:control`` (the
Administrative Ability Control card). ``VERB_KEYS`` is the legal actions' description the client reads: which key
each position of a verb's argument names (``("court", [card, role])`` acts on ``card:<card>`` then
``seat:<role>``), written on each action's form as its ``data-keys`` (static/js/board.js), so the client never
guesses from the argument's look; ``marks`` are the keys this seat may act on now, with their verbs (the elements'
``data-verb``). Pure functions of the view: no rule, nothing hidden from the view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from engines.core.presentation import Presentation
from engines.core.types import Text, text

if TYPE_CHECKING:
    from engines.core.game import Game

CARD: list[str | None] = ["card"]
VERB_KEYS: dict[str, list[str | None]] = {
    "admin": CARD,
    "choose": CARD,
    "cover": CARD,
    "discard": CARD,
    "estate": CARD,
    "give": CARD,
    "hire": CARD,
    "invest_discard": CARD,
    "main": CARD,
    "pass": CARD,
    "take": CARD,
    "conspire": ["card", None],
    "court": ["card", "seat"],
    "situation": ["card", "card"],
    "next": ["seat"],
    "spy": ["seat"],
    "use_court": ["seat"],
    "propose": ["power"],
}
POWERS = ("government", "society", "clerical")


def action_keys(verb: str, arg: Any) -> list[str]:
    """The board keys a legal action acts on, subject first (``VERB_KEYS``); nothing for a verb no card or seat
    names (leave, keep, skip, pay…)."""
    spaces = VERB_KEYS.get(verb)
    if spaces is None:
        return []
    args = arg if isinstance(arg, list) else [arg]
    return [f"{space}:{a}" for space, a in zip(spaces, args, strict=False) if space and isinstance(a, str)]


# (game id, language, the message's repr, or the key of a message without arguments) -> its words, kept across renders
_SAID: dict[tuple[str, str, str], str] = {}
# the board's words take a few dozen shapes; emptied when full (a plain dict, as The Planet King's: a hit is the cost of
# every word a board says, and its keys are the catalogue's shapes, which no client multiplies)
SAID_KEPT = 1024


def sayer(game: Game, lang: str = "en") -> Callable[..., str]:
    """The catalogue's words for a message key (and its arguments) in the reader's language, each shape rendered
    once per process."""

    def say(key: str | dict[str, Any], **args: Any) -> str:
        # a key alone (most of what a board says) is its own shape: no message to build and print
        kept = (game.id, lang, key) if type(key) is str and not args else None
        found = _SAID.get(kept) if kept is not None else None
        if found is None:
            t = key if isinstance(key, dict) else text(key, **args)
            if kept is None:
                kept = (game.id, lang, repr(t))
            found = _SAID.get(kept)
            if found is None:
                if len(_SAID) >= SAID_KEPT:
                    _SAID.clear()
                found = _SAID[kept] = game.renderer(lang).text(cast(Text, t))
        return found

    return say


def _powers(p: dict[str, Any], say: Callable[..., str]) -> list[dict[str, Any]]:
    """The three Power cards and who holds each (2. Election of Powers): a family's, the individual one, or none
    yet."""
    held = {power: who for who, power in (p.get("powers") or {}).items() if power}
    out = []
    for power in POWERS:
        who = held.get(power)
        words = (
            say("board.power_individual")
            if who == "individual"
            else say("board.power_family", family=who)
            if who
            else say("board.power_unheld")
        )
        reference = (p["phase"] == "family" and who in ("olivares", "lerma")) or (
            p["phase"] == "individual" and who == "individual"
        )
        out.append({"key": f"power:{power}", "power": power, "holder": who, "words": words, "reference": reference})
    return out


def table_board(game: Game, view: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """What the board draws beyond the view: the Power cards, which keys this seat may act on (``marks``: key ->
    its verbs)."""
    marks: dict[str, list[str]] = {}
    for verb, args in (view.get("prompt") or {}).get("legal", {}).items():
        for arg in args:
            keys = action_keys(verb, arg)
            if keys:
                verbs = marks.setdefault(keys[0], [])
                if verb not in verbs:
                    verbs.append(verb)
    say = sayer(game, lang)
    return {
        "say": say,
        "powers": _powers(view["public"], say),
        "marks": {k: " ".join(v) for k, v in marks.items()},
        "card": lambda c: in_words(game, c, lang),
    }


def in_words(game: Game, c: dict[str, Any] | None, lang: str) -> dict[str, Any] | None:
    """A card of the view as the reader reads it (issue 29): its name, abilities, plot and the Situation on it in
    ``lang`` (the view holds the content's English words beside the ids); the rest as the view has it."""
    if not c:
        return c
    out = dict(c)
    if c.get("id"):
        out["name"] = game.name_of(c["id"], lang) or c.get("name")
    for ability in ("court_ability", "administrative_ability", "plot"):
        if c.get(ability):
            out[ability] = game.name_of(c[ability], lang) or c[ability]
    if c.get("effect") and c.get("id"):
        out["effect"] = game.translated_text(c["id"], lang) or c["effect"]
    if c.get("situation"):
        out["situation"] = in_words(game, c["situation"], lang)
    return out


def _marked(marks: dict[str, str], keep: Callable[[str], bool]) -> dict[str, str]:
    return {k: v for k, v in marks.items() if keep(k)}


def board_parts(game: Game, view: dict[str, Any], board: dict[str, Any] | None) -> dict[str, Any]:
    """The parts of the table's board (templates/games/15-dias/board.html) and the data each is drawn from, the
    keys this seat may act on (``marks``) among them, each part's own: a move's answer sends only the parts that
    changed (app/live_parts.py; issue 26 › Performance). All of it the seat's own view."""
    p, me, marks = view["public"], view.get("private") or {}, (board or {}).get("marks") or {}
    players = p.get("players") or []
    on_table = {f"card:{c['id']}" for pl in players for c in (pl.get("main"), pl.get("relative")) if c}
    discard = {f"card:{c['id']}" for c in p.get("discard") or ()}
    hire = {f"card:{c['id']}" for c in p.get("conspirators_available") or ()}
    elsewhere = discard | hire
    prompt = view.get("prompt") or {}
    state = ("round", "phase", "deck", "discard_count", "bank", "control_free", "individual_power", "starting")
    return {
        "board": [[pl.get("role") for pl in players]],
        "court": [
            (board or {}).get("powers"),
            [p.get(k) for k in ("control_free", "bells", "princes_left")],
            prompt.get("active"),
            prompt.get("text"),
            [pl.get("role") for pl in players],
            _marked(marks, lambda k: k.startswith("power:")),
        ],
        "state": [
            [p.get(k) for k in (*state, "round_of_turns", "turn", "order", "initiative_zero")],
            p.get("families"),
        ],
        "families": [
            p.get("families"),
            players,
            me.get("covered"),
            p.get("turn"),
            _marked(marks, lambda k: k.startswith(("seat:", "card:covered:")) or k in on_table),
        ],
        "hand": [me, players, _marked(marks, lambda k: k.startswith("card:") and k not in elsewhere)],
        "conspirators": [p.get("conspirators_available"), _marked(marks, lambda k: k in hire)],
        "discard": [
            [p.get(k) for k in ("discard", "results", "prince_discards")],
            p.get("families"),
            [pl.get("role") for pl in players],
            _marked(marks, lambda k: k in discard),
        ],
    }


def view_in_words(game: Game, view: dict[str, Any], lang: str) -> dict[str, Any]:
    """The view with each Special Situation's effect in ``lang`` (its names file's words, by the card's id; issue 29):
    the JSON API's view speaks the reader's language as its prompt and log do. A Situation's card is where
    ``views.card_view`` draws one: the discard pile, the seat's hand and a spied hand; the rest of the view is the
    same object (issue 29's 5 %)."""

    def said(c: Any) -> Any:
        if isinstance(c, dict) and c.get("kind") == "situation" and c.get("id"):
            effect = game.translated_text(c["id"], lang)
            return {**c, "effect": effect} if effect else c
        return c

    out = dict(view)
    public, private = view.get("public") or {}, view.get("private") or {}
    if public.get("discard"):
        out["public"] = {**public, "discard": [said(c) for c in public["discard"]]}
    if private.get("hand") or private.get("spied_hand"):
        mine = out["private"] = dict(private)
        if isinstance(private.get("hand"), list):
            mine["hand"] = [said(c) for c in private["hand"]]
        if private.get("spied_hand"):
            spied = private["spied_hand"]
            mine["spied_hand"] = {**spied, "cards": [said(c) for c in spied["cards"]]}
    return out


PRESENTATION = Presentation(board=table_board, action_keys=action_keys, board_parts=board_parts, words=view_in_words)
