"""The play service on engine core v2: the log outside the state, undo from the last barrier, engine versions."""

import orjson

from app.models import GameTable, LogEntry, Move, Snapshot
from app.services import flags, gamelog, play
from tests.app.test_api import two_players
from tests.support.toy_game import GAME


def test_a_state_holds_no_log_and_the_log_is_stored_with_its_moves(app, browser):
    alice, _bob, table = two_players(browser)
    alice.act(table, "raise")
    with app.state.sessions() as db:
        state = orjson.loads(db.get(Snapshot, table).state)
        seqs = [e.seq for e in db.query(LogEntry).filter_by(table_id=table).order_by(LogEntry.id)]
    assert "log" not in state
    assert seqs == [0, 1]  # the deal (setup) and the raise


def test_rewording_a_log_message_changes_no_running_table(app, browser, monkeypatch):
    alice, _bob, table = two_players(browser)
    alice.act(table, "raise")
    monkeypatch.setitem(GAME.catalogs["en"], "log.raise", "{role} ups the stake to {stake}.")
    # a reworded message comes with a new release: the server restarts, with no entry rendered yet
    monkeypatch.setattr(gamelog, "RENDERED", gamelog.RenderedEntries())
    assert play.verify_running_tables(app.state.sessions) == 0
    v = alice.view(table)
    assert v["flagged"] is None and v["log"][0]["text"] == "alice ups the stake to 2."


def test_the_log_pages_newest_first_and_private_entries_reach_only_their_reader(browser):
    alice, bob, table = two_players(browser)
    for _ in range(2):
        alice.act(table, "raise")
    alice.act(table, "done")
    card = alice.view(table)["view"]["private"]["hand"][0]
    alice.act(table, "choose", card)
    mine = alice.api("GET", f"/api/v1/tables/{table}/log?limit=2").json()
    assert [e["text"] for e in mine["entries"]] == [
        "You chose card " + card.rsplit(":", 1)[1] + ".",
        "alice chooses a card face down.",
    ]
    assert mine["more"] and mine["entries"][0]["private"]
    older = alice.api("GET", f"/api/v1/tables/{table}/log?before={mine['entries'][-1]['id']}").json()
    assert older["entries"][0]["text"] == "alice raises the stake to 3." and not older["more"]
    theirs = bob.api("GET", f"/api/v1/tables/{table}/log").json()["entries"]
    assert not any(e["private"] for e in theirs) and card not in str(theirs)
    only_mine = alice.api("GET", f"/api/v1/tables/{table}/log?mine=true").json()["entries"]
    assert [e["private"] for e in only_mine] == [True]


def test_undo_replays_only_the_moves_since_the_last_barrier(app, browser, monkeypatch):
    alice, _bob, table = two_players(browser)
    alice.act(table, "done")  # a barrier: both choose now
    card = alice.view(table)["view"]["private"]["hand"][0]
    alice.act(table, "choose", card)  # a face-down choice: no barrier
    replayed = []
    original = GAME.replay

    def counting(seed, options, moves, state=None):
        moves = list(moves)
        replayed.append((len(moves), state is not None))
        return original(seed, options, moves, state)

    monkeypatch.setattr(GAME, "replay", counting)
    assert alice.view(table)["can_undo"]
    assert alice.api("POST", f"/api/v1/tables/{table}/undo", {"seq": 2}).status_code == 200
    assert replayed == [(0, True)]  # from the kept state at the barrier, no move replayed
    v = alice.view(table)
    assert card in v["view"]["private"]["hand"] and v["log"][0]["text"] == "alice took back a move."
    assert not any("chooses a card" in e["text"] for e in v["log"])


def test_no_undo_after_a_reveal(browser):
    """Platform hardening §2: the move that shows both face-down cards may not be taken back."""
    alice, bob, table = two_players(browser)
    alice.act(table, "done")
    alice.act(table, "choose", alice.view(table)["view"]["private"]["hand"][0])
    v = bob.view(table)
    bob.act(table, "choose", v["view"]["private"]["hand"][0])
    v = bob.view(table)
    assert not v["can_undo"]
    r = bob.api("POST", f"/api/v1/tables/{table}/undo", {"seq": v["seq"]})
    assert r.status_code == 422 and "no move of yours" in r.json()["detail"]


