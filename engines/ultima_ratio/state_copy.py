"""Ultima Ratio Regis — the copy of the state that a move changes (issue 27's speed; ENGINE.md › Engine speed).

A move never changes the state it is given (``StepGame.play``): it changes a deep copy. The generic copy is one JSON
round trip of the whole state (``orjson``), most of whose time goes to making again the strings of its two big
tables, the counters (``units``) and the active areas (``areas``), some four fifths of its bytes. Their records have a
declared shape (``state_types``: ``UnitInfo`` holds plain values only; ``AreaInfo`` plain values and two small dicts
of plain values, ``fortress`` and ``siege``), and a string, a number, a bool and None never change in place: so a new
dict per record, with a new dict for a fortress or a siege, is a deep copy of them that shares the unchanging
values, at about a third of their round trip's time. The rest of the state goes through ``orjson`` as before.

The copy is the state's equal, key for key in the same order, and shares no list or dict with it
(``tests/engines/ultima_ratio/test_state_copy.py``); the declared shapes are checked against real games' states by
``test_state_types.py``, so a record that grew a list would be seen there first.
"""

from __future__ import annotations

from typing import Any

import orjson

# the tables copied record by record; everything else goes through orjson
RECORDS = ("units", "areas")
# the only values of an area's record that are not plain (``AreaInfo``): a dict of plain values, or None
AREA_DICTS = ("fortress", "siege")


def copy_for_move(s: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of ``s`` (a whole Ultima Ratio Regis state), equal to ``orjson.loads(orjson.dumps(s))``."""
    rest = orjson.loads(orjson.dumps({k: v for k, v in s.items() if k not in RECORDS}))
    units = {uid: info.copy() for uid, info in s["units"].items()}
    areas = {area: info.copy() for area, info in s["areas"].items()}
    for info in areas.values():
        for key in AREA_DICTS:
            inner = info[key]
            if inner is not None:
                info[key] = inner.copy()
    copy: dict[str, Any] = {k: units if k == "units" else areas if k == "areas" else rest[k] for k in s}
    return copy
