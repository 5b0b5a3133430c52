"""The HTML fragments written in Python (app/fragments.py, issue 15): the markup the macros they replace made, and
the escaping of hostile text (a player's name in an entry, a card's name from an owner's content folder)."""
from types import SimpleNamespace

import pytest
from markupsafe import Markup

from app.fragments import character, covered, log_entry
from app.web import templates

HOSTILE = "<script>alert('x')</script> & \"q\""
ESCAPED = "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &#34;q&#34;"
TABLE = SimpleNamespace(id=12, status="active")
GAME = SimpleNamespace(id="15-dias")
CARD = {"id": "qd:char:cardinal", "name": "The Cardinal", "kind": "character", "initiative": 4,
        "ranges": {"government": [1, 3], "society": [2, 4], "clerical": [3, 6]}, "court_ability": "replace",
        "administrative_ability": "spy", "plot": None, "powers": {"government": 1, "society": 2, "clerical": 5},
        "situation": None}


def test_a_log_entry():
    e = {"id": 41, "seq": 7, "private": True, "text": "Ana plays the Cardinal.", "rule": "court-1",
         "rule_title": "Court › Playing a card", "refs": []}
    html = log_entry(e, TABLE, GAME, "player1", "&as=player1")
    assert isinstance(html, Markup)
    assert html == (
        '<li id="log-41" class="private-entry"><a class="anchor" href="/tables/12/log?before=42&amp;as=player1#log-41" '
        'title="Link to this entry">#7</a>\n  <span class="entry-text">Ana plays the Cardinal.</span> '
        '<span class="muted">(private)</span> <a class="rule" href="/games/15-dias/rules/reference#rule-court-1">'
        'Court › Playing a card</a> <a class="replay-link" href="/tables/12/replay?seq=7&amp;as=player1" '
        'title="Replay the game to this move">replay</a></li>')


def test_a_log_entry_for_a_spectator_of_a_running_table_has_no_replay_link_nor_rule_without_one():
    e = {"id": 3, "seq": 1, "private": False, "text": "The game begins.", "rule": None, "rule_title": None}
    assert log_entry(e, TABLE, GAME, None) == (
        '<li id="log-3"><a class="anchor" href="/tables/12/log?before=4#log-3" title="Link to this entry">#1</a>\n'
        '  <span class="entry-text">The game begins.</span></li>')
    finished = SimpleNamespace(id=12, status="finished")
    assert "replay?seq=1" in log_entry(e, finished, GAME, None)


def test_a_log_entry_escapes_hostile_text():
    e = {"id": 3, "seq": 1, "private": False, "text": f"{HOSTILE} plays", "rule": HOSTILE, "rule_title": HOSTILE}
    html = str(log_entry(e, TABLE, GAME, "player1", HOSTILE))
    assert "<script>" not in html and html.count(ESCAPED) == 5  # text, rule, its title, as_q twice
    with pytest.raises(ValueError):  # an id that is not a number is refused, not written as it is
        log_entry({**e, "id": HOSTILE}, TABLE, GAME, None)


def test_a_character_card():
    assert character(CARD, "clerical", "Main Character") == (
        '<div class="qd-card character" data-key="qd:char:cardinal" data-name="The Cardinal" data-verb-court="Replace" '
        'data-verb-admin="Spy">\n    <span class="slot">Main Character</span>\n    <strong class="name">The Cardinal'
        '</strong>\n      <span class="init" title="Initiative">Init 4</span>\n      <table class="powers"><tr>'
        '\n        <td class="" title="Government: power 1, Influence Range 1-3">\n          Gov <b>1</b><small>1–3'
        '</small></td>\n        <td class="" title="Society: power 2, Influence Range 2-4">\n          Soc <b>2</b>'
        '<small>2–4</small></td>\n        <td class="ref" title="Clerical: power 5, Influence Range 3-6">\n'
        '          Cle <b>5</b><small>3–6</small></td>\n      </tr></table>\n      <span class="abilities">Replace · '
        'Spy</span>\n  </div>')
    assert character(None) == "" and covered(None, None, "player1") == ""


def test_a_situation_and_a_covered_character():
    situation = {"id": "qd:sit:plague", "name": "Plague", "kind": "situation", "effect": "−1 in every power"}
    assert character(situation, key="hand:1") == (
        '<div class="qd-card situation" data-key="hand:1" data-name="Plague">\n    \n    <strong class="name">Plague'
        '</strong>\n      <span class="effect">−1 in every power</span>\n  </div>')
    hidden = {"kind": "covered", "powers": CARD["powers"], "situation": {"id": "qd:sit:plague", "name": "Plague"}}
    assert covered(hidden, "society", "player2") == (
        '<div class="qd-card covered has-situation" data-key="covered:player2" data-name="covered Character">\n'
        '    <span class="slot">covered</span>\n    <table class="powers"><tr>\n      <td class="" title="Government: '
        'power 1">Gov <b>1</b></td>\n      <td class="ref" title="Society: power 2">Soc <b>2</b></td>\n      <td '
        'class="" title="Clerical: power 5">Cle <b>5</b></td>\n    </tr></table><span class="situation">Plague</span>'
        '\n  </div>')


def test_a_card_escapes_hostile_text():
    card = {**CARD, "id": HOSTILE, "name": HOSTILE, "court_ability": HOSTILE, "administrative_ability": HOSTILE,
            "plot": HOSTILE, "situation": {"name": HOSTILE}}
    html = str(character(card, None, HOSTILE))
    # the key, the name twice, the slot, both abilities twice (data-verb-* and the text), the plot, the Situation
    assert "<script>" not in html and html.count(ESCAPED) == 10
    assert "<script>" not in covered(card, None, HOSTILE)
    with pytest.raises(ValueError):
        character({**CARD, "initiative": HOSTILE})


def test_the_templates_call_them_as_globals():
    env = templates.env
    e = {"id": 3, "seq": 1, "private": False, "text": HOSTILE, "rule": None, "rule_title": None}
    html = env.from_string("{{ log_entry(e, table, game, role) }}|{{ character(c) }}").render(
        e=e, table=TABLE, game=GAME, role=None, c=CARD)
    assert html == f"{log_entry(e, TABLE, GAME, None)}|{character(CARD)}" and "<script>" not in html
