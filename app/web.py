"""The one Jinja2 environment for the whole app, and helpers to render pages and HTMX partials."""

from __future__ import annotations

import contextvars
import functools
import threading
from collections.abc import MutableMapping
from types import BuiltinFunctionType, FunctionType
from typing import Any

import jinja2
import jinja2.runtime
import markupsafe
from fastapi import Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from jinja2 import TemplateNotFound
from markupsafe import Markup, escape
from sqlalchemy.orm import Session

from app import display, fragments, i18n
from app.resources import resource
from app.services import flags, notices
from app.static import static_url
from engines import registry

DICT_ATTRIBUTES = frozenset(dir(dict))
# escape()'s own C function (markupsafe's speedups), private: the lock pins markupsafe's version
_escape_inner = markupsafe._escape_inner  # type: ignore[attr-defined]


def output_escape(value: Any) -> str:
    """What a template writes for ``{{ value }}`` under autoescape: the text of markupsafe's ``escape(value)``.
    Jinja's own wraps every piece in a new ``Markup`` (a Python ``__new__``), which the render then joins into one
    string and throws away; a str or an int — most of what a board writes — is escaped here by markupsafe's C
    function alone (issue 26: a live partial writes ~230 values, ~15 % of its render); a ``Markup`` is written as
    it is (``escape`` would give it back unchanged: the templates' translated words, issue 29). Anything else,
    Jinja's ``Undefined`` included, goes through ``escape`` itself."""
    kind = type(value)
    if kind is str:
        return _escape_inner(value)
    if kind is int:
        return str(value)  # digits and a sign: nothing to escape
    if kind is Markup:  # already markup (the templates' translated words, app.i18n.template_gettext)
        marked: str = value
        return marked
    return escape(value)


class Template(jinja2.Template):
    """A compiled template whose output goes through :func:`output_escape`: the template's code calls the name
    ``escape`` only to write ``{{ … }}`` (jinja2.compiler), and looks it up in its module's namespace, set here
    once when the template is compiled."""

    @classmethod
    def _from_namespace(cls, environment: jinja2.Environment, namespace: MutableMapping[str, Any], globals: Any) -> Any:
        namespace["escape"] = output_escape
        return super()._from_namespace(environment, namespace, globals)


class Context(jinja2.runtime.Context):
    """A template's context, whose ``call`` — every ``f(x)`` a template writes goes through it, ~200 a live
    partial — calls a plain function, a builtin or a macro straight away (issue 26: ~0.5 µs a call less). Jinja's
    own asks each callable, and its ``__call__``, for a ``jinja_pass_arg`` mark (``pass_context`` and its kin) by
    three ``hasattr``: a plain function carries the mark in its own ``__dict__`` if anywhere, a builtin and a macro
    never carry one (``jinja2.runtime.Macro``), so the answer is the same; anything else, or a function marked,
    goes through Jinja's own."""

    def call(__self, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        kind = type(__obj)
        if kind is FunctionType:
            if "jinja_pass_arg" in __obj.__dict__:
                return super().call(__obj, *args, **kwargs)
        elif kind is not BuiltinFunctionType and kind is not jinja2.runtime.Macro:
            return super().call(__obj, *args, **kwargs)
        if kwargs:  # what Jinja passes for its own use inside loops and blocks
            kwargs.pop("_block_vars", None)
            kwargs.pop("_loop_vars", None)
        try:
            return __obj(*args, **kwargs)
        except StopIteration:
            return __self.environment.undefined(
                "value was undefined because a callable raised a StopIteration exception"
            )


class Environment(jinja2.Environment):
    """Jinja's environment, with ``x.key`` on a plain dict (a game's view is JSON data: hundreds of such look-ups
    a board) read as the key straight away. Jinja's own ``getattr`` tries the attribute first and reads the key
    in the ``AttributeError`` handler, ~0.6 µs a look-up more (issue 15); the answer is the same, since a plain
    dict has no attributes but ``dict``'s own (``d.items`` is still the method). Its templates write their values
    through :func:`output_escape`, and call functions through :class:`Context`."""

    template_class = Template
    context_class = Context

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute not in DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)

    def make_globals(self, d: MutableMapping[str, Any] | None) -> dict[str, Any]:
        """A template's globals as a plain dict of the environment's (and its own), not Jinja's ``ChainMap`` over
        them: every render, include and import makes a context that lists them, and a ``ChainMap`` lists its keys
        in Python (~20 µs a live partial; issue 15). So a global must be set before the first template loads,
        as app/web.py sets them all when it is imported."""
        return {**self.globals, **(d or {})}


