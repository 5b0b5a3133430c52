"""Platform hardening §2 with a real game: after any 15 Días move that showed its mover something new (a Spy look,
a card drawn from the deck by Reinforce, Invest, a Spy trade, Manipulate or a refill), the view says `can_undo`
false and `/undo` is refused; after a move that showed nothing, the mover may take it back."""

import random

import orjson

from app.models import Snapshot
from engines import registry

GAME = registry.get_game("15-dias")
ROLES = ["player1", "player2", "player3", "player4"]


def seen_by(state: dict, role: str) -> set[str]:
    return {i for i, roles in GAME.secrets(state).items() if role in roles}


def hidden_from(state: dict, role: str) -> set[str]:
    return {i for i, roles in GAME.secrets(state).items() if role not in roles}


def state_of(app, table: int) -> dict:
    with app.state.sessions() as db:
        return orjson.loads(db.get(Snapshot, table).state)


def test_no_undo_after_a_move_that_showed_the_mover_something(app, browser):
    alice = browser("alice")
    table = alice.new_table(game="15-dias", seats=dict.fromkeys(ROLES, "me"), options={"players": 4}, seed=3)
    rnd = random.Random(3)
    revealing = quiet = 0
    for _ in range(120):
        active = alice.view(table)["active_roles"]
        if not active:
            break
        role = active[0]
        view = alice.view(table, role)
        before = hidden_from(state_of(app, table), role)
        action = rnd.choice(view["actions"])
        r = alice.act(table, action["verb"], action["arg"], seq=view["seq"], role=role)
        assert r.status_code == 200, r.text
        after = r.json()
        if seen_by(state_of(app, table), role) & before:  # something hidden from the mover is shown to it
            revealing += 1
            assert not after["can_undo"], action
            undo = alice.api("POST", f"/api/v1/tables/{table}/undo", {"seq": after["seq"], "role": role})
            assert undo.status_code == 422, action
        elif after["can_undo"] and quiet < 3:
            quiet += 1  # a move that showed nothing may be taken back, and then played again
            undo = alice.api("POST", f"/api/v1/tables/{table}/undo", {"seq": after["seq"], "role": role})
            assert undo.status_code == 200
            again = alice.act(table, action["verb"], action["arg"], role=role)
            assert again.status_code == 200, again.text
    assert revealing >= 3 and quiet >= 1