def _age(app, table, extra_move=None):
    """Make a table look as if an older engine version had played it."""
    with app.state.sessions() as db:
        t = db.get(GameTable, table)
        t.engine_version = "1"
        snap = db.get(Snapshot, table)
        old = orjson.loads(snap.state)
        old["log"] = [{"text": "an entry of the old layout", "to": "all"}]
        snap.state = orjson.dumps(old).decode()
        if extra_move is not None:
            t.seq += 1
            snap.seq = t.seq
            db.add(Move(table_id=table, seq=t.seq, kind="action", **extra_move))
        db.commit()


def test_a_table_from_an_older_engine_keeps_playing_while_its_log_replays(app, browser):
    alice, _bob, table = two_players(browser)
    alice.act(table, "raise")
    _age(app, table)
    v = alice.view(table)
    assert v["flagged"] is None and v["view"]["public"]["stake"] == 2
    assert [e["text"] for e in v["log"]] == ["alice raises the stake to 2.", "The cards are dealt."]
    with app.state.sessions() as db:
        assert db.get(GameTable, table).engine_version == GAME.version
        assert "log" not in orjson.loads(db.get(Snapshot, table).state)
    assert alice.act(table, "raise").status_code == 200


def test_a_table_whose_log_no_longer_replays_is_flagged_saying_so(app, browser):
    alice, _bob, table = two_players(browser)
    alice.act(table, "raise")
    _age(app, table, extra_move={"role": "north", "verb": "fly", "arg": None})
    assert play.verify_running_tables(app.state.sessions) == 1
    v = alice.view(table)
    assert "started on version 1" in v["flagged"] and "move 2 (fly)" in v["flagged"]
    assert v["actions"] == [] and alice.act(table, "raise").status_code == 422
    # the reason is kept by its catalogue message, so each reader reads it in their language (issue 29)
    with app.state.sessions() as db:
        assert db.get(GameTable, table).flagged.startswith(flags.PREFIX)
    es = alice.c.get(f"/api/v1/tables/{table}", headers={"Accept-Language": "es"}).json()
    assert (
        es["flagged"].startswith("Esta partida empezó con la versión 1 del motor de")
        and "move 2 (fly)" in es["flagged"]
    )
    page = alice.c.get(f"/tables/{table}", headers={"Accept-Language": "es"}).text
    assert "Esta partida empezó con la versión 1" in page and "This game was started" not in page


def test_a_flag_written_before_its_reasons_were_kept_by_message_reads_as_it_was():
    assert flags.said("The snapshot and the replayed log disagree.") == "The snapshot and the replayed log disagree."
    assert flags.said(None) is None and flags.said("flag:{not json") == "flag:{not json"
    assert flags.said(flags.reason("disagree")) == "The snapshot and the replayed log disagree."


def test_a_waiting_table_offers_nothing(browser):
    alice = browser("alice")
    table = alice.new_table(seats={"north": "me", "south": "open"})
    v = alice.view(table)
    assert v["status"] == "waiting" and v["actions"] == [] and v["view"]["prompt"]["legal"] == {}
    assert v["active_roles"] == [] and v["view"]["prompt"]["text"] == "The game starts when every seat is taken."


def test_a_moves_number_argument_reads_back_as_that_number(app, browser):
    """SQLite gives a column declared JSON numeric affinity: the stored text ``1`` of a move's argument came back as
    the integer 1, which the JSON decoder refused (a replay or an undo after a Planet King ``pay 1`` answered 500).
    A number reads back as itself on both databases (``app.db.json_value``)."""
    alice = browser("alice")
    table = alice.new_table(seats={"north": "me", "south": "me"})
    with app.state.sessions() as db:
        for seq, arg in ((1, 1), (2, 2.5), (3, "1"), (4, [1, "x"])):
            db.add(Move(table_id=table, seq=seq, kind="action", role="north", verb="raise", arg=arg, barrier=False))
        db.commit()
    with app.state.sessions() as db:
        assert [m.arg for m in play.effective_moves(db, table)] == [1, 2.5, "1", [1, "x"]]
