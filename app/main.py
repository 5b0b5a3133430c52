"""create_app(): settings, database, live publisher, bots, middleware, routers, static files, error handlers."""
from __future__ import annotations

import asyncio
import importlib
import logging
import threading
from contextlib import asynccontextmanager
from pathlib import Path
from urllib.parse import urlencode

import anyio
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as SQLAlchemyTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.config import Settings, get_settings
from app.db import is_postgres, make_engine, make_sessionmaker
from app.errors import AppError
from app.middleware import Admission, BodyLimit, CsrfCookie
from app.routes import api, auth, live, maps, pages
from app.routes import endings as ending_routes
from app.routes import notices as notice_routes
from app.routes import profile as profile_routes
from app.security import CookieSigner, RateLimiter
from app.services.bots import BotRunner
from app.services.live import Publisher
from app.services.notices import Notifier
from app.services.play import verify_running_tables
from app.web import is_htmx, render_error, templates
from engines import registry

ROOT = Path(__file__).resolve().parent.parent
log = logging.getLogger("siglo")


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    registry.configure(settings.content_dir)  # validates every game's content: a bad file stops here, named
    for ref in settings.extra_games:
        module, _, attr = ref.partition(":")
        registry.register(getattr(importlib.import_module(module), attr or "GAME"))
    engine = make_engine(settings.database_url, settings.max_concurrent_requests)
    sessions = make_sessionmaker(engine)
    publisher = Publisher()

    def announce(table_id: int, seq: int, kind: str = "move") -> None:
        publisher.publish(table_id, seq, kind)
        if kind == "move" and bots is not None:
            bots.poke(table_id)
        if kind != "chat":
            notifier.poke(table_id)  # play by web: your-turn notices, sent in the background

    notifier = Notifier(sessions, settings, publisher.viewers, settings.resolved_secret())

    bots = BotRunner(sessions, announce, settings.bot_delay_seconds) if settings.bots_enabled else None

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        # worker threads: more than requests admitted at once, so an admitted request never waits for one
        anyio.to_thread.current_default_thread_limiter().total_tokens = settings.max_concurrent_requests * 2
        publisher.bind(asyncio.get_running_loop())
        if is_postgres(engine):
            publisher.listen_postgres(engine.url.set(drivername="postgresql").render_as_string(hide_password=False))
        threading.Thread(target=verify_running_tables, args=(sessions,), name="siglo-verify", daemon=True).start()
        if bots is not None:
            bots.start()
        notifier.start()
        yield
        notifier.stop()
        if bots is not None:
            bots.stop()
        publisher.stop()
        engine.dispose()

    app = FastAPI(title="Siglo de Oro", version="1", lifespan=lifespan,
                  description="Play-by-web server for The Planet King, 15 Días and Ultima Ratio Regis.")
    app.state.settings = settings
    app.state.engine = engine
    app.state.sessions = sessions
    app.state.publisher = publisher
    app.state.announce = announce
    app.state.notifier = notifier
    app.state.signer = CookieSigner(settings.resolved_secret())
    app.state.limiter = RateLimiter(settings.login_attempts, settings.login_window_seconds)

    app.add_middleware(CsrfCookie, secure=settings.secure_cookies)
    app.add_middleware(Admission, limit=settings.max_concurrent_requests)
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)
    app.mount("/static", StaticFiles(directory=ROOT / "static"), name="static")
    for router in (auth.router, pages.router, maps.router, live.router, api.router):
        app.include_router(router)
    app.include_router(notice_routes.router)  # play by web
    app.include_router(ending_routes.router)
    app.include_router(profile_routes.router)

    def wants_json(request: Request) -> bool:
        return request.url.path.startswith("/api/") or "application/json" in request.headers.get("accept", "")

    @app.exception_handler(AppError)
    async def app_error(request: Request, exc: AppError):
        if wants_json(request):
            return JSONResponse({"detail": exc.message, **exc.extra}, status_code=exc.status_code)
        if exc.status_code == 401:
            target = "/login?" + urlencode({"next": request.url.path})
            if is_htmx(request):
                return Response(status_code=204, headers={"HX-Redirect": target})
            return RedirectResponse(target, status_code=303)
        return render_error(request, exc.status_code, exc.message)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError):
        problems = []
        for err in exc.errors():
            where = ".".join(str(p) for p in err.get("loc", ()) if p not in ("body", "query", "path", "form"))
            problems.append(f"{where or 'request'}: {err.get('msg')}")
        message = "The request is not valid: " + "; ".join(problems)
        if wants_json(request):
            return JSONResponse({"detail": message, "problems": problems}, status_code=422)
        return render_error(request, 422, message)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException):
        message = exc.detail if isinstance(exc.detail, str) else "Request refused."
        if wants_json(request):
            return JSONResponse({"detail": message}, status_code=exc.status_code, headers=exc.headers)
        return render_error(request, exc.status_code, message)

    @app.exception_handler(SQLAlchemyTimeout)
    @app.exception_handler(OperationalError)
    async def database_unavailable(request: Request, exc: Exception):
        """The database is busy (pool timeout) or unreachable (restarting): nothing was committed; retry."""
        log.warning("database unavailable on %s %s: %s", request.method, request.url.path, exc)
        message = "The database is busy or unreachable right now; nothing was changed. Try again in a moment."
        if wants_json(request):
            return JSONResponse({"detail": message}, status_code=503, headers={"Retry-After": "2"})
        response = render_error(request, 503, message)
        response.headers["Retry-After"] = "2"
        return response

    @app.exception_handler(Exception)
    async def server_error(request: Request, exc: Exception):
        """A bug of ours, not the client's: logged with its traceback; nothing was committed."""
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        message = "Something went wrong on the server; nothing was changed. Please try again."
        if wants_json(request):
            return JSONResponse({"detail": message}, status_code=500)
        return render_error(request, 500, message)

    app.state.templates = templates
    return app
