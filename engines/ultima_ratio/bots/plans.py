"""Ultima Ratio Regis — the 9.1 heuristic bot's plans (heuristic.py dispatches by step name): what the impulse's next
action is for, where troops land and march, where squadrons sail and units are built, when to subjugate. Every
question reads the seat's public view only, asked of the engine's own modules (``_View``)."""

from __future__ import annotations

from typing import Any, cast

from engines.core.machine import Ctx
from engines.core.types import Prompt, View

POWER = "power:portugal"


class _View:
    """The seat's public view in the shape the engine's questions read (``g.s``, ``g.game``): the bot asks the
    same questions a player sees answered on the board (where a troop may go, land, what it may subjugate)."""

    def __init__(self, game, public: dict):
        self.s, self.game = public, game
        self.frame: dict[str, Any] = {}


def _view(game, public: dict) -> Ctx:
    """The view where the engine's questions take a step's context: they read only ``g.s``, ``g.game`` and
    ``g.frame``, which ``_View`` has."""
    return cast(Ctx, _View(game, public))


def _targets(game, view: View) -> set[str]:
    """The Portuguese areas not owned yet (l. 1925: a VP each) and Aden while the Emirates hold it (l. 1935: taking
    it makes them disappear, their fleet with them)."""
    from engines.ultima_ratio.scenarios.rise_of_portugal import ADEN, EMIRATES, portuguese_areas

    public = view["public"]
    areas = public["areas"]
    out = {a for a in portuguese_areas(game.board) if a in areas and areas[a]["owner"] != POWER}
    return out | ({ADEN} if EMIRATES in public["minors"] else set())


def _supporters(game, public: dict, area: str, power: str = POWER) -> list[str]:
    """11.4.2: own squadrons at sea beside the area (the support that lowers the opposition's die, 13.5.3)."""
    from engines.ultima_ratio.movement.naval_interception import support_candidates

    return support_candidates(_view(game, public), power, area) if game.board.areas[area].seas else []


POINTS = {3: (0, 4, 2), 2: (2, 2, 2), 1: (3, 2, 1)}  # battle points 0/1/2 out of six faces (13.1.1, 13.1.6)


def _gain(game, public: dict, area: str, moved: bool, power: str = POWER) -> float:
    """The chance a lone troop takes the area by subjugation (13.5.4: a win, or a tie with a troop dispersed):
    Q3 against the marker's die, a disadvantage for having moved and for forest, mountain or marsh, one for the
    opposition with a squadron beside the area (13.5.3)."""
    marker = public["areas"][area]["marker"]
    theirs = int(marker[1]) if marker else 2
    ours = 3 - moved - (game.board.areas[area].terrain in ("forest", "mountain", "marsh"))
    theirs -= bool(_supporters(game, public, area, power=power))
    a, d = POINTS[max(1, min(3, ours))], POINTS[max(1, min(3, theirs))]
    return sum(a[i] * d[j] for i in range(3) for j in range(3) if i >= j) / 36


def _here(public: dict, uid: str) -> str | None:
    loc = public["units"][uid]["loc"]
    return loc if loc.startswith("area:") else None


def _moves(game, public: dict, targets: set[str], power: str = POWER) -> dict[str, list]:
    """The tactical operations open now, best first: ``subjugate`` (a troop in a target it may subjugate where it
    stands, no disadvantage), ``march`` (a troop beside a target), ``land`` (a lander with a target in range);
    each entry is (unit, area), those with naval support first."""
    from engines.ultima_ratio.logistics import supply
    from engines.ultima_ratio.movement import land_areas, landings

    g = _view(game, public)
    out: dict[str, list] = {"subjugate": [], "march": [], "land": []}

    def ok(area: str) -> bool:  # 15.2: a subjugation needs supply there (an enemy fleet at sea cuts it)
        return supply.supplied(public, game.board, area, power)

    for uid in land_areas.troops_that_move(g, power):
        here = _here(public, uid)
        if here in targets and (land_areas.subjugation_here(g, power, here) or land_areas.besiegeable(g, power, here)):
            out["subjugate"].append((uid, here))
            continue
        steps = [a for a in land_areas.first_steps(g, power, uid, [uid]) if a in targets and ok(a)]
        out["march"] += [(uid, a) for a in steps]
    for uid in landings.landers(g, power):
        if _here(public, uid) in targets:
            continue
        out["land"] += [(uid, a) for a in landings.landing_targets(g, power, uid) if a in targets and ok(a)]
    for key in out:  # Aden (a battle, then a siege) when nothing else is open
        out[key].sort(key=lambda m: (m[1] == "area:aden", not _supporters(game, public, m[1], power=power), m))
    return out


