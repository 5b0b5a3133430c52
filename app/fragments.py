"""HTML fragments a live partial renders many times, written in Python rather than as Jinja macros (issue 15,
target 1): a macro call costs a new context, its arguments bound and every value escaped into a new ``Markup``;
these build the same markup in one string, with ``markupsafe.escape`` on every text that comes from data (the
escaping of the templates' autoescape) and the ids and sequence numbers formatted ``:d`` (an int
needs no escaping; anything else is refused rather than written unescaped). Jinja globals (``app/web.py``, like
``plural``): ``{{ log_entries(data.log, table, game, role, as_q) }}``, ``{{ action_button(table, action, csrf_token,
as_role) }}``, read as the macros they replace did; ``{{ fragment(name, **args) }}``, a game's small template
(a card) rendered once per arguments and kept (``fragment_each``: a row of them in one call); and ``{% call kept(name, *inputs) %}…{% endcall %}``, a section of a
board drawn once per its inputs and kept.
"""

from __future__ import annotations

import hashlib
from typing import Any

import orjson
from jinja2 import Environment, pass_environment
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup, escape

from app.i18n import _, current
from engines.core.kept import Kept

NOTHING = Markup("")
PRIVATE_CLASS = ' class="private-entry"'


def log_entries(entries: list[dict[str, Any]], table: Any, game: Any, role: str | None, as_q: str = "") -> Markup:
    """Entries of the game log, each an ``<li>`` and a new line (templates/table/_log_items.html, the "Since your
    last move" lists, the replay's log): its anchor, its text, "(private)", the rule it applies and, to a seat of
    a running table or anyone once it is over, a link to replay the game to its move. ``as_q`` is
    ``"&as=<role>"`` or ``""``. One call a list, not one an entry: Jinja's call of a global costs as much as
    the entry's HTML."""
    tid, q, gid = table.id, escape(as_q), escape(game.id)
    replay = table.status == "finished" or bool(role and table.status == "active")
    words = _words()
    return Markup("".join([_entry(e, tid, gid, q, replay, words) for e in entries]))


def _words() -> dict[str, str]:
    """The entries' own words in the reader's language, escaped once per language and process."""
    lang = current()
    words = _WORDS.get(lang)
    if words is None:
        words = _WORDS[lang] = _make_words()
    return words


_WORDS: dict[str, dict[str, str]] = {}


def _make_words() -> dict[str, str]:
    private = escape(_("private"))  # outside the f-string, where pybabel extract finds it
    return {
        "private": f' <span class="muted">({private})</span>',
        "replay_title": str(escape(_("Replay the game to this move"))),
        "replay": str(escape(_("replay"))),
        "link": str(escape(_("Link to this entry"))),
        "entry": str(escape(_("#{seq}, log entry {id}"))),  # escaped here: only digits are filled in
        "view": str(escape(_("show"))),
        "view_title": str(escape(_("Show what this entry draws (a battle die by die)"))),
    }


def _entry(e: dict[str, Any], tid: int, gid: str, q: str, replay: bool, words: dict[str, str]) -> str:
    eid, seq, private = e["id"], e["seq"], e.get("private")
    rule = (
        (
            f' <a class="rule" href="/games/{gid}/rules/reference#rule-{escape(e.get("rule"))}">'
            f"{escape(e['rule_title'])}</a>"
        )
        if e.get("rule_title")
        else ""
    )
    link = (
        (
            f' <a class="replay-link" href="/tables/{tid:d}/replay?seq={seq:d}{q}" title="{words["replay_title"]}">'
            f"{words['replay']}</a>"
        )
        if replay
        else ""
    )
    keys = e.get("keys")
    keyed = f' data-keys="{escape(" ".join(keys))}"' if keys else ""
    if e.get("view"):  # the game draws this entry (a battle): its drawing at /tables/<id>/log/<entry id>
        link += (
            f' <a class="entry-view" href="/tables/{tid:d}/log/{eid:d}{q.replace("&amp;", "?", 1)}" data-entry-view'
            f' title="{words["view_title"]}">{words["view"]}</a>'
        )
    return (
        f'<li id="log-{eid:d}"{PRIVATE_CLASS if private else ""}{keyed}><a class="anchor" href="/tables/{tid:d}/log?'
        f'before={eid + 1:d}{q}#log-{eid:d}" title="{words["link"]}" aria-label="'
        f'{words["entry"].format(seq=f"{seq:d}", id=f"{eid:d}")}">'
        f'#{seq:d}</a>\n  <span class="entry-text">'
        f"{escape(e['text'])}</span>{words['private'] if private else ''}{rule}{link}</li>\n"
    )


