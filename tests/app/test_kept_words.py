"""What an HTMX move's answer keeps between renders (issue 26 › Performance): the site's words filled in with plain
arguments (app/i18n._filled), the 15 Días board's words by key (engines/quince_dias/presentation.sayer) and the
board parts' fingerprints over a shared input (app/live_parts._fp_with) — each the same as made afresh."""

from markupsafe import Markup

from app import i18n
from app.live_parts import _dump, _fp, _fp_with
from engines import registry
from engines.quince_dias import presentation

HOSTILE = "<b>Bob</b> & co"


def test_a_kept_fill_is_the_fill_made_afresh() -> None:
    for _ in range(2):  # the second call reads what the first kept
        assert i18n.template_ngettext("%(num)d card", "%(num)d cards", 3) == Markup("3 cards")
        assert i18n.template_ngettext("%(num)d card", "%(num)d cards", 1) == Markup("1 card")
        assert i18n.template_gettext("total %(n)s", n=HOSTILE) == "total &lt;b&gt;Bob&lt;/b&gt; &amp; co"


def test_markup_is_never_taken_for_the_plain_string_kept_before() -> None:
    """A plain string is escaped, markup written as it is: the same text of both kinds are two fills."""
    assert i18n.template_gettext("total %(n)s", n=HOSTILE) == "total &lt;b&gt;Bob&lt;/b&gt; &amp; co"
    assert i18n.template_gettext("total %(n)s", n=Markup(HOSTILE)) == f"total {HOSTILE}"
    assert i18n.template_gettext("total %(n)s", n=HOSTILE) == "total &lt;b&gt;Bob&lt;/b&gt; &amp; co"
    assert i18n.template_gettext("total %(n)s", n=7) == "total 7"
    assert i18n.template_gettext("total %(n)s", n="7") == "total 7"


def test_a_kept_fill_speaks_the_readers_language() -> None:
    english = i18n.template_ngettext("%(num)d card", "%(num)d cards", 3)
    with i18n.use("es"):
        spanish = i18n.template_ngettext("%(num)d card", "%(num)d cards", 3)
    assert english == "3 cards"
    assert spanish != english and spanish.startswith("3 ")


def test_the_boards_words_by_key_are_the_catalogues() -> None:
    game = registry.get_game("15-dias")
    assert game is not None
    for lang in ("en", "es", "en"):
        say = presentation.sayer(game, lang)
        for key in ("board.court", "board.power_card", "board.verb.court"):
            assert say(key) == game.renderer(lang).text({"msg": key, "args": {}})
        assert say("board.bells", bells=2) == game.renderer(lang).text({"msg": "board.bells", "args": {"bells": 2}})
    assert presentation.sayer(game, "es")("board.court") != presentation.sayer(game, "en")("board.court")


def test_a_fingerprint_over_a_shared_input_is_the_fingerprint_of_the_whole() -> None:
    common = ([{"role": "player1", "name": HOSTILE}], {"player1": "Olivares"}, None, "active", {1: "x"})
    shared = _dump(common)[1:-1]
    for parts in (([1, 2],), ({"k": [None, True]}, ["a", "b"]), (None,)):
        assert _fp_with(shared, *parts) == _fp(*parts, *common)
    assert _fp_with(shared, [1]) != _fp_with(shared, [2])