def _best_landing(game, public: dict, targets: set[str], options: list[str], power: str = POWER) -> str:
    """A target with a squadron beside it (support), then one in the sea with most targets left."""
    seas: dict[str, int] = {}
    for t in targets:
        for sea in game.board.areas[t].seas:
            seas[sea] = seas.get(sea, 0) + 1
    good = [a for a in options if a in targets] or options
    return min(
        good,
        key=lambda a: (
            a == "area:aden",
            not _supporters(game, public, a, power=power),
            -max((seas.get(x, 0) for x in game.board.areas[a].seas), default=0),
            a,
        ),
    )


def _wanted_seas(game, public: dict, targets: set[str], power: str = POWER) -> list[str]:
    """The seas beside targets where Portuguese troops stand (or that their ports touch), busiest first: where a
    squadron escorts the next landing and supports the subjugations (11.4.2, 12.3.1)."""
    from engines.ultima_ratio import state as st

    count: dict[str, int] = {}
    troop_seas = set()
    for uid in st.units_of(public, power, "troop", "map"):
        here = _here(public, uid)
        if here:
            troop_seas.update(game.board.areas[here].seas)
    for t in targets:
        for sea in game.board.areas[t].seas:
            count[sea] = count.get(sea, 0) + (3 if sea in troop_seas else 1)
    return sorted(count, key=lambda x: (-count[x], x))


def _covered(public: dict, power: str = POWER) -> set[str]:
    from engines.ultima_ratio import state as st
    from engines.ultima_ratio.movement.naval_bases import operational

    return {sea for u in operational(public, power) if (sea := st.loc_sea(public["units"][u]["loc"])) is not None}


def _centers_with_room(public: dict, power: str = POWER) -> set[str]:
    """Trade centers whose capacity leaves room for one more Portuguese merchant (prepared ones included)."""
    out = set()
    for center, room in public["capacity"].items():
        here = public["merchants"].get(center, {}).get(power, 0)
        here += public["merchants_prepared"].get(center, {}).get(power, 0)
        if here < min(room, 2):
            out.add(center)
    return out


def _useful_centers(game, public: dict, power: str = POWER) -> set[str]:
    """Centers with room where Portugal may build a merchant (the public view holds what 19.2.2 asks)."""
    from engines.ultima_ratio.economy.commerce import merchant_centers

    return _centers_with_room(public, power=power) & set(merchant_centers(public, game.board, power))


# ----- 9.1 planning: what the impulse's next action is for ----------------------------------------------------
MAX_SQUADRONS = 3  # escorts and support in the busiest seas; each costs 2 unrest a turn (23.1.1)