def action_button(
    table: Any,
    action: dict[str, Any],
    csrf_token: str,
    as_role: str | None,
    css: str = "",
    split: str = "",
    keys: str = "",
) -> Markup:
    """One legal action as a small form that posts it (with and without JavaScript): ``action`` is an item of
    the view's actions (``{verb, arg, label}``), ``as_role`` the seat acting. With ``split`` (e.g. " — ") the
    label's first part reads as the button's title and each further part as a detail line below it (the text
    stays the label, separators included, for screen readers and the board's script). The argument is written
    as Jinja's ``tojson | forceescape`` writes it (its default policies: sorted keys). ``keys``: the board keys
    the action acts on, subject first, as the game's presentation says (``data-keys``, read by static/js/board.js;
    issue 28 › A contract between the map and the legal list). An action with a ``confirm`` question (an
    irreversible choice) shows its label as a disclosure that opens on the question and the button that posts it:
    a confirmation that needs no script. Under its party's heading (a seat leading several parties) the button
    says ``label_in_group`` ("Build a troop" under "Spain") and keeps the whole label in ``data-label`` for the
    board's menus, which name no party otherwise."""
    label = action.get("label_in_group") or action["label"]  # under its party's heading (``table_views.grouped``)
    if split and split in label:
        main, *details = label.split(split)
        sep = escape(split)
        text = f'<span class="label-main">{escape(main)}</span>' + "".join(
            f'<span class="label-detail"><span class="label-sep">{sep}</span>{escape(d)}</span>' for d in details
        )
    else:
        text = escape(label)
    tid, verb = table.id, escape(action["verb"])
    keyed = f' data-keys="{escape(keys)}"' if keys else ""
    whole = f' data-label="{escape(action["label"])}"' if action.get("label_in_group") else ""  # the board's menus
    button = f'<button type="submit" class="action" data-verb="{verb}"{whole}>{text}</button>'
    if action.get("confirm"):  # an irreversible choice: its button behind its question, with or without JavaScript
        button = (
            f'<details class="confirm-action"><summary class="button action">{text}</summary>\n  <p class="confirm-question">'
            f"{escape(action['confirm'])}</p>{button}</details>"
        )
        css = f"{css} confirmed-action".strip()
    return Markup(
        f'<form class="action-form {escape(css)}"{keyed} method="post" action="/tables/{tid:d}/act"\n      hx-post='
        f'"/tables/{tid:d}/act" hx-target="#table-live" hx-swap="outerHTML">\n  <input type="hidden" name='
        f'"csrf_token" value="{escape(csrf_token)}">\n  <input type="hidden" name="seq" value="{table.seq:d}">'
        f'\n  <input type="hidden" name="role" value="{escape(as_role)}">\n  <input type="hidden" name="verb" '
        f'value="{verb}">\n  <input type="hidden" name="arg" value="'
        f'{escape(str(htmlsafe_json_dumps(action["arg"], sort_keys=True)))}">\n  {button}\n</form>'
    )


# ----- a game's small templates, each kept by its arguments (templates/games/<id>/, e.g. a card) ------------------
FRAGMENTS_KEPT = 4096  # a few hundred cards × reference powers × slots
_kept: Kept[tuple[str, str, bytes], Markup] = Kept(FRAGMENTS_KEPT)


@pass_environment
def fragment(env: Environment, name: str, **context: Any) -> Markup:
    """The template ``name`` rendered with ``context`` alone (no page's context: the same arguments make the same
    HTML), made once per (name, arguments) and kept by the arguments' JSON: a board shows mostly the same cards
    between two moves, and a kept card costs ~1 µs against a render of its template (issue 15). This is how a
    game's own templates draw the many small pieces of a board (15 Días' cards: ``{{ fragment("games/<id>/card
    .html", c=card, ref=power) }}``) without the app writing any game's HTML. Arguments that are not JSON data are
    rendered each time."""
    try:
        key = (name, current(), orjson.dumps(context))  # its words are in the reader's language
    except TypeError:
        return Markup(env.get_template(name).render(context))
    return _kept.get_or_make(key, lambda: Markup(env.get_template(name).render(context)))


@pass_environment
def fragment_each(env: Environment, name: str, items: list[Any], arg: str | None = None) -> Markup:
    """``fragment(name, **item)`` for each of ``items`` (with ``arg``: ``fragment(name, **{arg: item})``), one after
    another: a row of a board's small pieces (a council's tracks, a row of cards) in one call from its template, not
    one a piece (Jinja's call of a global costs about what a kept piece does; issue 30 › Proof)."""
    return Markup("".join([fragment(env, name, **({arg: item} if arg else item)) for item in items]))


# ----- a section of a board, kept by the data it is drawn from (issue 30 › Proof: the page's time) --------------------
SECTIONS_KEPT = 4096  # a board's ~20 sections and pieces × positions in play × seats × languages
_sections: Kept[tuple[str, str, bytes], Markup] = Kept(SECTIONS_KEPT)


def kept(name: str, *inputs: Any, caller: Any) -> Markup:
    """The body of ``{% call kept(name, *inputs) %}…{% endcall %}`` drawn once per ``inputs`` (JSON data: everything
    the body reads that can change, the template's own look-ups and the process's content aside) and the reader's
    language, and kept: a board whose sections mostly stay the same between two moves, and a page asked again,
    draw only what changed. ``name`` tells the sections apart ("<game>:<section>"; a page's own pieces "site:…",
    "table:…": its head's files and words, a table's lesson and notepad). Inputs that are not JSON data
    draw the body each time. A body that reads anything not among its inputs would be drawn stale: each call names
    all it reads, next to the body."""
    try:
        raw = orjson.dumps(inputs, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:
        return Markup(caller())
    key = (name, current(), hashlib.blake2b(raw, digest_size=16).digest())
    return _sections.get_or_make(key, lambda: Markup(caller()))
