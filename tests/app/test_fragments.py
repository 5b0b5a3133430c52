"""The HTML fragments written in Python (app/fragments.py, issue 15): the markup the macros they replace made, and
the escaping of hostile text (a player's name in an entry or a label, a card's name from an owner's content); and
``fragment``, a game's small template kept by its arguments, with the 15 Días cards (templates/games/15-dias/)
that the board draws through it: the markup the Python it replaced made, byte for byte."""

from types import SimpleNamespace
from typing import Any

import pytest
from markupsafe import Markup

from app import fragments, i18n
from app.fragments import action_button, fragment, log_entries
from app.web import templates

CARD_HTML, COVERED_HTML = "games/15-dias/card.html", "games/15-dias/covered.html"


def character(c, ref=None, label="", key=None):
    """A 15 Días card face up, as the board draws it."""
    return fragment(templates.env, CARD_HTML, c=c, ref=ref, label=label, key=key)


def covered(c, ref, owner):
    """A covered Character as the others see it, as the board draws it."""
    return fragment(templates.env, COVERED_HTML, c=c, ref=ref, owner=owner)


HOSTILE = "<script>alert('x')</script> & \"q\""
ESCAPED = "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &#34;q&#34;"
TABLE = SimpleNamespace(id=12, status="active")
GAME = SimpleNamespace(id="15-dias")
CARD: dict[str, Any] = {
    "id": "qd:char:cardinal",
    "name": "The Cardinal",
    "kind": "character",
    "initiative": 4,
    "ranges": {"government": [1, 3], "society": [2, 4], "clerical": [3, 6]},
    "court_ability": "replace",
    "administrative_ability": "spy",
    "plot": None,
    "powers": {"government": 1, "society": 2, "clerical": 5},
    "situation": None,
}


def test_a_log_entry():
    e = {
        "id": 41,
        "seq": 7,
        "private": True,
        "text": "Ana plays the Cardinal.",
        "rule": "court-1",
        "rule_title": "Court › Playing a card",
        "refs": [],
    }
    html = log_entries([e], TABLE, GAME, "player1", "&as=player1")
    assert isinstance(html, Markup)
    assert html == (
        '<li id="log-41" class="private-entry"><a class="anchor" href="/tables/12/log?before=42&amp;as=player1#log-41" '
        'title="Link to this entry" aria-label="#7, log entry 41">#7</a>\n  <span class="entry-text">Ana plays the Cardinal.</span> '
        '<span class="muted">(private)</span> <a class="rule" href="/games/15-dias/rules/reference#rule-court-1">'
        'Court › Playing a card</a> <a class="replay-link" href="/tables/12/replay?seq=7&amp;as=player1" '
        'title="Replay the game to this move">replay</a></li>\n'
    )


def test_log_entries_for_a_spectator_of_a_running_table_have_no_replay_link_nor_rule_without_one():
    e = {"id": 3, "seq": 1, "private": False, "text": "The game begins.", "rule": None, "rule_title": None}
    one = (
        '<li id="log-3"><a class="anchor" href="/tables/12/log?before=4#log-3" title="Link to this entry" '
        'aria-label="#1, log entry 3">#1</a>\n'
        '  <span class="entry-text">The game begins.</span></li>\n'
    )
    assert log_entries([e, e], TABLE, GAME, None) == one + one and log_entries([], TABLE, GAME, None) == ""
    finished = SimpleNamespace(id=12, status="finished")
    assert "replay?seq=1" in log_entries([e], finished, GAME, None)


def test_a_log_entry_escapes_hostile_text():
    e = {"id": 3, "seq": 1, "private": False, "text": f"{HOSTILE} plays", "rule": HOSTILE, "rule_title": HOSTILE}
    html = str(log_entries([e], TABLE, SimpleNamespace(id=HOSTILE), "player1", HOSTILE))
    # the text, the rule, its title, the game in the rule's link, as_q twice
    assert "<script>" not in html and html.count(ESCAPED) == 6
    with pytest.raises(ValueError):  # an id that is not a number is refused, not written as it is
        log_entries([{**e, "id": HOSTILE}], TABLE, GAME, None)


def test_an_action_button():
    table = SimpleNamespace(id=12, seq=41)
    action = {"verb": "play_card", "arg": ["qd:char:cardinal", {"b": 1, "a": None}], "label": "Play the Cardinal"}
    assert action_button(table, action, "tok", "player1") == (
        '<form class="action-form " method="post" action="/tables/12/act"\n      hx-post="/tables/12/act" '
        'hx-target="#table-live" hx-swap="outerHTML">\n  <input type="hidden" name="csrf_token" value="tok">\n'
        '  <input type="hidden" name="seq" value="41">\n  <input type="hidden" name="role" value="player1">\n'
        '  <input type="hidden" name="verb" value="play_card">\n  <input type="hidden" name="arg" value="[&#34;qd:char:'
        'cardinal&#34;, {&#34;a&#34;: null, &#34;b&#34;: 1}]">\n  <button type="submit" class="action" '
        'data-verb="play_card">Play the Cardinal</button>\n</form>'
    )


