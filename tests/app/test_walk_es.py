"""Issue 29 › Proof: a Spanish-speaking player signs up from a Spanish page and walks every kind of page — the
lobby, the new-table form of each game, the account, vacation, notices and profile pages, a table of each game at
play and at its end (page, log, endings, replay, fork), each game's rules, cards and own pages, an error page — and
meets none of the site's English catalogue phrases nor a game's; the same walk in English meets them (the scan can
fail). Values the page marks ``lang="en"`` (Ultima Ratio Regis's untranslated texts) are set aside."""

from __future__ import annotations

import re
import time
from pathlib import Path

from babel.messages.pofile import read_po

from tests.app.test_rules_pages_es import _spanish_part
from tests.app.test_table_pages_es import _played
from tests.engines.test_words_es import GAMES, english_phrases

LOCALE = Path(__file__).resolve().parents[2] / "app" / "locale"
GAME_IDS = ("15-dias", "planet-king", "ultima-ratio-regis")


def site_phrases() -> set[str]:
    """The site catalogue's English words of twelve letters or more between its fields, which Spanish says
    otherwise."""
    with open(LOCALE / "es" / "LC_MESSAGES" / "messages.po", "rb") as handle:
        catalog = read_po(handle)
    out = set()
    for m in catalog:
        if not isinstance(m.id, str) or not isinstance(m.string, str) or not m.id or m.string in ("", m.id):
            continue
        for part in re.split(r"%\(\w+\)[sd]|\{[^}]*\}", m.id):
            words = part.strip(" .,:;—()-+'·")
            if len(words) >= 12 and " " in words and words not in m.string:
                out.add(words)
    return out


def _finished(alice, game: str, seats: dict[str, str], options: dict) -> int:
    table = alice.new_table(game=game, seats=seats, options=options)
    deadline = time.time() + 240
    while time.time() < deadline and alice.view(table)["status"] != "finished":
        time.sleep(0.5)
    assert alice.view(table)["status"] == "finished"
    return table


def _walk(browser, lang: str) -> dict[tuple[str, str | None], str]:
    """Each page's words (those not marked English), by its URL and the game it shows (None: the site's)."""
    player = browser()
    player.c.headers["Accept-Language"] = lang
    player.register(f"lucia-{lang}")
    played = {g: _played(player, g) for g in GAME_IDS}
    done = {
        "15-dias": _finished(player, "15-dias", {"player1": "bot:heuristic", "player2": "bot:random"}, {"players": 2}),
        "planet-king": _finished(player, "planet-king", {"king": "bot:heuristic"}, {}),
    }
    site = [
        "/",
        "/tables/new",
        "/account",
        "/vacation",
        "/notices",
        f"/users/lucia-{lang}",
        "/records/import",
        "/no-such-page",
    ]
    urls: list[tuple[str, str | None]] = [(url, None) for url in site]
    for game in GAME_IDS:
        urls += [(f"/tables/new?game={game}", game), (f"/games/{game}/rules", game)]
        urls += [(f"/games/{game}/rules/reference", game), (f"/games/{game}/cards", game)]
        urls += [(f"/tables/{played[game]}{part}", game) for part in ("", "/log", "/fork", "/replay")]
    for game, table in done.items():
        urls += [(f"/tables/{table}{part}", game) for part in ("", "/log", "/endings", "/replay")]
    urls += [
        ("/games/planet-king/battles", "planet-king"),
        ("/games/planet-king/cards/pk:memorial:carpe-diem", "planet-king"),
    ]
    urls += [("/games/ultima-ratio-regis/map?scenario=new-order&turn=1", "ultima-ratio-regis")]
    urls += [("/games/15-dias/cards/qd:sit:double-agent:1", "15-dias")]
    urls += [("/games/ultima-ratio-regis/cards/andalusia", "ultima-ratio-regis")]
    pages = {}
    for url, game in urls:
        page = player.c.get(url)
        assert page.status_code in (200, 404), (url, page.status_code)
        assert f'<html lang="{lang}"' in page.text or not page.text.startswith("<!doctype"), url  # or a fragment
        pages[(url, game)] = _spanish_part(page.text)
    return pages


def _pattern(phrases: set[str]) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True)) + r")(?!\w)")


def test_a_spanish_player_meets_no_english_phrase_on_any_kind_of_page(browser):
    """Each page is scanned for the site's phrases and those of the game it shows."""
    site = site_phrases()
    patterns = {None: _pattern(site)} | {g: _pattern(site | english_phrases(GAMES[g])) for g in GAME_IDS}
    found = {url: sorted(set(patterns[game].findall(text))) for (url, game), text in _walk(browser, "es").items()}
    assert {url: left for url, left in found.items() if left} == {}
    met = {p for (_url, game), text in _walk(browser, "en").items() for p in patterns[game].findall(text)}
    assert len(met) > 10, met  # the control: the English walk meets them
