"""Duel: a tiny two-seat card game used to test the platform before (and besides) the real games.

It is never shipped. It exercises everything the platform must handle: hidden hands, a simultaneous face-down
choice, randomness, a sequential step whose moves can be undone, and an outcome.

Each of North and South is dealt 3 cards from a shuffled deck of 1..9. Three rounds: the round's leader
raises the stake (1 to 3) as often as they like and says done; both then choose a card face down at the same
time; the cards are revealed and the higher card scores the stake (a tie scores nothing).
"""

from __future__ import annotations

import pathlib
from collections.abc import Mapping
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field

from engines.core.game import Game
from engines.core.machine import Ctx, Step, StepGame
from engines.core.presentation import Page, PageError, Presentation
from engines.core.types import text

ROLES = ["north", "south"]


class DuelOptions(BaseModel):
    rounds: int = Field(3, ge=1, le=3, description="Rounds to play (1-3).")
    deck: Literal["short", "long"] = Field("long", description="short: cards 1-6; long: cards 1-9.")


class Deal(Step):
    goes_to = ("stake",)

    def auto(self, g: Ctx) -> None:
        top = 6 if g.s["options"]["deck"] == "short" else 9
        deck = [f"toy:card:{n}" for n in range(1, top + 1)]
        g.shuffle(deck)
        g.s["deck"] = deck[6:]
        g.s["hands"] = {"north": deck[:3], "south": deck[3:6]}
        g.log("log.dealt")
        g.goto("stake")


class Stake(Step):
    goes_to = ("choose",)

    def active(self, g: Ctx) -> list[str]:
        return [g.s["leader"]]

    def prompt(self, g: Ctx, role: str):
        legal: dict[str, list] = {"done": [None]}
        if g.s["stake"] < 3:
            legal = {"raise": [None], **legal}
        return text("prompt.stake", round=g.s["round"]), legal

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text(f"act.{verb}", stake=g.s["stake"] + (1 if verb == "raise" else 0))

    def on_raise(self, g: Ctx, role: str, arg: Any) -> None:
        g.s["stake"] += 1
        g.log("log.raise", role=role, stake=g.s["stake"], rule="stake")

    def on_done(self, g: Ctx, role: str, arg: Any) -> None:
        g.goto("choose")


class Choose(Step):
    goes_to = ("reveal",)
    secret_choice = True

    def active(self, g: Ctx) -> list[str]:
        return [r for r in ROLES if r not in g.s["chosen"]]

    def prompt(self, g: Ctx, role: str):
        return text("prompt.choose"), {"choose": list(g.s["hands"][role])}

    def on_choose(self, g: Ctx, role: str, arg: str) -> None:
        g.s["hands"][role].remove(arg)
        g.s["chosen"][role] = arg
        g.log("log.chose", role=role)
        g.log("log.you_chose", to=[role], card=arg, refs=[arg])
        if len(g.s["chosen"]) == len(ROLES):
            g.goto("reveal")


class Reveal(Step):
    goes_to = ("stake",)

    def auto(self, g: Ctx) -> None:
        chosen = g.s["chosen"]
        values = {r: int(c.rsplit(":", 1)[1]) for r, c in chosen.items()}
        g.show(ROLES, list(chosen.values()))
        g.s["revealed"].extend(chosen.values())
        g.log("log.shown", north=values["north"], south=values["south"], rule="show", refs=list(chosen.values()))
        if values["north"] != values["south"]:
            winner = max(values, key=values.get)
            g.s["scores"][winner] += g.s["stake"]
            g.log("log.scores", role=winner, stake=g.s["stake"], rule="show")
        g.s["chosen"] = {}
        if g.s["round"] == g.s["options"]["rounds"]:
            scores = g.s["scores"]
            best = max(scores.values())
            winners = [r for r in ROLES if scores[r] == best]
            ranking = sorted(ROLES, key=lambda r: -scores[r])
            message = (
                text("outcome.draw")
                if len(winners) == 2
                else text("outcome.win", winner=winners[0], best=best, worst=min(scores.values()))
            )
            g.finish({"text": message, "winners": winners, "scores": dict(scores), "ranking": ranking})
            return
        g.s["round"] += 1
        g.s["stake"] = 1
        g.s["leader"] = ROLES[(ROLES.index(g.s["leader"]) + 1) % 2]
        g.goto("stake")


class Duel(StepGame):
    id = "toy-duel"
    title = "Duel (test game)"
    version = "2"
    Options = DuelOptions
    messages_dir = pathlib.Path(__file__).parent / "toy_messages"
    steps: ClassVar[dict[str, Step]] = {"deal": Deal(), "stake": Stake(), "choose": Choose(), "reveal": Reveal()}

    def roles(self, options: BaseModel) -> list[str]:
        return list(ROLES)

    def title_in(self, lang: str = "en") -> str:
        """The title in ``lang``: ``game.title.<id>`` of the messages (the test games that share them each have
        their own)."""
        return self.catalogs.get(lang, self.catalogs["en"]).get(f"game.title.{self.id}") or self.title

    def option_sets(self) -> list[dict[str, Any]]:
        return [{}, {"rounds": 1, "deck": "short"}]

    def start(self, g: Ctx, options: dict[str, Any]) -> None:
        g.s.update(round=1, stake=1, leader="north", chosen={}, revealed=[], scores={"north": 0, "south": 0})
        g.call("deal")

    def name_of(self, value: Any, lang: str) -> str | None:
        if isinstance(value, str) and value.startswith("toy:card:"):
            return f"card {value.rsplit(':', 1)[1]}"
        return None

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

    def secrets(self, state: dict) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {c: [] for c in state["deck"]}
        for role in ROLES:
            for card in state["hands"][role]:
                out[card] = [role]
            if role in state["chosen"]:
                out[state["chosen"][role]] = [role]
        return out

    def content(self) -> dict:
        return {"cards": [{"id": f"toy:card:{n}", "value": n, "source": "rulebook"} for n in range(1, 10)]}


GAME = Duel()


class TeamDuel(Duel):
    """The Duel declared as a game its two seats play together against the game, asymmetric (issue 26: the app
    reads what it must know of a game from these declarations, never from its id)."""

    id = "toy-team"
    title = "Duel as a team (test game)"
    cooperative = True
    rated_per_role = True
    rated_against_the_game = True


def echo(game: Game, query: Mapping[str, str]) -> str:
    """A page's body: the game's title and the query's ``word``; "bad" is a word it refuses."""
    word = query.get("word", "")
    if word == "bad":
        raise PageError("No bad words, please.")
    return f"{game.title}: {word}"


PAGES = Presentation(
    pages=(
        Page("echo.txt", echo, media_type="text/plain", max_age=60, link="the echo"),
        Page("fresh.txt", echo, media_type="text/plain"),
    )
)


class PagedDuel(Duel):
    """The Duel with extra pages (engines.core.presentation): a kept one, linked, and a fresh one, not linked."""

    id = "toy-pages"
    title = "Duel with pages (test game)"
    presentation = "tests.support.toy_game:PAGES"
