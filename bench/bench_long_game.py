"""Cost in game length (issue 15, target 2): a synthetic endless game played to move 5,000 through the app's
services on a real database, measured at moves 50 … 5,000.

    python bench/bench_long_game.py [--moves 5000] [--database-url postgresql://…] [--at 50,500,1000,2500,5000]

The game (defined here, never shipped) has two seats, East and West, each with a hidden hand of three cards
from an endless deck; a turn plays a card (the log says so to all, and privately which card was drawn: a
barrier, the turn goes to the other seat) or passes (the seat keeps the turn: undoable). Every checkpoint measures over 20 moves: the bytes
a move makes the database write (the snapshot, the state kept for undo, the move, its log entries: the row
values, and the bytes the process handed to write() on SQLite), the size of a seat's view (JSON, with its
page of log), the time of a move (apply, commit, the mover's view) and of an undo (with its view), as this
thread's CPU time (what the machine's other jobs do not change much), as wall time and in statements sent.
Prints a Markdown table, each row against move 50.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import statistics
import sys
import tempfile
import time
from typing import Any, ClassVar

import orjson
from pydantic import BaseModel

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engines.core.machine import Ctx, Step, StepGame  # noqa: E402
from engines.core.types import text  # noqa: E402

ROLES = ["east", "west"]


class Turn(Step):
    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [g.s["turn"]]

    def prompt(self, g: Ctx, role: str):
        return text("prompt.turn", n=g.s["moves"] + 1), {"play": list(g.s["hands"][role]), "pass": [None]}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text(f"act.{verb}", arg=arg)

    def on_play(self, g: Ctx, role: str, arg: str) -> None:
        hand = g.s["hands"][role]
        hand.remove(arg)
        g.s["played"] = [*g.s["played"][-9:], arg]
        card = f"long:card:{g.s['next']}:{g.randbelow(9) + 1}"
        g.s["next"] += 1
        hand.append(card)
        g.log("log.played", role=role, card=arg, rule="turn", refs=[arg])
        g.log("log.drew", to=[role], card=card, refs=[card])
        g.show([role], [card])
        self._next(g, role)

    def on_pass(self, g: Ctx, role: str, arg: Any) -> None:
        g.s["passes"] += 1
        g.log("log.passed", role=role, n=g.s["passes"], rule="turn")
        g.s["moves"] += 1  # the seat keeps the turn: a pass is no barrier, it can be taken back

    def _next(self, g: Ctx, role: str) -> None:
        g.s["moves"] += 1
        g.s["turn"] = ROLES[1 - ROLES.index(role)]


class EndlessOptions(BaseModel):
    pass


class Endless(StepGame):
    id = "bench-endless"
    title = "Endless (benchmark game)"
    version = "1"
    Options = EndlessOptions
    messages_dir = pathlib.Path(__file__).parent / "long_game_messages"
    steps: ClassVar[dict[str, Step]] = {"turn": Turn()}

    def roles(self, options: BaseModel) -> list[str]:
        return list(ROLES)

    def start(self, g: Ctx, options: dict[str, Any]) -> None:
        hands = {r: [f"long:card:{i}{r[0]}:{g.randbelow(9) + 1}" for i in range(3)] for r in ROLES}
        g.s.update(turn="east", moves=0, passes=0, next=0, played=[], hands=hands)
        g.log("log.dealt")
        g.call("turn")

    def name_of(self, value: Any, lang: str) -> str | None:
        if isinstance(value, str) and value.startswith("long:card:"):
            return f"card {value.rsplit(':', 1)[1]}"
        return None

    def public_view(self, g: Ctx) -> dict:
        return {
            "turn": g.s["turn"],
            "moves": g.s["moves"],
            "played": g.s["played"],
            "hand_sizes": {r: len(g.s["hands"][r]) for r in ROLES},
        }

    def private_view(self, g: Ctx, role: str) -> dict:
        return {"hand": g.s["hands"][role]}

    def secrets(self, state: dict) -> dict[str, list[str]]:
        return {c: [r] for r in ROLES for c in state["hands"][r]}


def size(value: Any) -> int:
    """The bytes of a statement's parameter values (text as its length, any other value as 8)."""
    if isinstance(value, (str, bytes)):
        return len(value)
    if isinstance(value, dict):
        return sum(size(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return sum(size(v) for v in value)
    return 8


def written() -> int:
    """Bytes this process has handed to write() so far (Linux)."""
    with open("/proc/self/io") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("wchar:"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--moves", type=int, default=5000)
    ap.add_argument("--at", default="50,500,1000,2500,5000")
    ap.add_argument("--database-url", default=None, help="a PostgreSQL server (default: a SQLite file)")
    args = ap.parse_args()
    from sqlalchemy import event

    from app.config import Settings
    from app.main import create_app
    from app.migrate import upgrade
    from app.services import accounts, play, table_views, tables
    from bench.bench_move import fresh_database
    from engines import registry

    registry.register(Endless())
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="siglo-bench-long-"))
    url, drop = fresh_database(args.database_url, tmp)
    upgrade(url)
    app = create_app(
        Settings(database_url=url, secret_key="bench-" + "k" * 40, bots_enabled=False, secret_file=tmp / "secret")
    )
    values: list[int] = []
    sent = [0]  # statements

    @event.listens_for(app.state.engine, "before_cursor_execute")
    def _count(conn, cursor, statement, params, context, many):
        sent[0] += 1
        if statement.lstrip().startswith(("INSERT", "UPDATE")):
            values.append(size(params))

    checkpoints = sorted(int(x) for x in args.at.split(","))
    load = os.getloadavg()
    results = []
    with app.state.sessions() as db:
        user = accounts.register(db, app.state.limits.register, "bench", "bench password", "127.0.0.1")
        table = tables.create_table(db, user, "bench-endless", {}, dict.fromkeys(ROLES, "me"), seed=1)
        n = 0

        def move(verb_first: str) -> tuple[float, int, int, int, float, int]:
            nonlocal n
            loaded = play.load(db, table)
            role = loaded.game.active_roles(loaded.state)[0]
            legal = loaded.game.legal(loaded.state, role)
            verb = verb_first if verb_first in legal else next(iter(legal))
            arg = legal[verb][n % len(legal[verb])]
            values.clear()
            sent[0] = 0
            before, t0, c0 = written(), time.perf_counter(), time.thread_time()
            loaded = play.act(db, table, user, role, table.seq, verb, arg)
            view = orjson.dumps(table_views.table_view(db, loaded, role))
            cpu, elapsed = time.thread_time() - c0, time.perf_counter() - t0
            n += 1
            return cpu, sum(values), written() - before, len(view), elapsed, sent[0]

        for target in checkpoints:
            while n < target:
                move("play" if n % 3 else "pass")
            sample = [move("play" if i % 3 else "pass") for i in range(20)]
            undos, undo_sent = [], []
            for _ in range(5):
                move("pass")
                loaded = play.load(db, table)
                role = loaded.game.active_roles(loaded.state)[0]  # the seat that just passed keeps the turn
                sent[0] = 0
                c0 = time.thread_time()
                loaded = play.undo(db, table, user, role, table.seq)
                orjson.dumps(table_views.table_view(db, loaded, role))
                undos.append(time.thread_time() - c0)
                undo_sent.append(sent[0])
                n -= 1
            results.append(
                (
                    target,
                    statistics.median(s[0] for s in sample) * 1000,
                    statistics.median(s[1] for s in sample),
                    statistics.median(s[2] for s in sample),
                    statistics.median(s[3] for s in sample),
                    statistics.median(undos) * 1000,
                    statistics.median(s[4] for s in sample) * 1000,
                    statistics.median(s[5] for s in sample),
                    statistics.median(undo_sent),
                )
            )
            print(f"  move {target}: {results[-1]}", file=sys.stderr)
    app.state.engine.dispose()
    drop()
    db_name = "PostgreSQL" if args.database_url else "SQLite"
    print(
        f"# Cost in game length — {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {db_name}, synthetic "
        f"2-seat game, load average before {load[0]:.2f} / {load[1]:.2f} / {load[2]:.2f}\n"
    )
    print(
        "| at move | move CPU ms (median of 20) | × move 50 | move wall ms | row bytes written / move | "
        "write() bytes / move | view bytes | undo CPU ms (median of 5) | undo / move | statements: move, undo |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    base = results[0]
    for at, ms, rows, wrote, view, undo, wall, move_sent, undo_statements in results:
        print(
            f"| {at} | {ms:.2f} | {ms / base[1]:.2f}× | {wall:.1f} | {rows:,.0f} ({rows / base[2]:.2f}×) | "
            f"{wrote:,.0f} ({wrote / max(base[3], 1):.2f}×) | {view:,.0f} ({view / base[4]:.2f}×) | {undo:.2f} | "
            f"{undo / ms:.2f}× | {move_sent:.0f}, {undo_statements:.0f} |"
        )


if __name__ == "__main__":
    main()