def test_an_action_button_split_and_hostile():
    table = SimpleNamespace(id=12, seq=41)
    action = {"verb": HOSTILE, "arg": HOSTILE, "label": f"Recruit — {HOSTILE} — cost 2"}
    html = str(action_button(table, action, "tok", HOSTILE, css="pk-red", split=" — "))
    assert (
        '<button type="submit" class="action" data-verb="' + ESCAPED + '"><span class="label-main">Recruit</span>'
        '<span class="label-detail"><span class="label-sep"> — </span>' + ESCAPED + '</span><span class="label-'
        'detail"><span class="label-sep"> — </span>cost 2</span></button>'
    ) in html
    # the verb twice, the role, the label's part; the argument as tojson | forceescape: <, >, &, ' as \\u escapes
    assert "<script>" not in html and html.count(ESCAPED) == 4 and 'class="action-form pk-red"' in html
    assert 'name="arg" value="&#34;\\u003cscript\\u003ealert(\\u0027x\\u0027)' in html


def test_a_character_card():
    assert character(CARD, "clerical", "Main Character") == (
        '<div class="qd-card character" data-key="card:qd:char:cardinal" data-name="The Cardinal" data-verb-court="Replace" '
        'data-verb-admin="Spy">\n    <span class="slot">Main Character</span>\n    <strong class="name">The Cardinal'
        '</strong>\n      <span class="init" title="Initiative">Init 4</span>\n      <table class="powers"><tr>'
        '\n        <td class="" title="Government: power 1, Influence Range 1-3">\n          Gov <b>1</b><small>1–3'
        '</small></td>\n        <td class="" title="Society: power 2, Influence Range 2-4">\n          Soc <b>2</b>'
        '<small>2–4</small></td>\n        <td class="ref" title="Clerical: power 5, Influence Range 3-6">\n'
        '          Cle <b>5</b><small>3–6</small></td>\n      </tr></table>\n      <span class="abilities">Replace · '
        "Spy</span>\n  </div>"
    )
    assert character(None) == "" and covered(None, None, "player1") == ""


def test_a_situation_and_a_covered_character():
    situation = {"id": "qd:sit:plague", "name": "Plague", "kind": "situation", "effect": "−1 in every power"}
    assert character(situation, key="hand:1") == (
        '<div class="qd-card situation" data-key="hand:1" data-name="Plague">\n    \n    <strong class="name">Plague'
        '</strong>\n      <span class="effect">−1 in every power</span>\n  </div>'
    )
    hidden = {"kind": "covered", "powers": CARD["powers"], "situation": {"id": "qd:sit:plague", "name": "Plague"}}
    assert covered(hidden, "society", "player2") == (
        '<div class="qd-card covered has-situation" data-key="card:covered:player2" data-name="covered Character">\n'
        '    <span class="slot">covered</span>\n    <table class="powers"><tr>\n      <td class="" title="Government: '
        'power 1">Gov <b>1</b></td>\n      <td class="ref" title="Society: power 2">Soc <b>2</b></td>\n      <td '
        'class="" title="Clerical: power 5">Cle <b>5</b></td>\n    </tr></table><span class="situation">Plague</span>'
        "\n  </div>"
    )


def test_a_card_escapes_hostile_text():
    card = {
        **CARD,
        "id": HOSTILE,
        "name": HOSTILE,
        "court_ability": HOSTILE,
        "administrative_ability": HOSTILE,
        "plot": HOSTILE,
        "situation": {"name": HOSTILE},
    }
    html = str(character(card, None, HOSTILE))
    # the key, the name twice, the slot, both abilities twice (data-verb-* and the text), the plot, the Situation
    assert "<script>" not in html and html.count(ESCAPED) == 10
    assert "<script>" not in covered(card, None, HOSTILE)
    assert f"Init {ESCAPED}</span>" in character({**CARD, "initiative": HOSTILE})  # not a number: escaped all the same


def test_a_card_is_made_once_per_view_and_arguments():
    fragments._kept.clear()
    first = character(CARD, "clerical", "Main Character")
    assert character(dict(CARD), "clerical", "Main Character") is first  # the same view: kept
    assert character(CARD, "society", "Main Character") is not first  # another reference power
    weaker = character({**CARD, "powers": {**CARD["powers"], "clerical": 4}}, "clerical", "Main Character")
    assert "Cle <b>4</b>" in weaker and "Cle <b>5</b>" in first  # a power changed (a Situation): made anew
    assert covered(CARD, "clerical", "player1") != covered(CARD, "clerical", "player2")
    assert len(fragments._kept) == 5
    with_a_set = {**CARD, "refs": {1}}  # not JSON data: made each time, not kept
    assert character(with_a_set, "clerical", "Main Character") == first and len(fragments._kept) == 5
    assert character(None) is character(None) and len(fragments._kept) == 6  # no card: nothing, kept too


