"""What one seat (or a spectator) may know of a table, in words for its reader (issue 29): the engine's view with
its prompt, actions and outcome put in the reader's language, the log's page it may read, the seats and clocks —
the answer of the JSON API's table and the data the pages draw. Never another seat's private data.
"""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy.orm import Session

from app import i18n
from app.services import clocks, flags, gamelog
from app.services.play import Loaded, undoable
from app.services.seat_words import renderer_of, seat_info, seat_labels
from engines import registry
from engines.core.game import Game
from engines.core.text import Renderer


def table_view(
    db: Session,
    loaded: Loaded,
    role: str | None,
    lang: str | None = None,
    log_before: int | None = None,
    log_limit: int = gamelog.VIEW_PAGE,
) -> dict[str, Any]:
    """What one seat (or a spectator, role None) may know of the table, in words for its reader: never another
    seat's private data. Only a running, unflagged table offers actions (one place decides)."""
    game, state, table = loaded.game, loaded.state, loaded.table
    renderer = renderer_of(game, table, lang, state)
    # the engine's view, its prompt and outcome put in words for the reader here (the app's own shape)
    view = cast(dict[str, Any], game.view(state, role))
    in_words = registry.presentation(game).words
    if in_words is not None and renderer.lang != "en":  # the words the view carries in English (issue 29)
        view = in_words(game, view, renderer.lang)
    playing = table.status == "active" and not table.flagged
    stood_in = any(s.role == role and s.bot for s in table.seats)  # a seat a bot plays for its timed-out player
    prompt = view["prompt"]
    prompt["message"] = prompt["text"]
    if table.status == "waiting":
        prompt["text"] = i18n.gettext("The game starts when every seat is taken.")
    else:
        prompt["text"] = game.render_prompt(prompt["message"], renderer)
    if not playing or role is None or stood_in:
        prompt["legal"] = {}
    # the legal list the view holds: the game is not asked it again (issue 26)
    prompt["actions"] = (
        game.labels(state, role, renderer, prompt["legal"]) if prompt["legal"] and role is not None else []
    )
    prompt["actions"] = grouped(game, view, renderer, prompt["actions"])
    asks = registry.presentation(game).confirm
    if asks is not None:  # an irreversible choice's question (issue 28), asked of the engine's own prompt
        asked = {**view, "prompt": {**prompt, "text": prompt["message"]}}
        for action in prompt["actions"]:
            question = asks(game, asked, action["verb"], action["arg"])
            if question is not None:
                action["confirm"] = renderer.text(question)
    outcome = game.outcome(state)
    if outcome is not None:
        outcome = {**outcome, "message": outcome["text"], "text": renderer.text(outcome["text"])}
        if outcome.get("tally"):  # how each seat's score was reached, source by source (issue 30)
            words = {r: [{**t, "source": renderer.text(t["source"])} for t in ts] for r, ts in outcome["tally"].items()}
            outcome["tally"] = words
        tiebreak = outcome.get("tiebreak")
        if tiebreak:  # the tie rule that decided, declared by the game (issue 30 › Outcomes explained)
            outcome["tiebreak"] = {**tiebreak, "text": renderer.text(tiebreak["text"])}
            outcome["tiebreak"]["rule_title"] = renderer.rule(tiebreak["rule"])
        if outcome.get("thresholds"):
            outcome["thresholds"] = renderer.text(outcome["thresholds"])
    log = gamelog.page(db, table.id, role, game, renderer, log_limit, log_before, tip=table.log_tip)
    return {
        "table": table.id,
        "game": game.id,
        "seq": table.seq,
        "status": table.status,
        "flagged": flags.said(table.flagged, game),
        "role": role,
        "active_roles": game.active_roles(state) if playing else [],
        "view": view,
        "actions": prompt["actions"],
        "can_undo": role is not None and playing and not stood_in and undoable(db, loaded, role),
        "log": log["entries"],
        "log_more": log["more"],
        "outcome": outcome,
        "seats": [seat_info(s) for s in table.seats],
        # how each seat reads now (the powers a player leads, once his): the page's role_label reads these
        "labels": seat_labels(game, state, table, lang),
        "clock": clocks.table_clocks(db, table),  # None without a clock; the time left is the server's
    }


def grouped(
    game: Game, view: dict[str, Any], renderer: Renderer, actions: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The actions of a seat leading several parties, party by party (the game's ``action_group``; each keeps its
    place within its group, the groups in the order their first action came, the seat's own actions after them),
    each with its ``group``, its ``group_name`` and the words of its label under that heading (``label_in_group``,
    where the game has them: ``Game.labels``); a list with fewer than two groups is left as it is, in its labels."""
    group_of = registry.presentation(game).action_group
    groups = [group_of(game, view, a["verb"], a["arg"]) for a in actions] if group_of is not None else []
    keys = list(dict.fromkeys(g[0] for g in groups if g is not None))
    if len(keys) < 2:
        for action in actions:
            action.pop("label_in_group", None)
        return actions
    for action, group in zip(actions, groups, strict=True):
        if group is not None:
            action["group"], action["group_name"] = group[0], renderer.text(group[1])
        else:
            action.pop("label_in_group", None)
    rank = {key: n for n, key in enumerate(keys)}
    return sorted(actions, key=lambda a: rank.get(a.get("group") or "", len(keys)))
