"""The live table in named sections, and a move answered by the sections that changed (issue 26 › Performance,
issue 28 › Proof › Speed: "a move's update sends only what changed").

The live partial (templates/table/_live.html) is its head (the title, a notice, the seq) and the sections of
``PARTS``, each a template of templates/table/live/ whose root carries its id and ``data-fp``: a fingerprint of
everything that section is drawn from, in the seat's own view (``table_view``: what that seat may know, never
another's hidden data: a fingerprint of a slice a seat cannot see would tell it when that slice changes). The
``#table-live`` element carries ``data-frame``, what every section also depends on (the table, the seat, the
reader, the language). The page's script (static/js/site.js) sends with each request that answers into
``#table-live`` the header ``X-Live-Have``: the frame, each section's fingerprint and the newest log entry it
shows. Then the answer is the head, swapped in place of the page's, and every section whose fingerprint differs,
each an out-of-band swap (``hx-swap-oob``); the log sends only its new entries, put on top of the list (a page's
log then grows past the page of entries a fresh load shows; its "older entries" link still reads on from the
oldest it shows). A game's board may be drawn in parts (its presentation's ``board_parts``, app/web.py ›
``board_part``): the board's own fingerprint then covers only what it draws around them, and a move sends the
parts that changed (Ultima Ratio Regis: the overlay and the panels, issue 28 › Speed). A part may hold parts
(``<outer>__<inner>``: a map's places, a list's rows, each a part): their fingerprints are short and the page sends them packed,
``<outer>__=`` and the fingerprints one after another in the order of their names (hundreds of places in a few
kB of header; ``have_header``). A request
without the header, or from another frame (another seat, another language, a new login), a stale move (409), a
spectator's shared partial (``hot.SpectatorPartials``) and every page without JavaScript get the whole table.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

import orjson
from fastapi import Request
from fastapi.responses import HTMLResponse
from markupsafe import Markup

from app import i18n
from app.web import board_of, render
from engines import registry

PARTS = ("board", "side", "prompt", "since", "outcome", "seats", "log")
HAVE = "X-Live-Have"  # "frame=…;board=…;…;top=<newest log entry's id>.<its seq>", written by static/js/site.js
OOB = Markup(' hx-swap-oob="true"')
NO_OOB = Markup("")
_MAX_HAVE = 8000  # a header longer than every fingerprint together (a map's places packed) is no client's
INNER = "__"  # in a part's name: a part of a part (app/web.py › board_part)
INNER_FP = 6  # the hex digits of an inner part's fingerprint (a page sends hundreds of them with every move)


def _plain(value: Any) -> Any:
    """The JSON of what a fingerprint covers that is not JSON itself (a chat message of "since your last move")."""
    user = getattr(value, "user", None)
    return [getattr(value, "id", None), getattr(value, "text", None), getattr(user, "username", None)]


def _dump(value: Any) -> bytes:
    return orjson.dumps(value, default=_plain, option=orjson.OPT_NON_STR_KEYS)


def _fp(*parts: Any) -> str:
    return hashlib.blake2b(_dump(parts), digest_size=8).hexdigest()


def _fp_with(raw: bytes, *parts: Any) -> str:
    """``_fp(*parts, *common)`` where ``raw`` is ``common``'s JSON inside its brackets (compact JSON: an array's
    items joined by commas): what every part of a board shares is written once, the fingerprints the same."""
    return hashlib.blake2b(_dump(parts)[:-1] + b"," + raw + b"]", digest_size=8).hexdigest()


def fingerprints(ctx: dict[str, Any]) -> dict[str, str]:
    """Each section's fingerprint, from the data the section is drawn from (a superset of what its template reads:
    a fingerprint that missed an input would leave the section stale), all of it the seat's own view."""
    data, table, role, user = ctx["data"], ctx["table"], ctx["role"], ctx.get("user")
    view, seats, labels, status = data["view"], data["seats"], data["labels"], table.status
    user_id = getattr(user, "id", None)
    # what every part of the game's board reads besides its own data: the seats' names and labels, the outcome,
    # and (a map's tools) the reader's display preferences
    common = (seats, labels, data["outcome"], status, getattr(user, "display", None))
    game = ctx.get("game")
    parts = None
    if game is not None and view:
        declared = registry.presentation(game).board_parts
        parts = declared(game, view, board_of(game, view)) if declared is not None else None
    shared = _dump(common)[1:-1]
    board = _fp_with(shared, view) if parts is None else _fp_with(shared, parts.get("board"), sorted(parts))
    each = {
        f"part-{name}": _fp_with(shared, part)[:INNER_FP] if INNER in name else _fp_with(shared, part)
        for name, part in (parts or {}).items()
        if name != "board"
    }
    return {
        "frame": _fp(table.id, role, user_id, i18n.current(), ctx.get("board_template"), ctx.get("actions_template")),
        "board": board,
        **each,
        # the prompt's forms carry the seq: new with every move (and the seq fixes the position: a game's list of
        # actions may read more of the view than its prompt, The Planet King's does)
        # the side panel's button: its "your turn" badge (the panel's state is the reader's, kept by the page)
        "side": _fp(bool(data["actions"]), status),
        "prompt": _fp(table.seq, view.get("prompt"), data["actions"], data["can_undo"], labels, status),
        "since": _fp(ctx.get("since"), seats, labels),
        "outcome": _fp(data["outcome"], labels),
        "seats": _fp(
            seats, data["active_roles"], data["clock"], ctx.get("invites"), ctx.get("my_roles"), labels, status
        ),
        # the log's entries are told apart by their ids (``top``); this is what all of them are written with
        "log": _fp(table.id, role, status, seats),
    }


