"""Content: the one loader of every game's data files (DESIGN.md › Content).

A game lists its files (name -> pydantic model); ``load_content`` reads each from the owner's folder when the
owner has one there (``<content_dir>/<game id>/<file>``), else the packaged copy, validates it, and computes the
content digest that goes into every state and record. A file that does not validate raises ``ContentError``
naming the game, the file and the item, so a bad owner file stops the server at start-up with that message.
"""

from __future__ import annotations

import hashlib
import pathlib
from dataclasses import dataclass
from typing import Any, TypeVar

import orjson
import yaml
from pydantic import BaseModel, ValidationError

from engines.core.types import ContentError

M = TypeVar("M", bound=BaseModel)  # a content model: ``validate`` answers an instance of the model it was given

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class Loaded:
    """Validated files (name -> model instance), where each came from, and the digest of them all."""

    files: dict[str, BaseModel]
    sources: dict[str, pathlib.Path]
    digest: str


def owner_folder(content_dir: pathlib.Path | str | None, game_id: str) -> pathlib.Path | None:
    """The owner's folder for one game, if it exists."""
    if not content_dir:
        return None
    folder = pathlib.Path(content_dir) / game_id
    return folder if folder.is_dir() else None


def _where(data: Any, loc: tuple[int | str, ...]) -> str:
    """'item <id>' for an error inside a list of items that have ids, else the path of the error."""
    node, path = data, []
    for part in loc:
        path.append(str(part))
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(node, dict) and "id" in node:
            return f"item {node['id']!r} ({'.'.join(path)})"
    return ".".join(path) or "the file"


def read_yaml(path: pathlib.Path, game_id: str) -> Any:
    try:
        with open(path, encoding="utf-8") as handle:
            return yaml.load(handle, Loader=_Loader)
    except (OSError, yaml.YAMLError) as exc:
        raise ContentError(f"{game_id}: {path}: cannot be read as YAML: {exc}") from None


def validate(model: type[M], data: Any, game_id: str, path: pathlib.Path) -> M:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        more = f" (and {exc.error_count() - 1} more problems)" if exc.error_count() > 1 else ""
        raise ContentError(f"{game_id}: {path}: {_where(data, tuple(err['loc']))}: {err['msg']}{more}") from None


def digest_of(data: Any) -> str:
    """A short, stable digest of JSON-able data."""
    return hashlib.sha256(orjson.dumps(data, option=orjson.OPT_SORT_KEYS)).hexdigest()[:16]


def load_content(
    game_id: str,
    packaged: pathlib.Path,
    files: dict[str, type[BaseModel]],
    content_dir: pathlib.Path | str | None = None,
) -> Loaded:
    """Load and validate every file of a game; an owner file of an unknown name is an error too (a typo would
    otherwise be ignored silently)."""
    owner = owner_folder(content_dir, game_id)
    if owner is not None:
        unknown = sorted(p.name for p in owner.iterdir() if p.is_file() and p.name not in files)
        if unknown:
            raise ContentError(
                f"{game_id}: {owner}: unknown content files {', '.join(unknown)}; "
                f"this game reads {', '.join(sorted(files))}"
            )
    models: dict[str, BaseModel] = {}
    sources: dict[str, pathlib.Path] = {}
    for name, model in files.items():
        path = owner / name if owner is not None and (owner / name).is_file() else packaged / name
        models[name] = validate(model, read_yaml(path, game_id), game_id, path)
        sources[name] = path
    digest = digest_of({name: m.model_dump(mode="json") for name, m in sorted(models.items())})
    return Loaded(models, sources, digest)
