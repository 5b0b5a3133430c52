"""HTML fragments a live partial renders many times, written in Python rather than as Jinja macros (issue 15,
target 1): a macro call costs a new context, its arguments bound and every value escaped into a new ``Markup``;
these build the same markup in one string, with ``markupsafe.escape`` on every text that comes from data (the
escaping of the templates' autoescape) and the ids, sequence numbers and cards' numbers formatted ``:d`` (an int
needs no escaping; anything else is refused rather than written unescaped). Jinja globals (``app/web.py``, like
``plural``): ``{{ log_entries(data.log, table, game, role, as_q) }}``, ``{{ action_button(table, action, csrf_token,
as_role) }}``, and the 15 Días board's ``{{ character(c, ref, label, key) }}`` and ``{{ covered(c, ref, owner) }}``
(each card's HTML kept by its JSON), read as the macros they replace did.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup, escape, soft_str

NOTHING = Markup("")
PRIVATE_CLASS, PRIVATE = ' class="private-entry"', ' <span class="muted">(private)</span>'


def log_entries(entries: list[dict[str, Any]], table: Any, game: Any, role: str | None, as_q: str = "") -> Markup:
    """Entries of the game log, each an ``<li>`` and a new line (templates/table/_log_items.html, the "Since your
    last move" lists, the replay's log): its anchor, its text, "(private)", the rule it applies and, to a seat of
    a running table or anyone once it is over, a link to replay the game to its move. ``as_q`` is
    ``"&as=<role>"`` or ``""``. One call a list, not one an entry: Jinja's call of a global costs as much as
    the entry's HTML."""
    tid, q, gid = table.id, escape(as_q), escape(game.id)
    replay = table.status == "finished" or bool(role and table.status == "active")
    return Markup("".join([_entry(e, tid, gid, q, replay) for e in entries]))


def _entry(e: dict[str, Any], tid: int, gid: str, q: str, replay: bool) -> str:
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
            f' <a class="replay-link" href="/tables/{tid:d}/replay?seq={seq:d}{q}" title="Replay the game to this '
            'move">replay</a>'
        )
        if replay
        else ""
    )
    return (
        f'<li id="log-{eid:d}"{PRIVATE_CLASS if private else ""}><a class="anchor" href="/tables/{tid:d}/log?'
        f'before={eid + 1:d}{q}#log-{eid:d}" title="Link to this entry" aria-label="#{seq:d}, log entry {eid:d}">'
        f'#{seq:d}</a>\n  <span class="entry-text">'
        f"{escape(e['text'])}</span>{PRIVATE if private else ''}{rule}{link}</li>\n"
    )


def action_button(
    table: Any, action: dict[str, Any], csrf_token: str, as_role: str | None, css: str = "", split: str = ""
) -> Markup:
    """One legal action as a small form that posts it (with and without JavaScript): ``action`` is an item of
    the view's actions (``{verb, arg, label}``), ``as_role`` the seat acting. With ``split`` (e.g. " — ") the
    label's first part reads as the button's title and each further part as a detail line below it (the text
    stays the label, separators included, for screen readers and the board's script). The argument is written
    as Jinja's ``tojson | forceescape`` writes it (its default policies: sorted keys)."""
    label = action["label"]
    if split and split in label:
        main, *details = label.split(split)
        sep = escape(split)
        text = f'<span class="label-main">{escape(main)}</span>' + "".join(
            f'<span class="label-detail"><span class="label-sep">{sep}</span>{escape(d)}</span>' for d in details
        )
    else:
        text = escape(label)
    tid, verb = table.id, escape(action["verb"])
    return Markup(
        f'<form class="action-form {escape(css)}" method="post" action="/tables/{tid:d}/act"\n      hx-post='
        f'"/tables/{tid:d}/act" hx-target="#table-live" hx-swap="outerHTML">\n  <input type="hidden" name='
        f'"csrf_token" value="{escape(csrf_token)}">\n  <input type="hidden" name="seq" value="{table.seq:d}">'
        f'\n  <input type="hidden" name="role" value="{escape(as_role)}">\n  <input type="hidden" name="verb" '
        f'value="{verb}">\n  <input type="hidden" name="arg" value="'
        f'{escape(str(htmlsafe_json_dumps(action["arg"], sort_keys=True)))}">\n  <button type="submit" '
        f'class="action" data-verb="{verb}">{text}</button>\n</form>'
    )


# ----- 15 Días: The Spanish Golden Age (templates/games/15-dias/board.html) --------------------------------------
HAS_SITUATION = " has-situation"
POWERS = (("government", "Government", "Gov"), ("society", "Society", "Soc"), ("clerical", "Clerical", "Cle"))
CARDS_KEPT = 4096  # a few hundred cards × reference powers × slots; emptied when full
_cards: dict[tuple[Any, ...], Markup] = {}