def test_a_card_speaks_the_readers_language_and_is_kept_per_language():
    """Issues 29/30: the cards' own words (Initiative, the powers' abbreviations and titles, "covered", "plot:") in
    the reader's language; the kept card of one language is never served to the other (English, Spanish, English)."""
    fragments._kept.clear()
    plotter = {**CARD, "plot": "The Queen"}
    english, english_covered = character(plotter, "clerical", "Main Character"), covered(CARD, "society", "player2")
    with i18n.use("es"):
        spanish, spanish_covered = character(plotter, "clerical", "Main Character"), covered(CARD, "society", "player2")
    again, again_covered = character(plotter, "clerical", "Main Character"), covered(CARD, "society", "player2")
    assert again is english and again_covered is english_covered  # kept, and the English one
    for words in ('title="Initiative">Init 4<', "Gov <b>1</b>", 'title="Society: power 2', "plot: The Queen"):
        assert words in english and words not in spanish
    for words in ('title="Iniciativa">Inic 4<', "Gob <b>1</b>", 'title="Gobierno: poder 1, rango de influencia 1-3"'):
        assert words in spanish and words not in english
    assert "conspiración: The Queen" in spanish and 'title="Clero: poder 5, rango de influencia 3-6"' in spanish
    assert '<span class="slot">covered</span>' in english_covered and 'title="Society: power 2"' in english_covered
    assert (
        '<span class="slot">cubierto</span>' in spanish_covered and 'data-name="Personaje cubierto"' in spanish_covered
    )
    assert 'title="Sociedad: poder 2">Soc <b>2</b>' in spanish_covered and "Gob <b>1</b>" in spanish_covered
    assert ">covered<" not in spanish_covered and ": power " not in spanish_covered and "Gov " not in spanish_covered
    assert len(fragments._kept) == 4


def test_a_row_of_fragments_is_each_kept_fragment_in_turn():
    """``fragment_each``: a row of small pieces in one call from a template, each the kept fragment of its arguments
    (or of one argument named ``arg``), one after another with nothing between."""
    fragments._kept.clear()
    weaker = {**CARD, "powers": {**CARD["powers"], "clerical": 4}}
    row = templates.env.from_string(
        "{{ fragment_each('games/15-dias/card.html', cards) }}|{{ fragment_each('games/15-dias/card.html', cs, 'c') }}"
    ).render(cards=[{"c": CARD, "label": "Main Character"}, {"c": weaker}], cs=[weaker, None])
    assert len(fragments._kept) == 3  # each piece kept once: the weaker card drawn by both rows
    assert row == f"{character(CARD, label='Main Character')}{character(weaker)}|{character(weaker)}{character(None)}"


def test_kept_fragments_forget_the_least_recently_used_when_too_many():
    fragments._kept.clear()
    oldest = character({**CARD, "powers": {**CARD["powers"], "clerical": 0}})
    second = character({**CARD, "powers": {**CARD["powers"], "clerical": 1}})
    for power in range(2, fragments.FRAGMENTS_KEPT):
        character({**CARD, "powers": {**CARD["powers"], "clerical": power}})
    assert len(fragments._kept) == fragments.FRAGMENTS_KEPT
    assert character({**CARD, "powers": {**CARD["powers"], "clerical": 0}}) is oldest  # asked again: used last now
    nuncio = character({**CARD, "name": "The Nuncio"})  # one more: the least recently used (the second) forgotten
    assert len(fragments._kept) == fragments.FRAGMENTS_KEPT
    assert character({**CARD, "name": "The Nuncio"}) is nuncio
    assert character({**CARD, "powers": {**CARD["powers"], "clerical": 0}}) is oldest
    again = character({**CARD, "powers": {**CARD["powers"], "clerical": 1}})
    assert again == second and again is not second  # drawn anew (and the next least recently used forgotten)
    assert len(fragments._kept) == fragments.FRAGMENTS_KEPT


def test_the_templates_call_them_as_globals():
    env = templates.env
    e = {"id": 3, "seq": 1, "private": False, "text": HOSTILE, "rule": None, "rule_title": None}
    action, table = {"verb": "pass", "arg": None, "label": "Pass"}, SimpleNamespace(id=12, seq=1, status="active")
    html = env.from_string(
        "{{ log_entries([e], table, game, role) }}|{{ fragment('games/15-dias/card.html', c=c, ref=none, label='', "
        "key=none) }}|{{ action_button(table, a, 'tok', role, split=' — ') }}"
    ).render(e=e, table=table, game=GAME, role=None, c=CARD, a=action)
    assert (
        html == f"{log_entries([e], table, GAME, None)}|{character(CARD)}|{action_button(table, action, 'tok', None)}"
    )
    assert "<script>" not in html
