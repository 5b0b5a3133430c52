"""The Planet King's content: notables, event cards, secret memorials, leaders, the board, scenarios and the
printed tables (Components; Setup; Scenarios; Battle Name Generator; Errata).

The data lives in ``data/*.yaml`` beside this module, validated here on load. Every item carries ``source:
rulebook`` (the rulebook names it) or ``source: reconstructed``; ``stated`` lists the fields whose values the
rulebook gives exactly, ``lines`` the lines that give them. An owner's file of the same name in the folder
``<content_dir>/planet-king/`` replaces a packaged one, validated the same way (CONTENT.md; the content folder is
the app's setting, one subfolder per game id). Ids are ``pk:<group>:<slug>``
(copies numbered: ``pk:event:action-1``); a rating printed '?' is ``null``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, cast, get_args

from pydantic import BaseModel, RootModel, ValidationError, model_validator

from engines.core.content import load_content
from engines.core.types import ContentError
from engines.planet_king.content_items import (
    EventCard,
    Item,
    Leader,
    Line,
    Memorial,
    Model,
    Noble,
    Notable,
    Office,
    Power,
    Scenario,
    Tables,
    Territory,
    War,
)

DATA_DIR = Path(__file__).with_name("data")

FILES: dict[str, Any] = {
    "nobles": list[Notable],
    "geniuses": list[Notable],
    "ladies": list[Notable],
    "events": list[EventCard],
    "memorials": list[Memorial],
    "leaders": list[Leader],
    "powers": list[Power],
    "wars": list[War],
    "territories": list[Territory],
    "lines": list[Line],
    "scenarios": list[Scenario],
    "tables": Tables,
}


# one RootModel per file, made from FILES (mypy cannot follow a type held in a variable)
FILE_MODELS: dict[str, type[BaseModel]] = {f"{name}.yaml": RootModel[kind] for name, kind in FILES.items()}  # type: ignore[valid-type]


def _file_of(item_id: str) -> str:
    group = item_id.split(":")[1] if item_id.count(":") >= 2 else ""
    return {
        "noble": "nobles",
        "genius": "geniuses",
        "lady": "ladies",
        "event": "events",
        "memorial": "memorials",
        "leader": "leaders",
        "power": "powers",
        "war": "wars",
        "territory": "territories",
        "line": "lines",
        "scenario": "scenarios",
    }.get(group, "tables") + ".yaml"


class Content(Model):
    """All the content, cross-checked: unique ids and every reference resolves."""

    notables: list[Notable]
    events: list[EventCard]
    memorials: list[Memorial]
    leaders: list[Leader]
    powers: list[Power]
    wars: list[War]
    territories: list[Territory]
    lines: list[Line]
    scenarios: list[Scenario]
    tables: Tables

    def items(self) -> list[Item]:
        return [
            *self.notables,
            *self.events,
            *self.memorials,
            *self.leaders,
            *self.powers,
            *self.wars,
            *self.territories,
            *self.lines,
            *self.scenarios,
        ]

    def by_id(self) -> dict[str, Item]:
        return {item.id: item for item in self.items()}

    @model_validator(mode="after")
    def _references(self):
        _check_references(self)
        return self


def _args(value: str | None) -> list[str]:
    """The arguments of a condition / check string "key:arg|arg"."""
    if not value or ":" not in value:
        return []
    return value.split(":", 1)[1].split("|")


def _check_references(c: Content) -> None:
    """Unique ids, and every id a content item names exists with the right group (issue 4, Content)."""
    items = c.items()
    ids = [item.id for item in items]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise ValueError(f"duplicate ids: {dupes}")
    known = set(ids) | {child["id"] for child in c.tables.children}
    problems: list[str] = []

    def need(owner: str, refs, *groups: str) -> None:
        prefixes = tuple(f"pk:{g}:" for g in groups) or ("pk:",)
        bad = [r for r in refs if r is not None and (r not in known or not r.startswith(prefixes))]
        problems.extend(f"{owner} -> {r}" for r in bad)

    for item in items:
        args = [a for f in ("condition", "removed_if", "check") for a in _args(getattr(item, f, None))]
        need(item.id, [a for a in args if a.startswith("pk:")])
    for n in c.notables:
        if isinstance(n, Noble):
            need(n.id, [n.son, n.father], "noble")
    for e in c.events:
        need(e.id, [e.war], "power")
        need(e.id, e.removes, "event")
    for x in c.leaders:
        need(x.id, [x.noble], "noble")
        need(x.id, [x.power], "power")
        need(x.id, x.fronts or [], "war")
    for p in c.powers:
        need(p.id, [change.card for change in p.strength_changes], "event")
    for w in c.wars:
        need(w.id, [w.power], "power")
        need(w.id, [w.declared_from], "territory")
    for line in c.lines:
        need(line.id, line.ends, "territory", "war")
    for s in c.scenarios:
        need(
            s.id,
            [
                s.valido,
                s.queen,
                s.court_painter,
                *s.mistress_choices,
                *s.offices.values(),
                *s.court_nobles,
                *s.court_geniuses,
                *s.set_aside,
                *s.eliminated,
                *(s.noble_deck or []),
            ],
            "noble",
            "genius",
            "lady",
        )
        armies = [a for a in s.appoint if a not in get_args(Office)]
        need(s.id, [*s.wars_ended, *(w.war for w in s.wars), *armies], "war")
        need(s.id, [*s.units], "territory")
        need(s.id, [s.heir and s.heir.get("child")], "child")
        need(s.id, [*(s.event_deck or []), *s.events_removed], "event")
        need(s.id, [*(s.enemy_leaders or []), *(w.enemy_leader for w in s.wars)], "leader")
        need(s.id, [w.commander for w in s.wars], "noble")
        need(s.id, [s.setup_from], "scenario")
        for units in [*s.units.values(), *(w.units for w in s.wars)]:
            problems.extend(f"{s.id} -> unit {u}" for u in units if u not in c.tables.units)
    if problems:
        raise ValueError("unresolved references: " + ", ".join(problems))


def load(content_dir: str | Path | None = None) -> tuple[Content, str]:
    """The validated content of one game (the packaged files, or the owner's replacements in
    ``<content_dir>/planet-king/``) and its digest; a bad file raises ``ContentError`` naming the file and item."""
    loaded = load_content("planet-king", DATA_DIR, FILE_MODELS, content_dir)
    parts = {name[: -len(".yaml")]: cast(RootModel[Any], model).root for name, model in loaded.files.items()}
    notables = parts.pop("nobles") + parts.pop("geniuses") + parts.pop("ladies")
    try:
        content = Content(notables=notables, **parts)
    except ValidationError as exc:
        message = exc.errors()[0]["msg"]
        first = re.search(r"pk:[a-z-]+:[a-z0-9-]+", message)
        where = loaded.sources[_file_of(first.group(0))] if first else "the content"
        raise ContentError(f"planet-king: {where}: {message}") from None
    return content, loaded.digest


def export(content: Content) -> dict[str, Any]:
    """The content as JSON-able data for ``siglo content export planet-king``."""
    out: dict[str, Any] = {
        key: [item.model_dump(mode="json") for item in getattr(content, key)]
        for key in ("notables", "events", "memorials", "leaders", "powers", "wars", "territories", "lines", "scenarios")
    }
    out["tables"] = content.tables.model_dump(mode="json")
    return out
