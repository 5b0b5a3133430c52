"""pydantic's validation problems in the reader's language (issue 29, app/validation.py): the JSON API's 422
``problems`` and ``detail``, a table's options, a clock's pace and the new-table form's errors say each problem in
Spanish from its error type and ctx (the bound, the choices); a type without words reads as the generic message; an
English reader reads pydantic's own words as before."""

from app import i18n, validation

ES, EN = {"Accept-Language": "es"}, {"Accept-Language": "en"}


def test_each_error_type_is_said_with_its_values_and_an_unknown_one_generically():
    bound = {
        "type": "less_than_equal",
        "loc": ("x",),
        "msg": "Input should be less than or equal to 2",
        "ctx": {"le": 2},
    }
    choice = {"type": "literal_error", "msg": "Input should be 'a' or 'b'", "ctx": {"expected": "'a' or 'b'"}}
    odd = {"type": "url_scheme", "msg": "URL scheme should be 'http'", "ctx": {"expected_schemes": "'http'"}}
    assert validation.message(bound) == "Input should be less than or equal to 2"  # English: pydantic's words
    with i18n.use("es"):
        assert validation.message(bound) == "debe ser como mucho 2"
        assert validation.message(choice) == "debe ser uno de estos: 'a' o 'b'"
        assert validation.message(odd) == "este valor no es válido"
        assert validation.message({"type": "greater_than_equal", "ctx": {}}) == "este valor no es válido"
        assert validation.problems([bound, {**bound, "loc": ()}], "petición") == [
            "x: debe ser como mucho 2",
            "petición: debe ser como mucho 2",
        ]


def test_the_apis_422_says_its_problems_in_the_language_asked_for(browser):
    alice = browser("alice")
    spanish = alice.api("POST", "/api/v1/tables", {"game": 7}, headers=ES).json()
    assert spanish["problems"] == ["game: debe ser texto"]
    assert spanish["detail"] == "La petición no es válida: game: debe ser texto"
    english = alice.api("POST", "/api/v1/tables", {"game": 7}, headers=EN).json()
    assert english["problems"] == ["game: Input should be a valid string"]
    missing = alice.api("POST", "/api/v1/records", None, headers=ES).json()
    assert missing["problems"] == ["petición: hace falta un valor"], missing


def test_a_tables_options_and_clock_are_refused_in_spanish(browser):
    alice = browser("alice")
    body = {"game": "planet-king", "seats": {"king": "me"}, "options": {"remove_action_cards": 5, "scenario": "x"}}
    spanish = alice.api("POST", "/api/v1/tables", body, headers=ES)
    assert spanish.status_code == 422
    problems = spanish.json()["problems"]
    assert "remove_action_cards: debe ser como mucho 2" in problems
    assert any(p.startswith("scenario: debe ser uno de estos: 'hothead'") and " o 'war_only'" in p for p in problems)
    english = alice.api("POST", "/api/v1/tables", body, headers=EN).json()["problems"]
    assert "remove_action_cards: Input should be less than or equal to 2" in english
    clock = {"game": "toy-duel", "seats": {"north": "me"}, "clock": {"pace": "per_move", "days": 0}}
    refused = alice.api("POST", "/api/v1/tables", clock, headers=ES).json()
    assert refused["problems"] == ["clock.days: debe ser uno de estos: 1, 3 o 7"], refused
    bank = {"game": "toy-duel", "seats": {"north": "me"}, "clock": {"pace": "bank", "bank_days": 9, "cap_days": 3}}
    said = alice.api("POST", "/api/v1/tables", bank, headers=ES).json()["problems"]
    assert said == ["clock: el tope debe ser al menos la reserva"], said  # a validator's own sentence, translated


def test_the_new_table_form_says_the_options_problem_in_spanish(browser):
    alice = browser("alice")
    alice.c.cookies.set(i18n.COOKIE, "es")
    form = {"game": "planet-king", "shown_game": "planet-king", "seat_king": "me", "opt_remove_action_cards": "9"}
    page = alice.post("/tables", form)
    assert page.status_code == 422, page.status_code
    assert "debe ser como mucho 2" in page.text and "less than or equal" not in page.text


def test_a_games_own_sentences_on_its_options_are_said_in_spanish(browser):
    """The Planet King's War-Only mode in cooperative and Ultima Ratio Regis's count of players (7.1): each game's
    own sentence in the reader's language, not the generic one; English as the engine words it."""
    alice = browser("alice")
    coop = {"game": "planet-king", "seats": {"king": "me"}, "options": {"mode": "cooperative", "scenario": "war_only"}}
    spanish = alice.api("POST", "/api/v1/tables", coop, headers=ES).json()["problems"]
    assert spanish == ["opciones: el modo Solo guerra no se puede jugar en modo cooperativo"], spanish
    english = alice.api("POST", "/api/v1/tables", coop, headers=EN).json()["problems"]
    assert english == ["options: the War-Only mode cannot be played in cooperative mode"], english
    rise = {"game": "ultima-ratio-regis", "seats": {"spain": "me"}, "options": {"scenario": "new-order", "players": 8}}
    said = alice.api("POST", "/api/v1/tables", rise, headers=ES).json()["problems"]
    assert len(said) == 1 and said[0].startswith("players: ") and "se juega con 3 a 6 jugadores, no con 8" in said[0]
    assert "is played" not in said[0]
    english = alice.api("POST", "/api/v1/tables", rise, headers=EN).json()["problems"]
    assert english[0].startswith("players: ") and "is played by 3 to 6 players, not 8" in english[0], english
