"""Ultima Ratio Regis — a helper of the step machine: a rule's parts are named steps of the table, and one part
hands its frame on to the next (``g.goto``) with the locals it keeps."""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx


def goto_keeping(g: Ctx, step: str, **changes: Any) -> None:
    """Replace the top frame by ``step`` with the same locals, ``changes`` applied (the move is checked against the
    current step's ``goes_to`` as every move is). A caller holding the old frame must read ``g.frame`` again."""
    local = {k: v for k, v in g.frame.items() if k != "step"}
    local.update(changes)
    g.goto(step, **local)