def _action(game, public: dict, legal: dict, targets: set[str], unrest: int, power: str = POWER) -> tuple[str, Any]:
    """8.2.2: subjugate where a troop stands, march beside a target, land on one (12.3), bring a squadron beside
    the targets (11.3), then build (troops and squadrons in the possessions nearest the targets, 9.1-9.2),
    merchants (19.2.2), a leader (17.2) and lower the unrest (19.1.1)."""
    from engines.ultima_ratio import state as st
    from engines.ultima_ratio.economy import commerce

    acts = {a[1]: a for a in legal.get("act", [])}
    moves = _moves(game, public, targets, power=power) if targets else {"subjugate": [], "march": [], "land": []}
    balance = commerce.income(public, game.board, power) - commerce.expenses(public, game.board, power)
    last = public["turn"] >= public["last_turn"]  # l. 1926: the last turn's unrest is lost VP
    vitality = game.board.power(power).vitality
    if "lower_unrest" in acts and ((last and unrest - balance > 0) or unrest >= vitality):
        return "act", acts["lower_unrest"]  # a sure VP, and no revolts (23.2)
    if "build_merchant" in acts and _useful_centers(game, public, power=power):  # 19.2.2: income from the next turn
        return "act", acts["build_merchant"]
    if (
        "build_leader" in acts
        and public["turn"] <= 3
        and balance - unrest >= -1
        and targets
        and _leader_wanted(game, public, targets, power=power)
    ):
        return "act", acts["build_leader"]  # 17.2: early, so that the army serves the whole game
    if "tactical_move" in acts and (moves["subjugate"] or moves["march"]):
        return "act", acts["tactical_move"]
    if "landing" in acts and moves["land"]:
        return "act", acts["landing"]
    if "regroup_troop" in acts and targets:
        return "act", acts["regroup_troop"]
    if "naval_move" in acts and _attack_plan(game, public, targets, power=power):
        return "act", acts["naval_move"]
    if "naval_move" in acts and _naval_plan(game, public, targets, escort_only=True, power=power):
        return "act", acts["naval_move"]
    squadrons = st.units_of(public, power, "squadron", "map")
    late = last and public["impulse"]["number"] > 1
    wanted = {
        "build_troop": balance - unrest >= -2 and bool(targets) and not late,
        "build_squadron": len(squadrons) < MAX_SQUADRONS
        and bool(targets)
        and not last
        and (
            balance - unrest >= 0 or (balance - unrest >= -2 and bool(_unescorted(game, public, targets, power=power)))
        ),
        "build_merchant": bool(_useful_centers(game, public, power=power)),
        "naval_move": bool(_naval_plan(game, public, targets, power=power)),
        "build_leader": balance - unrest >= 0
        and bool(targets)
        and not last
        and _leader_wanted(game, public, targets, power=power),
        "lower_unrest": unrest > 0,
    }
    order = ["repair_squadron", "build_squadron", "build_troop", "naval_move", "build_leader", "lower_unrest"]
    if unrest >= 3:
        order.insert(0, "lower_unrest")
    for name in order:
        if name in acts and wanted.get(name, True):
            return "act", acts[name]
    return "end_impulse", None


def _forward(game, public: dict, options: list[str], targets: set[str], power: str = POWER) -> str:
    """The possession nearest the targets (a forward base, 9.1-9.2, 11.1): beside one by land, or fewest seas
    from one (a landing reaches one sea away, 11.1.2), the sea with most targets first."""
    board = game.board
    seas = _wanted_seas(game, public, targets, power=power)
    rank = {sea: i for i, sea in enumerate(seas)}
    led = {
        _here(public, info["unit"])
        for info in public["leaders"].values()
        if info["power"] == power and info["unit"] in public["units"]
    }
    army = [a for a in options if a in led]
    if army and any(t in targets for t in board.neighbours[army[0]]):
        return army[0]  # 12.2: troops join the army's area

    def key(area: str):
        beside = any(a in targets for a in board.neighbours[area])
        gaps = [board.port_gap(area, t) for t in targets if board.areas[area].seas and board.areas[t].seas]
        gap = min((x for x in gaps if x is not None), default=9)
        near = min((rank[x] for x in board.areas[area].seas if x in rank), default=len(rank))
        return (0 if beside else 1 + gap, near, area)

    return min(options, key=key)


def _troop_seas(game, public: dict, targets: set[str], power: str = POWER) -> set[str]:
    """Seas of the ports where Portuguese troops stand with a target within a landing (12.3.1: the escort is
    based in the departure port or at sea on its seas)."""
    from engines.ultima_ratio import state as st

    out = set()
    for uid in st.units_of(public, power, "troop", "map"):
        here = _here(public, uid)
        if here and any(
            game.board.port_gap(here, t) is not None and game.board.port_gap(here, t) <= 1
            for t in targets
            if game.board.areas[t].seas and game.board.areas[here].seas
        ):
            out.update(game.board.areas[here].seas)
    return out


