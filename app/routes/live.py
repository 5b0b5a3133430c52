"""Server-Sent Events: the news that a table moved (only its seq), for pages and API clients alike."""
from __future__ import annotations

import asyncio
from typing import Annotated

from fastapi import APIRouter, Header, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import StreamingResponse

from app.deps import RowId, _find_user
from app.errors import AppError
from app.services import tables

router = APIRouter()
KEEPALIVE_SECONDS = 15.0


def _current_seq(request: Request, table_id: int) -> tuple[int, int | None]:
    """The table's seq, and who is watching (the login cookie's user; None for anyone else)."""
    with request.app.state.sessions() as db:
        seq = tables.get_table(db, table_id).seq
        try:
            user = _find_user(request, db)
        except AppError:
            user = None
        return seq, user.id if user is not None else None


@router.get("/tables/{table_id}/events", tags=["live"], summary="Live news of a table (text/event-stream)")
@router.get("/api/v1/tables/{table_id}/events", tags=["live"], summary="Live news of a table (text/event-stream)")
async def table_events(request: Request, table_id: RowId,
                       seq: Annotated[int | None, Query(ge=0, description="The last seq the client saw")] = None,
                       last_event_id: Annotated[str | None, Header()] = None):
    """Events: `move` (data: the new seq; fetch your view), `chat` and `seats`. On connect the stream sends the
    current seq at once if the client is behind (reconnection resynchronises)."""
    current, viewer = await run_in_threadpool(_current_seq, request, table_id)  # 404 for an unknown table
    seen = int(last_event_id) if last_event_id and last_event_id.isdigit() else seq
    publisher = request.app.state.publisher
    queue = publisher.subscribe(table_id, viewer)

    async def stream():
        last = seen if seen is not None else current
        try:
            yield f"retry: 2000\nevent: hello\ndata: {current}\n\n"
            if current > last:
                last = current
                yield f"event: move\nid: {current}\ndata: {current}\n\n"
            while True:
                try:
                    kind, value = await asyncio.wait_for(queue.get(), timeout=KEEPALIVE_SECONDS)
                except asyncio.TimeoutError:
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

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
