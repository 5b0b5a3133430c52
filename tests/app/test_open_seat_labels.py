"""An open (unseated) seat in the log and prompts reads by its seat label in the reader's language (issue 29,
app.services.seat_words.renderer_of): "Jugador 2" in Spanish, "Player 2" in English, and whatever the game's seat label
says at that position (the powers a player leads, once known) before its role's name; a taken seat by its holder."""

from engines import registry

ES, EN = {"Accept-Language": "es"}, {"Accept-Language": "en"}
SEATS = {"player1": "me", "player2": "open", "player3": "open", "player4": "open"}


def test_open_seats_read_by_their_seat_labels_in_the_readers_language(browser, monkeypatch):
    alice = browser("alice")
    table = alice.api("POST", "/api/v1/tables", {"game": "15-dias", "seats": SEATS}).json()["id"]
    spanish = " · ".join(
        e["text"] for e in alice.api("GET", f"/api/v1/tables/{table}/log", headers=ES).json()["entries"]
    )
    english = " · ".join(
        e["text"] for e in alice.api("GET", f"/api/v1/tables/{table}/log", headers=EN).json()["entries"]
    )
    assert "Jugador 2" in spanish and "Player 2" not in spanish and "alice" in spanish
    assert "Player 2" in english and "Jugador 2" not in english
    # the seat label, not the role's catalogue name, is what an open seat reads by (a game that says more of a seat)
    game = type(registry.get_game("15-dias"))
    said = {"es": "el Conde de Lemos", "en": "the Count of Lemos"}
    original = game.seat_label
    monkeypatch.setattr(
        game,
        "seat_label",
        lambda self, state, role, lang="en": said[lang] if role == "player2" else original(self, state, role, lang),
    )
    for headers, lang in ((ES, "es"), (EN, "en")):
        page = alice.api("GET", f"/api/v1/tables/{table}", headers=headers).json()
        assert any(said[lang] in e["text"] for e in page["log"]), [e["text"] for e in page["log"]]
        entries = alice.api("GET", f"/api/v1/tables/{table}/log", headers=headers).json()["entries"]
        assert any(said[lang] in e["text"] for e in entries)
