"""Duel: a tiny two-seat card game used to test the platform before (and besides) the real games.

It is never shipped. It exercises everything the platform must handle: hidden hands, a simultaneous face-down
choice, randomness, a sequential step whose moves can be undone, and an outcome.

Each of North and South is dealt 3 cards from a shuffled deck of 1..9. Three rounds: the round's leader
raises the stake (1 to 3) as often as they like and says done; both then choose a card face down at the same
time; the cards are revealed and the higher card scores the stake (a tie scores nothing).
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from engines.core.machine import Ctx, Step, StepGame, act

ROLES = ["north", "south"]


class DuelOptions(BaseModel):
    rounds: int = Field(3, ge=1, le=3, description="Rounds to play (1-3).")
    deck: Literal["short", "long"] = Field("long", description="short: cards 1-6; long: cards 1-9.")


class Deal(Step):
    def auto(self, g: Ctx) -> None:
        top = 6 if g.s["options"]["deck"] == "short" else 9
        deck = [f"toy:card:{n}" for n in range(1, top + 1)]
        g.shuffle(deck)
        g.s["hands"] = {"north": deck[:3], "south": deck[3:6]}
        g.log("The cards are dealt.")
        g.goto("stake")


class Stake(Step):
    def active(self, g: Ctx) -> list[str]:
        return [g.s["leader"]]

    def prompt(self, g: Ctx, role: str):
        acts = [act("done", None, f"Play for {g.s['stake']}")]
        if g.s["stake"] < 3:
            acts.insert(0, act("raise", None, f"Raise the stake to {g.s['stake'] + 1}"))
        return f"Round {g.s['round']}: set the stake.", acts

    def on_raise(self, g: Ctx, role: str, arg: Any) -> None:
        g.s["stake"] += 1
        g.log(f"{role.title()} raises the stake to {g.s['stake']}.")

    def on_done(self, g: Ctx, role: str, arg: Any) -> None:
        g.goto("choose")


class Choose(Step):
    def active(self, g: Ctx) -> list[str]:
        return [r for r in ROLES if r not in g.s["chosen"]]

    def prompt(self, g: Ctx, role: str):
        return "Choose a card face down.", [
            act("choose", c, f"Card {c.rsplit(':', 1)[1]}") for c in g.s["hands"][role]
        ]

    def on_choose(self, g: Ctx, role: str, arg: str) -> None:
        g.s["hands"][role].remove(arg)
        g.s["chosen"][role] = arg
        g.log(f"{role.title()} chooses a card face down.")
        g.log(f"You chose card {arg.rsplit(':', 1)[1]}.", to=[role])
        if len(g.s["chosen"]) == len(ROLES):
            g.goto("reveal")


class Reveal(Step):
    def auto(self, g: Ctx) -> None:
        chosen = g.s["chosen"]
        values = {r: int(c.rsplit(":", 1)[1]) for r, c in chosen.items()}
        g.reveal()
        g.s["revealed"].extend(chosen.values())
        g.log(f"North shows {values['north']}, South shows {values['south']}.")
        if values["north"] != values["south"]:
            winner = max(values, key=values.get)
            g.s["scores"][winner] += g.s["stake"]
            g.log(f"{winner.title()} scores {g.s['stake']}.")
        g.s["chosen"] = {}
        if g.s["round"] == g.s["options"]["rounds"]:
            scores = g.s["scores"]
            best = max(scores.values())
            winners = [r for r in ROLES if scores[r] == best]
            ranking = sorted(ROLES, key=lambda r: -scores[r])
            text = "A draw." if len(winners) == 2 else f"{winners[0].title()} wins {best} to {min(scores.values())}."
            g.finish({"text": text, "winners": winners, "scores": dict(scores), "ranking": ranking})
            return
        g.s["round"] += 1
        g.s["stake"] = 1
        g.s["leader"] = ROLES[(ROLES.index(g.s["leader"]) + 1) % 2]
        g.goto("stake")


class Duel(StepGame):
    id = "toy-duel"
    title = "Duel (test game)"
    version = "1"
    Options = DuelOptions
    steps = {"deal": Deal(), "stake": Stake(), "choose": Choose(), "reveal": Reveal()}

    def roles(self, options: BaseModel) -> list[str]:
        return list(ROLES)

    def option_sets(self) -> list[dict[str, Any]]:
        return [{}, {"rounds": 1, "deck": "short"}]

    def start(self, g: Ctx, options: dict[str, Any]) -> None:
        g.s.update(round=1, stake=1, leader="north", chosen={}, revealed=[], scores={"north": 0, "south": 0})
        g.push("deal")

    def public_view(self, g: Ctx) -> dict:
        s = g.s
        return {
            "round": s["round"],
            "stake": s["stake"],
            "leader": s["leader"],
            "scores": s["scores"],
            "hand_sizes": {r: len(s["hands"][r]) for r in ROLES},
            "has_chosen": sorted(s["chosen"]),
            "revealed": s["revealed"],
        }

    def private_view(self, g: Ctx, role: str) -> dict:
        return {"hand": g.s["hands"][role], "chosen": g.s["chosen"].get(role)}

    def hidden_ids(self, state: dict, role: str) -> set[str]:
        ids = set(state["hands"][role])
        if role in state["chosen"]:
            ids.add(state["chosen"][role])
        return ids

    def content(self) -> dict:
        return {"cards": [{"id": f"toy:card:{n}", "value": n, "source": "rulebook"} for n in range(1, 10)]}


GAME = Duel()
