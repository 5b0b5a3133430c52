"""The flow of a turn on the core's step machine (Game Sequence; DESIGN.md › Flow).

Three kinds of named steps carry the whole game:

- ``seq``: a procedure that runs a list of named procedures in order (a phase and its sub-phases). A procedure may
  call steps above the ``seq``; the next procedure runs once those have ended.
- ``call``: a procedure that runs one named procedure once (used to resume work after decisions).
- one **decision** step per decision of the rules (``chose_type``, ``campaign_target``...): a state where one role
  picks one of the (verb, arg) options computed when the decision was called. Its handler ends the step and runs
  the procedure of the same name with the chosen verb and argument and the decision's saved locals (``ctx``).
  The step's prompt is a ``Text`` kept in its frame; its labels are made at render time by the decision's label
  function from (state, verb, arg, frame).

Procedures are plain functions; each module lists its own in ``PROCEDURES`` and its decisions (continuation,
label function) in ``DECISIONS``, and the game builds its tables from those lists when it is constructed, checking
that every name the code calls exists (``check_references``). Frames hold only names and JSON data.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from engines.core.machine import Ctx, Step
from engines.core.types import Text, text

if TYPE_CHECKING:
    from engines.planet_king.game import PlanetKing


def game_of(g: Ctx) -> PlanetKing:
    """The Planet King a step runs in, typed: its procedures, decisions, actions and effects, built with the game."""
    return cast("PlanetKing", g.game)


Label = Callable[[dict, str, Any, dict], dict]  # (state, verb, arg, frame) -> the label's arguments


def seq(g: Ctx, names: list, **ctx: Any) -> None:
    """Run the named procedures one after the other (each may call decisions)."""
    for n in names:
        _check(g, n if isinstance(n, str) else n[0])
    g.call("seq", items=[n if isinstance(n, list) else [n, {}] for n in names], i=0, ctx=ctx)


def call(g: Ctx, name: str, **ctx: Any) -> None:
    """Run procedure ``name(g, **ctx)`` once the frames above have ended (immediately if none)."""
    _check(g, name)
    g.call("call", name=name, ctx=ctx)


def choose(g: Ctx, role: str, prompt: Text, options: list[tuple[str, Any]], then: str, **ctx: Any) -> None:
    """Ask ``role`` to pick one of ``options`` ((verb, arg)) at the decision ``then``; the procedure ``then(g, verb,
    arg, **ctx)`` continues."""
    if not options:
        raise RuntimeError(f"decision {then!r}: no option offered")
    g.call(then, role=role, text=prompt, options=[[v, a] for v, a in options], ctx=ctx)


def _check(g: Ctx, name: str) -> None:
    if name not in game_of(g).procedures:
        raise KeyError(f"unknown procedure {name!r}")


class Seq(Step):
    def auto(self, g: Ctx) -> None:
        frame = g.frame
        if frame["i"] >= len(frame["items"]):
            g.end()
            return
        name, kw = frame["items"][frame["i"]]
        frame["i"] += 1
        game_of(g).procedures[name](g, **{**frame["ctx"], **kw})


class Call(Step):
    def auto(self, g: Ctx) -> None:
        frame = g.frame
        g.end()
        game_of(g).procedures[frame["name"]](g, **frame["ctx"])


class Decision(Step):
    """One decision of the rules: ``role`` picks one of the frame's options. A label is the catalog's
    ``act.<decision>.<verb>`` (or ``act.<verb>``) filled by the decision's label function, else the game's
    (``PlanetKing.label_args``)."""

    def __init__(self, name: str, label: Label | None):
        self.name = name
        self._label = label

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["role"]]

    def prompt(self, g: Ctx, role: str):
        legal: dict[str, list] = {}
        for verb, arg in g.frame["options"]:
            legal.setdefault(verb, []).append(arg)
        return g.frame["text"], legal

    def allows(self, g: Ctx, role: str, verb: str, arg: Any) -> bool:
        return [verb, arg] in g.frame["options"]

    def label(self, g: Ctx, role: str, verb: str, arg: Any) -> Text:
        """Every button that names a notable carries his ratings (``{ratings}``, PlanetKing.ratings)."""
        args = (self._label or game_of(g).label_args)(g.s, verb, arg, g.frame)
        named = args.get("arg")
        args.setdefault("ratings", game_of(g).ratings(g.s, named if isinstance(named, str) else arg))
        key = f"act.{self.name}.{verb}"
        return text(key if key in g.game.catalogs["en"] else f"act.{verb}", **args)

    def _chosen(self, g: Ctx, role: str, arg: Any, verb: str) -> None:
        frame = g.frame
        g.end()
        game_of(g).procedures[self.name](g, verb, arg, **frame["ctx"])

    # one handler per verb a decision offers
    def on_ambassador(self, g, role, arg):
        self._chosen(g, role, arg, "ambassador")

    def on_appoint(self, g, role, arg):
        self._chosen(g, role, arg, "appoint")

    def on_army(self, g, role, arg):
        self._chosen(g, role, arg, "army")

    def on_asiento(self, g, role, arg):
        self._chosen(g, role, arg, "asiento")

    def on_consent(self, g, role, arg):
        self._chosen(g, role, arg, "consent")

    def on_court(self, g, role, arg):
        self._chosen(g, role, arg, "court")

    def on_declare(self, g, role, arg):
        self._chosen(g, role, arg, "declare")

    def on_deploy(self, g, role, arg):
        self._chosen(g, role, arg, "deploy")

    def on_disband(self, g, role, arg):
        self._chosen(g, role, arg, "disband")

    def on_done(self, g, role, arg):
        self._chosen(g, role, arg, "done")

    def on_ducats(self, g, role, arg):
        self._chosen(g, role, arg, "ducats")

    def on_embassy(self, g, role, arg):
        self._chosen(g, role, arg, "embassy")

    def on_end(self, g, role, arg):
        self._chosen(g, role, arg, "end")

    def on_explore(self, g, role, arg):
        self._chosen(g, role, arg, "explore")

    def on_explorer(self, g, role, arg):
        self._chosen(g, role, arg, "explorer")

    def on_from(self, g, role, arg):
        self._chosen(g, role, arg, "from")

    def on_front(self, g, role, arg):
        self._chosen(g, role, arg, "front")

    def on_general(self, g, role, arg):
        self._chosen(g, role, arg, "general")

    def on_genius(self, g, role, arg):
        self._chosen(g, role, arg, "genius")

    def on_government(self, g, role, arg):
        self._chosen(g, role, arg, "government")

    def on_keep(self, g, role, arg):
        self._chosen(g, role, arg, "keep")

    def on_lady(self, g, role, arg):
        self._chosen(g, role, arg, "lady")

    def on_lead(self, g, role, arg):
        self._chosen(g, role, arg, "lead")

    def on_leader(self, g, role, arg):
        self._chosen(g, role, arg, "leader")

    def on_legitimise(self, g, role, arg):
        self._chosen(g, role, arg, "legitimise")

    def on_lose(self, g, role, arg):
        self._chosen(g, role, arg, "lose")

    def on_muster(self, g, role, arg):
        self._chosen(g, role, arg, "muster")

    def on_no(self, g, role, arg):
        self._chosen(g, role, arg, "no")

    def on_noble(self, g, role, arg):
        self._chosen(g, role, arg, "noble")

    def on_notable(self, g, role, arg):
        self._chosen(g, role, arg, "notable")

    def on_office(self, g, role, arg):
        self._chosen(g, role, arg, "office")

    def on_painter(self, g, role, arg):
        self._chosen(g, role, arg, "painter")

    def on_pardon(self, g, role, arg):
        self._chosen(g, role, arg, "pardon")

    def on_pass(self, g, role, arg):
        self._chosen(g, role, arg, "pass")

    def on_pay(self, g, role, arg):
        self._chosen(g, role, arg, "pay")

    def on_place(self, g, role, arg):
        self._chosen(g, role, arg, "place")

    def on_play(self, g, role, arg):
        self._chosen(g, role, arg, "play")

    def on_political(self, g, role, arg):
        self._chosen(g, role, arg, "political")

    def on_read(self, g, role, arg):
        self._chosen(g, role, arg, "read")

    def on_redeploy(self, g, role, arg):
        self._chosen(g, role, arg, "redeploy")

    def on_refuse(self, g, role, arg):
        self._chosen(g, role, arg, "refuse")

    def on_remove(self, g, role, arg):
        self._chosen(g, role, arg, "remove")

    def on_repeat(self, g, role, arg):
        self._chosen(g, role, arg, "repeat")

    def on_sell(self, g, role, arg):
        self._chosen(g, role, arg, "sell")

    def on_spanish_tercio(self, g, role, arg):
        self._chosen(g, role, arg, "spanish_tercio")

    def on_to(self, g, role, arg):
        self._chosen(g, role, arg, "to")

    def on_type(self, g, role, arg):
        self._chosen(g, role, arg, "type")

    def on_unit(self, g, role, arg):
        self._chosen(g, role, arg, "unit")

    def on_valido(self, g, role, arg):
        self._chosen(g, role, arg, "valido")

    def on_war(self, g, role, arg):
        self._chosen(g, role, arg, "war")

    def on_action(self, g, role, arg):
        self._chosen(g, role, arg, "action")


def build(modules: list) -> tuple[dict[str, Callable], dict[str, Step]]:
    """The procedure and step tables of one game instance, from the modules' ``PROCEDURES`` and ``DECISIONS``."""
    procedures: dict[str, Callable] = {}
    decisions: dict[str, Step] = {}
    for module in modules:
        for fn in getattr(module, "PROCEDURES", ()):
            if fn.__name__ in procedures:
                raise TypeError(f"planet-king: two procedures named {fn.__name__!r}")
            procedures[fn.__name__] = fn
        for fn, label in getattr(module, "DECISIONS", ()):
            if fn.__name__ in procedures:
                raise TypeError(f"planet-king: two procedures named {fn.__name__!r}")
            procedures[fn.__name__] = fn
            decisions[fn.__name__] = Decision(fn.__name__, label)
    steps: dict[str, Step] = {"seq": Seq(), "call": Call(), **decisions}
    everywhere = tuple(steps)
    for step in steps.values():
        step.goes_to = everywhere  # any procedure may open any decision, whatever frame it runs under
    return procedures, steps


