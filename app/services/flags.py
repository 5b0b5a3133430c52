"""Why a table is flagged (``GameTable.flagged``: ``play.upgrade`` and ``play.verify``), kept so that each reader
reads it in their own language (issue 29: "everything else a person reads"). The column holds ``flag:`` and a small
JSON object — the reason's catalogue message and its arguments, an engine's refusal by its catalogue key when it
has one — and ``said`` words it for the reader at view time. A reason written before (a plain English sentence)
is shown as it is."""

from __future__ import annotations

from typing import Any

import orjson

from app import i18n
from app.i18n import N_, _
from engines.core import Game, IllegalAction

PREFIX = "flag:"

OLDER_ENGINE = N_(
    "This game was started on version %(old)s of the %(title)s engine; version %(new)s cannot replay it: %(why)s"
)
NO_REPLAY = N_("The move log no longer replays: %(why)s")
ENGINE_FAILED = N_("The move log no longer replays (%(error)s).")
DISAGREE = N_("The snapshot and the replayed log disagree.")
REASONS = {"older_engine": OLDER_ENGINE, "no_replay": NO_REPLAY, "engine_failed": ENGINE_FAILED, "disagree": DISAGREE}


def reason(kind: str, refusal: IllegalAction | None = None, **args: Any) -> str:
    """What ``GameTable.flagged`` keeps for a reason of ``REASONS``: its arguments, and the engine's refusal (its
    English sentence, and its catalogue text when the engine gave one) as ``why``."""
    if kind not in REASONS:
        raise ValueError(f"no such reason for a flag: {kind!r}")
    kept: dict[str, Any] = {"reason": kind, "args": args}
    if refusal is not None:
        kept["why"] = refusal.message
        if refusal.text is not None:
            kept["why_text"] = refusal.text
    return PREFIX + orjson.dumps(kept).decode()


def said(flagged: str | None, game: Game | None = None) -> str | None:
    """The flag's reason in the reader's language (``app.i18n.current``), or None for a table not flagged."""
    if not flagged or not flagged.startswith(PREFIX):
        return flagged
    try:
        kept = orjson.loads(flagged[len(PREFIX) :])
        message = REASONS[kept["reason"]]
        args = dict(kept.get("args") or {})
    except (orjson.JSONDecodeError, KeyError, TypeError, AttributeError):
        return flagged
    lang = i18n.current()
    why = kept.get("why", "")
    if kept.get("why_text") is not None and game is not None:
        why = game.renderer(lang).text(kept["why_text"])
    if game is not None and "title" in args:
        args["title"] = str(game.title_in(lang))
    return str(_(message) % {**args, "why": why})
