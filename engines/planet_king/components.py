"""The components as the engine reads them (Components): the validated content of one game instance turned into
plain look-up tables, plus the ids of the places, powers, wars and notables the rules single out.

Each ``PlanetKing`` builds its own ``Components`` from its content (``content.load``: the packaged files, or the
owner's in ``<content_dir>/planet-king/``). The rules' code reads the components of the game it is running for
through ``C`` (``C.NOTABLES``...): the game makes its components the active ones for the duration of every call
into it (``active``), so two games built with different content never see each other's.

The ids the rules name (``SPAIN``, ``F_ITALY``, ``CONDE``...) are constants of the engine, not content; ``check``
verifies that the content has each of them, of the right kind, and raises ``ContentError`` naming the file.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from engines.core.types import ContentError

# ----- the ids the rules single out (checked against the content by ``check``) ---------------------------------
PLUS_ULTRA = "pk:territory:plus-ultra"
SPAIN = "pk:territory:spain"
ITALY = "pk:territory:italy"
FLANDERS = "pk:territory:flanders"
FRANCHE_COMTE = "pk:territory:franche-comte"

FRANCE = "pk:power:france"
UNITED_PROVINCES = "pk:power:united-provinces"
ENGLAND = "pk:power:england"
OTTOMAN = "pk:power:ottoman-empire"
BARBARY = "pk:power:barbary-pirates"
PORTUGAL = "pk:power:portugal"
PROTESTANTS = "pk:power:protestants"

F_ITALY = "pk:war:italy"
F_PICARDY = "pk:war:picardy"
F_CATALONIA = "pk:war:catalonia"
PALATINATE = "pk:war:palatinate"
FLANDERS_WAR = "pk:war:flanders"

CONDE = "pk:noble:louis-ii-conde"
CONDE_LEADER = "pk:leader:conde"

# file, table, id, what the rules expect of it (field -> value)
RULE_IDS: list[tuple[str, str, str, dict]] = [
    ("territories.yaml", "TERRITORIES", PLUS_ULTRA, {"kind": "box"}),
    ("territories.yaml", "TERRITORIES", SPAIN, {"kind": "spain"}),
    ("territories.yaml", "TERRITORIES", ITALY, {"kind": "nation"}),
    ("territories.yaml", "TERRITORIES", FLANDERS, {"kind": "nation"}),
    ("territories.yaml", "TERRITORIES", FRANCHE_COMTE, {"kind": "nation"}),
    *[
        ("powers.yaml", "POWERS", p, {})
        for p in (FRANCE, UNITED_PROVINCES, ENGLAND, OTTOMAN, BARBARY, PORTUGAL, PROTESTANTS)
    ],
    ("wars.yaml", "WARS", F_ITALY, {"power": FRANCE}),
    ("wars.yaml", "WARS", F_PICARDY, {"power": FRANCE}),
    ("wars.yaml", "WARS", F_CATALONIA, {"power": FRANCE}),
    ("wars.yaml", "WARS", PALATINATE, {"power": PROTESTANTS}),
    ("wars.yaml", "WARS", FLANDERS_WAR, {"power": UNITED_PROVINCES}),
    ("nobles.yaml", "NOTABLES", CONDE, {"kind": "noble"}),
    ("leaders.yaml", "LEADERS", CONDE_LEADER, {}),
]
# the event effects the rules look a card up by (one card each, HUNTING DAY at most one)
EFFECTS = {"guerra_dels_segadors": "SEGADORS", "union_of_arms": "UNION", "hunting_day": "HUNTING_DAY"}

# Plus Ultra touches every territory and war except the Palatinate and Franche-Comté (Simple Actions › Move).
NOT_OVERSEAS = {PALATINATE, FRANCHE_COMTE, PLUS_ULTRA}


class Components:
    """The look-up tables of one game's content (``content.Content``)."""

    def __init__(self, c):
        self.NOTABLES: dict[str, dict] = {n.id: n.model_dump(mode="json") for n in c.notables}
        self.EVENTS: dict[str, dict] = {e.id: e.model_dump(mode="json") for e in c.events}
        self.MEMORIALS: dict[str, dict] = {m.id: m.model_dump(mode="json") for m in c.memorials}
        self.LEADERS: dict[str, dict] = {x.id: x.model_dump(mode="json") for x in c.leaders if x.side == "foreign"}
        self.SPANISH_COUNTERS: dict[str, dict] = {
            x.noble: x.model_dump(mode="json") for x in c.leaders if x.side == "spanish"
        }
        self.POWERS: dict[str, dict] = {p.id: p.model_dump(mode="json") for p in c.powers}
        self.WARS: dict[str, dict] = {w.id: w.model_dump(mode="json") for w in c.wars}
        self.TERRITORIES: dict[str, dict] = {t.id: t.model_dump(mode="json") for t in c.territories}
        self.LINES: list[dict] = [line.model_dump(mode="json") for line in c.lines]
        self.SCENARIOS: dict[str, dict] = {s.id: s.model_dump(mode="json") for s in c.scenarios}
        self.TABLES: dict = c.tables.model_dump(mode="json")
        check(self)
        self.LINKS: list[tuple[str, str]] = [tuple(line["ends"]) for line in self.LINES]
        self.VALTELLINA: set[frozenset] = {frozenset(line["ends"]) for line in self.LINES if line["valtellina"]}
        self.UNIT_LIMITS: dict[str, int] = {k: v["count"] for k, v in self.TABLES["units"].items() if "count" in v}
        self.BATTLE_NAMES: dict[str, list[list[str]]] = {
            wid: self.TABLES["battle_names"][w["battle_names"]] for wid, w in self.WARS.items() if w.get("battle_names")
        }
        self.LEVELS: dict[str, str] = self.TABLES["victory_levels"]
        # names the rules pass as words (an exploration space, the War-Only mode's scenario name), by a key of their
        # own that the renderer names in the reader's language (views.name_keys; issue 29)
        self.PLACE_NAMES: dict[str, str] = {f"pk:exploration:{x['id']}": x["name"] for x in self.TABLES["exploration"]}
        self.PLACE_NAMES["pk:scenario:war-only"] = self.SCENARIOS["pk:scenario:the-planet-king"]["name"] + " (War-Only)"
        self.PLACE_NAMES.update({f"pk:task:{m.split(':')[-1]}": d["task"] for m, d in self.MEMORIALS.items()})
        self.INCOME: dict = self.TABLES["income"]
        self.LIMITS: dict = self.TABLES["limits"]
        # the INSTABILITY cards in the file's order (UNION OF ARMS adds the first spare) and by number (the deck)
        self.INSTABILITY_CARDS = [e for e, d in self.EVENTS.items() if d["effect"] == "instability"]
        self.INSTABILITY = sorted(self.INSTABILITY_CARDS, key=lambda e: self.EVENTS[e]["number"])
        for effect, attr in EFFECTS.items():
            setattr(self, attr, next((e for e, d in self.EVENTS.items() if d["effect"] == effect), None))
        # Provincial tercios: only Spain, Italy and the wars that allow them (Simple Actions › Move; Raise a
        # Provincial Tercio).
        self.PROVINCIAL_PLACES = {SPAIN, ITALY} | {w for w, d in self.WARS.items() if d["provincial_tercios"]}
        self.ADJACENT = self._adjacency()
        self.HOME = {w: self._home(w) for w in self.WARS}

    def _adjacency(self) -> dict[str, set[str]]:
        adj: dict[str, set[str]] = {}
        for a, b in self.LINKS:
            adj.setdefault(a, set()).add(b)
            adj.setdefault(b, set()).add(a)
        overseas = {t for t in self.TERRITORIES if t not in NOT_OVERSEAS} | {
            w for w in self.WARS if w not in NOT_OVERSEAS
        }
        adj.setdefault(PLUS_ULTRA, set()).update(overseas)
        for loc in overseas:
            adj.setdefault(loc, set()).add(PLUS_ULTRA)
        return adj

    def _home(self, wid: str) -> str:
        """Where an ended war's units go (ruling R-WAR-END-UNITS): the first European territory linked to the
        war."""
        for a, b in self.LINKS:
            other = b if a == wid else a if b == wid else None
            if other in self.TERRITORIES and self.TERRITORIES[other]["region"] == "europe":
                return other
        return SPAIN


