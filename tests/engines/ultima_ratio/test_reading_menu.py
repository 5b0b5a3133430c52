"""The action menu's set-ups that no longer scan the whole table (issue 27's speed, branch urr-view): a fleet's
assembly asks the seat's squadrons by power, a leader's stacks find their fortresses in the areas' order, the
independent minors are listed once per reading, a leader may be built when the power has one to replace, sorties are
looked for among the reading's sieges, piracy's victims are asked once a squadron may plunder and a trade center's
interest asks the theaters in play once per reading. Each is compared,
along whole 9.2 games, with the question asked as before (a scan of every counter or area), in a reading and out."""

from __future__ import annotations

import contextlib

import pytest

from engines.core.machine import Ctx
from engines.ultima_ratio import state as st
from engines.ultima_ratio.cards import card_play
from engines.ultima_ratio.combat import land_battles
from engines.ultima_ratio.diplomacy import independent_minors, war
from engines.ultima_ratio.economy import commerce
from engines.ultima_ratio.leaders import leader_flow, leader_rules, leader_state
from engines.ultima_ratio.movement import fleets, naval, naval_bases

from .test_reading import SIM
from .test_reading_moves import _each_party


def _assembly_as_before(s: dict, powers: list[str], done: list[str]) -> list[str]:
    """The squadrons ``fleets.assembly`` looked at before: every counter of the table, sorted, then filtered."""
    return [
        u
        for u, info in sorted(s["units"].items())
        if info["kind"] == "squadron"
        and info["power"] in powers
        and u not in done
        and not info["repair"]
        and st.loc_sea(info["loc"])
    ]


def _allied_targets_as_before(s: dict, power: str) -> list[str]:
    seat, out = st.seat_of(s, power), []
    for minor, info in sorted(s["minors"].items()):
        ally = info["ally"]
        if ally is None or SIM.board.minor(minor).kind != "independent" or ally == power:
            continue
        if st.seat_of(s, ally) == seat or st.hostile(s, power, ally) or st.in_forced_peace(s, power, ally):
            continue
        out.append(minor)
    return out


def _interest_as_before(s: dict, power: str, center: str) -> bool:
    """``commerce.interest_in_center`` as it was: every area in play scanned for a theater of the power's interest."""
    b, interest = SIM.board, s["powers"][power]["interest"]
    tc = b.map.trade_center(center)
    shared = [t for t in tc.theaters if t in interest]
    if shared and any(b.areas[a].theater in shared for a in s["areas"]):
        return True
    coast = sorted({a for x in tc.seas for a in b.sea_ports.get(x, ())})
    return any(
        a in s["areas"] and b.areas[a].theater in interest and commerce.in_center(s, b, center, a) for a in coast
    )


def _raids_as_before(g: Ctx, power: str) -> list[list[str]]:
    s, victims, out = g.s, card_play.piracy_victims(g, power), []
    for uid in naval_bases.operational(s, power):
        sea = st.loc_sea(s["units"][uid]["loc"])
        if sea and st.started_impulse_as(s, uid) and not naval_bases.pirated(s, uid):
            out += [[uid, v] for v in victims if naval.piracy_centers(s, SIM.board, sea, v)]
    return out


@pytest.mark.parametrize(("seed", "players", "bot"), [(1, 6, "heuristic"), (6, 4, "random")])
def test_the_menus_set_ups_answer_as_a_scan(seed, players, bot):
    """11.2, 17.1, 17.2, 20.5, 13.3.1, 11.5.1: in a reading and out, each question answers as the scan it replaced."""
    asked = 0
    b = SIM.board
    for s, g, power in _each_party(seed, players, 1500, bot, every=10):
        independent = sorted(
            m for m, i in s["minors"].items() if i["ally"] is None and b.minor(m).kind == "independent"
        )
        stacks = leader_state.stacks_of(s, {info["unit"] for info in s["leaders"].values()})
        units = [u for u in leader_state.counters(s) if u["at"] in stacks]
        own = [u for u in leader_state.counters(s, power) if u["at"] in stacks]
        may_build = bool(s["leader_pool"]) and bool(
            leader_rules.replace_targets(power, leader_state.state_leaders(s)) or leader_flow.targets(s, power)
        )
        sorties = [
            a
            for a, info in s["areas"].items()
            if info["siege"]
            and info["fortress"]
            and info["fortress"]["power"] == power
            and st.troops_in(s, a, power)
            and land_battles.besiegers(s, a)
        ]
        raids = _raids_as_before(g, power) if power in s["powers"] else []  # a major power's action (11.5.1)
        seat = st.seat_of(s, power)
        mine = st.powers_of(s, seat) if seat else [power]
        done = sorted(s["units"])[::7]  # some squadrons already moved at this moment
        centers = [tc.id for tc in b.map.trade_centers]
        interest = {c: _interest_as_before(s, power, c) for c in centers} if power in s["powers"] else {}
        for reading in (False, True):
            with st.reading(s) if reading else contextlib.nullcontext():
                assert fleets.squadrons_at_sea(s, mine, done) == _assembly_as_before(s, mine, done)
                assert leader_state.counters(s, at=stacks) == units
                assert leader_state.counters(s, power, stacks) == own
                if power in s["powers"]:
                    assert sorted(war.independent_minors(g)) == independent
                    assert independent_minors.allied_targets(g, power) == _allied_targets_as_before(s, power)
                    assert leader_flow.may_build(g, power) == may_build
                    assert card_play.corsair_raids(g, power) == raids
                    assert interest == {c: commerce.interest_in_center(s, b, power, c) for c in interest}
                assert land_battles.sortie_areas(g, power) == sorties
        asked += 1
    assert asked > 200
