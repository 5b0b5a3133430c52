"""create_app(): settings, database, live news, bots, rate limits, middleware, routers, static files and the API
page, error handlers."""

from __future__ import annotations

import asyncio
import gc
import importlib
import logging
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import datetime
from types import SimpleNamespace
from urllib.parse import urlencode

import anyio
from fastapi import Depends, FastAPI, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.routing import iter_route_contexts
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as SQLAlchemyTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.routing import compile_path
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from app import validation
from app.config import Settings, get_settings
from app.db import is_postgres, make_engine, make_sessionmaker
from app.deps import find_user
from app.errors import AppError, encodable, short
from app.i18n import N_, LanguageChoice, _
from app.inputs import refuse_unstorable
from app.middleware import Admission, BodyLimit, CsrfCookie, SecurityHeaders
from app.models import utcnow
from app.openapi import install as install_openapi
from app.resources import resource
from app.routes import api, auth, live, pages
from app.routes import clocks as clock_routes
from app.routes import endings as ending_routes
from app.routes import notes as note_routes
from app.routes import notices as notice_routes
from app.routes import profile as profile_routes
from app.routing import index_routes
from app.security import CookieSigner, CsrfTokens
from app.services.bots import BotRunner
from app.services.clock_checker import ClockChecker
from app.services.hot import SpectatorPartials
from app.services.limits import Limit
from app.services.live import Publisher, deliver_after_commit
from app.services.notifier import Notifier
from app.services.play import verify_running_tables
from app.static import VersionedStatic, static_url
from app.web import is_htmx, render_error, templates
from engines import registry

log = logging.getLogger("siglo")
# Starlette's own refusals, translated where they are answered (http_error)
STARLETTE_DETAILS = (N_("Not Found"), N_("Method Not Allowed"))
SWAGGER_UI = "/static/vendor/swagger-ui-5.17.14"
DOCS_PAGE = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Siglo de Oro — API</title>
<link rel="icon" href="{static_url("favicon.svg")}" type="image/svg+xml">
<link rel="stylesheet" href="{SWAGGER_UI}/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="{SWAGGER_UI}/swagger-ui-bundle.js"></script><script src="{static_url("js/docs.js")}"></script></body></html>"""


def tune_garbage_collector() -> None:
    """For a server process, once its app is made (``app.asgi``; issue 15): what it loaded at start-up (modules,
    the games' content and catalogs, the database mappings) is collected once and frozen, so the collector never
    walks it again; and a young-generation collection waits for 10,000 new objects instead of 700, so most of a
    request's objects are freed by their reference counts before it looks at them. A move with its view spent ~4 %
    of its instructions in the collector (``bench/bench_instructions.py``). Not for a process that makes many apps
    (the tests): what is frozen is never collected."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)


def reader_of(request: Request) -> None:
    """Who reads an error page no route answered (``request.state.user``, None for a visitor or a bad login), so
    its header and its language are theirs, as on every other page."""
    with request.app.state.sessions() as db:
        try:
            request.state.user = find_user(request, db)
        except AppError:
            request.state.user = None


def allowed_methods(request: Request) -> str:
    """A 405's ``Allow``: every method some route answers at the request's path. (Starlette names the methods of
    the first route whose path matched, and FastAPI makes one route per method, so a path with GET and POST
    answered a PUT with ``Allow: GET``.) Only a static file's path has no route of its own: GET and HEAD."""
    path = request.scope["path"]
    methods: set[str] = set()
    for route in iter_route_contexts(request.app.routes):
        if route.path and route.methods and compile_path(route.path)[0].match(path):
            methods |= route.methods
    return ", ".join(sorted(methods)) or "GET, HEAD"


