"""Rules at hand: a game's page (its scenarios and options in words), its rules reference section by section (the
rulebook's section names, our own short summaries, ``engines/<game>/rules_reference.yaml``) and a page per card,
notable or character with its values (``Game.content()``). Every rule a log entry cites links here."""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, RootModel

from app import i18n
from app.card_words import card_values
from app.deps import OptionalUser
from app.errors import NotFound
from app.forms import OptionField, option_fields
from app.i18n import _
from app.services.tables import game_of
from app.web import render
from engines.core import Game

router = APIRouter(include_in_schema=False)


class RuleSummary(BaseModel):
    model_config = ConfigDict(extra="forbid")
    summary: str
    source: Literal["rulebook", "reconstructed"] = "rulebook"


class RulesReference(RootModel[dict[str, RuleSummary]]):
    pass


def reference_path(game: Game) -> Path:
    module = sys.modules[type(game).__module__].__file__
    if module is None:
        raise RuntimeError(f"{game.id}: its module has no file to find rules_reference.yaml beside")
    return Path(module).parent / "rules_reference.yaml"


@lru_cache(maxsize=8)
def _reference(path: Path) -> dict[str, Any]:
    return (yaml.safe_load(path.read_text(encoding="utf-8")) or {}) if path.exists() else {}


@lru_cache(maxsize=8)
def _summaries(path: Path) -> dict[str, RuleSummary]:
    rules = {k: v for k, v in _reference(path).items() if k != "chapters"}
    return RulesReference.model_validate(rules).root


@lru_cache(maxsize=16)
def _translated(path: Path, lang: str) -> dict[str, str]:
    """The summaries in ``lang`` (issue 29): ``rules_reference.<lang>.yaml`` beside the English file, a rule's id to
    its summary; a rule it lacks reads in English, marked so."""
    own = path.with_name(f"{path.stem}.{lang}.yaml")
    data = (yaml.safe_load(own.read_text(encoding="utf-8")) or {}) if lang != i18n.DEFAULT and own.exists() else {}
    return {str(k): str(v) for k, v in data.items()}


@lru_cache(maxsize=8)
def _chapters(path: Path) -> list[str]:
    """The rulebook's chapters in its order (the file's ``chapters`` list, English): a numbered rulebook names
    each chapter by its number ("10. Strategic movement")."""
    return [str(c) for c in _reference(path).get("chapters") or []]


NUMBERED = re.compile(r"(\d+(?:\.\d+)*)\.?\s")


def _place(order: list[str], english: str) -> tuple[str, tuple[int, ...]]:
    """A rule's chapter (English) and its number in the rulebook (empty when the rulebook numbers nothing):
    "8.2.2 Impulse of a player" is in "8. Game sequence" at (8, 2, 2); "Actions › Hunt" in "Actions"."""
    m = NUMBERED.match(english)
    if m is None:
        return english.partition(" › ")[0], ()
    number = tuple(int(n) for n in m.group(1).split("."))
    named = next((c for c in order if NUMBERED.match(c) and c.split(".")[0] == str(number[0])), None)
    return named or f"{number[0]}.", number


def rule_sections(game: Game, query: str = "") -> list[dict[str, Any]]:
    """Every rule the game cites (``rule.<id>`` in its catalog), grouped by the rulebook's chapter in the
    rulebook's order (``chapters`` of its rules_reference.yaml; a chapter it does not list comes after, in the
    catalog's order), numbered sections by their numbers, else in the catalog's order: ``[{"chapter", "rules":
    [{"id", "title", "section", "summary", "said", "english"}]}]`` (``said``: the summary in the reader's language, else
    the English one, ``english`` then true). ``query``: only the rules whose title or summary holds it (any case)."""
    path = reference_path(game)
    summaries, order = _summaries(path), _chapters(path)
    translated = _translated(path, i18n.current())
    own = game.catalogs.get(i18n.current(), {})  # the reader's language, key by key, else English
    needle = query.strip().casefold()
    chapters: dict[str, dict[str, Any]] = {}
    for key, english in game.catalogs["en"].items():
        if not key.startswith("rule."):
            continue
        rule, title = key[5:], str(own.get(key) or english)
        summary = summaries.get(rule)
        said = translated.get(rule) or (summary.summary if summary is not None else "")
        if needle and needle not in title.casefold() and needle not in said.casefold():
            continue
        chapter, number = _place(order, str(english))
        heading, _sep, section = title.partition(" › ")
        entry = {
            "id": rule,
            "title": title,
            "section": title if number else (section or heading),
            "summary": summary,
            "said": said,
            "english": summary is not None and rule not in translated and i18n.current() != i18n.DEFAULT,
        }
        named = (own.get(f"chapter.{number[0]}") or chapter) if number else heading  # "7. Preparación de la partida"
        chapters.setdefault(chapter, {"chapter": named, "rules": []})
        chapters[chapter]["rules"].append((number, entry))
    rank = {c: i for i, c in enumerate(order)}
    out = []
    for i, (_chapter, c) in enumerate(sorted(chapters.items(), key=lambda kv: rank.get(kv[0], len(rank)))):
        rules = [e for _, e in sorted(c["rules"], key=lambda ne: ne[0])]  # stable: unnumbered keep their order
        out.append({"chapter": c["chapter"], "rules": rules, "anchor": f"chapter-{i + 1}"})
    return out


