"""Pages to register, log in and out, change one's password, and manage one's API tokens."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse

from app import display, i18n
from app.deps import CSRF, CurrentUser, OptionalUser, RowId, SessionDep, SessionUser, client_address
from app.errors import AppError, Invalid
from app.security import SESSION_COOKIE
from app.services import accounts
from app.web import render

router = APIRouter(include_in_schema=False)


def login_response(request: Request, db, user, target: str = "/") -> RedirectResponse:
    settings = request.app.state.settings
    sid = accounts.open_session(db, user, settings.session_days)
    response = RedirectResponse(_safe_next(target), status_code=303)
    response.set_cookie(
        SESSION_COOKIE,
        request.app.state.signer.sign(sid),
        max_age=settings.session_days * 86400,
        httponly=True,
        samesite="lax",
        secure=settings.secure_cookies,
    )
    return response


def _safe_next(target: str | None) -> str:
    """Only same-site paths: never an open redirect."""
    return target if target and target.startswith("/") and not target.startswith("//") else "/"


@router.get("/login")
def login_page(request: Request, user: OptionalUser, next: str = "/"):
    return render(request, "auth/login.html", user=user, next=_safe_next(next))


@router.post("/login", dependencies=[CSRF])
def login(
    request: Request,
    db: SessionDep,
    username: Annotated[str, Form(max_length=200)],
    password: Annotated[str, Form(max_length=1024)],
    next: Annotated[str, Form(max_length=500)] = "/",
):
    try:
        user = accounts.authenticate(db, request.app.state.limits.login, username, password, client_address(request))
    except AppError as exc:
        return render(
            request,
            "auth/login.html",
            status_code=exc.status_code,
            error=exc.message,
            username=username,
            next=_safe_next(next),
        )
    return login_response(request, db, user, next)


@router.get("/register")
def register_page(request: Request, user: OptionalUser, next: str = "/"):
    return render(request, "auth/register.html", user=user, next=_safe_next(next), rule=accounts.USERNAME_RULE)


@router.post("/register", dependencies=[CSRF])
def register(
    request: Request,
    db: SessionDep,
    username: Annotated[str, Form(max_length=200)],
    password: Annotated[str, Form(max_length=1024)],
    next: Annotated[str, Form(max_length=500)] = "/",
):
    """A new account, signed in; made in a language other than English it keeps that language (issue 29)."""
    try:
        user = accounts.register(db, request.app.state.limits.register, username, password, client_address(request))
    except AppError as exc:
        return render(
            request,
            "auth/register.html",
            status_code=exc.status_code,
            error=exc.message,
            username=username,
            next=_safe_next(next),
            rule=accounts.USERNAME_RULE,
        )
    if i18n.current() != i18n.DEFAULT:  # signed up in Spanish: its notices and e-mails, which have no browser, too
        accounts.set_language(db, user, i18n.current())
    return login_response(request, db, user, next)


@router.post("/logout", dependencies=[CSRF])
def logout(request: Request, db: SessionDep):
    sid = getattr(request.state, "session_id", None)
    if sid is None:
        cookie = request.cookies.get(SESSION_COOKIE)
        sid = request.app.state.signer.unsign(cookie) if cookie else None
    if sid:
        accounts.revoke_session(db, sid)
    response = RedirectResponse("/", status_code=303)
    response.delete_cookie(SESSION_COOKIE)
    return response


def _account(request: Request, db, user, status_code: int = 200, **extra):
    return render(
        request,
        "auth/account.html",
        status_code=status_code,
        user=user,
        tokens=accounts.api_tokens(db, user),
        session_id=getattr(request.state, "session_id", None),
        max_days=accounts.MAX_TOKEN_DAYS,
        **extra,
    )


@router.get("/account")
def account(request: Request, db: SessionDep, user: CurrentUser):
    return _account(request, db, user)


@router.post("/account/tokens", dependencies=[CSRF])
def new_token(
    request: Request,
    db: SessionDep,
    user: SessionUser,
    name: Annotated[str, Form(max_length=200)] = "",
    days: Annotated[int, Form(ge=1, le=accounts.MAX_TOKEN_DAYS)] = 90,
):
    """A token made in this login session (never by a token: ``SessionUser``)."""
    _, raw = accounts.create_api_token(db, user, name, days, request.state.session_id)
    return _account(request, db, user, new_token=raw)


@router.post("/account/tokens/{token_id}/revoke", dependencies=[CSRF])
def revoke_token(db: SessionDep, user: CurrentUser, token_id: RowId):
    accounts.revoke_api_token(db, user, token_id)
    return RedirectResponse("/account", status_code=303)


@router.post("/account/password", dependencies=[CSRF])
def change_password(
    request: Request,
    db: SessionDep,
    user: CurrentUser,
    current: Annotated[str, Form(max_length=1024)],
    new: Annotated[str, Form(max_length=1024)],
):
    """A new password; every other login session ends (this one stays)."""
    try:
        accounts.change_password(
            db,
            request.app.state.limits.login,
            user,
            current,
            new,
            client_address(request),
            getattr(request.state, "session_id", None),
        )
    except AppError as exc:
        return _account(request, db, user, status_code=exc.status_code, password_error=exc.message)
    return _account(request, db, user, password_changed=True)


@router.post("/language", dependencies=[CSRF])
def choose_language(
    request: Request,
    db: SessionDep,
    user: OptionalUser,
    lang: Annotated[str, Form(max_length=8)] = "",
    next: Annotated[str, Form(max_length=2000)] = "/",
):
    """The header's switch and the account page's setting (issue 29), without JavaScript: a signed-in user's choice
    is kept with the account, a visitor's in a cookie (a year); ``lang`` empty means "as my browser asks"."""
    if lang and lang not in i18n.LANGUAGES:
        raise Invalid(i18n.gettext("The site speaks {languages}.").format(languages=", ".join(i18n.LANGUAGES)))
    if user is not None:
        accounts.set_language(db, user, lang or None)
    response = RedirectResponse(_safe_next(next), status_code=303)
    if lang:
        secure = request.app.state.settings.secure_cookies
        response.set_cookie(i18n.COOKIE, lang, max_age=365 * 86400, samesite="lax", secure=secure)
    else:
        response.delete_cookie(i18n.COOKIE)
    return response


