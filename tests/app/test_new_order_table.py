"""Ultima Ratio Regis 9.2 New Order at a table (issues 27 and 28): offered for 3-6 players by the new-table form and
``POST /api/v1/tables``, people and a bot mixed, each seat named by the powers it leads once the auction (7.1.1) has
given them; and nothing of one seat reaches another or a spectator: every page, fragment and API answer of the
table is walked as each other seat and as a spectator, looking for the secret bets before they are revealed and for
the real card ids of the other hands (read from the state), and never the seed or the RNG."""

from __future__ import annotations

import re
import time
from collections import deque
from urllib.parse import urljoin, urlsplit

import orjson
from fastapi.testclient import TestClient

from app.models import GameTable
from app.services import play
from engines.ultima_ratio.game import GAME as URR

GAME = "ultima-ratio-regis"
SEED = 987654321
LINKS = re.compile(r"""(?:href|hx-get|src)="([^"]+)\"""")
LAZY = ("end_impulse", "event", "done", "pass", "stay_out", "stop")  # what a person in a hurry answers
MAX_PAGES = 120
PER_PATH = 8  # pages of one address (the log's and the replay's steps)


def options(players: int | None = None) -> dict:
    return {"scenario": "new-order"} | ({"players": players} if players else {})


# ----- offered ------------------------------------------------------------------------------------------------------
def test_new_order_is_offered_with_its_number_of_players(browser):
    alice = browser("alice")
    game = {g["id"]: g for g in alice.api("GET", "/api/v1/games").json()}[GAME]
    props = game["options_schema"]["properties"]
    assert props["scenario"]["enum"] == ["the-rise-of-portugal", "new-order"] and "players" in props
    form = alice.c.get(f"/tables/new?game={GAME}").text
    assert '<option value="new-order"' in form and 'name="opt_players" value=""' in form
    seats = alice.c.get(f"/tables/new/seats?game={GAME}&opt_scenario=new-order&opt_players=5").text
    assert re.findall(r'name="seat_(player\d)"', seats) == [f"player{n}" for n in range(1, 6)]
    blank = alice.c.get(f"/tables/new/seats?game={GAME}&opt_scenario=new-order&opt_players=").text
    assert re.findall(r'name="seat_(player\d)"', blank) == ["player1", "player2", "player3"]
    too_many = alice.c.get(f"/tables/new/seats?game={GAME}&opt_scenario=new-order&opt_players=7").text
    assert "played by 3 to 6 players, not 7" in too_many
    r = alice.api("POST", "/api/v1/tables", {"game": GAME, "options": options(7), "seats": {"player1": "me"}})
    assert r.status_code == 422 and "3 to 6" in r.text
    made = alice.post(
        "/tables",
        {
            "game": GAME,
            "shown_game": GAME,
            "opt_scenario": "new-order",
            "opt_players": "4",
            **{f"seat_player{n}": "bot:heuristic" for n in (2, 3, 4)},
            "seat_player1": "me",
        },
        follow_redirects=False,
    )
    assert made.status_code == 303, made.text
    table = int(made.headers["location"].rsplit("/", 1)[1])
    view = alice.view(table)
    assert [s["role"] for s in view["seats"]] == ["player1", "player2", "player3", "player4"]
    assert view["view"]["prompt"]["step"] == "major_power_auction"


# ----- a table of two people and a bot ------------------------------------------------------------------------------
def new_table(browser):
    """alice (player1) and bob (player2) with a heuristic bot (player3)."""
    alice, bob = browser("alice"), browser("bob")
    seats = {"player1": "me", "player2": "open", "player3": "bot:heuristic"}
    table = alice.new_table(game=GAME, seats=seats, options=options(3), seed=SEED)
    assert bob.api("POST", f"/api/v1/tables/{table}/join", {"role": "player2"}).status_code == 200
    return alice, bob, table


def state_of(app, table: int) -> dict:
    with app.state.sessions() as db:
        return play.load(db, db.get(GameTable, table)).state


def seq_of(app, table: int) -> int:
    with app.state.sessions() as db:
        seq: int = db.get(GameTable, table).seq
        return seq


def wait_for(predicate, what: str, seconds: float = 30):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError(f"waited in vain for {what}")


