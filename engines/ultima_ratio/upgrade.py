"""Ultima Ratio Regis — moves recorded by older engine versions: before the content ids were namespaced (versions
before 7; issue 27 › Declared state; ENGINE.md › Content ids), and before the deployment was every seat's at once
(versions before 8, 7.2 ¶2: their moves are the same, a position in a deployment is not). A version-6 log names
an area, a power, a card... by its bare slug (``"venice"``, ``"portugal-troop-1"``, ``"fortress:alentejo"``); this
engine names them ``area:venice``,
``power:portugal-troop-1``, ``fortress:area:alentejo``. A bare slug may name several things (``venice`` is an area
and a power), so a move's argument is read in the position it is played from: it is the legal argument of the same
verb that reads the same once the namespaces are taken off. An argument the legal list does not spell out (none
offered, or several alike) keeps its strings, each namespaced when one kind alone has that slug.

A position stored by a version-6 engine (an analysis fork's start) is not read: its bare slugs would have to be told
apart by where each sits in the state, field by field; such a table is refused, saying so (``upgrade_start``), and
its source game (replayed from its moves) can be forked again. Nor is one stored by version 7 in the middle of a
deployment (its deploying power's points were in a frame of its own)."""

from __future__ import annotations

import re
from typing import Any

from engines.core.game import Game, flat
from engines.core.types import IllegalAction, State, text

NAMESPACED_FROM = 7  # the first engine version whose content ids carry their kind
SIMULTANEOUS_DEPLOYMENT_FROM = 8  # the first whose deployment is every seat's at once (7.2 ¶2)
OLD_DEPLOYMENT = ("deploy", "deploy_revolts", "deploy_allies")  # a version-7 deployment's frames
KINDS = ("area", "sea", "power", "minor", "card", "leader", "province", "box", "center")
_PREFIX = re.compile(rf"(?<![a-z0-9-])(?:{'|'.join(KINDS)}):")


def bare(value: Any) -> Any:
    """JSON data with every namespace taken off its strings: what a version-6 log would hold."""
    if isinstance(value, str):
        return _PREFIX.sub("", value)
    if isinstance(value, list):
        return [bare(v) for v in value]
    if isinstance(value, dict):
        return {bare(k): bare(v) for k, v in value.items()}
    return value


def content_ids(game: Game) -> dict[str, list[str]]:
    """Bare slug -> the namespaced content ids that carry it (one, or several where kinds share a slug)."""
    b = game.board  # type: ignore[attr-defined]
    m, w = b.map, b.world
    ids = [
        *(x.id for x in (*m.areas, *m.seas, *m.trade_centers, *w.powers, *w.minors, *w.events)),
        *(x.id for t in m.theaters for x in (*t.provinces, *t.dispersed_boxes)),
        *(x.id for x in (*b.leaders.pool, *b.leaders.historical)),
    ]
    out: dict[str, list[str]] = {}
    for cid in ids:
        out.setdefault(bare(cid), []).append(cid)
    return out


def _namespaced(value: Any, ids: dict[str, list[str]]) -> Any:
    """A version-6 argument's strings namespaced where one content id alone has the slug (units of a power: the
    power's id; a fortress: its area's)."""
    if isinstance(value, list):
        return [_namespaced(v, ids) for v in value]
    if isinstance(value, dict):
        return {k: _namespaced(v, ids) for k, v in value.items()}
    if not isinstance(value, str) or _PREFIX.match(value):
        return value
    if len(ids.get(value, [])) == 1:
        return ids[value][0]
    unit = re.fullmatch(r"(.+)-(troop|squadron)-(\d+)", value)
    if unit:
        owners = [i for i in ids.get(unit.group(1), []) if i.startswith(("power:", "minor:"))]
        return f"{owners[0]}-{unit.group(2)}-{unit.group(3)}" if len(owners) == 1 else value
    if value.startswith("fortress:") and value[9:] in ids:
        areas = [i for i in ids[value[9:]] if i.startswith("area:")]
        return f"fortress:{areas[0]}" if len(areas) == 1 else value
    return value


def upgrade_start(state: State, version: str) -> State:
    """A stored position of engine ``version`` as this version reads it: one of this version's namespaced ids as it
    is; one from before them refused (see the module); one of version 7 in the middle of a deployment refused too
    (its power's points were in the deployment's frame; 7.2 ¶2 keeps them with the power, ``to_deploy``)."""
    if not version.isdigit() or int(version) >= SIMULTANEOUS_DEPLOYMENT_FROM:
        return state
    if int(version) < NAMESPACED_FROM:
        raise IllegalAction(
            f"This position was stored by engine version {version}, before the content ids were namespaced; it cannot"
            " be read by this version. Fork its source game again.",
            text("upgrade.start_refused", version=version),
        )
    if any(f["step"] in OLD_DEPLOYMENT for f in state.get("stack", ())):
        raise IllegalAction(
            f"This position was stored by engine version {version} in the middle of a deployment, which is now every"
            " player's at once (7.2); it cannot be read by this version. Fork its source game again.",
            text("upgrade.start_refused_deployment", version=version),
        )
    return state


def upgrade_move(game: Game, state: dict, role: str, verb: str, arg: Any, version: str) -> Any:
    """The argument a move recorded on engine ``version`` has on this one (see the module): a version-6 move's
    strings namespaced; a version-7 move as it is (its deployment's moves, one seat's at a time, are moves of the
    simultaneous one too)."""
    if not version.isdigit() or int(version) >= NAMESPACED_FROM:
        return arg
    offered = [a for v, a in flat(game.legal(state, role)) if v == verb]
    if arg in offered:
        return arg
    same = [a for a in offered if bare(a) == arg]
    if len(same) == 1:
        return same[0]
    cache = game.__dict__.setdefault("_bare_ids", {})
    if not cache:
        cache.update(content_ids(game))
    return _namespaced(arg, cache)