# as Jinja2Templates(directory=...) makes it, with the dict look-up above
templates = Jinja2Templates(
    env=Environment(
        loader=jinja2.FileSystemLoader(str(resource("templates"))),
        autoescape=jinja2.select_autoescape(),
        extensions=["jinja2.ext.i18n"],
    )
)
# the site's words in the reader's language (app.i18n, issue 29): ``{{ _("Seat %(role)s", role=r) }}`` and
# ``{% trans %}`` read the request's language when called; new style: the arguments are escaped, then filled in
templates.env.install_gettext_callables(i18n.gettext, i18n.ngettext, newstyle=True)  # type: ignore[attr-defined]
# the same, without Jinja's wrapper's context call (app.i18n.template_gettext): {% trans %} blocks call these too
templates.env.globals.update(
    _=i18n.template_gettext, gettext=i18n.template_gettext, ngettext=i18n.template_ngettext, **i18n.template_globals()
)
# templates change only with a new release (a restart): no stat() of every included file on every render
templates.env.auto_reload = False
templates.env.globals["static_url"] = static_url


def plural(n: int, one: str, many: str) -> str:
    """A count with its noun, "1 card", "3 cards" (a board says dozens a render: a function, not a Jinja macro)."""
    return f"{n} {one if n == 1 else many}"


templates.env.globals["plural"] = plural
# the log's entries and an action's form: Python, not macros; a game's small templates and a board's sections kept
# (app/fragments.py, issues 15 and 30)
templates.env.globals.update(
    log_entries=fragments.log_entries,
    action_button=fragments.action_button,
    fragment=fragments.fragment,
    fragment_each=fragments.fragment_each,
    kept=fragments.kept,
)
# a game's extra pages its listings link to (its declared presentation: engines.core.presentation)
templates.env.globals["linked_pages"] = lambda game: registry.presentation(game).links()


_last_board = threading.local()  # the last view's board, per thread: the live parts' data and the template share it


def board_of(game: Any, view: Any) -> dict[str, Any] | None:
    """What the game's presentation draws on its board beyond the view (a map's overlay), in the reader's language,
    or None. Made once for the same view object and language in a row (the live table's parts read it before its
    template does: app/live_parts.py)."""
    made = registry.presentation(game).board if game is not None else None
    if made is None or not view:
        return None
    lang, last = i18n.current(), getattr(_last_board, "made", None)
    if last is not None and last[0] is view and last[1] == lang and last[2] is game:
        return last[3]  # type: ignore[no-any-return]
    board = made(game, view, lang)
    _last_board.made = (view, lang, game, board)
    return board


templates.env.globals["board_of"] = board_of


_WHOLE = contextvars.ContextVar("board_part_whole", default=False)  # drawing a part whole: its inner parts with it
SVG_NS = "http://www.w3.org/2000/svg"
INNER = "__"  # in a part's name: a part of a part (app/live_parts.py › INNER)