def check(k: Components) -> None:
    """Every id the rules name is in the content with the kind the rules expect; each effect the rules look a card
    up by is on one card (HUNTING DAY on one at most)."""
    for file, table, item, expected in RULE_IDS:
        found = getattr(k, table).get(item)
        if found is None:
            raise ContentError(f"planet-king: {file}: item {item!r}: the rules need it and it is missing")
        for field, value in expected.items():
            if found.get(field) != value:
                raise ContentError(
                    f"planet-king: {file}: item {item!r}: the rules need {field} {value!r}, found {found.get(field)!r}"
                )
    for effect in EFFECTS:
        cards = [e for e, d in k.EVENTS.items() if d["effect"] == effect]
        if len(cards) > 1 or (not cards and effect != "hunting_day"):
            raise ContentError(
                f"planet-king: events.yaml: the rules need one card with effect {effect!r}, found {cards}"
            )


ACTIVE: ContextVar[Components | None] = ContextVar("planet_king_components", default=None)


@contextmanager
def active(components: Components) -> Iterator[None]:
    """Within the block, ``C`` reads these components."""
    token = ACTIVE.set(components)
    try:
        yield
    finally:
        ACTIVE.reset(token)


def current() -> Components:
    """The active components (for a function that reads many tables: one look-up instead of one per use)."""
    components = ACTIVE.get()
    if components is None:
        raise RuntimeError("no Planet King game is active (call through the game, or components.use)")
    return components


def use(components: Components) -> None:
    """Make these components the active ones from now on in this context (tests that call the rules directly)."""
    ACTIVE.set(components)


class _Current:
    """``C.NOTABLES``...: the tables of the game being played now."""

    __slots__ = ()

    def __getattr__(self, name: str):
        components = ACTIVE.get()
        if components is None:
            current()  # raises
        return getattr(components, name)


C = _Current()
