"""pydantic's validation problems in the reader's language (issue 29): the API's 422 ``problems``, a form's errors,
a table's options and a clock's pace. pydantic words its messages in English; for a reader of another language each
problem is said again from its error ``type`` with the values of its ``ctx`` (the bound, the expected choices),
through the site's catalogue (a validator's own sentence, ``value_error``, by the catalogue's words for it, marked
``N_`` where it is raised), a game's own sentence (``game_text``: a ``PydanticCustomError`` whose ``ctx`` names a key
of the game's catalogue and its arguments, e.g. The Planet King's War-Only mode in cooperative) by the game's words
for it, and any other type reads as a generic "this value is not valid". An English reader reads pydantic's own
words, as before."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from app import i18n
from app.errors import short
from app.i18n import N_, _
from engines.core import Game

# a pydantic error type -> its words, with the ``ctx`` fields they name (pydantic's own error types)
MESSAGES: dict[str, str] = {
    "missing": N_("a value is required"),
    "extra_forbidden": N_("this field is not known"),
    "string_type": N_("must be text"),
    "int_type": N_("must be a whole number"),
    "int_parsing": N_("must be a whole number"),
    "int_from_float": N_("must be a whole number"),
    "float_type": N_("must be a number"),
    "float_parsing": N_("must be a number"),
    "bool_type": N_("must be true or false"),
    "bool_parsing": N_("must be true or false"),
    "dict_type": N_("must be an object"),
    "model_type": N_("must be an object"),
    "model_attributes_type": N_("must be an object"),
    "list_type": N_("must be a list"),
    "literal_error": N_("must be one of {expected}"),
    "enum": N_("must be one of {expected}"),
    "greater_than": N_("must be more than {gt}"),
    "greater_than_equal": N_("must be at least {ge}"),
    "less_than": N_("must be less than {lt}"),
    "less_than_equal": N_("must be at most {le}"),
    "string_too_short": N_("must be at least {min_length} characters long"),
    "string_too_long": N_("must be at most {max_length} characters long"),
    "too_short": N_("must hold at least {min_length} items"),
    "too_long": N_("must hold at most {max_length} items"),
    "string_pattern_mismatch": N_("does not have the expected form"),
    "json_invalid": N_("is not valid JSON"),
}
GENERIC = N_("this value is not valid")


GAME_TEXT = "game_text"  # a game's sentence: ctx {"key": <its catalogue's key>, <the key's arguments>...}


def message(err: Mapping[str, Any], game: Game | None = None) -> str:
    """One problem's words in the reader's language: pydantic's own for English, else its type's from the
    catalogue with its ``ctx`` values filled in (a ``game_text``: ``game``'s catalogue), else the generic one."""
    if i18n.current() == i18n.DEFAULT:
        return str(err.get("msg", ""))
    if err.get("type") == GAME_TEXT and game is not None:
        args = dict(err.get("ctx") or {})
        key = str(args.pop("key", ""))
        try:
            return game.renderer(i18n.current()).text({"msg": key, "args": args})
        except KeyError:  # a key or an argument the catalogue has not
            return _(GENERIC)
    ctx = {k: short(v, 200) for k, v in (err.get("ctx") or {}).items()}
    if err.get("type") == "unstorable_text":  # app.inputs' own problem: its words are the catalogue's ids
        return _(str(err.get("msg", "")))
    if err.get("type") == "value_error":  # a validator's own sentence: the site's words for it, if it has them
        error = str((err.get("ctx") or {}).get("error", ""))
        said = _(error)
        return said if said != error else _(GENERIC)
    words = MESSAGES.get(str(err.get("type")))
    if words is None:
        return _(GENERIC)
    if "expected" in ctx:  # pydantic's "'a', 'b' or 'c'"
        ctx["expected"] = ctx["expected"].replace(" or ", f" {_('or')} ")
    try:
        return _(words).format(**ctx)
    except (KeyError, IndexError):  # a ctx without the field the words name
        return _(GENERIC)


def problems(
    errors: Iterable[Mapping[str, Any]], whole: str, skip: Iterable[str] = (), game: Game | None = None
) -> list[str]:
    """Each problem as "where: what" (where: the field's path without the parts in ``skip``; ``whole`` when the
    problem is the whole value's; ``game``: the game whose options they are), at most 10."""
    left_out = set(skip)
    out = []
    for err in errors:
        where = ".".join(short(p, 40) for p in err.get("loc", ()) if p not in left_out)
        out.append(f"{short(where, 120) or whole}: {short(message(err, game), 200)}")
    return out[:10]
