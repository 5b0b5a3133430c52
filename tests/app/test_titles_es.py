"""The games' names in the reader's language (issue 29): "El Rey Planeta", "15 Días: El Siglo de Oro español"
(reconstructed: the Spanish edition's title is not in shared/rules), "Ultima Ratio Regis" — in the lobby, the
new-table form, the rules pages, a table's page and its default name, an imported record's name and the JSON API's
list of games; English unchanged."""

import random

import pytest

from engines import registry

SPANISH = {
    "planet-king": "El Rey Planeta",
    "15-dias": "15 Días: El Siglo de Oro español",
    "ultima-ratio-regis": "Ultima Ratio Regis",
}
ENGLISH = {"planet-king": "The Planet King", "15-dias": "15 Días: The Spanish Golden Age"}
ES = {"Accept-Language": "es"}


def test_each_game_names_itself_in_each_language():
    for game_id, title in SPANISH.items():
        game = registry.get_game(game_id)
        assert game.title_in("es") == title and game.title_in("en") == game.title
        assert game.title_in("xx") == game.title  # a language without a catalogue: the English title


@pytest.mark.parametrize("url", ["/", "/tables/new?game=planet-king", "/games/planet-king/rules"])
def test_the_pages_name_the_games_in_spanish(browser, url):
    alice = browser("alice")
    spanish = alice.c.get(url, headers=ES).text
    english = alice.c.get(url, headers={"Accept-Language": "en"}).text
    assert "El Rey Planeta" in spanish and "The Planet King" not in spanish
    assert "The Planet King" in english and "El Rey Planeta" not in english
    if url == "/":
        assert all(title in spanish for title in SPANISH.values())
        assert "The Spanish Golden Age" not in spanish and "15 Días: The Spanish Golden Age" in english


def test_a_table_made_in_spanish_is_named_and_shown_with_the_spanish_title(browser):
    alice = browser("alice")
    made = alice.api("POST", "/api/v1/tables", {"game": "15-dias", "seats": {"player1": "me"}}, headers=ES).json()
    assert made["name"] == "15 Días: El Siglo de Oro español de alice"
    page = alice.c.get(f"/tables/{made['id']}", headers=ES).text
    assert "15 Días: El Siglo de Oro español" in page and "The Spanish Golden Age" not in page
    games = {g["id"]: g["title"] for g in alice.api("GET", "/api/v1/games", headers=ES).json()}
    assert {k: games[k] for k in SPANISH} == SPANISH
    english = {g["id"]: g["title"] for g in alice.api("GET", "/api/v1/games", headers={"Accept-Language": "en"}).json()}
    assert english["planet-king"] == "The Planet King"


def test_an_imported_record_is_named_in_the_importers_language(browser):
    alice = browser("alice")
    table = alice.new_table(game="planet-king", seats={"king": "me"}, options={"scenario": "hothead"}, seed=2)
    rnd = random.Random(2)
    while alice.view(table)["status"] != "finished":  # a Hothead game ends within a few moves
        mine = alice.view(table, "king")
        legal = mine["view"]["prompt"]["legal"]
        verb = rnd.choice(sorted(legal))
        assert alice.act(table, verb, rnd.choice(legal[verb]), seq=mine["seq"], role="king").status_code == 200
    record = alice.api("GET", f"/api/v1/tables/{table}/record").json()
    spanish = alice.api("POST", "/api/v1/records", record, headers=ES)
    assert spanish.status_code == 201, spanish.text
    assert spanish.json()["name"] == "Repetición de una partida de El Rey Planeta"
    english = alice.api("POST", "/api/v1/records", record, headers={"Accept-Language": "en"}).json()
    assert english["name"] == "Replay of a game of The Planet King"