@jinja2.pass_context
def board_part(context: Any, name: str, caller: Any, root: str = "") -> Markup:
    """A part of a game's board (``{% call board_part("map") %}…{% endcall %}``, its parts declared by the game's
    presentation, ``board_parts``): in the live table, wrapped in the element that names it and carries its
    fingerprint; in a move's answer (app/live_parts.py) drawn only when it changed, as an out-of-band swap, and
    kept in ``PART_OUT``; elsewhere (a replay) the part as it is.

    A part may hold parts of its own, named ``<outer>__<inner>`` (a map's places, a list's rows, each a part):
    drawn whole, the outer draws them with it, not out of band; unchanged, it is drawn only for those of them that
    changed (its own HTML dropped). ``root``: the part is one element of its own, no wrapper, that writes the
    attributes it is given (``{% call(attrs) board_part(…, root="svg") %}<g{{ attrs }}>…``; hundreds of them: a
    map's places, a table's rows); out of band it is swapped by its ``data-live`` and travels in a ``<template>``
    (htmx parses an answer as HTML and swaps the out-of-band elements it finds in a ``<template>``): ``"svg"``, an
    SVG element, in ``<template><svg>`` (a bare ``<g>`` would be no SVG element); ``"html"``, an element that
    cannot stand alone in a page's body (a ``<tr>``), in the ``<template>`` alone."""
    fp = context.get("FP")
    key = f"part-{name}"
    if not isinstance(fp, dict) or key not in fp:
        return Markup(caller(Markup(""))) if root else Markup(caller())
    wanted = context.get("PARTS_WANTED")
    inside = _WHOLE.get()
    if wanted is not None and not inside and name not in wanted:
        if any(w.startswith(f"{name}{INNER}") for w in wanted):
            caller(Markup("")) if root else caller()  # its inner parts that changed go to PART_OUT
        return Markup("")
    # out of band only when drawn alone (a move's answer, its parts' pass): inside a board drawn whole, whether in
    # place or itself out of band, a part is that board's (a nested out-of-band mark would swap it once more: a
    # board of hundreds of rows and places, each swapped twice, kept a browser busy for seconds)
    oob = context.get("OOB", "") if wanted is not None and not inside else ""
    token = _WHOLE.set(wanted is not None)
    try:
        if root:
            attrs = f' data-live="{key}" data-fp="{fp[key]}"'
            if oob:
                attrs += f" hx-swap-oob=\"outerHTML:[data-live='{key}']\""
            html = Markup(caller(Markup(attrs)))
        else:
            body = caller()
            html = Markup(f'<div id="{key}" class="board-part" data-live="{key}" data-fp="{fp[key]}"{oob}>{body}</div>')
    finally:
        _WHOLE.reset(token)
    out = context.get("PART_OUT")
    if out is not None and not inside:
        if root == "svg":
            out.append(Markup(f'<template><svg xmlns="{SVG_NS}">{html}</svg></template>'))
        else:
            out.append(Markup(f"<template>{html}</template>") if root else html)
    return html


templates.env.globals["board_part"] = board_part


def title_of(game: Any) -> str:
    """A game's name in the reader's language (its catalogue's ``game.title``: "El Rey Planeta"; issue 29); empty for
    no game (a form sent back with a game that does not exist)."""
    return str(game.title_in(i18n.current())) if game is not None else ""


templates.env.globals["title_of"] = title_of


def flag_of(table: Any) -> str | None:
    """Why a table is flagged, in the reader's language (app/services/flags.py)."""
    return flags.said(table.flagged, registry.get_game(table.game_id))


templates.env.globals["flag_of"] = flag_of


def game_words(game: Any) -> Any:
    """The game's catalogue words in the reader's language: ``say(key, **args)`` (a game's small templates, e.g. its
    actions panel; issue 29)."""
    render = game.renderer(i18n.current()).text
    return lambda key, **args: render({"msg": key, "args": args})


templates.env.globals["game_words"] = game_words


def action_keys(game: Any, verb: str, arg: Any) -> str:
    """The board keys a legal action acts on, as its game's presentation says ("card:x seat:y"), or ""."""
    keys = registry.presentation(game).action_keys if game is not None else None
    return " ".join(keys(verb, arg)) if keys is not None else ""


