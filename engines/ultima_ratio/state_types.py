"""Ultima Ratio Regis — the declared shapes of the JSON state (ENGINE.md › State model), as TypedDicts.

The state stays one plain JSON dict, read by key in the rules modules; these declarations say which keys it has
and what they hold, so that mypy checks the helpers typed with ``State`` (``state.py``) and a test
(``tests/engines/ultima_ratio/test_state_types.py``) checks real games' states against them (pydantic, strict,
no extra key), so the declaration cannot drift from the engine.

Keys are required (``Required``, the default) when ``deployment.prepare`` (or the core) makes them; a key marked
``NotRequired`` is made when first needed (a fleet kept, a morale counter given, a card played...), as the State
model table says, and read with ``.get`` / ``in``. (No ``from __future__ import annotations`` here: the
declarations are read at run time, ``__optional_keys__`` and pydantic.)
"""

from typing import Any, NotRequired

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict  # pydantic reads typing_extensions' TypedDict only, before Python 3.12

# pydantic (the drift test) refuses a key the declaration does not name; mypy does too for a literal dict
_CLOSED = ConfigDict(extra="forbid")


@with_config(_CLOSED)
class SeatInfo(TypedDict):
    """``seats[player<n>]``: a player (7.1.1). VP are the seat's."""

    powers: list[str]
    vp: int
    order: int  # the game order (1 first)
    group: int  # the seat table's group the player leads (7.1.1; a power entering later joins it, 8.1.2)
    vp_per_turn: int


@with_config(_CLOSED)
class ToDeploy(TypedDict):
    """The points a power spends in the ``deploy`` step (24.; 8.1.2) and the revolts it places; ``now``: its player
    deploys it before his other powers (7.2 ¶2, the ``switch`` of ``deploy``)."""

    points: int
    revolts: int
    now: NotRequired[bool]


@with_config(_CLOSED)
class PowerInfo(TypedDict):
    """``powers[power]``: a major power in play."""

    seat: str
    unrest: int
    interest: list[str]  # theater keys (18.4.1)
    interest_areas: list[str]  # areas a scenario opens to it
    to_deploy: NotRequired[ToDeploy]  # until its ``deploy`` step


@with_config(_CLOSED)
class MinorInfo(TypedDict):
    """``minors[minor]``: a minor power in play."""

    ally: str | None  # a major power, or None (9.1: the Emirates, no ally)
    wars: NotRequired[dict[str, bool]]  # 20.5: war key "a|b" -> an allied independent minor entered it or not
    until_turn_end: NotRequired[bool]  # an alliance that ends with the turn (the Imperial election, RULINGS IV-3)


@with_config(_CLOSED)
class Fortress(TypedDict):
    power: str  # a major or minor power
    built: bool  # False while under construction (9.4)
    since: int  # the impulse number it got its status


@with_config(_CLOSED)
class Siege(TypedDict):
    besieger: str
    casualties: int  # carried between assaults (13.4)


@with_config(_CLOSED)
class AreaInfo(TypedDict):
    """``areas[area]``: an **active** area (inactive ones are not in the state, 18.2.1)."""

    owner: str | None  # possession
    control: str | None  # None under an independent / revolt marker
    marker: str | None  # "A2", "A3", "R2", "R3" or None
    fortress: Fortress | None
    siege: Siege | None
    interrupted: bool  # trade interrupted (19.2.4)


@with_config(_CLOSED)
class UnitInfo(TypedDict):
    """``units[uid]``: a counter of a power card (troop or squadron), wherever it is."""

    power: str
    kind: str  # "troop" / "squadron"
    grade: str  # "2-3", "3-4" (troops), "E2", "E3" (squadrons)
    veteran: bool
    loc: str  # "area:<id>", "sea:<id>", "box:<id>", "available", "eliminated"
    repair: bool  # a squadron under repair
    galley: bool  # built in the Mediterranean (18.6.1)
    since: int  # the impulse number it got its status
    acted: int  # the impulse number of its last action (-1: never)
    pirated: NotRequired[int]  # the impulse number it plundered in (11.5)


@with_config(_CLOSED)
class LeaderInfo(TypedDict):
    """``leaders[leader id]``: a leader on the map, always on one unit (a troop, a squadron or
    ``fortress:<area>``)."""

    power: str
    unit: str
    extraordinary: bool


@with_config(_CLOSED)
class Impulse(TypedDict):
    """``impulse``: the impulse's counters (8.2); the card keys only in a game with cards (``cards/deck.py``)."""

    n: int  # the global impulse counter
    seat: str | None  # the player whose impulse it is (None before the first)
    number: int  # 1-3 in the half turn
    actions: dict[str, int]  # actions left per power
    start_locs: dict[str, str]  # unit -> its location at the impulse's start
    leaders_moved: NotRequired[list[str]]  # leaders moved in this impulse (12.3.1)
    card_of: NotRequired[dict[str, str]]  # power -> the card whose points it received
    played: NotRequired[int]  # cards played this impulse
    must_play: NotRequired[bool]  # the player held cards at the impulse's start
    events_due: NotRequired[list[str]]  # cards whose event is applied after their points
    extra: NotRequired[int]  # 8.2.3: the extra action of a player without cards


