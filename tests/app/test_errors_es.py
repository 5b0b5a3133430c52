"""The site's remaining refusals in the reader's language (issue 29): a move the engine refuses (its reason by the
core catalogue's key), a text holding control characters, a NUL anywhere in a request or a record, a bank clock's
field that is not a number, a vacation's day written as a number; each in Spanish for a Spanish reader and as
before in English."""

import orjson

from app import i18n

ES, EN = {"Accept-Language": "es"}, {"Accept-Language": "en"}


def test_a_refused_move_says_why_in_the_readers_language(browser):
    alice = browser("alice")
    table = alice.new_table(game="planet-king", seats={"king": "me"}, options={"scenario": "hothead"})
    seq = alice.view(table)["seq"]
    body = {"seq": seq, "verb": "no-such-verb", "arg": None, "role": "king"}
    spanish = alice.api("POST", f"/api/v1/tables/{table}/actions", body, headers=ES)
    assert spanish.status_code == 422
    assert spanish.json()["detail"] == "Esa acción no es ninguna de las que se ofrecen ahora."
    english = alice.api("POST", f"/api/v1/tables/{table}/actions", body, headers=EN).json()
    assert english["detail"] == "'no-such-verb' with that argument is not one of the actions offered now."


def test_control_characters_and_nul_are_refused_in_spanish(browser):
    alice = browser("alice")
    made = {"game": "15-dias", "seats": {"player1": "me"}, "name": "mesa\x07"}
    refused = alice.api("POST", "/api/v1/tables", made, headers=ES).json()
    assert refused["detail"] == "Este texto contiene caracteres de control: nombre de la mesa."
    english = alice.api("POST", "/api/v1/tables", made, headers=EN).json()
    assert english["detail"] == "This text holds control characters: table name."
    nul = alice.api("POST", "/api/v1/tables", {**made, "name": "a\x00b"}, headers=ES).json()
    assert nul["problems"] == ["name: contiene un carácter NUL, que ningún campo admite"], nul
    key = alice.api("POST", "/api/v1/tables", {**made, "seats": {"a\x00": "me"}}, headers=ES).json()
    assert key["problems"] == ["seats.a\\x00: es una clave que contiene un carácter NUL, que ningún campo admite"]


def test_a_record_with_a_nul_and_a_bank_clock_of_words_are_refused_in_spanish(browser):
    alice = browser("alice")
    alice.c.cookies.set(i18n.COOKIE, "es")
    record = orjson.dumps({"format": "siglo-record/1", "game": "a\\u0000"}).decode().replace("\\\\", "\\")
    page = alice.c.post(
        "/records/import", data={"csrf_token": alice.csrf}, files={"file": ("r.json", record, "application/json")}
    )
    assert page.status_code == 422 and "El campo game del acta contiene un carácter NUL" in page.text, page.text[-800:]
    form = {"game": "toy-duel", "shown_game": "toy-duel", "clock": "bank", "clock_bank_days": "nueve"}
    page = alice.post("/tables", form)
    assert page.status_code == 422 and "El campo del reloj «días de reserva» es un número de días." in page.text


def test_a_vacation_day_written_as_a_number_is_refused_in_spanish(browser):
    alice = browser("alice")
    body = {"days": 3, "starts_on": 20270101}
    spanish = alice.api("POST", "/api/v1/me/vacation", body, headers=ES).json()
    assert spanish["problems"] == ["starts_on: un día se escribe AAAA-MM-DD"], spanish
    english = alice.api("POST", "/api/v1/me/vacation", body, headers=EN).json()
    assert english["problems"] == ["starts_on: Value error, a day is written YYYY-MM-DD"], english
