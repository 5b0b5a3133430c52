"""Words as data: a game's message catalog and the renderer that turns a ``Text`` or a log ``Entry`` into a
sentence in the reader's language (DESIGN.md › Log).

A catalog is one YAML file per language beside the engine (``messages/en.yaml``): message keys to templates, and
``rule.<id>`` keys to the titles of the rulebook's sections that log entries cite. Templates use ``str.format``
fields, with two additions:

- an argument that names an object (a card id, a role) is shown by its name: the game's ``namer`` and the table's
  seat names decide;
- ``{n:count:Ducat|Ducats}`` writes "1 Ducat" / "3 Ducats"; ``{n:plural:card|cards}`` writes only the word.

- ``{x:the}`` writes the name with its definite article in the reader's language: "the Flanders War"; in
  Spanish "el"/"la"/"los"/"las" by the name's gender (the game's ``gender_of``: ``m``, ``f``, ``mp``, ``fp``;
  masculine when it says nothing), and "de el"/"a el" contract to "del"/"al" (issue 29).
- a name that takes its definite article in running text (``article: true`` in the game's names file of the
  language: "the Ottomans", "los otomanos", "el Papado") is written with it by a plain ``{x}`` too, in its running
  form (``running``: Spanish writes a people in lowercase), each name of a list as well; ``{x:the}`` does not write it
  twice, and ``{x:bare}`` writes the name alone (a noun before a noun: "Ottomans troop 3"). A sentence that begins
  with such an article begins with a capital: "The Ottomans build …", "Los otomanos construyen …".
- ``{x:agree:aliado|aliada|aliados|aliadas}`` writes only the word that agrees with the gender of ``x``'s name
  (``m``, ``f``, ``mp``, ``fp``): "España, aliada de Austria", "los Otomanos, aliados de Francia"; with two forms
  the word agrees in number only, ``{power:agree:gains|gain}``: "France gains", "the Ottomans gain". A list of
  two names or more is plural (feminine when every name is). A language agrees where its grammar asks: an
  ``agree`` field is not one of the template's arguments, it reads one of them.

Lists of names are joined with commas and the catalog's ``core.and`` ("and", "y"; Spanish writes "e" before a word
that begins with the sound *i*: "Francia e Inglaterra"); booleans read ``core.yes`` / ``core.no``. A language's
catalog reads every key it lacks in English (``Game`` merges them when it loads). The grammar of each language
is :data:`GRAMMARS`'; a language without one writes as English does.
"""

from __future__ import annotations

import pathlib
import re
import string
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any, ClassVar, cast

import yaml

from engines.core.types import ContentError, Text

Namer = Callable[[Any, str], str | None]  # (value, lang) -> a name, or None when the value names nothing
Gender = Callable[[Any, str], str | None]  # (value, lang) -> "m", "f", "mp", "fp", or None (the language's default)


class Grammar:
    """What a language does to names in a sentence: the definite article before a name, the "and" of a list, and
    the contractions a finished sentence makes. English's is this class; another language overrides."""

    articles: ClassVar[dict[str, str]] = {"m": "the", "f": "the", "mp": "the", "fp": "the"}

    def the(self, name: str, gender: str | None) -> str:
        return f"{self.articles.get(gender or 'm', self.articles['m'])} {name}"

    def opening(self, sentence: str) -> str:
        """``sentence`` begun with a capital: the article a name brought to its start ("the Ottomans build")."""
        return sentence[:1].upper() + sentence[1:]

    def and_before(self, and_word: str, following: str) -> str:
        return and_word

    def finish(self, sentence: str) -> str:
        return sentence


class SpanishGrammar(Grammar):
    """El, la, los, las by gender; "y" becomes "e" before a word that begins with the sound *i* (i-, hi-, but not
    hie- / hia-: "Francia e Inglaterra", "agua y hielo"); "de el" and "a el" contract to "del" and "al"."""

    articles: ClassVar[dict[str, str]] = {"m": "el", "f": "la", "mp": "los", "fp": "las"}
    _I_SOUND = re.compile(r"(?i)(h?[iíÍ])(?![aeoáéó])")
    _CONTRACT = re.compile(r"\b([Dd]e|[Aa]) el\b")

    def and_before(self, and_word: str, following: str) -> str:
        return "e" if and_word == "y" and self._I_SOUND.match(following) else and_word

    def finish(self, sentence: str) -> str:
        if "e el" not in sentence and "a el" not in sentence and "A el" not in sentence:  # most sentences (issue 29)
            return sentence
        return self._CONTRACT.sub(lambda m: m.group(1) + "l", sentence)


