"""Content: the one loader of every game's data files (DESIGN.md › Content).

A game lists its files (name -> pydantic model); ``load_content`` reads each from the owner's folder when the
owner has one there (``<content_dir>/<game id>/<file>``), else the packaged copy, validates it, and computes the
content digest that goes into every state and record.

The digest is computed over the rule fields only (issue 29): the words a person reads (``name``, ``text``, the
printed quotes) and the provenance of an item (``source``, ``lines``, ``stated``...) — the keys of
:data:`WORD_FIELDS`, at any depth — are left out, so that translating or rewording a name flags no table whose
rules changed and breaks no record import. ``legacy_digest`` is the digest as it was computed before (over every
field): a record or a finished table made before issue 29 carries it, and the same content still replays it
(:func:`accepts`). A file that does not validate raises ``ContentError``
naming the game, the file and the item, so a bad owner file stops the server at start-up with that message.
"""

from __future__ import annotations

import hashlib
import pathlib
import re
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

import orjson
import yaml
from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from engines.core.types import ContentError

M = TypeVar("M", bound=BaseModel)  # a content model: ``validate`` answers an instance of the model it was given

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class Loaded:
    """Validated files (name -> model instance), where each came from, and the digest of them all."""

    files: dict[str, BaseModel]
    sources: dict[str, pathlib.Path]
    digest: str
    legacy_digest: str = ""


# Keys whose values are words or provenance, never a rule (issue 29): left out of the content digest at any depth.
WORD_FIELDS = frozenset(
    {
        "name",
        "names",
        "aliases",
        "text",
        "task",
        "note",
        "notes",
        "quote",
        "printed",
        "battle_names",
        "source",
        "source_note",
        "confidence",
        "stated",
        "line",
        "lines",
    }
)

_LEGACY: dict[str, set[str]] = {}  # a rules digest -> the full digests of content loaded with it (this process)


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


def rules_of(data: Any) -> Any:
    """``data`` without the keys of :data:`WORD_FIELDS`, at any depth: what the content digest is computed over."""
    if isinstance(data, dict):
        return {k: rules_of(v) for k, v in data.items() if k not in WORD_FIELDS}
    if isinstance(data, list):
        return [rules_of(v) for v in data]
    return data


def rules_digest(data: Any) -> str:
    """The digest of the rule fields of JSON-able content (:func:`rules_of`)."""
    return digest_of(rules_of(data))


def accepts(digest: str, recorded: Any) -> bool:
    """Whether a record or a state that names the content digest ``recorded`` was played with content whose rules
    are those of ``digest``: the same digest, or the digest the same content had before issue 29 (over every field,
    names too), for records made before the digest left the words out."""
    return recorded == digest or recorded in _LEGACY.get(digest, ())


def accept_older(digest: str, older: str) -> None:
    """Records and states that name the digest ``older`` were played with the content of ``digest`` as an older
    engine spelt it (a game that renamed its ids, whose ``Game.upgrade_move`` maps their moves): ``accepts``
    them."""
    _LEGACY.setdefault(digest, set()).add(older)


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
        unknown = sorted(
            p.name for p in owner.iterdir() if p.is_file() and p.name not in files and not NAMES_FILE.fullmatch(p.name)
        )
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
    dumped = {name: m.model_dump(mode="json") for name, m in sorted(models.items())}
    digest, legacy = rules_digest(dumped), digest_of(dumped)
    _LEGACY.setdefault(digest, set()).add(legacy)
    return Loaded(models, sources, digest, legacy)


# ----- names per language (issue 29) --------------------------------------------------------------------------------
NAMES_FILE = re.compile(r"names\.([a-z]{2})\.yaml")


class Name(BaseModel):
    """One object's name in one language (and its printed words, ``text``): the name, the grammatical gender its articles follow (``m``, ``f``,
    ``mp``, ``fp``; None: the language's default) and where the words come from (``source: reconstructed`` where
    the edition's own term is not known, so that an owner can correct it)."""

    model_config = ConfigDict(extra="forbid")  # a misspelt field ("articel") is an error, not a silent default

    name: str
    gender: Literal["m", "f", "mp", "fp"] | None = None
    source: str | None = None
    text: str | None = None  # the object's printed words in the language (a card's effect), when it has some
    article: bool = False  # running text writes the name with its definite article: "the Ottomans", "el Papado"
    running: str | None = None  # the name after that article, when not ``name`` (Spanish peoples: "otomanos")

    @model_validator(mode="after")
    def _running_follows_its_article(self) -> Name:
        if self.running is not None and not self.article:
            raise ValueError("running is the name after its article: it needs article: true")
        return self


def load_names(
    game_id: str, packaged: pathlib.Path, content_dir: pathlib.Path | str | None = None
) -> dict[str, dict[str, Name]]:
    """Every ``names.<lang>.yaml`` beside a game's content files: lang -> id -> :class:`Name`. An entry is the name
    itself, or ``{name, gender, source, text, article, running}``. The owner's folder may hold its own file of a language, which replaces
    the packaged one. Names are words: none of them enters the content digest."""
    paths = {m.group(1): p for p in packaged.glob("names.*.yaml") if (m := NAMES_FILE.fullmatch(p.name))}
    owner = owner_folder(content_dir, game_id)
    if owner is not None:
        paths.update({m.group(1): p for p in owner.glob("names.*.yaml") if (m := NAMES_FILE.fullmatch(p.name))})
    names: dict[str, dict[str, Name]] = {}
    for lang, path in sorted(paths.items()):
        data = read_yaml(path, game_id) or {}
        if not isinstance(data, dict):
            raise ContentError(f"{game_id}: {path}: a names file maps ids to names")
        entries = {}
        for key, entry in data.items():
            entries[str(key)] = validate(Name, {"name": entry} if isinstance(entry, str) else entry, game_id, path)
        names[lang] = entries
    return names