def act(person, table: int, verb: str, arg, role: str) -> None:
    """The move, made again on the new position when the bot moved first (409)."""
    for _ in range(20):
        r = person.act(table, verb, arg, role=role)
        if r.status_code != 409:
            assert r.status_code == 200, r.text
            return
    raise AssertionError("the bot always moved first")


def lazy_move(person, table: int, role: str) -> None:
    """The person's quickest legal answer, as its page offers it (none while another seat's placement is open in a
    deployment, 7.2 ¶2: then nothing, and the caller asks again)."""
    view = person.view(table)
    actions = view["actions"]
    if not actions:
        return
    by_verb = {a["verb"]: a for a in reversed(actions)}
    chosen = next((by_verb[v] for v in LAZY if v in by_verb), actions[0])
    r = person.act(table, chosen["verb"], chosen["arg"], seq=view["seq"], role=role)
    assert r.status_code in (200, 409), r.text  # 409: the bot moved first


def play_until(app, people: dict, table: int, done, what: str, limit: int = 400) -> None:
    """alice and bob answer lazily (bets and groups their own), the bot plays in the background, until ``done``."""
    for _ in range(limit):
        state = state_of(app, table)
        if done(state):
            return
        view = people["player1"].view(table)
        active = [r for r in view["active_roles"] if r in people]
        if not active:
            time.sleep(0.05)
            continue
        role = active[0]
        step = people[role].view(table)["view"]["prompt"]["step"]
        if step == "major_power_auction":
            act(people[role], table, "bet", {"player1": 17, "player2": 3}[role], role)
        else:
            lazy_move(people[role], table, role)
    raise AssertionError(f"never reached {what}")


# ----- the walk -----------------------------------------------------------------------------------------------------
def start_urls(table: int, seq: int) -> list[str]:
    """The table's pages and API answers, each also as every seat (``?as=``: another's seat is refused), and the
    replay at the position now."""
    pages = ["", "/live", "/log", "/chat", "/record", "/replay", f"/replay?seq={seq}", "/fork", "/endings"]
    api = ["", "/log", "/record", "/chat"]
    urls = [*(f"/tables/{table}{p}" for p in pages), *(f"/api/v1/tables/{table}{p}" for p in api)]
    asked = [f"{u}{'&' if '?' in u else '?'}as=player{n}" for u in urls for n in (1, 2, 3)]
    return [*urls, *asked, "/notices", f"/notices/turn/{table}", "/", "/api/v1/tables"]


def walk(client: TestClient, table: int, seq: int) -> str:
    """Every page and API answer of the table and what they link to within it (the live news, an endless stream
    of seq numbers, aside; a few pages of each kind of the log and the replay); all the text read."""
    queue, seen, read = deque(start_urls(table, seq)), set[str](), []
    per_path: dict[str, int] = {}
    mine = re.compile(rf"^/(?:api/v1/)?tables/{table}(?:[/?]|$)")
    while queue and len(seen) < MAX_PAGES:
        url = queue.popleft().split("#")[0]
        path = urlsplit(url).path
        if url in seen or path.endswith("/events") or per_path.get(path, 0) >= PER_PATH:
            continue
        seen.add(url)
        per_path[path] = per_path.get(path, 0) + 1
        r = client.get(url, headers={"Accept": "application/json"} if url.startswith("/api/") else {})
        assert r.status_code < 500, (url, r.status_code)
        read.append(f"\n==== {url}\n{r.text}")
        for link in LINKS.findall(r.text):
            target = urljoin(url, link.replace("&amp;", "&"))
            if mine.match(target):
                queue.append(target)
    assert len(seen) > 30, seen
    return "".join(read)


def hands(state: dict) -> dict[str, set[str]]:
    return {role: set(hand) for role, hand in state["cards"]["hands"].items()}


def found(text: str, needles) -> list[str]:
    return sorted(n for n in needles if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text))


