"""'Since your last move' (issue 30 › Teaching the game): what piled up while a seat was away — the others' moves,
what was revealed to it, and the chat said since — not the chat said before its move."""

from tests.app.test_api import two_players
from tests.app.test_replay import move


def since_of(page: str) -> str:
    return page.split('aria-label="Since your last move"', 1)[1].split("</section>", 1)[0]


def test_the_chat_said_since_my_last_move_is_in_the_summary(browser):
    alice, bob, table = two_players(browser)
    bob.post(f"/tables/{table}/chat", {"text": "before your move"})
    move(alice, table, "raise")
    move(alice, table, "done")
    move(alice, table, "choose")
    bob.post(f"/tables/{table}/chat", {"text": "good luck with that card"})
    bob.post(f"/tables/{table}/chat", {"text": "my turn now"})
    move(bob, table, "choose")
    move(bob, table, "raise")
    since = since_of(alice.c.get(f"/tables/{table}").text)
    assert "bob raises the stake to 2" in since
    assert "2 messages" in since and "good luck with that card" in since and "my turn now" in since
    assert "before your move" not in since
    assert since.index("bob raises") < since.index("good luck")  # the moves, then the chat
