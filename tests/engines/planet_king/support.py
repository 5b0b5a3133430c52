"""Helpers that set positions and stack decks so each worked example of the rulebook is reproduced exactly."""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.planet_king import GAME, components
from engines.planet_king.components import C

components.use(GAME.components)  # the tests call the rules' procedures directly, outside the game's methods
RENDER = GAME.renderer()
# The log of each state a test holds: the rendered entries of the moves that led to it (the state holds no log).
_LOGS: dict[int, list[str]] = {}


def _logged(state: dict, before: list[str], entries) -> dict:
    _LOGS[id(state)] = before + [RENDER.text(e) for e in entries]
    return state


def log_of(s: dict) -> list[str]:
    return _LOGS.get(id(s), [])


def ev(name: str, nth: int = 0) -> str:
    """The id of an event card by its printed name (``nth`` copy)."""
    found = sorted((e for e, d in C.EVENTS.items() if d["name"] == name), key=lambda e: C.EVENTS[e]["number"])
    return found[nth]


def nb(name: str) -> str:
    """The id of a notable by its printed name."""
    return next(n for n, d in C.NOTABLES.items() if d["name"] == name)


def fresh(scenario: str = "anni_mirabiles", mode: str = "solo", seed: int = 1, **options) -> dict:
    """A new game past its set-up decisions (first option each time), at the first decision of turn 1."""
    played = GAME.begin(seed, {"scenario": scenario, "mode": mode, **options})
    s = _logged(played.state, [], played.log)
    while s["stack"] and "options" in s["stack"][-1] and top_text(s).startswith("Set-up"):
        frame = s["stack"][-1]
        verb, arg = frame["options"][0]
        played = GAME.play(s, frame["role"], verb, arg)
        s = _logged(played.state, log_of(s), played.log)
    return s


def top_text(s: dict) -> str:
    """The prompt of the pending decision, as its player reads it."""
    return RENDER.text(s["stack"][-1]["text"])


def seen_secrets(s: dict, role: str) -> set[str]:
    """The hidden ids ``role`` may see now (a Secret Memorial its holder has read)."""
    return {i for i, roles in GAME.secrets(s).items() if role in roles}


def ctx(s: dict) -> Ctx:
    return Ctx(GAME, s)


def run(s: dict, fn, *args, **kw):
    """Call an engine procedure on the state, then run the automatic steps until the next decision. The procedure
    runs as in play, as an item of a ``seq`` frame (the frames it opens are moves from a step that declares them:
    flow.derive_goes_to); the frame ends once they have."""
    g = Ctx(GAME, s)
    s["stack"].append({"step": "seq", "items": [], "i": 0, "ctx": {}})
    out = fn(g, *args, **kw)
    GAME._run_auto(g)
    _logged(s, log_of(s), g.entries)
    return out


def stack(s: dict, cards: list[str]) -> None:
    """Put these event cards, in this order, on top of the event deck (taken from wherever they are)."""
    decks = s["decks"]
    for c in cards:
        for pile in (decks["events"], decks["discard"]):
            if c in pile:
                pile.remove(c)
        if c in s["gone_events"]:
            s["gone_events"].remove(c)
    decks["events"][:0] = list(cards)


def empty_court(s: dict) -> None:
    c = s["court"]
    c.update(nobles=[None] * 4, geniuses=[None] * 4, mistress=None, queen=None, painter=None)
    s["children"], s["heir"] = [], None
    for o in s["offices"]:
        s["offices"][o] = None
    for w in s["wars"].values():
        w["leader"] = None


def seat(s: dict, **places) -> None:
    """Place notables by name: nobles=[...], geniuses=[...], queen=..., mistress=..., valido=..., and offices."""
    c = s["court"]
    for i, name in enumerate(places.pop("nobles", [])):
        c["nobles"][i] = nb(name)
    for i, name in enumerate(places.pop("geniuses", [])):
        c["geniuses"][i] = nb(name)
    for key in ("queen", "mistress", "valido"):
        if key in places:
            c[key] = nb(places.pop(key))
    for office, name in places.items():
        s["offices"][office] = nb(name)
    for deck in s["decks"].values():
        for n in [
            x
            for x in deck
            if x
            in set(c["nobles"] + c["geniuses"] + [c["queen"], c["mistress"], c["valido"]]) | set(s["offices"].values())
        ]:
            deck.remove(n)


def actions(s: dict, role: str) -> list[dict]:
    """The offered actions with their labels as the player reads them."""
    return GAME.labels(s, role, RENDER)


def prompt(s: dict, role: str = "king") -> tuple[str, list[dict]]:
    view = GAME.view(s, role)
    return RENDER.text(view["prompt"]["text"]), actions(s, role)


def pick(s: dict, label: str, role: str | None = None) -> dict:
    """Apply the offered action whose label contains ``label`` (the active role by default)."""
    role = role or GAME.active_roles(s)[0]
    acts = actions(s, role)
    chosen = [a for a in acts if label in a["label"]]
    assert chosen, f"no action like {label!r} in {[a['label'] for a in acts]}"
    played = GAME.play(s, role, chosen[0]["verb"], chosen[0]["arg"])
    return _logged(played.state, log_of(s), played.log)


def labels(s: dict, role: str | None = None) -> list[str]:
    role = role or GAME.active_roles(s)[0]
    return [a["label"] for a in actions(s, role)]


def text_log(s: dict, start: int = 0) -> str:
    return "\n".join(log_of(s)[start:])


def units(s: dict, loc: str) -> list[str]:
    return sorted(u["type"] for u in s["units"] if u["loc"] == loc)


def rigged(s: dict, fn, wanted, *args, tries: int = 500) -> dict:
    """Draw a marker from a cup as the example says: try the generator's states until ``wanted(state)`` holds after
    ``fn`` (the cups are drawn blind, so this is how a test 'stacks' them). Returns the resulting state."""
    import orjson

    for i in range(tries):
        t = orjson.loads(orjson.dumps(s))
        t["rng"] = format(i * 7919 + 1, "016x")
        _LOGS[id(t)] = list(log_of(s))
        run(t, fn, *args)
        if wanted(t):
            return t
    raise AssertionError("no generator state gives the wanted draw")


def play_event(s: dict, name: str, nth: int = 0) -> None:
    """Resolve an event card as if just drawn."""
    from engines.planet_king import events

    card = ev(name, nth)
    run(s, events.resolve, card)
