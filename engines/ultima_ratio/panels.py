"""Ultima Ratio Regis — the rest of the table beside the map (issue 28 › The rest of the table), from the seat's view
alone: the impulse and whose it is (8.2), the impulse order (8.2.1), each player's VP (22) and cards (8.1.4) with
his powers' unrest against their vitality (23.2) and the actions left in the impulse (8.2.2), the wars with their
morale (21.3), the alliances (21.1), the Casus Belli (21.3.1) and the minor powers' allies (20); and the seat's own
hand (its private view alone: 8.1.4's cards with their action points, priority, 8.2.2, and text). Every element has
its namespaced key (``seat:``, ``power:``, ``war:``, ``alliance:``, ``cb:``, ``minor:``, ``card:``) and its words
from the catalog (``board.*``); no rule lives here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core.game import Game
from engines.core.types import text


def _pair(kind: str, a: str, b: str) -> str:
    return f"{kind}:{a}|{b}"


def _seat(
    game: Game, public: dict[str, Any], role: str, say: Callable, current: str | None, colours, lang: str
) -> dict[str, Any]:
    """A player: his name at the table (the powers he leads once his), VP, cards, and each of his powers."""
    seat = public["seats"][role]
    board = game.board  # type: ignore[attr-defined]
    left = (public.get("impulse") or {}).get("actions") or {} if role == current else {}
    powers = []
    for power in seat["powers"]:
        info = public["powers"].get(power) or {}
        unrest = say(text("board.unrest", unrest=info.get("unrest", 0), vitality=board.power(power).vitality))
        words = [unrest] + ([say(text("board.actions_left", count=left[power]))] if power in left else [])
        # the theaters of interest by the rulebook's abbreviations (WM, CM...), each with its name (an <abbr>)
        interest = [{"id": th, "name": game.name_of(th, lang) or th} for th in info.get("interest") or []]
        name = game.name_of(power, lang) or power
        powers.append(
            {"key": power, "name": name, "words": words, "colour": colours.get(power, "#777777")}
            | {"interest": interest}
        )
    cards = (public.get("cards") or {}).get("hands", {}).get(role, 0)
    return {
        "key": f"seat:{role}",
        "role": role,
        "label": game.seat_label(public, role, lang),
        "vp": say(text("board.vp", vp=seat["vp"])),
        "cards": say(text("board.cards", count=cards)) if _with_cards(game, public) else None,
        "current": role == current,
        "powers": powers,
    }


def _auction(game: Game, public: dict[str, Any], say: Callable) -> dict[str, Any] | None:
    """7.1.1 while the major power auction runs: the groups on offer (laid out at the chairs, group n at
    ``player<n>``) and who has chosen which, and each player's bet: placed or not until all are revealed together,
    then its amount and his place in the game order."""
    a = public.get("auction")
    if a is None:
        return None
    chosen = {group: role for role, group in (a.get("chosen") or {}).items()}
    groups = []
    for n in range(1, len(public["seats"]) + 1):
        laid = public["seats"][f"player{n}"]
        words = say(text("board.group", number=n, powers=list(laid["powers"]), vp=laid["vp"]))
        if n in chosen:
            words = say(text("board.group_chosen", group=words, seat=chosen[n]))
        groups.append({"key": f"group:{n}", "label": words})
    bets = []
    for role in public["seats"]:
        if a.get("bets") is not None:
            place = a["order"].index(role) + 1
            words = say(text("board.bet_revealed", seat=role, vp=a["bets"][role], place=place))
        else:
            words = say(text("board.bet_placed" if role in a["have_bet"] else "board.bet_awaited", seat=role))
        bets.append({"key": f"seat:{role}", "label": words})
    return {"groups": groups, "bets": bets, "title": say(text("board.auction"))}


def _with_cards(game: Game, public: dict[str, Any]) -> bool:
    """8.1.4: whether the scenario is played with cards (9.1 "is played without cards", l. 1920)."""
    return bool(game.board.world.scenario(public["scenario"]).played_with_cards)  # type: ignore[attr-defined]


def _wars(public: dict[str, Any], say: Callable) -> list[dict[str, Any]]:
    """21.3: each war with the card that made it and the VP its winner will score (21.3.1: the war cards "visible on
    the side of the map as a reminder"; the CB cards' bonus, 22), and its parties' morale in it (21.3.4), once
    counted."""
    morale = public.get("morale") or {}
    records = public.get("war_records") or {}
    out = []
    for a, b in public.get("wars") or []:
        words = say(text("board.war", a=a, b=b))
        record = records.get(f"{a}|{b}") or {}
        if record.get("vp"):
            card = record.get("card")
            key = "board.war_card_vp" if card else "board.war_vp"
            words = say(text(key, war=words, card=card, vp=record["vp"]))
        counted = [(p, morale[p][q]) for p, q in ((a, b), (b, a)) if q in morale.get(p, {})]
        if counted:
            each = [text("board.morale", power=p, points=n) for p, n in counted]
            words = say(text("board.war_morale", war=words, morale=each))
        out.append({"key": _pair("war", a, b), "label": words})
    return out


def table_panel(
    game: Game,
    public: dict[str, Any],
    say: Callable,
    colours: dict[str, str],
    lang: str = "en",
    phase: str | None = None,
) -> dict[str, Any]:
    """The players in impulse order (the one whose impulse it is marked), the wars, alliances, Casus Belli and
    allied minors, and the deck, as the board template draws them; each power with its counters' colour. While the
    major power auction runs, the groups on offer and the bets instead of the players' powers. ``phase``: "end" or
    "start" while the turn ends or the next begins (``presentation.turn_phase``): the heading reads the turn, and
    no seat is marked as having the impulse (the last impulse's record stays in the state until the next)."""
    impulse = public.get("impulse") or {}
    current = impulse.get("seat") if impulse.get("number") and phase is None else None
    order = [r for r in public.get("seat_order") or [] if r in public["seats"]]
    order += [r for r in public["seats"] if r not in order]
    auction = _auction(game, public, say)
    seats = [] if auction else [_seat(game, public, role, say, current, colours, lang) for role in order]
    if phase:
        heading = say(text(f"board.turn_{phase}", turn=public.get("turn")))
    elif current:
        heading = say(text("board.impulse", number=impulse["number"], seat=game.seat_label(public, current, lang)))
    else:
        heading = say(text("board.before_impulses"))
    minors = [
        {"key": m, "label": say(text("board.minor_ally", minor=m, power=info["ally"]))}
        for m, info in sorted((public.get("minors") or {}).items())
        if info.get("ally")
    ]
    return {
        "heading": heading,
        "current": current,
        "seats": seats,
        "auction": auction,
        "order_label": say(text("board.impulse_order")) if len(seats) > 1 else None,
        "wars": _wars(public, say),
        "alliances": [
            {"key": _pair("alliance", a, b), "label": say(text("board.alliance", a=a, b=b))}
            for a, b in public.get("alliances") or []
        ],
        "casus_belli": [
            {"key": _pair("cb", a, b), "label": say(text("board.cb", power=a, against=b))}
            for a, b in public.get("casus_belli") or []
        ],
        "forced_peace": [  # 21.5.4: "a control marker of one major power over the other in the alliance box"
            {"key": _pair("forced_peace", a, b), "label": say(text("board.alliance", a=a, b=b))}
            for a, b in public.get("forced_peace") or []
        ],
        "minors": minors,
        "deck": say(text("board.deck", count=(public.get("cards") or {}).get("deck", 0)))
        if _with_cards(game, public)
        else None,
        "words": {
            k: say(text(f"board.{k}"))
            for k in (
                "wars",
                "alliances",
                "casus_belli",
                "forced_peace",
                "minors",
                "none",
                "impulse_now",
                "you",
                "interest",
            )
        },
    }


def hand(game: Game, private: dict[str, Any], say: Callable, lang: str = "en") -> list[dict[str, Any]]:
    """The seat's own cards (8.1.4): name, action points, priority (8.2.2: blue, or blue at 4 cards or fewer) and
    text, in the reader's language, each under ``card:<id>`` so that playing it is a click on it (``VERB_KEYS``'
    ``play_card``)."""
    world = game.board.world  # type: ignore[attr-defined]
    out = []
    for card in private.get("hand") or []:
        event = world.event(card)
        words = [say(text("board.card_points", count=event.action_points))]
        if event.priority != "none":
            words.append(say(text(f"board.priority_{event.priority}")))
        name, printed = game.name_of(card, lang) or event.name, game.translated_text(card, lang) or event.text
        out.append({"key": card, "name": name, "words": words, "text": printed})
    return out