GENDERS = ("m", "f", "mp", "fp")  # a name's grammatical genders, the order of an ``agree`` field's four forms
GRAMMARS: dict[str, Grammar] = {"en": Grammar(), "es": SpanishGrammar()}


def load_catalogs(folder: pathlib.Path) -> dict[str, dict[str, str]]:
    """Every ``<lang>.yaml`` in ``folder``: lang -> key -> template; English must be there."""
    catalogs: dict[str, dict[str, str]] = {}
    for path in sorted(folder.glob("*.yaml")):
        with open(path, encoding="utf-8") as handle:
            data = yaml.safe_load(handle) or {}
        if not isinstance(data, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
            raise ContentError(f"{path}: a message catalog maps keys to template strings")
        catalogs[path.stem] = data
    if "en" not in catalogs:
        raise ContentError(f"{folder}: no English catalog (en.yaml)")
    return catalogs


class _Formatter(string.Formatter):
    def __init__(
        self,
        name: Callable[[Any], str],
        and_word: str = "and",
        grammar: Grammar | None = None,
        gender: Callable[[Any], str | None] = lambda _value: None,
        articled: Mapping[str, str] | None = None,
    ):
        self._name = name
        self._and_word = and_word
        self._grammar = grammar or GRAMMARS["en"]
        self._gender = gender
        self._articled = articled or {}

    def articled(self, value: Any) -> bool:
        """Whether ``value`` (a list: its first name) is a name that takes its article in running text."""
        if isinstance(value, (list, tuple)):
            value = value[0] if value else None
        return value.__class__ is str and value in self._articled

    def _said(self, value: Any) -> str:
        """``value``'s name as running text writes it: with its article where the name takes one."""
        said = self._articled.get(value) if value.__class__ is str else None
        return self._name(value) if said is None else said

    def format_field(self, value: Any, format_spec: str) -> str:
        if not format_spec and value.__class__ is str:  # most fields: a plain name
            said = self._articled.get(value)
            return self._name(value) if said is None else said
        kind, _, forms = format_spec.partition(":")
        if kind in ("count", "plural") and "|" in forms:
            one, many = forms.split("|", 1)
            word = one if value == 1 else many
            return f"{value} {word}" if kind == "count" else word
        if kind == "agree" and "|" in forms:
            return self._agreeing(value, forms.split("|"))
        if format_spec == "the":
            if self.articled(value):  # the name's own article: written once
                return self._said(value)
            return self._grammar.the(self._name(value), self._gender(value))
        if format_spec == "bare":
            return self._name(value)
        if format_spec:
            return str(super().format_field(value, format_spec))
        if isinstance(value, (list, tuple)):
            names = [self._said(v) for v in value]
            if len(names) <= 1:
                return "".join(names)
            return f"{', '.join(names[:-1])} {self._grammar.and_before(self._and_word, names[-1])} {names[-1]}"
        return self._said(value)

    def _agreeing(self, value: Any, forms: list[str]) -> str:
        """The one of ``forms`` (singular|plural, or m|f|mp|fp) that agrees with ``value``'s name (a list's)."""
        if isinstance(value, (list, tuple)) and len(value) > 1:
            feminine = all((self._gender(v) or "m").startswith("f") for v in value)
            gender = "fp" if feminine else "mp"
        else:
            gender = self._gender(value[0] if isinstance(value, (list, tuple)) and value else value) or "m"
        return forms[gender.endswith("p")] if len(forms) == 2 else forms[GENDERS.index(gender)]


@lru_cache(maxsize=8192)
def _parsed(template: str) -> tuple[tuple[str, str | None, str | None, str | None], ...]:
    """A template split once into (literal, field, spec, conversion) parts (str.format's own parser)."""
    parts = tuple(string.Formatter().parse(template))
    for _, field, spec, _ in parts:
        if field is not None and (not field.isidentifier() or "{" in (spec or "")):
            raise ValueError(f"template {template!r}: fields are plain argument names")
        if (spec or "").startswith("agree:") and (spec or "").count("|") not in (1, 3):
            raise ValueError(f"template {template!r}: an agree field has two forms (singular|plural) or four")
    return parts


class Renderer:
    """Renders ``Text`` and log entries of one game for one reader."""

    def __init__(
        self,
        catalogs: dict[str, dict[str, str]],
        namer: Namer,
        lang: str = "en",
        names: dict[str, str] | None = None,
        gender: Gender | None = None,
        articled: Mapping[str, str] | None = None,
    ):
        """``articled``: the ids whose names take their definite article in running text, each to the name with
        its article (the game's names file of ``lang``: ``Game.articled``); a seat's name in ``names`` takes none."""
        self.lang = lang if lang in catalogs else "en"
        self._catalog = catalogs[self.lang]
        self._fallback = catalogs["en"]
        self._namer = namer
        self._names = names or {}
        self._grammar = GRAMMARS.get(self.lang, GRAMMARS["en"])
        self._formatter = _Formatter(
            self._name,
            self._catalog.get("core.and") or self._fallback.get("core.and", "and"),
            self._grammar,
            (lambda value: gender(value, self.lang)) if gender is not None else (lambda _value: None),
            articled if not articled or self._names.keys().isdisjoint(articled) else self._but_roles(articled),
        )
        # what the output depends on besides the game's catalogs and namer: equal keys of one game render alike
        self.key = (self.lang, tuple(sorted(self._names.items())))

    def _but_roles(self, articled: Mapping[str, str]) -> dict[str, str]:
        """The names that take their article, less the roles this reader sees by a seat's name."""
        return {key: running for key, running in articled.items() if key not in self._names}

    def _name(self, value: Any) -> str:
        if isinstance(value, dict) and "msg" in value:  # a Text inside a Text (e.g. the reason of a payment)
            return self.text(cast(Text, value), inside=True)
        if isinstance(value, str):
            if value in self._names:
                return self._names[value]
            named = self._namer(value, self.lang)
            if named is not None:
                return named
        if isinstance(value, bool):
            key = "core.yes" if value else "core.no"
            return self._catalog.get(key) or self._fallback.get(key) or ("yes" if value else "no")
        return str(value)

    def template(self, key: str) -> str:
        found = self._catalog.get(key)
        if found is None:
            found = self._fallback.get(key)
        if found is None:
            raise KeyError(f"no message {key!r} in the catalog")
        return found

    def text(self, t: Text | str | None, inside: bool = False) -> str:
        """``t`` in words; ``inside`` another sentence, its first word keeps its case."""
        if t is None:
            return ""
        if isinstance(t, str):
            return self.template(t)
        args = t.get("args") or {}
        out = []
        parts = _parsed(self.template(t["msg"]))
        for literal, field, spec, conversion in parts:
            out.append(literal)
            if field is not None:
                if field not in args:
                    raise KeyError(f"message {t['msg']!r} needs the argument {field!r}")
                value = args[field]
                if conversion:
                    value = repr(value) if conversion == "r" else str(value)
                out.append(self._formatter.format_field(value, spec or ""))
        sentence = self._grammar.finish("".join(out))
        if inside or not sentence[:1].islower():
            return sentence
        # the sentence begins with a name's article ("the Ottomans build" -> "The Ottomans build")
        literal, field, spec, conversion = parts[0]
        if (
            literal
            or field is None
            or conversion
            or spec not in ("", "the")
            or not self._formatter.articled(args[field])
        ):
            return sentence
        return self._grammar.opening(sentence)

    def variant(self, t: Text | str | None, suffix: str) -> str | None:
        """``t`` in the words its catalog keeps for a context (the key ``<its key>.<suffix>``, with the same
        arguments), or None when the game has no such words (e.g. ``in_group``: an action's label under a heading
        that names its party already, ``Game.labels``)."""
        if t is None:
            return None
        key = f"{t if isinstance(t, str) else t['msg']}.{suffix}"
        if key not in self._catalog and key not in self._fallback:
            return None
        return self.text(key if isinstance(t, str) else cast(Text, {**t, "msg": key}))

    def rule(self, rule_id: str | None) -> str | None:
        return None if not rule_id else self.template(f"rule.{rule_id}")
