"""Issue 12 › replays: stepping through one's own long running game costs the same at every step — positions are
kept every CHECKPOINT_EVERY moves (app.services.replay.position), never replayed from the seed at each step — and
every step shows what a replay from the seed shows, also after an undo changes the end of the game."""

from __future__ import annotations

import random
import re
from typing import Any, cast

import orjson
import pytest

from app.models import GameTable
from app.services import replay
from app.services.tables import game_of
from engines.core.game import random_bot
from engines.core.kept import Kept

MOVES = 300


def long_record(moves: int = MOVES, seed: int = 1) -> dict:
    """The first ``moves`` moves of a 8-player 15 Días game of random bots (a running game once imported)."""
    game = game_of("15-dias")
    state, rnd = game.setup(seed, {"players": 8}), random.Random(seed)
    out: list[dict[str, Any]] = []
    while len(out) < moves:
        role = game.active_roles(state)[0]
        verb, arg = random_bot(game, game.view(state, role), role, rnd)
        out.append({"role": role, "verb": verb, "arg": arg})
        state = game.apply(state, role, verb, arg)
    assert game.outcome(state) is None
    return {
        "format": "siglo-record/1",
        "game": "15-dias",
        "engine_version": game.version,
        "content": game.content_digest,
        "options": {"players": 8},
        "seed": seed,
        "moves": out,
    }


@pytest.fixture
def counted(monkeypatch):
    """The number of moves the engine applies."""
    game = game_of("15-dias")
    calls = {"n": 0}
    apply = game.apply

    def counting(*args, **kw):
        calls["n"] += 1
        return apply(*args, **kw)

    monkeypatch.setattr(game, "apply", counting)
    monkeypatch.setattr(replay, "_checkpoints", Kept(replay.TABLES_KEPT))
    return calls


def test_each_step_of_a_long_running_game_costs_a_bounded_replay(browser, counted):
    alice = browser("alice")
    r = alice.post("/records/import", {"record": orjson.dumps(long_record()).decode()}, follow_redirects=False)
    assert r.status_code == 303, r.text
    table = int(re.search(r"/tables/(\d+)/replay", r.headers["location"]).group(1))
    assert alice.view(table)["status"] == "active"

    def step(n: int) -> tuple[str, int]:
        before = counted["n"]
        page = alice.c.get(f"/tables/{table}/replay?step={n}&as=player1")
        assert page.status_code == 200 and (f"Move {n} of {MOVES}" if n else f"The setup (0 of {MOVES}") in page.text
        return page.text, counted["n"] - before

    assert replay.CHECKPOINT_EVERY <= 50  # a bound far below the length of a long game
    counted["n"] = 0
    _page, cost = step(MOVES)
    assert cost <= MOVES  # the first visit replays once from the seed, keeping positions on the way
    for n in (MOVES - 1, 150, 7, 260, 299, 1):  # any step, in any order: at most CHECKPOINT_EVERY moves
        assert step(n)[1] <= replay.CHECKPOINT_EVERY, n
    costs = [step(n)[1] for n in range(200, 210)]  # stepping forward: one move a step
    assert max(costs) <= 1, costs
    # what each step shows is what a replay from the seed shows
    kept = {n: step(n)[0] for n in (0, 137, MOVES)}
    replay._checkpoints.clear()
    for n, text in kept.items():
        assert step(n)[0] == text, n


def test_an_undo_or_a_new_move_replaces_the_kept_end_of_the_game(browser, counted):
    alice = browser("alice")
    r = alice.post("/records/import", {"record": orjson.dumps(long_record(60)).decode()}, follow_redirects=False)
    table = int(re.search(r"/tables/(\d+)/replay", r.headers["location"]).group(1))
    before = alice.c.get(f"/tables/{table}/replay?as=player1").text
    assert "Move 60 of 60" in before
    role = alice.view(table)["active_roles"][0]
    view = alice.view(table, role)
    action = view["actions"][-1]
    assert alice.act(table, action["verb"], action["arg"], seq=view["seq"], role=role).status_code == 200
    after = alice.c.get(f"/tables/{table}/replay?as=player1").text
    assert "Move 61 of 61" in after
    replay._checkpoints.clear()
    assert alice.c.get(f"/tables/{table}/replay?as=player1").text == after


def test_kept_positions_serve_only_the_same_moves(counted):
    """A table's kept positions are used only for the moves they followed (same seq, role, verb and arg): other
    moves under the same seqs (a table of another database with the same id, say) are replayed afresh."""
    from types import SimpleNamespace

    game = game_of("15-dias")
    table = SimpleNamespace(id=1, created_at=None, seed=1, options={"players": 8})

    def moves_of(bot_seed: int) -> list:
        state, rnd, out = game.setup(table.seed, table.options), random.Random(bot_seed), []
        for i in range(80):
            role = game.active_roles(state)[0]
            verb, arg = random_bot(game, game.view(state, role), role, rnd)
            out.append(SimpleNamespace(seq=i + 1, role=role, verb=verb, arg=arg))
            state = game.apply(state, role, verb, arg)
        return out

    for moves in (moves_of(1), moves_of(2)):
        expected = game.replay(table.seed, table.options, [(m.role, m.verb, m.arg) for m in moves])
        stand_in = cast(GameTable, table)  # a table's seed and options are all position() reads
        assert replay.position(game, stand_in, moves, 80) == expected
        assert replay.position(game, stand_in, moves, 60) == game.replay(
            table.seed, table.options, [(m.role, m.verb, m.arg) for m in moves[:60]]
        )