@with_config(_CLOSED)
class Cards(TypedDict):
    """``cards``: empty in 9.1 (played without cards); ``Game.secrets`` hides the deck and the hands."""

    deck: list[str]
    hands: dict[str, list[str]]  # seat -> event ids
    discard: list[str]  # played this turn, in order
    in_play: NotRequired[bool]  # a game played with cards
    active: NotRequired[list[str]]  # events in force
    corsairs: NotRequired[list[str]]  # powers a card lets plunder this turn
    technologies: NotRequired[dict[str, list[str]]]  # power -> technologies won (19.3)


@with_config(_CLOSED)
class NavalDistance(TypedDict):
    mediterranean: int
    elsewhere: int


@with_config(_CLOSED)
class Auction(TypedDict):
    """``auction``: the major power auction of a 3-6 player scenario (7.1.1), dropped once the groups are seated."""

    bets: dict[str, int]  # seat -> bet
    order: list[str]  # the game order the bets gave
    chosen: dict[str, int]  # seat -> group chosen


@with_config(_CLOSED)
class WarRecord(TypedDict):
    """A war's record (21.3, 21.5.5, 22; RULINGS P-8): the order it broke out, the event card that made it, its VP to
    the winner, each major power's border domains when it started (None: read when asked)."""

    order: int
    card: str | None
    vp: int
    border_domains: dict[str, list[str]] | None


@with_config(_CLOSED)
class URRState(TypedDict):
    """The whole state of an Ultima Ratio Regis game."""

    # the core's keys (engines/core/types.py)
    game: str
    version: str
    content: str
    options: dict[str, Any]
    rng: str
    stack: list[dict[str, Any]]
    outcome: dict[str, Any] | None
    # the scenario and the turn marker
    scenario: str
    section: str
    turn: int
    first_turn: int
    last_turn: int
    # parties
    seats: dict[str, SeatInfo]
    seat_order: list[str]  # impulse order of the half turn (8.2.1)
    powers: dict[str, PowerInfo]
    minors: dict[str, MinorInfo]
    # the map and the counters
    areas: dict[str, AreaInfo]
    units: dict[str, UnitInfo]
    leaders: dict[str, LeaderInfo]
    leader_pool: list[str]  # the shared cup's ids still to draw (17.2)
    merchants: dict[str, dict[str, int]]  # center -> power -> 1 or 2
    merchants_prepared: dict[str, dict[str, int]]  # in the center theater's dispersion area
    capacity: dict[str, int]  # trade-center capacities of the turn
    # diplomacy: pairs of parties
    casus_belli: list[list[str]]  # [holder, against]
    wars: list[list[str]]  # sorted pairs
    forced_peace: list[list[str]]  # sorted pairs that ended a war this turn (21.5.4)
    alliances: list[list[str]]  # sorted pairs of allied major powers
    free_attacks: list[list[str]]  # pairs that may attack without CB
    # the scenario's public rules
    naval_distance: NavalDistance
    mediterranean_open: bool  # 18.6.1
    seas_active: list[str]
    scored_areas: list[str]  # 9.1
    # the sequence
    impulse: Impulse
    cards: Cards
    # made when first needed
    fleets: NotRequired[list[list[str]]]  # squadron groups kept as fleets (movement/fleets.py)
    morale: NotRequired[dict[str, dict[str, int]]]  # loser -> winner -> counters (21.3.4)
    morale_owed: NotRequired[list[list[str]]]  # [loser, winner, reason] with none left, until peace (peace.pay_owed)
    controls_to_return: NotRequired[list[list[str]]]  # [area, taker] (13.3.7)
    border_controls: NotRequired[list[list[Any]]]  # [area, taker, controller before, owner before, war pair] (18.5)
    box_choices: NotRequired[dict[str, list[str]]]  # troop -> dispersion boxes still open to it (18.5)
    auction: NotRequired[Auction]  # 7.1.1, until the groups are seated
    war_records: NotRequired[dict[str, WarRecord]]  # "a|b" -> what the war's peace needs (diplomacy/war.begin_war)
    fixed_merchants: NotRequired[list[list[str]]]  # [center, power] a scenario placed unremovable (commerce.fixed)
    possessed_at_start: NotRequired[dict[str, list[str]]]  # power -> areas as the turn began (22 "Pass to posses")
    alliance_permits: NotRequired[
        list[list[str]]
    ]  # sorted pairs a scenario rule lets ally at an impulse's start (21.1)
    lasting_alliances: NotRequired[list[list[str]]]  # alliances a scenario rule keeps "until war breaks out" (AL-3)
    war_entries: NotRequired[list[list[str]]]  # [ally, partner, enemy] still to answer (21.1, alliances.py)
    collapsing: NotRequired[list[str]]  # major powers collapsing (21.6, diplomacy/collapse.py)
    combined: NotRequired[dict[str, list[str]]]  # squadron -> [its power, the sea its fleet formed in] (21.2.3)
    expeditionary: NotRequired[dict[str, str]]  # troop -> the power that ceded it (21.2.2, expeditionary_corps.py)
    religions: NotRequired[dict[str, str]]  # power -> its religion where it differs from its card (diplomacy/religion)
    possession_vp: NotRequired[list[list[Any]]]  # [card, power, area, VP] promised when it comes to possess (22)
    battles: NotRequired[int]  # combats begun so far, each numbered (combat/battle_record.py, issue 28)
    last_battle: NotRequired[dict[str, Any]]  # the last combat's public record, shown beside the map


# the type of ``s`` where it pays (``state.py``'s helpers)
State = URRState
