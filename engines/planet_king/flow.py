"""The flow of a turn on the step machine (Game Sequence; DESIGN.md › Step machine).

Three kinds of frames carry the whole game:

- ``seq``: an automatic list of named procedures run in order (a phase and its sub-phases). A procedure may push
  frames above the ``seq``; the next procedure runs once those are gone.
- ``choose``: one decision of one role, with its finite list of (verb, arg) options computed when it is pushed and
  the name of the procedure that continues with the chosen argument (``then``) and its saved locals (``ctx``).
- ``call``: an automatic one-shot procedure (used to resume work after decisions).

Procedures are plain functions registered by name with ``@proc``; frames hold only names and JSON data.
"""
from __future__ import annotations

from typing import Any, Callable

from engines.core.machine import Ctx, Step, act

PROCS: dict[str, Callable[..., None]] = {}


def proc(fn: Callable[..., None]) -> Callable[..., None]:
    """Register a procedure under its function name."""
    PROCS[fn.__name__] = fn
    return fn


def seq(g: Ctx, names: list, **ctx: Any) -> None:
    """Run the named procedures one after the other (each may push decisions)."""
    g.push("seq", items=[n if isinstance(n, list) else [n, {}] for n in names], i=0, ctx=ctx)


def call(g: Ctx, name: str, **ctx: Any) -> None:
    """Run ``name(g, **ctx)`` once the frames above are resolved (immediately if none)."""
    g.push("call", name=name, ctx=ctx)


def choose(g: Ctx, role: str, text: str, options: list[tuple[str, Any, str]], then: str, **ctx: Any) -> None:
    """Ask ``role`` to pick one of ``options`` ((verb, arg, label)); ``then(g, verb, arg, **ctx)`` continues."""
    if not options:
        raise RuntimeError(f"no option offered for: {text}")
    g.push("choose", role=role, text=text, options=[[v, a, l] for v, a, l in options], then=then, ctx=ctx)


class Seq(Step):
    def auto(self, g: Ctx) -> None:
        frame = g.frame
        if frame["i"] >= len(frame["items"]):
            g.pop()
            return
        name, kw = frame["items"][frame["i"]]
        frame["i"] += 1
        PROCS[name](g, **{**frame["ctx"], **kw})


class Call(Step):
    def auto(self, g: Ctx) -> None:
        frame = g.pop()
        PROCS[frame["name"]](g, **frame["ctx"])


class Choose(Step):
    def active(self, g: Ctx) -> list[str]:
        return [g.frame["role"]]

    def prompt(self, g: Ctx, role: str):
        frame = g.frame
        return frame["text"], [act(v, a, label) for v, a, label in frame["options"]]

    def __getattr__(self, name: str):
        if not name.startswith("on_"):
            raise AttributeError(name)
        verb = name[3:]

        def handler(g: Ctx, role: str, arg: Any) -> None:
            frame = g.pop()
            PROCS[frame["then"]](g, verb, arg, **frame["ctx"])

        return handler


STEPS = {"seq": Seq(), "call": Call(), "choose": Choose()}