def check_references(modules: list, procedures: dict, steps: dict) -> None:
    """Every procedure name the code hands to ``seq``/``call``/``sp_loss`` and every decision name it hands to
    ``choose`` (as a string literal, or in a module-level list named in ``SEQUENCES``) exists; a misspelt name
    fails when the game is built."""
    for module in modules:
        check_source(module.__name__, inspect.getsource(module), getattr(module, "SEQUENCES", ()), procedures, steps)


def check_source(where: str, source: str, sequences: tuple, procedures: dict, steps: dict) -> None:
    for node in ast.walk(ast.parse(source)):
        names: list[tuple[object, dict[str, Any]]] = []
        if isinstance(node, ast.Call):
            fn = ast.unparse(node.func).split(".")[-1]
            if fn == "choose" and len(node.args) >= 5 and isinstance(node.args[4], ast.Constant):
                names.append((node.args[4].value, steps))
            elif fn == "call" and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant):
                names.append((node.args[1].value, procedures))
            elif fn == "seq" and len(node.args) >= 2 and isinstance(node.args[1], ast.List):
                names += [(e.value, procedures) for e in node.args[1].elts if isinstance(e, ast.Constant)]
            elif fn == "sp_loss" and len(node.args) >= 4 and isinstance(node.args[3], ast.Constant):
                names.append((node.args[3].value, procedures))
        elif (
            isinstance(node, ast.Assign)
            and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.List)
            and node.targets[0].id in sequences
        ):
            # a name that is not a literal is its source text: unknown, so it fails below
            names += [(e.value if isinstance(e, ast.Constant) else ast.unparse(e), procedures) for e in node.value.elts]
        for name, table in names:
            if name not in table:
                raise TypeError(f"planet-king: {where} names an unknown step or procedure {name!r}")
