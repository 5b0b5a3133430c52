"""The site's own words in the reader's language (issue 29): one place for strings in Python code, the
templates' gettext, and the choice of language.

- **Catalogues**: ``app/locale/<lang>/LC_MESSAGES/messages.po`` (Babel's layout; ``pybabel extract`` is configured
  in ``pyproject.toml`` › ``[tool.babel]`` and ``babel.cfg``). They are compiled in memory from the ``.po`` the
  first time a language is asked for (Babel's ``read_po`` and ``write_mo``): no ``.mo`` file to build, to ship or
  to go stale, so a checkout, ``pip install -e .`` and the wheel serve the same words. English is the source
  language: its catalogue is empty of translations and every ``msgid`` stands for itself.
- **Strings in Python** go through :func:`gettext` (``_``) and :func:`ngettext` in the language of the request being
  served; a module-level constant is marked with :func:`N_` and translated where it is shown. Arguments are
  ``str.format`` fields, filled after translation (``_("There is no table {id}.").format(id=n)``).
- **Which language**: :class:`LanguageChoice`, a pure ASGI middleware, decides per request from the switch's cookie
  and ``Accept-Language`` (Babel's negotiation), else English; once the reader is known (``app.deps.find_user``) a
  signed-in user's own choice (``users.language``) wins, except for a JSON API call that names its language in
  ``Accept-Language``: a script's header says what it wants of that one answer. The choice lives in a context
  variable holding one mutable :class:`Choice` per request, so a choice made in a worker thread (where the user
  is looked up) is seen by the route, the templates and the error handlers alike. Outside a request (the notices
  sender, e-mails) :func:`use` sets the language of one recipient.
- Engines render their own words from their catalogues (``engines/<game>/messages/<lang>.yaml``) with the same
  language: :func:`current` is what ``app.services.play`` passes them; a key missing in Spanish reads in English.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime
from pathlib import Path
from typing import Any

from babel import negotiate_locale
from babel.dates import format_datetime as babel_format_datetime
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import Translations
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Receive, Scope, Send

from engines.core.kept import Kept

DEFAULT = "en"
# the languages the site speaks, each named in itself (the header's switch)
LANGUAGES: dict[str, str] = {"en": "English", "es": "Español"}
COOKIE = "siglo_lang"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"  # package data: in a checkout and in the wheel


class Choice:
    """The language of one request; a mutable holder so that a later, better-informed step (the signed-in user)
    can change it for everything after."""

    __slots__ = ("fixed", "lang")

    def __init__(self, lang: str = DEFAULT, fixed: bool = False) -> None:
        self.lang, self.fixed = lang, fixed


_choice: ContextVar[Choice | None] = ContextVar("siglo_language", default=None)


def current() -> str:
    """The language of the request (or the :func:`use` block) being served; English outside any."""
    choice = _choice.get()
    return choice.lang if choice is not None else DEFAULT


@contextmanager
def use(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` (a supported one, else English) inside the block: a notice written for one recipient."""
    chosen = lang if lang in LANGUAGES else DEFAULT
    token = _choice.set(Choice(chosen, fixed=True))
    try:
        yield chosen
    finally:
        _choice.reset(token)


def prefer_user(lang: str | None) -> None:
    """A signed-in reader's own choice, which wins over the browser's (unless an API call named its own)."""
    choice = _choice.get()
    if choice is not None and not choice.fixed and lang in LANGUAGES:
        choice.lang = lang


@functools.cache
def translations(lang: str) -> Translations:
    """The compiled catalogue of ``lang``, built in memory from its ``.po`` once per process."""
    path = LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po"
    if lang == DEFAULT or not path.is_file():
        return Translations()  # the msgids are English
    with open(path, "rb") as handle:
        catalog = read_po(handle, locale=lang)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled)


def gettext(message: str) -> str:
    choice = _choice.get()
    if choice is None or choice.lang == DEFAULT:
        return message
    return translations(choice.lang).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    choice = _choice.get()
    if choice is None or choice.lang == DEFAULT:
        return singular if n == 1 else plural
    return translations(choice.lang).ngettext(singular, plural, n)


def template_gettext(message: str, **variables: Any) -> Markup:
    """The templates' ``_`` and ``gettext``, as Jinja's new-style gettext behaves under autoescape (the
    translation is markup, its ``%(name)s`` arguments are escaped), without its context call and ``%`` of an empty
    dict on every string: a live partial says a few dozen of them (issue 15's budget; issue 29's 5 %)."""
    choice = _choice.get()
    marked = _MARKED.get(DEFAULT if choice is None else choice.lang)
    if marked is None:
        marked = _MARKED.setdefault(DEFAULT if choice is None else choice.lang, {})
    text = marked.get(message)
    if text is None:
        text = marked[message] = Markup(gettext(message))
    return _filled(text, variables, (choice.lang if choice is not None else DEFAULT, message)) if variables else text


# each language's translations as the templates write them (markup), made once per message and process: the
# ids are the catalogue's, a few hundred
_MARKED: dict[str, dict[str, Markup]] = {}


def template_ngettext(singular: str, plural: str, num: int, **variables: Any) -> Markup:
    variables.setdefault("num", num)
    choice = _choice.get()
    said = (choice.lang if choice is not None else DEFAULT, singular, plural)
    return _filled(Markup(ngettext(singular, plural, num)), variables, said)


# a translation filled in with plain arguments (ints, plain strings: "3 cards", "Round 2 of 4"), by the language,
# the message and the arguments: the same few hundred a board says, each escaped and formatted once (Markup's ``%``
# escapes every argument through a wrapper object: ~4 µs a call, a 15 Días board makes ~40; issue 26)
FILLED_KEPT = 4096
_FILLED: Kept[tuple[Any, ...], Markup] = Kept(FILLED_KEPT)