def test_no_seat_or_spectator_sees_another_seats_bet_before_the_reveal(app, browser):
    """7.1.1: the bets are secret until all are in; alice has bet 17 and the bot its own, bob not yet."""
    alice, bob, table = new_table(browser)
    act(alice, table, "bet", 17, "player1")
    wait_for(lambda: "player3" in state_of(app, table)["auction"]["bets"], "the bot's bet")
    bets = state_of(app, table)["auction"]["bets"]
    assert set(bets) == {"player1", "player3"}
    carol = browser("carol")
    for who, client in (("bob", bob.c), ("carol", carol.c), ("anonymous", TestClient(app))):
        text = walk(client, table, seq_of(app, table))
        assert "my_bet" not in text and "You bet" not in text, who
        for role, vp in bets.items():
            assert f"bet {vp} VP." not in text, (who, role)  # the log's line of a revealed bet
        public = orjson.loads(client.get(f"/api/v1/tables/{table}", headers={"Accept": "application/json"}).text)
        assert public["view"]["public"]["auction"] == {"have_bet": ["player1", "player3"], "bets": None} | {
            "order": [],
            "chosen": {},
        }
        assert str(SEED) not in text and state_of(app, table)["rng"] not in text, who
    control = walk(alice.c, table, seq_of(app, table))  # the walk can fail: alice reads her own bet everywhere she may
    assert "You bet 17 VP." in control and '"my_bet":17' in control
    assert "bet 17 VP" not in walk(bob.c, table, seq_of(app, table))


def test_no_seat_or_spectator_sees_another_seats_hand(app, browser):
    """8.1.4: the hands dealt at the first impulse, every seat's page and API show its own and no other's."""
    alice, bob, table = new_table(browser)
    people = {"player1": alice, "player2": bob}
    play_until(app, people, table, lambda s: any(s["cards"]["hands"].values()), "the deal")
    state = state_of(app, table)
    dealt = hands(state)
    assert all(len(h) > 5 for h in dealt.values()), dealt
    assert "auction" not in state  # the bets were revealed: public now
    carol = browser("carol")
    readers = {"player1": alice.c, "player2": bob.c, None: carol.c, "anonymous": TestClient(app)}
    for role, client in readers.items():
        text = walk(client, table, seq_of(app, table))
        others = set().union(*(h for r, h in dealt.items() if r != role))
        assert found(text, others) == [], role
        if role in dealt:  # the control: the seat's own cards are found by the same walk
            assert found(text, dealt[role]) == sorted(dealt[role]), role
        assert str(SEED) not in text and state_of(app, table)["rng"] not in text, role


def test_the_board_names_each_player_by_his_powers_and_shows_the_impulse(app, browser):
    """7.1.1: "Player 2" until the auction gives the groups, then the powers it leads (seats, prompt, board); the
    board lists the players in impulse order (8.2.1) with the one whose impulse it is marked, each power's unrest
    against its vitality, the wars and alliances, each under its namespaced data-key."""
    alice, bob, table = new_table(browser)
    assert "<strong>Player 2</strong>" in alice.c.get(f"/tables/{table}").text
    people = {"player1": alice, "player2": bob}
    play_until(app, people, table, lambda s: s["impulse"].get("number"), "the first impulse")
    state = state_of(app, table)
    view = alice.view(table)
    page = alice.c.get(f"/tables/{table}").text
    assert "<strong>Player 2</strong>" not in page
    for role, seat in state["seats"].items():
        names = [("the " if p in URR.articled("en") else "") + name(p) for p in seat["powers"]]
        label = ", ".join(names[:-1]) + " and " + names[-1]  # "Spain, Poland, Austria, Hungary and the Mamluks"
        label = label[0].upper() + label[1:]
        assert view["labels"][role] == label
        assert f"<strong>{label}</strong>" in page  # the seats' list, the board
        for power in seat["powers"]:
            unrest = state["powers"][power]["unrest"]
            assert re.search(rf'data-key="{power}">.*?unrest {unrest} / vitality \d', page), power
    order = re.findall(r'<li class="urr-seat[^"]*" data-key="seat:(player\d)"', page)
    assert order == state["seat_order"]
    current = state["impulse"]["seat"]
    assert re.search(rf'class="urr-seat current" data-key="seat:{current}" aria-current="step"', page)
    assert f"Impulse {state['impulse']['number']}: {view['labels'][current]}" in page
    for a, b in state["wars"]:
        assert f'data-key="war:{a}|{b}"' in page
    for a, b in state["alliances"]:
        assert f'data-key="alliance:{a}|{b}"' in page
    assert f"<h2>{view['labels']['player1']}</h2>" in page  # the prompt's heading: alice's powers


def name(power: str) -> str:
    return URR.name_of(power, "en") or power