def parse_have(raw: str | None) -> dict[str, str] | None:
    """The client's ``X-Live-Have`` as name -> value, or None (no header, or not one the page writes)."""
    if not raw or len(raw) > _MAX_HAVE:
        return None
    have: dict[str, str] = {}
    for item in raw.split(";"):
        name, sep, value = item.strip().partition("=")
        if not sep:
            return None
        have[name] = value
    return have if "frame" in have else None


def have_header(sections: dict[str, str], top: str) -> str:
    """The ``X-Live-Have`` of a page whose sections (the frame among them) have these fingerprints, its newest log
    entry ``top``, as static/js/site.js writes it: inner parts packed by their outer part (tests, bench/)."""
    have: list[str] = []
    packed: dict[str, str] = {}
    for name, value in sorted(sections.items()):
        outer, sep, _ = name.partition(INNER)
        if sep:
            packed[outer + INNER] = packed.get(outer + INNER, "") + value
        else:
            have.append(f"{name}={value}")
    return ";".join(have + [f"{k}={v}" for k, v in packed.items()] + [f"top={top}"])


def _unpacked(fp: dict[str, str], have: dict[str, str]) -> dict[str, str]:
    """``have`` with its packed inner parts by name (a pack of another length than the parts now: none of them,
    and their outer part has changed too)."""
    out = dict(have)
    for outer, value in have.items():
        if not outer.endswith(INNER):
            continue
        names = sorted(name for name in fp if name.startswith(outer))
        if len(value) == INNER_FP * len(names):
            out.update((name, value[i * INNER_FP : (i + 1) * INNER_FP]) for i, name in enumerate(names))
    return out


def changed(fp: dict[str, str], have: dict[str, str] | None, log: list[dict[str, Any]]) -> tuple[list[str], Any]:
    """The sections to send a client that has ``have`` (all of them: ``PARTS``, when it is of another frame or
    says nothing), and the log's new entries to put on top of its list (None: the log section is sent whole or
    not at all)."""
    if have is None or have.get("frame") != fp["frame"]:
        return list(PARTS), None
    have = _unpacked(fp, have)
    parts = [name for name in PARTS if name != "log" and have.get(name) != fp[name]]
    if "board" not in parts:  # the board as it was around its parts: the parts that changed (part-<name>)
        parts += [name for name in fp if name.startswith("part-") and have.get(name) != fp[name]]
    if have.get("log") != fp["log"]:
        return [*parts, "log"], None
    top = have.get("top", "")
    # an entry is its id and its move's seq: SQLite gives an undone move's entry id to the next entry
    ids = [f"{e['id']}.{e['seq']}" for e in log]
    if (ids[0] if ids else "") == top:
        return parts, None  # nothing new in the log
    if top in ids:  # entries were added on top of what the client shows (an undo drops its top: all anew)
        return parts, log[: ids.index(top)]
    return [*parts, "log"], None


def context(ctx: dict[str, Any]) -> dict[str, Any]:
    """What the live table's templates read besides the table's context: the fingerprints, no swap out of band."""
    return {"FP": fingerprints(ctx), "OOB": NO_OOB}


def answer(request: Request, ctx: dict[str, Any], status_code: int = 200, whole: bool = False) -> HTMLResponse:
    """The live table as an answer to HTMX: the changed sections only, when the client said what it has and
    ``whole`` is not asked for; else the whole partial."""
    fp = ctx["FP"]
    ctx = {**ctx, "partial": True}
    have = None if whole else parse_have(request.headers.get(HAVE))
    parts, new_log = changed(fp, have, ctx["data"]["log"])
    if have is None or have.get("frame") != fp["frame"]:
        return render(request, "table/_live.html", status_code=status_code, **ctx)
    board_parts = [name[5:] for name in parts if name.startswith("part-")]
    response = render(
        request,
        "table/_live_parts.html",
        status_code=status_code,
        PARTS=[name for name in parts if not name.startswith("part-")],
        BOARD_PARTS=board_parts,
        PART_OUT=[],
        LOG_NEW=new_log,
        OOB_ATTR=OOB,
        **ctx,
    )
    # the head (title, notice, seq) takes the place of the page's; the sections are swapped out of band
    response.headers["HX-Retarget"] = "#live-head"
    response.headers["HX-Reswap"] = "outerHTML"
    return response


def sections_of(html: str) -> dict[str, str]:
    """Each section's fingerprint in a live partial's HTML, and its frame (what a page holds: tests, bench/)."""
    found = dict(re.findall(r'data-live="([\w-]+)" data-fp="(\w*)"', html))
    frame = re.search(r'data-frame="(\w*)"', html)
    return {**found, "frame": frame.group(1)} if frame else found