def create_app(settings: Settings | None = None, clock: Callable[[], datetime] | None = None) -> FastAPI:
    """``clock``: the server's time for the clocks in days (``utcnow`` unless a test moves time by hand)."""
    settings = settings or get_settings()
    registry.configure(settings.content_dir)  # validates every game's content: a bad file stops here, named
    for ref in settings.extra_games:
        module, _colon, attr = ref.partition(":")
        registry.register(getattr(importlib.import_module(module), attr or "GAME"))
    admitted = settings.admission_limit()  # requests at work at once (app.middleware.Admission)
    engine = make_engine(settings.database_url, admitted)
    sessions = make_sessionmaker(engine)
    clock = clock or utcnow
    sessions.configure(info={"now": clock, "clock_zone": settings.clock_timezone})  # app.services.clocks.now
    publisher = Publisher()

    def announce(table_id: int, value: int, kind: str, nonce: str, to_act: frozenset[int] | None) -> None:
        """News of a committed transaction (``app.services.live.news``): to this process's watchers, and to the
        bot runner when a bot may be to act."""
        publisher.publish(table_id, value, kind, nonce)
        if kind in ("move", "seats") and bots is not None:
            bots.poke(table_id)
        if kind != "chat":
            notifier.poke(table_id, to_act)  # play by web: your-turn notices, sent in the background

    notifier = Notifier(sessions, settings, publisher.viewers, settings.resolved_secret())
    checker = ClockChecker(sessions, notifier, clock, settings.clock_check_seconds)

    deliver_after_commit(sessions, announce)
    bots = BotRunner(sessions, settings.bot_delay_seconds) if settings.bots_enabled else None

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # worker threads: more than requests admitted at once, so an admitted request never waits for one while
        # what is not admitted (static files, the live streams' short look-ups) holds some
        anyio.to_thread.current_default_thread_limiter().total_tokens = admitted + 16
        publisher.bind(asyncio.get_running_loop())
        if is_postgres(engine):
            publisher.listen_postgres(engine.url.set(drivername="postgresql").render_as_string(hide_password=False))
        threading.Thread(target=verify_running_tables, args=(sessions,), name="siglo-verify", daemon=True).start()
        if bots is not None:
            bots.start()
        notifier.start()
        checker.start()
        yield
        checker.stop()
        notifier.stop()
        if bots is not None:
            bots.stop()
        publisher.stop()
        engine.dispose()

    app = FastAPI(
        title="Siglo de Oro",
        version="1",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        description="Play-by-web server for " + ", ".join(g.title for g in registry.all_games()) + ".",
        dependencies=[Depends(refuse_unstorable)],  # no NUL or lone surrogate in any input (app.inputs): 422
    )
    install_openapi(app)
    app.state.settings = settings
    app.state.engine = engine
    app.state.sessions = sessions
    app.state.publisher = publisher
    secret = settings.resolved_secret()
    app.state.signer = signer = CookieSigner(secret)
    app.state.limits = SimpleNamespace(
        login=Limit(settings.login_attempts, settings.login_window_seconds),
        register=Limit(settings.registrations_per_hour, 3600),
        chat=Limit(settings.chat_per_minute, 60),
        imports=Limit(settings.imports_per_hour, 3600),
    )
    app.state.notifier = notifier
    app.state.clock_checker = checker
    app.state.spectator_partials = SpectatorPartials()

    app.add_middleware(LanguageChoice)  # the request's language (app.i18n), seen by the error handlers too
    app.add_middleware(CsrfCookie, secure=settings.secure_cookies, signer=signer, tokens=CsrfTokens(secret))
    app.add_middleware(Admission, limit=admitted)
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)
    app.add_middleware(SecurityHeaders)
    # pages, partials and JSON compressed (SSE streams never: Starlette leaves text/event-stream alone), at level 1
    # as nginx's default: ~18 % more bytes than level 5 and half its CPU (issue 15); a 15 Días page, its live partial
    # and its JSON view stay under one initial TCP window (14.6 kB) either way, so no round trip more
    app.add_middleware(GZipMiddleware, minimum_size=1000, compresslevel=1)
    if settings.trusted_proxies:  # the client address (rate limits) comes from these proxies' headers only
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=settings.trusted_proxies)
    app.mount("/static", VersionedStatic(resource("static")), name="static")
    # the hot routes' routers first (issue 15): each route tried before the one that matches costs its path check
    # (fewer since each router is indexed by its paths' segments: index_routes, below); no two routes of different
    # routers match the same request (tests/app/test_routes.py), so order is free
    for router in (api.router, pages.router, live.router, auth.router):
        app.include_router(router)
    app.include_router(notice_routes.router)  # play by web
    app.include_router(ending_routes.router)
    app.include_router(profile_routes.router)
    app.include_router(clock_routes.router)
    app.include_router(note_routes.router)

    @app.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        """Swagger UI from static/ (pinned, vendored), for the OpenAPI document at /openapi.json."""
        return HTMLResponse(DOCS_PAGE)

    def wants_json(request: Request) -> bool:
        return request.url.path.startswith("/api/") or "application/json" in request.headers.get("accept", "")

    @app.exception_handler(AppError)
    async def app_error(request: Request, exc: AppError) -> Response:
        if wants_json(request):
            body = {"detail": short(exc.message, 1000), **encodable(exc.extra)}
            if exc.status_code == 422:  # every 422 names its problems (app.openapi.Problems), one or several
                body.setdefault("problems", [body["detail"]])
            return JSONResponse(body, status_code=exc.status_code)
        if exc.status_code == 401:
            target = "/login?" + urlencode({"next": request.url.path})
            if is_htmx(request):
                return Response(status_code=204, headers={"HX-Redirect": target})
            return RedirectResponse(target, status_code=303)
        return render_error(request, exc.status_code, short(exc.message, 1000))

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> Response:
        hop = getattr(request.state, "hop", None)
        if hop is not None:  # a hot route's look-ups come first, as they did as dependencies (app.deps.Hop)
            id_valid = not any(tuple(e.get("loc", ()))[:2] == ("path", "table_id") for e in exc.errors())
            try:
                await run_in_threadpool(hop.check_first, id_valid)
            except AppError as first:
                return await app_error(request, first)
        problems = validation.problems(exc.errors(), _("request"), skip=("body", "query", "path", "form"))
        message = _("The request is not valid: ") + "; ".join(problems)
        if wants_json(request):
            return JSONResponse({"detail": message, "problems": problems}, status_code=422)
        return render_error(request, 422, message)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        message = short(_(exc.detail), 1000) if isinstance(exc.detail, str) else _("Request refused.")
        headers = dict(exc.headers or {})
        if exc.status_code == 405:
            headers["Allow"] = allowed_methods(request)
        if wants_json(request):
            return JSONResponse({"detail": message}, status_code=exc.status_code, headers=headers)
        if not hasattr(request.state, "user"):  # no route looked the reader up (a path no route answers)
            await run_in_threadpool(reader_of, request)
            if getattr(request.state, "user", None) is not None:  # the page in the reader's language
                message = short(_(exc.detail), 1000) if isinstance(exc.detail, str) else _("Request refused.")
        response = render_error(request, exc.status_code, message)
        response.headers.update(headers)
        return response

    @app.exception_handler(SQLAlchemyTimeout)
    @app.exception_handler(OperationalError)
    async def database_unavailable(request: Request, exc: Exception) -> Response:
        """The database is busy (pool timeout) or unreachable (restarting): nothing was committed; retry."""
        log.warning("database unavailable on %s %s: %s", request.method, request.url.path, exc)
        message = _("The database is busy or unreachable right now; nothing was changed. Try again in a moment.")
        if wants_json(request):
            return JSONResponse({"detail": message}, status_code=503, headers={"Retry-After": "2"})
        response = render_error(request, 503, message)
        response.headers["Retry-After"] = "2"
        return response

    @app.exception_handler(Exception)
    async def server_error(request: Request, exc: Exception) -> Response:
        """A bug of ours, not the client's: logged with its traceback; nothing was committed."""
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        message = _("Something went wrong on the server; nothing was changed. Please try again.")
        if wants_json(request):
            return JSONResponse({"detail": message}, status_code=500)
        return render_error(request, 500, message)

    app.state.templates = templates
    index_routes(app.router)  # a request tries only the routes its path can reach (app.routing)
    return app
