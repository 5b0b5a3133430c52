"""HTML forms for a game's options, generated from its pydantic options model (so every game gets one)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app import i18n
from app.i18n import _
from engines.core import Game


@dataclass
class OptionField:
    name: str
    label: str
    kind: str  # select | checkbox | number | text
    default: Any
    help: str = ""
    choices: list[Any] = field(default_factory=list)
    minimum: int | None = None
    maximum: int | None = None
    optional: bool = False  # may be left blank: the game chooses (e.g. a scenario's fewest players)


def _resolve(schema: dict[str, Any], prop: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in prop:
        found: dict[str, Any] = schema.get("$defs", {}).get(prop["$ref"].rsplit("/", 1)[1], {})
        return found
    if "allOf" in prop and len(prop["allOf"]) == 1:
        return {**_resolve(schema, prop["allOf"][0]), **{k: v for k, v in prop.items() if k != "allOf"}}
    kinds = [p for p in prop.get("anyOf", ()) if p.get("type") != "null"]
    if len(kinds) == 1 < len(prop["anyOf"]):  # ``X | None``: an X that may be left blank (the game's default)
        rest = {k: v for k, v in prop.items() if k != "anyOf"}
        return {**_resolve(schema, kinds[0]), **rest, "optional": True}
    return prop


def option_fields(game: Game) -> list[OptionField]:
    """The options' fields, their label and help in the reader's language: the game's catalog's ``option.<name>``
    and ``option.<name>.help`` (issue 29), else the options model's title and description."""
    schema = game.Options.model_json_schema()
    catalog = game.catalogs.get(i18n.current(), game.catalogs["en"])
    fields = []
    for name, raw in schema.get("properties", {}).items():
        prop = {**_resolve(schema, raw), **{k: v for k, v in raw.items() if k in ("default", "description", "title")}}
        label = catalog.get(f"option.{name}") or prop.get("title") or name.replace("_", " ").capitalize()
        common = {
            "name": name,
            "label": label,
            "default": prop.get("default"),
            "help": catalog.get(f"option.{name}.help") or prop.get("description", ""),
            "optional": prop.get("optional", False),
        }
        if "enum" in prop:
            fields.append(OptionField(kind="select", choices=list(prop["enum"]), **common))
        elif prop.get("type") == "boolean":
            fields.append(OptionField(kind="checkbox", **common))
        elif prop.get("type") == "integer":
            fields.append(
                OptionField(kind="number", minimum=prop.get("minimum"), maximum=prop.get("maximum"), **common)
            )
        else:
            fields.append(OptionField(kind="text", **common))
    return fields


def options_from_form(game: Game, form: dict[str, Any]) -> dict[str, Any]:
    """Turn submitted strings back into option values (validation is the options model's job)."""
    out: dict[str, Any] = {}
    for f in option_fields(game):
        key = f"opt_{f.name}"
        if f.kind == "checkbox":
            out[f.name] = form.get(key) in ("on", "true", "1")
            continue
        if key not in form:
            continue
        value = form[key]
        if f.optional and not str(value).strip():
            continue
        if f.kind == "select":
            match = [c for c in f.choices if str(c) == value]
            out[f.name] = match[0] if match else value
        elif f.kind == "number":
            try:
                out[f.name] = int(value)
            except (TypeError, ValueError):
                out[f.name] = value
        else:
            out[f.name] = value
    return out


def seat_choices(game: Game) -> list[tuple[str, str]]:
    choices = [("me", _("Me")), ("open", _("Open to anyone")), ("invite", _("By invitation link"))]
    choices += [(f"bot:{name}", _("Bot ({name})").format(name=i18n.bot_kind(name))) for name in game.bots]
    return choices
