"""Server-Sent Events: the news that a table moved (only its seq), was chatted at or had a seat taken, for pages
and API clients alike; only for those who may watch the table."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import StreamingResponse

from app.deps import RowId, find_user
from app.errors import Invalid
from app.i18n import _
from app.openapi import BEARER, refusals
from app.routes.common import MAX_SEQ
from app.services import tables

router = APIRouter()
KEEPALIVE_SECONDS = 15.0
EVENT_ID = re.compile(r"[0-9]{1,10}")  # ASCII digits only: str.isdigit() also takes "²", which int() refuses


def _current_seq(request: Request, table_id: int) -> tuple[int, int | None]:
    """The table's seq, after checking the reader may watch it (404 / 403), and who is watching (the logged-in
    user's id, for the your-turn notices); the stream holds no connection."""
    with request.app.state.sessions() as db:
        table = tables.get_table(db, table_id)
        user = find_user(request, db)
        tables.check_watch(table, user)
        return table.seq, user.id if user is not None else None


def _last_event_id(raw: str | None) -> int | None:
    if raw is None or raw == "":
        return None
    if not EVENT_ID.fullmatch(raw) or int(raw) > MAX_SEQ + 1:
        raise Invalid(_("Last-Event-ID must be a seq: a whole number from 0 to {n}.").format(n=MAX_SEQ + 1))
    return int(raw)


class EventStream(StreamingResponse):
    """A Server-Sent Events stream (so the OpenAPI document says ``text/event-stream``, not JSON)."""

    media_type = "text/event-stream"


NUMBER = {"type": "string", "pattern": "^[0-9]+$"}
EVENT = {  # one event of the stream (OpenAPI 3.1 describes an event stream by one event; 3.2 names it itemSchema)
    "type": "object",
    "required": ["event", "data"],
    "properties": {
        "event": {"enum": ["hello", "move", "chat", "seats"], "description": "hello: the seq on connect"},
        "data": NUMBER | {"description": "A number only (a seq, a chat message's id...): fetch what it announces"},
        "id": NUMBER | {"description": "A move's seq, for Last-Event-ID"},
        "retry": {"type": "integer", "description": "Milliseconds to wait before reconnecting"},
    },
}
STREAM: dict[str, Any] = {
    "response_class": EventStream,
    "tags": ["live"],
    "summary": "Live news of a table (text/event-stream)",
    "responses": {
        200: {
            "description": "The stream, endless: one event a piece of news",
            "content": {"text/event-stream": {"schema": EVENT}},
        },
        **refusals(401, 403, 404, 503, s422="A seq or Last-Event-ID that is not a seq"),
    },
    "openapi_extra": {"security": [{}, {BEARER: []}]},  # an API token, or anonymous at a public table
}


@router.get("/tables/{table_id}/events", **STREAM)
@router.get("/api/v1/tables/{table_id}/events", **STREAM)
async def table_events(
    request: Request,
    table_id: RowId,
    seq: Annotated[int | None, Query(ge=0, le=MAX_SEQ + 1, description="The last seq the client saw")] = None,
    last_event_id: Annotated[str | None, Header()] = None,
):
    """Events: `move` (data: the new seq; fetch your view), `chat` and `seats`. On connect the stream sends the
    current seq at once if the client is behind (reconnection resynchronises)."""
    event_id = _last_event_id(last_event_id)
    publisher = request.app.state.publisher
    # subscribe first, then read the seq: a move committed in between is then in the queue, never lost (read
    # the other way round, its news could go out after the read and before the subscription)
    queue = publisher.subscribe(table_id)
    try:
        current, viewer = await run_in_threadpool(_current_seq, request, table_id)  # 404 for an unknown table
    except BaseException:
        publisher.unsubscribe(table_id, queue)
        raise
    if viewer is not None:
        publisher.identify(queue, viewer)
    seen = event_id if event_id is not None else seq

    async def stream() -> AsyncIterator[str]:
        last = seen if seen is not None else current
        try:
            yield f"retry: 2000\nevent: hello\ndata: {current}\n\n"
            if current > last:
                last = current
                yield f"event: move\nid: {current}\ndata: {current}\n\n"
            while True:
                try:
                    kind, value = await asyncio.wait_for(queue.get(), timeout=KEEPALIVE_SECONDS)
                except TimeoutError:
                    if await request.is_disconnected():
                        return
                    yield ": keep-alive\n\n"
                    continue
                if kind == "move":
                    if value <= last:
                        continue  # the same news can arrive twice (local and PostgreSQL)
                    last = value
                    yield f"event: move\nid: {value}\ndata: {value}\n\n"
                else:
                    yield f"event: {kind}\ndata: {value}\n\n"
        finally:
            publisher.unsubscribe(table_id, queue)

    return EventStream(stream(), headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