def _unescorted(game, public: dict, targets: set[str], power: str = POWER) -> set[str]:
    """The ports where a troop waits with targets within a landing and no squadron to escort it (12.3.1)."""
    from engines.ultima_ratio import state as st

    covered = _covered(public, power=power)
    ports = {_here(public, u) for u in st.units_of(public, power, "squadron", "map")}
    out = set()
    for uid in st.units_of(public, power, "troop", "map"):
        here = _here(public, uid)
        if (
            here
            and here not in ports
            and not set(game.board.areas[here].seas) & covered
            and _near_targets(game, here, targets)
            and game.board.areas[here].seas
        ):
            out.add(here)
    return out


def _naval_plan(
    game, public: dict, targets: set[str], escort_only: bool = False, power: str = POWER
) -> tuple[str, str] | None:
    """11.3: a squadron that may sail (one sea a move) to a sea that needs one — the seas of troops waiting for an
    escort first, then (unless ``escort_only``) the seas beside the targets (support, 11.4.2) — from a sea that
    keeps another squadron or needs none."""
    from engines.ultima_ratio.movement import naval, naval_bases

    g = _view(game, public)
    waiting = _troop_seas(game, public, targets, power=power)
    covered = _covered(public, power=power)
    support = (
        [] if escort_only else [x for x in _wanted_seas(game, public, targets, power=power)[:3] if x not in waiting]
    )
    wanted = sorted(waiting - covered) + support
    held: dict[str | None, int] = {}  # None: in port
    for u in naval_bases.operational(public, power):
        sea = _sea_of(public, u)
        held[sea] = held.get(sea, 0) + 1
    for sea in wanted:
        if sea in covered:
            continue
        for u in naval.naval_movers(g, power):
            here = _sea_of(public, u)
            needed = here in waiting or here in support
            if (not needed or held.get(here, 0) > 1) and sea in naval.tactical_seas(g, u):
                return u, sea
    return None


def _attack_plan(game, public: dict, targets: set[str], power: str = POWER) -> tuple[str, str] | None:
    """11.3 / 15.2: an enemy fleet at sea cuts the supply of the ports on its sea, so no subjugation there; a
    squadron that may reach it attacks it when a troop waits to take one of those ports (a win sends it damaged
    to port for the rest of the impulse)."""
    from engines.ultima_ratio import state as st
    from engines.ultima_ratio.movement import landings, naval

    g = _view(game, public)
    if public["impulse"]["actions"].get(power, 0) < 2:
        return None
    reach: set[str] = set()
    for uid in st.units_of(public, power, "troop", "map"):
        if uid in landings.landers(g, power):
            reach.update(a for a in landings.landing_targets(g, power, uid) if a in targets)
        elif (here := _here(public, uid)) is not None and here in targets:
            reach.add(here)
    for u in naval.naval_movers(g, power):
        for sea in naval.tactical_seas(g, u):
            if naval.enemy_fleets(public, game.board, power, sea) and any(
                sea in game.board.areas[a].seas for a in reach
            ):
                return u, sea
    return None


def _sea_of(public: dict, uid: str) -> str | None:
    loc = public["units"][uid]["loc"]
    return loc if loc.startswith("sea:") else None


def _tactical(
    game, public: dict, prompt: Prompt, legal: dict, targets: set[str], power: str = POWER
) -> tuple[str, Any]:
    """12.1-12.3, 13.5: subjugate where the troop stands; else march or land on a target, and subjugate at once
    when a squadron supports it (11.4.2 cancels the disadvantage of having moved, 13.5.3) or the impulse has no
    action left; an army takes along every troop it may (12.2)."""
    if prompt["text"]["msg"] in ("prompt.control", "prompt.tactical_on") and "subjugate" in legal:
        area = legal["subjugate"][0]
        left = public["impulse"]["actions"].get(power, 0)
        now, later = _gain(game, public, area, True, power=power), _gain(game, public, area, False, power=power)
        if now >= 0.75 or (left == 0 and now >= 0.5) or now >= later:
            return "subjugate", area
        return "stop", None
    if prompt["text"]["msg"] == "prompt.army":  # 12.2: the army takes along what may go with it
        if "absorb" in legal and _army_fits(game, public, legal["absorb"][0], targets, power=power):
            return "absorb", legal["absorb"][0]
        return ("march", None) if "march" in legal else ("leave", legal["leave"][-1])
    for verb in ("subjugate", "assault"):
        if verb in legal:
            return verb, legal[verb][0]
    if "stop" in legal and "area" in legal and not any(a in targets for a in legal["area"]):
        return "stop", None
    if "unit" in legal:
        moves = _moves(game, public, targets, power=power)
        for kind in ("subjugate", "march", "land"):
            for uid, _ in moves[kind]:
                if uid in legal["unit"]:
                    return "unit", uid
        return "unit", legal["unit"][0]
    if "area" in legal:
        if prompt["text"]["msg"] == "prompt.landing_target":
            return "area", _best_landing(game, public, targets, legal["area"], power=power)
        good = sorted(
            (a for a in legal["area"] if a in targets),
            key=lambda a: (a == "area:aden", not _supporters(game, public, a, power=power), a),
        )
        return "area", (good or legal["area"])[0]
    return "stop", None


