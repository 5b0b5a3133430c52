"""Words as data: a game's message catalog and the renderer that turns a ``Text`` or a log ``Entry`` into a
sentence in the reader's language (DESIGN.md › Log).

A catalog is one YAML file per language beside the engine (``messages/en.yaml``): message keys to templates, and
``rule.<id>`` keys to the titles of the rulebook's sections that log entries cite. Templates use ``str.format``
fields, with two additions:

- an argument that names an object (a card id, a role) is shown by its name: the game's ``namer`` and the table's
  seat names decide;
- ``{n:count:Ducat|Ducats}`` writes "1 Ducat" / "3 Ducats"; ``{n:plural:card|cards}`` writes only the word.

Lists of names are joined with commas and the catalog's ``core.and`` ("and", "y"); booleans read ``core.yes`` /
``core.no``. A language's catalog reads every key it lacks in English (``Game`` merges them when it loads).
"""

from __future__ import annotations

import pathlib
import string
from collections.abc import Callable
from functools import lru_cache
from typing import Any, cast

import yaml

from engines.core.types import ContentError, Text

Namer = Callable[[Any, str], str | None]  # (value, lang) -> a name, or None when the value names nothing


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
    def __init__(self, name: Callable[[Any], str], and_word: str = "and"):
        self._name = name
        self._and = f" {and_word} "

    def format_field(self, value: Any, format_spec: str) -> str:
        kind, _, forms = format_spec.partition(":")
        if kind in ("count", "plural") and "|" in forms:
            one, many = forms.split("|", 1)
            word = one if value == 1 else many
            return f"{value} {word}" if kind == "count" else word
        if format_spec:
            return str(super().format_field(value, format_spec))
        if isinstance(value, (list, tuple)):
            names = [self._name(v) for v in value]
            if len(names) <= 1:
                return "".join(names)
            return ", ".join(names[:-1]) + self._and + names[-1]
        return self._name(value)


@lru_cache(maxsize=8192)
def _parsed(template: str) -> tuple[tuple[str, str | None, str | None, str | None], ...]:
    """A template split once into (literal, field, spec, conversion) parts (str.format's own parser)."""
    parts = tuple(string.Formatter().parse(template))
    for _, field, spec, _ in parts:
        if field is not None and (not field.isidentifier() or "{" in (spec or "")):
            raise ValueError(f"template {template!r}: fields are plain argument names")
    return parts


class Renderer:
    """Renders ``Text`` and log entries of one game for one reader."""

    def __init__(
        self, catalogs: dict[str, dict[str, str]], namer: Namer, lang: str = "en", names: dict[str, str] | None = None
    ):
        self.lang = lang if lang in catalogs else "en"
        self._catalog = catalogs[self.lang]
        self._fallback = catalogs["en"]
        self._namer = namer
        self._names = names or {}
        self._formatter = _Formatter(self._name, self._catalog.get("core.and") or self._fallback.get("core.and", "and"))
        # what the output depends on besides the game's catalogs and namer: equal keys of one game render alike
        self.key = (self.lang, tuple(sorted(self._names.items())))

    def _name(self, value: Any) -> str:
        if isinstance(value, dict) and "msg" in value:  # a Text inside a Text (e.g. the reason of a payment)
            return self.text(cast(Text, value))
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

    def text(self, t: Text | str | None) -> str:
        if t is None:
            return ""
        if isinstance(t, str):
            return self.template(t)
        args = t.get("args") or {}
        out = []
        for literal, field, spec, conversion in _parsed(self.template(t["msg"])):
            out.append(literal)
            if field is not None:
                if field not in args:
                    raise KeyError(f"message {t['msg']!r} needs the argument {field!r}")
                value = args[field]
                if conversion:
                    value = repr(value) if conversion == "r" else str(value)
                out.append(self._formatter.format_field(value, spec or ""))
        return "".join(out)

    def rule(self, rule_id: str | None) -> str | None:
        return None if not rule_id else self.template(f"rule.{rule_id}")
