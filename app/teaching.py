"""How to play a table's game (issue 30 › Teaching the game): the goal of the scenario or game in two sentences, its
victory thresholds, what one turn looks like and the three most common first decisions, in the game's own words:
the ``learn.*`` keys of its catalog (``engines/<game>/messages/<lang>.yaml``, drawn from its rulebook; a key the
reader's language lacks reads in English). A scenario's own key (``learn.goal.<scenario>``) is read before the
game's; ``learn.option.<option>.<value>`` adds a note for a chosen option (the cooperative game). A game without
``learn.goal`` has no lesson.

The table page shows the lesson open on the reader's first visit to a table (a cookie lists the tables already
seen) and from its "How to play" link (``?learn=1#how-to-play``), folded otherwise.
"""

from __future__ import annotations

from typing import Any

import orjson

from engines.core.kept import Kept
from engines.core.text import Renderer

DECISIONS = 3  # the three most common first decisions
SEEN_COOKIE = "learnt"  # the tables whose lesson this browser has seen, newest last, dot-separated ids
SEEN_KEPT = 60  # how many table ids the cookie keeps
SEEN_AGE = 365 * 24 * 3600


def _value(v: Any) -> str:
    return ("true" if v else "false") if isinstance(v, bool) else str(v)


def _words(renderer: Renderer, *keys: str) -> str | None:
    """The words of the first of these keys the game's catalog has."""
    for key in keys:
        try:
            return renderer.template(key)
        except KeyError:
            continue
    return None


def lesson(options: dict[str, Any], renderer: Renderer) -> dict[str, Any] | None:
    """``{"goal", "victory", "turn", "notes": [...], "decisions": [{"title", "text"}]}`` for these options, or None
    when the game teaches nothing."""
    scenario = options.get("scenario")

    def say(key: str) -> str | None:
        return _words(renderer, f"{key}.{scenario}", key) if scenario is not None else _words(renderer, key)

    goal = say("learn.goal")
    if goal is None:
        return None
    chosen = (_words(renderer, f"learn.option.{name}.{_value(v)}") for name, v in sorted(options.items()))
    notes = [n for n in chosen if n]
    decisions = []
    for i in range(1, DECISIONS + 1):
        title, words = say(f"learn.decision.{i}.title"), say(f"learn.decision.{i}")
        if title and words:
            decisions.append({"title": title, "text": words})
    return {
        "goal": goal,
        "victory": say("learn.victory"),
        "turn": say("learn.turn"),
        "notes": notes,
        "decisions": decisions,
    }


# (game id, language, the options' JSON) -> the lesson (or None): a table's page says the same lesson at every visit
LESSONS_KEPT = 512  # option sets in play × languages
_LESSONS: Kept[tuple[str, str, bytes], dict[str, Any] | None] = Kept(LESSONS_KEPT)


def lesson_of(game: Any, options: dict[str, Any], lang: str) -> dict[str, Any] | None:
    """:func:`lesson` for a game's table of these options in ``lang``, made once and kept (its words are the
    catalog's own, no seat's name in them): the same dict each time, which nothing changes."""
    key = (game.id, lang, orjson.dumps(options, option=orjson.OPT_SORT_KEYS))
    return _LESSONS.get_or_make(key, lambda: lesson(options, game.renderer(lang)))


def seen(cookie: str | None) -> list[int]:
    """The table ids a ``learnt`` cookie lists (anything else in it is ignored)."""
    return [int(p) for p in (cookie or "").split(".") if p.isdigit() and len(p) < 12][-SEEN_KEPT:]


def first_visit(cookie: str | None, table_id: int) -> bool:
    return table_id not in seen(cookie)


def seen_with(cookie: str | None, table_id: int) -> str:
    """The cookie's new value once this table's lesson has been shown."""
    ids = [i for i in seen(cookie) if i != table_id] + [table_id]
    return ".".join(str(i) for i in ids[-SEEN_KEPT:])