@router.post("/account/display", dependencies=[CSRF])
def choose_display(
    request: Request,
    db: SessionDep,
    user: OptionalUser,
    map_zoom: Annotated[str | None, Form(max_length=8)] = None,
    stacks: Annotated[str | None, Form(max_length=12)] = None,
    theme: Annotated[str | None, Form(max_length=8)] = None,
    side_panel: Annotated[str | None, Form(max_length=12)] = None,
    next: Annotated[str, Form(max_length=2000)] = "/account",
):
    """The reader's display preferences (issue 28): from the account page or the header's theme switch without
    JavaScript, or as they are used (a table's map tools, static/js/urr-map.js; the side panel's button,
    static/js/site.js); only the settings sent change. A signed-in user's are kept with the account, a visitor's
    in a cookie (a year; app/display.py)."""
    sent = (("map_zoom", map_zoom), ("stacks", stacks), ("theme", theme), ("side_panel", side_panel))
    changes = {k: v for k, v in sent if v is not None}
    response = RedirectResponse(_safe_next(next), status_code=303)
    try:
        if user is not None:
            accounts.set_display(db, user, changes)
        else:
            chosen = accounts.changed_display(display.from_cookie(request.cookies.get(display.COOKIE)), changes)
            secure = request.app.state.settings.secure_cookies
            response.set_cookie(
                display.COOKIE, display.to_cookie(chosen), max_age=365 * 86400, samesite="lax", secure=secure
            )
    except ValueError:
        raise Invalid(i18n.gettext("That is not a display setting.")) from None
    return response


@router.post("/account/logout-everywhere", dependencies=[CSRF])
def logout_everywhere(db: SessionDep, user: CurrentUser):
    accounts.log_out_everywhere(db, user)
    response = RedirectResponse("/login", status_code=303)
    response.delete_cookie(SESSION_COOKIE)
    return response