def _plain(value: str) -> str:
    return re.sub(r"[^a-z0-9]", "", value.lower())


def choice_label(game: Game, value: Any) -> str:
    """How an option's choice reads in the reader's language: the game's name for it (a scenario's id, the
    catalog's ``name.<value>``), a content object's name (a scenario's words), else its words."""
    if isinstance(value, bool):
        return _("on") if value else _("off")
    if not isinstance(value, str):
        return str(value)
    lang = i18n.current()
    named = game.name_of(value, lang)
    if named:
        return str(named)
    plain = _plain(value)
    for items in game.content().values():
        for item in items if isinstance(items, list) else []:
            if isinstance(item, dict) and item.get("name") and _plain(str(item["name"])).endswith(plain):
                return str(game.name_of(item.get("id"), lang) or item["name"])
    return value.replace("_", " ").title()


def described_options(game: Game) -> list[dict[str, Any]]:
    """The options as a person reads them: label, meaning, the choices by name and the default by name."""
    out = []
    for f in option_fields(game):
        out.append(
            {"field": f, "choices": [(c, choice_label(game, c)) for c in f.choices], "default": _default_words(game, f)}
        )
    return out


def _default_words(game: Game, f: OptionField) -> str:
    if f.kind == "checkbox":
        return _("on") if f.default else _("off")
    return choice_label(game, f.default)


def content_items(game: Game) -> list[dict[str, Any]]:
    """Every named content object (cards, notables, characters...) grouped by its kind of content."""
    groups = []
    for group, items in game.content().items():
        named = (
            [i for i in items if isinstance(i, dict) and i.get("id") and i.get("name")]
            if isinstance(items, list)
            else []
        )
        if named:
            groups.append({"group": _label(game, "content", group), "members": named})
    return groups


def _item(game: Game, item_id: str) -> dict[str, Any]:
    for group in content_items(game):
        for item in group["members"]:
            if item["id"] == item_id:
                found: dict[str, Any] = item
                return found
    raise NotFound(_("{game} has no card or piece {item!r}.").format(game=game.title_in(i18n.current()), item=item_id))


def _label(game: Game, kind: str, key: str) -> str:
    """A heading or label of the game's content in the reader's language: its catalog's ``<kind>.<key>``
    (``content.notables``, ``field.military``; issue 29), else the key's own words."""
    own = game.catalogs.get(i18n.current(), game.catalogs["en"]).get(f"{kind}.{key}")
    return str(own) if own else key.replace("_", " ").capitalize()


@router.get("/games/{game_id}/rules")
def game_info(request: Request, user: OptionalUser, game_id: str):
    game = game_of(game_id)
    scenarios = game.content().get("scenarios", [])
    return render(
        request,
        "lobby/game.html",
        game=game,
        options=described_options(game),
        scenarios=scenarios,
        chapters=rule_sections(game),
        groups=content_items(game),
    )


@router.get("/games/{game_id}/rules/reference")
def rules_reference(request: Request, user: OptionalUser, game_id: str, q: Annotated[str, Query(max_length=100)] = ""):
    game = game_of(game_id)
    chapters = rule_sections(game, q)
    found = sum(len(c["rules"]) for c in chapters)
    summarised = any(r["english"] for c in chapters for r in c["rules"])  # the page then says some are in English
    return render(
        request, "rules/reference.html", game=game, chapters=chapters, q=q.strip(), found=found, summarised=summarised
    )


@router.get("/games/{game_id}/cards")
def cards(request: Request, user: OptionalUser, game_id: str):
    game = game_of(game_id)
    lang = i18n.current()
    named = {i["id"]: game.name_of(i["id"], lang) or i["name"] for g in content_items(game) for i in g["members"]}
    return render(request, "rules/cards.html", game=game, groups=content_items(game), named=named)


@router.get("/games/{game_id}/cards/{item_id}")
def card(request: Request, user: OptionalUser, game_id: str, item_id: str):
    game = game_of(game_id)
    item = _item(game, item_id)
    lang = i18n.current()
    ids = {i["id"] for g in content_items(game) for i in g["members"]}
    values = card_values(game, item, ids, lang)  # in the reader's language; what has no words there is counted
    return render(
        request,
        "rules/card.html",
        game=game,
        item=item,
        title=game.name_of(item_id, lang) or item["name"],
        values=values.rows,
        english=values.english,
        note=item.get("note") if lang == i18n.DEFAULT else None,  # the owner's provenance note, in English
    )
