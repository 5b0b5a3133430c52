"""The OpenAPI document as the app behaves (issue 26), so that generated clients and fuzzers can rely on it.

FastAPI documents a route's success and a 422 of its own shape (an array of errors) that the app never sends. Here,
once per app, the generated document is corrected and completed:

- every refusal has the body the app really sends: ``Problem`` (``{"detail": str}``), ``Problems`` for a 422
  (``{"detail": str, "problems": [str]}``), ``StaleMove`` for a move's 409 (the fresh view comes with it);
- each operation lists the refusals it can give: those of its dependencies (``DEPENDENCY_ANSWERS``: the login 401,
  the table 404, the watcher's, seat's and CSRF 403...), those of reading its parameters and body (422, 400, 413),
  503 when it reads the database, and those of its service, which the route declares itself (``refusals``);
- the API token is a declared security scheme, required or optional per operation as its dependencies say;
- the game ids are an enum, and links (a new table -> its view -> its actions, a move -> the next seat's view)
  let a stateful client — schemathesis's stateful phase — play real moves.

Pages (HTML) are not in the document; the live streams are, as ``text/event-stream`` (``app.routes.live``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from fastapi import FastAPI
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute, iter_route_contexts
from pydantic import BaseModel, Field

from app import deps
from engines import registry


class Problem(BaseModel):
    """A refusal: what was wrong, in words a person can read. Nothing was changed."""

    detail: str


class Problems(Problem):
    """A request that is not valid (422): ``detail`` sums up, ``problems`` names each problem and where it is."""

    problems: list[str] = Field(description="Each problem, as 'where: what' (at most 10)")


class StaleMove(Problem):
    """A move or an undo sent for a seq the table has moved past (409): the table as the seat sees it now."""

    view: dict[str, Any] = Field(description="The fresh view, as GET /api/v1/tables/{table_id} gives it")


DESCRIPTIONS = {
    400: "The body could not be read (not JSON text, not UTF-8, a bad Content-Length)",
    401: "Not logged in, or the API token is not valid (expired or revoked)",
    403: "Refused to this user (not their seat, not a table they may watch, a missing CSRF token...)",
    404: "No such table (or other object named in the path)",
    409: "Someone came first: the state changed since the request was made",
    413: "The request body is larger than the server accepts",
    422: "The request is not valid: a parameter or body field, or a rule of the game or the service",
    429: "Too many such requests; wait a little",
    503: "The database is busy or unreachable; nothing was changed. Retry after the seconds of Retry-After",
}
MODELS: dict[int, type[Problem]] = {422: Problems}

# What each dependency may answer (app.deps): kept beside the document, checked by the schemathesis run
# (tests/proof/test_schemathesis.py: every status an operation gives is documented).
DEPENDENCY_ANSWERS: dict[Callable[..., Any], set[int]] = {
    deps.get_db: {503},
    deps.get_optional_user: {401},  # an API token that is not valid
    deps.get_current_user: {401},
    deps.get_session_user: {403},  # a browser's login session, not an API token
    deps.get_table: {404},
    deps.get_watchable_table: {403},
    deps.get_seat: {403},
    deps.csrf_protect: {403},
    deps.player_hop: {401, 404, 503},
    deps.watcher_hop: {401, 403, 404, 503},
}
LOGIN_REQUIRED = (deps.get_current_user, deps.player_hop)
LOGIN_OPTIONAL = (deps.get_optional_user, deps.watcher_hop)
BEARER = "bearer"


def refusals(*codes: int, **described: str) -> dict[int | str, dict[str, Any]]:
    """A route's ``responses=``: the refusals its service gives (beyond its dependencies'), each with its usual
    description or the one given as ``s409="..."``."""
    out: dict[int | str, dict[str, Any]] = {code: {"description": DESCRIPTIONS[code]} for code in codes}
    for key, text in described.items():
        out[int(key.removeprefix("s"))] = {"description": text}
    return out


def install(app: FastAPI) -> None:
    """Make ``app.openapi()`` answer the corrected document (built once, on first use)."""
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            tell_truth(app, generate())
        return app.openapi_schema  # type: ignore[return-value]

    app.openapi = openapi  # type: ignore[method-assign]


def _calls(dependant: Dependant) -> Iterator[Callable[..., Any]]:
    for sub in dependant.dependencies:
        if sub.call is not None:
            yield sub.call
        yield from _calls(sub)


def _ref(model: type[BaseModel]) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{model.__name__}"}


def tell_truth(app: FastAPI, doc: dict[str, Any]) -> None:
    """Correct the generated document in place (see the module's docstring)."""
    schemas = doc.setdefault("components", {}).setdefault("schemas", {})
    for model in (Problem, Problems, StaleMove):
        schemas[model.__name__] = model.model_json_schema(ref_template="#/components/schemas/{model}")
    doc["components"]["securitySchemes"] = {
        BEARER: {
            "type": "http",
            "scheme": "bearer",
            "description": "An API token from POST /api/v1/tokens. (A browser's login cookie works too, with the "
            "CSRF token of its session in X-CSRF-Token on every POST and DELETE.)",
        }
    }
    for route in iter_route_contexts(app.routes):  # each route with what including its router added
        if not isinstance(route.original_route, APIRoute) or not route.include_in_schema:
            continue
        calls = set(_calls(route.dependant))
        codes = set().union(*(DEPENDENCY_ANSWERS.get(c, set()) for c in calls))
        if route.dependant.path_params or route.dependant.query_params or route.dependant.header_params:
            codes.add(422)
        if route.body_field is not None:
            codes |= {400, 413, 422}
        path = route.path_format or ""
        for method in route.methods or ():
            op = doc["paths"][path][method.lower()]
            _answers(op, codes, html=not path.startswith("/api/"))
            if calls & set(LOGIN_REQUIRED):
                op["security"] = [{BEARER: []}]
            elif calls & set(LOGIN_OPTIONAL):
                op["security"] = [{}, {BEARER: []}]
    for unused in ("HTTPValidationError", "ValidationError"):
        schemas.pop(unused, None)
    _game_ids(doc)
    _links(doc)


def _answers(op: dict[str, Any], codes: set[int], html: bool) -> None:
    """Add the operation's refusals and give every refusal the body the app sends (JSON; and, outside /api/,
    the error page unless the client asked for JSON)."""
    responses = op["responses"]
    for code in codes:
        responses.setdefault(str(code), {"description": DESCRIPTIONS[code]})
    for key, response in responses.items():
        code = int(key)
        if code < 400:
            continue
        content = response.get("content", {})
        json_schema = content.get("application/json", {}).get("schema", {})
        if not json_schema or json_schema.get("$ref", "").endswith("/HTTPValidationError"):
            content["application/json"] = {"schema": _ref(MODELS.get(code, Problem))}
        if html:
            content["text/html"] = {"schema": {"type": "string"}}
        response["content"] = content
        if code == 503:
            response["headers"] = {"Retry-After": {"schema": {"type": "string"}, "description": "Seconds to wait"}}
    op["responses"] = dict(sorted(responses.items()))


def _game_ids(doc: dict[str, Any]) -> None:
    """A table's game is one of the games this server runs (registered at start-up, so named here, not in the
    model); and since the options and seats a game takes are its own, the body of a new table is one of a schema
    per game (``TableRequest-<game id>``): the game's options schema, and its seats by name, each me, open,
    invite or one of its bots. (Seats a game has only with some options are named too: the service refuses
    those the chosen options do not have, with a 422.)"""
    schemas = doc["components"]["schemas"]
    generic = schemas.pop("TableRequest")  # what each game's schema refines
    ids = sorted(g.id for g in registry.all_games())
    choices = []
    for game_id in ids:
        game = registry.get_game(game_id)
        assert game is not None
        options = game.Options.model_json_schema(ref_template="#/components/schemas/{model}")
        schemas.update(options.pop("$defs", {}))
        options["additionalProperties"] = False  # unknown options are refused (tables.validate_options)
        roles = sorted({r for opts in game.option_sets() for r in game.roles(game.parse_options(opts))})
        seat = {"enum": ["me", "open", "invite", *(f"bot:{b}" for b in game.bots)]}
        name = f"TableRequest-{game_id}"
        schemas[name] = generic | {
            "title": f"A table of {game.title}",
            "properties": generic["properties"]
            | {
                "game": {"const": game_id},
                "options": options,
                "seats": {
                    "type": "object",
                    "properties": dict.fromkeys(roles, seat),
                    "additionalProperties": False,
                    "description": "role -> me | open | invite | bot:<name>; a seat not named is open",
                },
            },
        }
        choices.append({"$ref": f"#/components/schemas/{name}"})
    body = doc["paths"]["/api/v1/tables"]["post"]["requestBody"]["content"]["application/json"]
    body["schema"] = {
        "oneOf": choices,
        "discriminator": {
            "propertyName": "game",
            "mapping": {i: c["$ref"] for i, c in zip(ids, choices, strict=True)},
        },
    }


def _operation_id(doc: dict[str, Any], path: str, method: str) -> str:
    operation_id: str = doc["paths"][path][method]["operationId"]
    return operation_id


def _links(doc: dict[str, Any]) -> None:
    """Links from a table to what can be done at it, and from a view to its actions: a client (or schemathesis's
    stateful phase) follows them from a new table to its seat's view, plays an offered action with the view's
    seq, and from the view after the move goes on as the seat to act next."""
    view = _operation_id(doc, "/api/v1/tables/{table_id}", "get")
    act = _operation_id(doc, "/api/v1/tables/{table_id}/actions", "post")
    undo = _operation_id(doc, "/api/v1/tables/{table_id}/undo", "post")

    def link(target: str, description: str, *, body: dict[str, str] | None = None, **params: str) -> dict[str, Any]:
        out: dict[str, Any] = {"operationId": target, "description": description, "parameters": params}
        if body is not None:  # the whole body from the view (schemathesis would otherwise mix in random fields)
            out["requestBody"] = body
            out["x-schemathesis"] = {"merge_body": False}
        return out

    table_ops = {"Join": ("/api/v1/tables/{table_id}/join", "post"), "Log": ("/api/v1/tables/{table_id}/log", "get")}
    created = {
        "View": link(view, "The new table as my (first) seat sees it", table_id="$response.body#/id"),
        "ViewToAct": link(
            view,
            "The table as the seat to act sees it",
            table_id="$response.body#/id",
            **{"as": "$response.body#/active_roles/0"},  # type: ignore[arg-type]  # "as" is a Python keyword
        ),
    }
    for name, (path, method) in table_ops.items():
        created[name] = link(
            _operation_id(doc, path, method), f"{name} at the new table", table_id="$response.body#/id"
        )
    doc["paths"]["/api/v1/tables"]["post"]["responses"]["201"]["links"] = created

    joined = {
        "View": link(
            view,
            "The table as my new seat sees it",
            table_id="$response.body#/table/id",
            **{"as": "$response.body#/role"},  # type: ignore[arg-type]  # "as" is a Python keyword
        )
    }
    doc["paths"]["/api/v1/tables/{table_id}/join"]["post"]["responses"]["200"]["links"] = joined
    rematch = {"View": link(view, "The rematch's table", table_id="$response.body#/id")}
    doc["paths"]["/api/v1/tables/{table_id}/rematch"]["post"]["responses"]["201"]["links"] = rematch

    play = {
        "seq": "$response.body#/seq",
        "verb": "$response.body#/actions/0/verb",
        "arg": "$response.body#/actions/0/arg",
        "role": "$response.body#/role",
    }
    from_view = {
        "Play": link(act, "Play the first action offered to this seat", body=play, table_id="$response.body#/table"),
        "Undo": link(
            undo,
            "Take back this seat's last move",
            body={"seq": "$response.body#/seq", "role": "$response.body#/role"},
            table_id="$response.body#/table",
        ),
        "Next": link(
            view,
            "The table as the seat to act now sees it",
            table_id="$response.body#/table",
            **{"as": "$response.body#/active_roles/0"},  # type: ignore[arg-type]  # "as" is a Python keyword
        ),
    }
    for path, method in (
        ("/api/v1/tables/{table_id}", "get"),
        ("/api/v1/tables/{table_id}/actions", "post"),
        ("/api/v1/tables/{table_id}/undo", "post"),
    ):
        doc["paths"][path][method]["responses"]["200"]["links"] = from_view
