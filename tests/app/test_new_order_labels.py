"""Issues 27/28: a 9.2 New Order table's replay, log pages and your-turn notices name each seat as its page does:
"Player n" until the auction (7.1.1) reveals the bets and gives the groups, then the powers the seat leads (public
from then on); a replay stepped back before the reveal still says "Player n"."""

from __future__ import annotations

import re

from tests.app.test_new_order_table import new_table, play_until, state_of, wait_for
from tests.app.test_notices import notices_of


def labels_of(person, table: int) -> dict[str, str]:
    labels: dict[str, str] = person.view(table)["labels"]
    return labels


def test_replay_and_log_name_seats_by_their_powers_after_the_auction_only(app, browser):
    alice, bob, table = new_table(browser)
    log = alice.c.get(f"/tables/{table}/log?as=player1").text
    assert "as Player 1 sees it" in log  # before the auction: nothing to tell
    people = {"player1": alice, "player2": bob}
    play_until(app, people, table, lambda s: s["impulse"].get("number"), "the first impulse")
    labels = labels_of(alice, table)
    assert labels["player1"] != "Player 1" and labels["player2"] != "Player 2"
    for person, role in ((alice, "player1"), (bob, "player2")):
        log = person.c.get(f"/tables/{table}/log?as={role}").text
        assert f"as {labels[role]} sees it" in log and "Player 1" not in log and "Player 2" not in log
        replay = person.c.get(f"/tables/{table}/replay?as={role}").text  # the position now
        assert f"<h2>{labels[role]}</h2>" in replay and "Player 1" not in replay and "Player 2" not in replay
        first = person.c.get(f"/tables/{table}/replay?as={role}&step=1").text  # one bet in: still secret
        assert f"<h2>Player {role[-1]}</h2>" in first
        for label in labels.values():  # the groups are public (7.1.1), who takes which is not before the reveal
            assert f"<h2>{label}</h2>" not in first and f">{label}</option>" not in first, role
            assert f"<strong>{label}</strong>" not in first, role


def test_your_turn_notices_name_the_seat_as_its_page_does(app, browser):
    alice, bob, table = new_table(browser)
    wait_for(lambda: notices_of(app, "alice"), "alice's first notice")
    first = notices_of(app, "alice")[0].text
    assert re.fullmatch(r"Your turn at .* as Player 1\.", first), first  # the auction's bet: groups unknown
    people = {"player1": alice, "player2": bob}
    play_until(app, people, table, lambda s: s["impulse"].get("number"), "the first impulse")
    labels = labels_of(alice, table)

    def after_the_auction() -> list[str]:
        texts = [n.text for name in ("alice", "bob") for n in notices_of(app, name)]
        return [t for t in texts if not t.endswith(("as Player 1.", "as Player 2."))]

    # the notices are made by the notifier's background thread after the commits: on a loaded machine it may lag
    wait_for(after_the_auction, "a notice after the auction")
    texts = [n.text for name in ("alice", "bob") for n in notices_of(app, name)]
    after = after_the_auction()
    assert after and all(t.endswith((f"as {labels['player1']}.", f"as {labels['player2']}.")) for t in after), texts
    assert "auction" not in state_of(app, table)