def _filled(text: Markup, variables: dict[str, Any], said: tuple[str, ...]) -> Markup:
    """``text % variables``, kept when every argument is an int or a plain str (whose escaped text is its value's
    alone; markup, or anything else, is filled in each time)."""
    for value in variables.values():
        if type(value) is not int and type(value) is not str:
            return text % variables
    key = (*said, *variables.items())
    return _FILLED.get_or_make(key, lambda: text % variables)


_ = gettext


def N_(message: str) -> str:
    """Marks a constant for the catalogue; it is translated where it is shown (``_(CONSTANT)``)."""
    return message


def format_number(value: float) -> str:
    return format_decimal(value, locale=current())


def format_datetime(value: datetime, form: str = "medium") -> str:
    """A date and time in the reader's language (Babel's ``short``/``medium``/``long`` or a pattern), in UTC as
    every time the site shows."""
    return babel_format_datetime(value, form, tzinfo=value.tzinfo, locale=current())


def accepted(header: str) -> list[str]:
    """The languages of an ``Accept-Language`` header, most wanted first (q=0 means "not this one")."""
    weighted: list[tuple[float, int, str]] = []
    for i, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if tag and tag != "*" and quality > 0:
            weighted.append((-quality, i, tag.replace("-", "_")))
    return [tag for _, _, tag in sorted(weighted)]


def negotiate(header: str | None) -> str | None:
    """The supported language an ``Accept-Language`` header asks for first, or None (Babel's negotiation: ``es-MX``
    finds ``es``)."""
    if not header:
        return None
    found = negotiate_locale(accepted(header[:500]), list(LANGUAGES), sep="_")
    return found.split("_")[0] if found else None


class LanguageChoice:
    """Pure ASGI middleware: the request's :class:`Choice` from the switch's cookie, else ``Accept-Language``, else
    English. A JSON API call that names a language it can have keeps it (``fixed``) over the user's own choice."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        cookie = header = None
        for name, value in scope["headers"]:
            if name == b"cookie":
                cookie = cookie_parser(value.decode("latin-1")).get(COOKIE) or cookie
            elif name == b"accept-language":
                header = value.decode("latin-1")
        asked = negotiate(header)
        api = scope.get("path", "").startswith("/api/")
        if api and asked:
            choice = Choice(asked, fixed=True)
        else:
            choice = Choice(cookie if cookie in LANGUAGES else asked or DEFAULT)
        token = _choice.set(choice)
        try:
            await self.app(scope, receive, send)
        finally:
            _choice.reset(token)


# the words of a table's or a delivery's status, which the database keeps in English
STATUS = {
    "waiting": N_("waiting for players"),
    "active": N_("in progress"),
    "finished": N_("finished"),
    "pending": N_("pending"),
    "sent": N_("sent"),
    "failed": N_("failed"),
}
# the kinds of bot the games offer (``Game.bots``), which seats and forms store by these names (issue 29)
BOT_KINDS = {"random": N_("random"), "heuristic": N_("heuristic")}


def bot_kind(kind: str) -> str:
    """A kind of bot in the reader's language ("heurístico"); a kind this list lacks as the game names it."""
    words = BOT_KINDS.get(kind)
    return gettext(words) if words is not None else kind


# a game's extra pages name their link in English (engines.core.presentation.Page.link): the known ones here
N_("the map")
N_("the battle names")

# the words static/js/ shows, by key, in a JSON script element of every page (``base.html``: ``#siglo-text``);
# the scripts fill ``{n}``-style fields themselves and keep the English as their fallback
SCRIPT_TEXT = {
    "board.list_one": N_("List the 1 move"),
    "board.list_all": N_("List all {n} moves"),
    "board.back": N_("Back to choosing on the board"),
    "board.cancel": N_("Cancel"),
    "board.hint": N_("Click a highlighted {noun} on the board to choose what to do with it."),
    "board.noun": N_("card or place"),
    "board.choose": N_("{name}: choose what to do."),
    "board.target": N_("{verb} → choose a target ({n})"),
    "board.click_target": N_("{name}: {verb} — click a highlighted target."),
    "clock.days": N_("{d} d {h} h"),
    "clock.hours": N_("{h} h {m} min"),
    "clock.minutes": N_("{m} min {s} s"),
    "clock.left": N_("{time} left"),
    "clock.paused": N_("{time} left (paused)"),
    "clock.up": N_("time is up"),
    "notices.your_turn": N_("Your turn"),
}


def status_word(status: str) -> str:
    return gettext(STATUS[status]) if status in STATUS else status


def script_json() -> Markup:
    """The scripts' words in the request's language (``SCRIPT_TEXT``), as the JSON that base.html's ``#siglo-text``
    holds (written as Jinja's ``tojson`` writes it: sorted keys, HTML-safe), made once per language: every page
    writes it."""
    lang = current()
    found = _SCRIPT_JSON.get(lang)
    if found is None:
        words = {key: gettext(text) for key, text in SCRIPT_TEXT.items()}
        found = _SCRIPT_JSON[lang] = htmlsafe_json_dumps(words, sort_keys=True)
    return found


_SCRIPT_JSON: dict[str, Markup] = {}


def template_globals() -> dict[str, Any]:
    """What the templates call: gettext with Jinja's new style (``_("… %(name)s", name=x)``, escaped) is installed
    by ``app.web``; these are the rest."""
    return {
        "current_language": current,
        "languages": LANGUAGES,
        "format_datetime": format_datetime,
        "format_number": format_number,
        "status_word": status_word,
        "script_json": script_json,
    }
