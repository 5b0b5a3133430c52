"""A card's (notable's, area's...) values as its page shows them, in the reader's language (issue 29).

``Game.content()`` keeps a card's values as the content files write them: numbers, flags, ids of other content
objects, and words of the rules (an effect's kind ``anglo_spanish_war``, a side ``foreign``, a condition
``happiness_at_least:7``). For the page each becomes what a reader reads:

- another content object by its id: a link, named in the reader's language;
- an id the game names (a power, a war, a trait): the game's ``name_of`` in that language;
- the card's printed words (``text``, ``effect``, ``task``): its names file's ``text`` in that language;
- a word of the rules: the game's catalogue ``value.<word>`` (a field's name: its ``field.<word>``) (a condition ``key:arg|arg`` reads its key there, its
  arguments each by name), else, for English, the word itself with spaces.

A value with no words in the reader's language stays as the content writes it, marked (:class:`English`: the page
marks it ``lang="en"``) and counted, so that the page says some of its values are still the English rulebook's
(:attr:`CardValues.english`). The content's own notes
(``note``: its provenance, citing the English rulebook's lines) are the owner's, read in English only."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from engines.core import Game

HIDDEN_VALUES = {"id", "name", "stated", "lines", "line", "aliases", "source", "note", "kind"}
EMPTY: tuple[Any, ...] = (None, [], {}, "")
ENGLISH_ONLY = {"variants", "printed"}  # the English edition's printed forms ("Barbary C.", a row as printed)
PRINTED = {"text", "effect", "task"}  # the fields that hold a card's printed words
COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
WORDLESS = re.compile(r"[^A-Za-z]*")  # "3-7", "+2": nothing to translate


@dataclass(frozen=True)
class Linked:
    """Another content object within a value: its page and its name in the reader's language."""

    href: str
    name: str


@dataclass(frozen=True)
class English:
    """A value's words with none in the reader's language: the page marks them ``lang="en"``."""

    english: str


@dataclass(frozen=True)
class Within:
    """A content object written within a value (a province of a theater): its name, then its other values."""

    object: Any
    rest: dict[str, Any]


@dataclass
class CardValues:
    """The rows of a card's page (label, value) and the values left in English (``english``: their words)."""

    rows: list[tuple[str, Any]] = field(default_factory=list)
    english: list[str] = field(default_factory=list)


def card_values(game: Game, item: dict[str, Any], ids: set[str], lang: str) -> CardValues:
    """``item``'s values for its page in ``lang``; ``ids``: the game's content objects that have a page."""
    out = CardValues()
    words = _Words(game, ids, lang, out.english)
    for key, value in item.items():
        if key in HIDDEN_VALUES or value in EMPTY or (key in ENGLISH_ONLY and lang != "en"):
            continue
        if _Words._printed_words(key, value):  # words, not an effect's id
            out.rows.append((words.label(key), words.printed(item["id"], value)))
        else:
            out.rows.append((words.label(key), words.value(value)))
    return out


class _Words:
    def __init__(self, game: Game, ids: set[str], lang: str, english: list[str]) -> None:
        self.game, self.ids, self.lang, self.english = game, ids, lang, english
        self.own = game.catalogs.get(lang, {})
        self.en = game.catalogs["en"]

    def label(self, key: str) -> str:
        """A field's label: the catalogue's ``field.<key>`` in the language, else the key's own words."""
        found = self.own.get(f"field.{key}") or self.en.get(f"field.{key}")
        if found:
            return str(found)
        if self.lang != "en":
            self.english.append(key)
        return key.replace("_", " ").capitalize()

    def printed(self, item_id: str, english: str) -> str | English:
        if self.lang == "en":
            return english
        own = self.game.translated_text(item_id, self.lang)
        if own:
            return own
        self.english.append(english)
        return English(english)

    def value(self, v: Any) -> Any:
        if isinstance(v, dict):
            shown = [k for k, x in v.items() if self._shown(k, x)]
            if isinstance(v.get("id"), str) and len(shown) == 1 and self._printed_words(shown[0], v[shown[0]]):
                # an object that is its printed words (a power card's ability, "Sea dogs: may carry out piracy…")
                # is shown as those words, which name it: not its name, then its name again
                return self._within(v, shown[0], v[shown[0]])
            rest = {self._field(k): self._within(v, k, v[k]) for k in shown}
            if isinstance(v.get("id"), str) and self.game.name_of(v["id"], "en"):
                return Within(self.word(v["id"]), rest)
            if isinstance(v.get("id"), str) and isinstance(v.get("name"), str):  # an object the game does not name
                return Within(v["name"], rest) if rest else v["name"]
            return rest
        if isinstance(v, list):
            return [self.value(x) for x in v]
        if isinstance(v, str):
            return self.word(v)
        return v

    @staticmethod
    def _printed_words(key: str, v: Any) -> bool:
        """Whether ``key: v`` holds printed words (a card's text), not an id (an effect's)."""
        return key in PRINTED and isinstance(v, str) and " " in v

    def _shown(self, key: str, v: Any) -> bool:
        """Whether a value within another's is shown: not hidden, not empty, not the English edition's own."""
        return key not in HIDDEN_VALUES and v not in EMPTY and not (key in ENGLISH_ONLY and self.lang != "en")

    def _within(self, owner: dict[str, Any], key: str, v: Any) -> Any:
        """A value within another's: printed words (a power card's ability, a scenario's special rule) read by
        their object's id (the game's ``translated_text``)."""
        if self._printed_words(key, v) and isinstance(owner.get("id"), str):
            return self.printed(owner["id"], v)
        return self.value(v)

    def _field(self, key: Any) -> str:
        """A value's own field (``influence_range › government``): its catalogue label, or its words."""
        key = str(key)
        found = self.own.get(f"field.{key}") if self.lang != "en" else None
        return str(found or self.game.name_of(key, self.lang) or key.replace("_", " "))

    def word(self, v: str) -> Any:
        """One string of a value in the reader's language."""
        named = self.game.name_of(v, self.lang)  # a proper name reads as the names file has it, else as printed
        if v in self.ids:
            return Linked(v, str(named or v))
        if named:
            return str(named)
        own = self.own.get(f"value.{v}") or self.own.get(f"field.{v}")  # a field's name: "rulebook_values"
        if own:
            return str(own)
        key, colon, args = v.partition(":")
        if colon and (self.own.get(f"value.{key}") or self.lang == "en"):  # a condition: "key:arg|arg"
            said = [self._arg(a) for a in args.split("|")]
            return f"{self.own.get(f'value.{key}') or key.replace('_', ' ')}: {', '.join(said)}"
        if self.lang != "en" and not COLOUR.fullmatch(v) and not WORDLESS.fullmatch(v):
            self.english.append(v)
            return English(v.replace("_", " "))
        return v.replace("_", " ")

    def _arg(self, arg: str) -> str:
        named = self.game.name_of(arg, self.lang)
        if named:
            return str(named)
        if not WORDLESS.fullmatch(arg) and self.lang != "en" and not self.own.get(f"value.{arg}"):
            self.english.append(arg)
        return str(self.own.get(f"value.{arg}") or arg.replace("_", " "))