def _kept(make: Callable[..., Markup], c: dict[str, Any], *args: Any) -> Markup:
    """A card's HTML depends only on the card's view (its powers, a Situation on it) and the arguments, so it is
    made once per such key, kept by the card's JSON: between two moves a board shows mostly the same cards
    (~1 µs a card kept against ~8 µs to make it; issue 15). A view that is not JSON data is made each time."""
    try:
        key = (make, orjson.dumps(c), *args)
    except TypeError:
        return make(c, *args)
    html = _cards.get(key)
    if html is None:
        if len(_cards) >= CARDS_KEPT:
            _cards.clear()
        html = _cards[key] = make(c, *args)
    return html


def _capitalized(value: Any) -> Markup:
    return escape(soft_str(value).capitalize())  # Jinja's ``| capitalize``, then autoescape


def character(c: dict[str, Any] | None, ref: str | None = None, label: str = "", key: str | None = None) -> Markup:
    """A card of the 15 Días view face up (``_character``); nothing for no card."""
    return _kept(_character, c, ref, label, key) if c else NOTHING


def covered(c: dict[str, Any] | None, ref: str | None, owner: str) -> Markup:
    """A covered Character as the others see it (``_covered``); nothing for no card."""
    return _kept(_covered, c, ref, owner) if c else NOTHING


def _character(c: dict[str, Any], ref: str | None, label: str, key: str | None) -> Markup:
    """A card of the 15 Días view (a Character, a Conspirator or a Special Situation) face up: its name, Initiative,
    the three powers with their Influence Ranges (``ref``: the reference power, highlighted), its abilities and a
    Situation played on it; ``label`` names its slot, ``key`` is the ``data-key`` board.js matches the actions
    to (the card's id by default)."""
    kind, name, admin, sit = c["kind"], escape(c["name"]), c.get("administrative_ability"), c.get("situation")
    verbs = f' data-verb-court="{_capitalized(c["court_ability"])}"' if "court_ability" in c else ""
    if admin:
        verbs += f' data-verb-admin="{_capitalized(admin)}"'
    slot = f'<span class="slot">{escape(label)}</span>' if label else ""
    head = (
        f'<div class="qd-card {escape(kind)}{HAS_SITUATION if sit else ""}" data-key="{escape(key or c["id"])}" '
        f'data-name="{name}"{verbs}>\n    {slot}\n    <strong class="name">{name}</strong>'
    )
    if kind == "situation":
        return Markup(f'{head}\n      <span class="effect">{escape(c["effect"])}</span>\n  </div>')
    powers, ranges = c["powers"], c["ranges"]
    cells = "".join(
        f'\n        <td class="{"ref" if pw == ref else ""}" title="{title}: power {powers[pw]:d}, Influence '
        f'Range {ranges[pw][0]:d}-{ranges[pw][1]:d}">\n          {short} <b>{powers[pw]:d}</b><small>'
        f"{ranges[pw][0]:d}–{ranges[pw][1]:d}</small></td>"
        for pw, title, short in POWERS
    )
    abilities = "".join(
        (
            _capitalized(c["court_ability"]),
            f" · {_capitalized(admin)}" if admin else "",
            f" · plot: {escape(c['plot'])}" if c.get("plot") else "",
        )
    )
    return Markup(
        f'{head}\n      <span class="init" title="Initiative">Init {c["initiative"]:d}</span>\n      <table '
        f'class="powers"><tr>{cells}\n      </tr></table>\n      <span class="abilities">{abilities}</span>'
        f"{_situation(sit)}\n  </div>"
    )


def _covered(c: dict[str, Any], ref: str | None, owner: str) -> Markup:
    """1.2: a covered Character as the others see it, only its Power levels (and a Special Situation on it);
    ``owner`` is the seat whose covered slot it is."""
    powers, sit = c["powers"], c.get("situation")
    cells = "".join(
        f'\n      <td class="{"ref" if pw == ref else ""}" title="{title}: power {powers[pw]:d}">{short} '
        f"<b>{powers[pw]:d}</b></td>"
        for pw, title, short in POWERS
    )
    return Markup(
        f'<div class="qd-card covered{HAS_SITUATION if sit else ""}" data-key="covered:{escape(owner)}" '
        f'data-name="covered Character">\n    <span class="slot">covered</span>\n    <table class="powers"><tr>'
        f"{cells}\n    </tr></table>{_situation(sit)}\n  </div>"
    )


def _situation(sit: dict[str, Any] | None) -> str:
    return f'<span class="situation">{escape(sit["name"])}</span>' if sit else ""