def _stranded(game, public: dict, uid: str, targets: set[str], power: str = POWER) -> bool:
    """A troop in a dispersed box whose theater has no target left (it regroups at home, 9.5, 8.2.2)."""
    loc = public["units"][uid]["loc"]
    if not loc.startswith("box:"):
        return False
    from engines.ultima_ratio.actions.regroup import regroup_places

    theater = game.board.box_theater.get(loc)
    return not any(game.board.areas[t].theater == theater for t in targets) or not regroup_places(
        _view(game, public), power, uid
    )


def _near_targets(game, area: str, targets: set[str]) -> bool:
    board = game.board
    return any(t in targets for t in board.neighbours[area]) or any(
        board.port_gap(area, t) is not None and board.port_gap(area, t) <= 1
        for t in targets
        if board.areas[area].seas and board.areas[t].seas
    )


def _leader_wanted(game, public: dict, targets: set[str], power: str = POWER) -> bool:
    """17.2: one leader for an army of the troops near the targets (12.2: they move and subjugate together; with
    a leader two disband results disperse one troop, 13.5.5, and a tie's forced control keeps the others)."""
    from engines.ultima_ratio import state as st

    if any(info["power"] == power for info in public["leaders"].values()):
        return False
    troops = st.units_of(public, power, "troop", "map")
    return len(troops) + len(st.units_of(public, power, "troop", "box")) >= 2 and any(
        (here := _here(public, u)) and _near_targets(game, here, targets) for u in troops
    )


def _leader_target(game, public: dict, options: list[str], targets: set[str], power: str = POWER) -> str:
    """The troop with most own troops in its area, near the targets (else the first unit offered)."""
    from engines.ultima_ratio import state as st

    troops = [u for u in options if u in public["units"] and public["units"][u]["kind"] == "troop" and _here(public, u)]
    if not troops:
        return options[0]

    def rank(u: str) -> tuple[bool, int, str]:
        here = _here(public, u)
        assert here is not None  # troops holds only troops in an area (above)
        return _near_targets(game, here, targets), len(st.troops_in(public, here, power)), u

    return max(troops, key=rank)


def _army_fits(game, public: dict, troop: str, targets: set[str], power: str = POWER) -> bool:
    """12.2, 15.1: the troop joins the army only if the army with it may still end in a target (the mini-map
    areas stack one troop), by land or by the landing (12.3.1) the action is."""
    from engines.ultima_ratio.movement import land_areas, landings

    g = _view(game, public)
    here = public["units"][troop]["loc"]
    units = public["units"]
    led = [
        info["unit"]
        for info in public["leaders"].values()
        if info["power"] == power
        and info["unit"] in units
        and units[info["unit"]]["loc"] == here
        and info["unit"] != troop
    ]
    if not led:
        return False
    group = [led[0], troop]
    moves = _moves(game, public, targets, power=power)
    if moves["subjugate"] or moves["march"]:  # the operation _action chose: a march (else a landing)
        return any(a in targets for a in land_areas.first_steps(g, power, led[0], group))
    return any(a in targets for a in landings.landing_targets(g, power, led[0], group))