templates.env.globals["action_keys"] = action_keys


@jinja2.pass_context
def role_label(context: Any, game: Any, role: str) -> str:
    """A seat's name: as the table's position names it (``table_view``'s ``labels``: e.g. the powers its player
    leads), else as its game's catalog does."""
    data = context.get("data")
    labels = data.get("labels") if isinstance(data, dict) else None
    if labels and role in labels:
        return str(labels[role])
    return game.role_label(role, i18n.current()) if game else role


templates.env.globals["role_label"] = role_label
# An id of a game's view (an area, a power, a card) by its name; the id itself when the game has no name for it.
templates.env.globals["name_of"] = lambda game, value, lang=None: (
    (game.name_of(value, lang or i18n.current()) if game else None) or value
)
templates.env.filters["rating"] = lambda value: f"{value:.0f}"  # ratings (app.services.ratings)
templates.env.filters["bot_kind"] = i18n.bot_kind  # a kind of bot in the reader's language
templates.env.filters["signed"] = lambda value: f"{value:+.0f}".replace("-", "\u2212")


@jinja2.pass_context
def display_shown(context: Any) -> dict[str, str]:
    """The reader's display preferences (app/display.py), for ``<html data-theme>`` and the side panel's button."""
    request = context.get("request")
    return display.shown(context.get("user"), request.cookies if request is not None else {})


templates.env.globals["display_shown"] = display_shown


def is_htmx(request: Request) -> bool:
    return request.headers.get("hx-request") == "true"


def unread_notices(request: Request, user: Any, session: Session | None = None) -> int:
    """The signed-in user's unread notices, read when a full page's header is drawn (partials never ask): on the
    page's own ``session`` when the route gives it (open while the page is drawn, reading only), else in a short
    session of its own, since a route's own may be mid-transaction or gone (a session and a connection fewer: ~0.13
    ms of a table's page, bench/RESULTS.md)."""
    if user is None:
        return 0
    if session is not None:
        return notices.unread_count(session, user.id)
    with request.app.state.sessions() as db:
        return notices.unread_count(db, user.id)


def render(
    request: Request, name: str, status_code: int = 200, *, session: Session | None = None, **context: Any
) -> HTMLResponse:
    """The page ``name`` drawn with ``context``; ``session``: the route's own, open and reading only while the page
    is drawn, on which the header reads what it needs (``unread_notices``)."""
    context.setdefault("user", getattr(request.state, "user", None))
    context["unread_notices"] = lambda: unread_notices(request, context["user"], session)
    context["csrf_token"] = request.scope.get("state", {}).get("csrf_token", "")
    context["games"] = registry.all_games()
    return templates.TemplateResponse(request, name, context, status_code=status_code)


def render_error(request: Request, status_code: int, message: str) -> HTMLResponse:
    if is_htmx(request):
        # HTMX swaps only 2xx by default: answer the error as a small alert it is told to show
        response = render(request, "partials/error.html", status_code=status_code, message=message)
        response.headers["HX-Retarget"] = "#flash"
        response.headers["HX-Reswap"] = "innerHTML"
        return response
    return render(request, "error.html", status_code=status_code, message=message, status=status_code)


def board_template(game_id: str) -> str:
    """The game's own board partial, or the generic one that renders any view as readable HTML."""
    return _game_template(f"games/{game_id}/board.html", "partials/generic_board.html")


def actions_template(game_id: str) -> str:
    """The game's own list of legal actions, or the plain one (a list of small forms)."""
    return _game_template(f"games/{game_id}/actions.html", "partials/action_list.html")


@functools.lru_cache(maxsize=128)
def _game_template(name: str, fallback: str) -> str:
    """Looked up once: Jinja keeps no note of a template it did not find, so an ``{% include [name, fallback] %}``
    would look for the game's file on disk again in every render (issue 15)."""
    try:
        templates.env.get_template(name)
        return name
    except TemplateNotFound:
        return fallback
