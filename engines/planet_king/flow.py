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
that every name the code calls exists (``check_references``), and each step's ``goes_to`` from the same source
(``derive_goes_to``: what the procedures that may run under it open), so the core's flow-name check is on here too.
Frames hold only names and JSON data.
"""

from __future__ import annotations

import ast
import functools
import inspect
import pathlib
from collections.abc import Callable
from typing import Any, Protocol, cast

from engines.core.machine import Ctx, Step
from engines.core.types import Text, text


class FlowGame(Protocol):
    """What the flow reads of the Planet King game it runs in (``game.PlanetKing``, which builds these tables from
    the rules modules): the procedures by name, the event cards' effects, and what a button names. Named here, below
    every rules module, so that none of them imports the game that imports them."""

    procedures: dict[str, Callable]
    effects: dict[str, Callable]

    def label_args(self, s: dict, verb: str, arg: Any, frame: dict) -> dict: ...

    def ratings(self, s: dict, arg: Any) -> Any: ...


def game_of(g: Ctx) -> FlowGame:
    """The Planet King a step runs in, typed: its procedures, effects and buttons' words, built with the game."""
    return cast(FlowGame, g.game)


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
    reach = derive_goes_to(modules, steps)
    for name, step in steps.items():
        step.goes_to = tuple(sorted(reach.get(name, ())))  # the steps a procedure running under it may open
    return procedures, steps


# ----- goes_to, derived from the source ------------------------------------------------------------------------------
# A procedure runs with some frame on top — the ``seq`` that runs it, or the frame below a ``call`` or a decision
# that has ended (both end before their procedure runs) — and every frame it opens (``seq``, ``call``, a decision
# through ``choose``) is a move from that frame. So a step's ``goes_to`` is what the procedures that may run under
# it may open, found in the source as ``check_references`` finds the names:
#
# - ``pushes``: what each module-level function of the package opens, itself or through the functions it names
#   (called or handed on), an action's ``do`` (``action_rules[key].do``) and an event's effect (``effects[...]``)
#   counting as every action's and every effect's;
# - ``runs under``: the procedures a ``seq`` frame runs (its items); the procedure of a ``call`` or a decision runs
#   under the frame that was below it, i.e. under the frame of whoever opened it or under any other frame that
#   procedure opened before it (taken both ways: any of its frames may lie below any other);
# - a procedure that opens several frames opens the later ones on top of the earlier ones (taken both ways);
# - the game's ``start`` runs on the empty stack (no move there is checked: its root procedures are its calls').
# The result is an over-approximation (a function names what it may call), never an omission: a move to a step
# outside it fails loudly, as in every engine.

_PACKAGE = pathlib.Path(__file__).parent
Frame = tuple[str, frozenset]  # (the step opened, the procedures that run when it ends / that it runs)


@functools.cache
def _source_functions() -> dict[str, list[ast.AST]]:
    """Every module-level function (and method: the game's ``start``) of the package, by name (parsed once)."""
    out: dict[str, list[ast.AST]] = {}
    for path in sorted(_PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                out.setdefault(node.name, []).append(node)
    return out


def _literal(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def derive_goes_to(modules: list, steps: dict[str, Step]) -> dict[str, set[str]]:
    """The steps each step may call or go to (the ``""`` key: the empty stack), derived from the source."""
    functions = _source_functions()
    sequences = {
        name for module in modules for listed in getattr(module, "SEQUENCES", ()) for name in getattr(module, listed)
    }
    actions = {a.do.__name__ for m in modules for a in getattr(m, "ACTIONS", ()) if hasattr(a, "do")}
    effects = {fn.__name__ for m in modules for fn in getattr(m, "EFFECTS", {}).values() if callable(fn)}
    after = set()  # the procedures sp_loss hands to ``call`` (its fourth argument)
    for defs in functions.values():
        for fn in defs:
            for node in ast.walk(fn):
                if isinstance(node, ast.Call) and ast.unparse(node.func).split(".")[-1] == "sp_loss":
                    name = _literal(node.args[3]) if len(node.args) >= 4 else None
                    after |= {name} if name else set()
    own: dict[str, set[Frame]] = {}
    names: dict[str, set[str]] = {}
    for name, defs in functions.items():
        own[name], names[name] = set(), set()
        for fn in defs:
            for node in ast.walk(fn):
                if isinstance(node, ast.Call):
                    callee = ast.unparse(node.func).split(".")[-1]
                    args = node.args
                    if callee == "choose" and len(args) >= 5:
                        then = _literal(args[4])
                        opened = {then} if then else {d for d in steps if d not in ("seq", "call")}
                        own[name] |= {(d, frozenset({d})) for d in opened}
                    elif callee == "call" and len(args) >= 2 and ast.unparse(node.func) in ("call", "flow.call"):
                        target = _literal(args[1])
                        own[name].add(("call", frozenset({target} if target else after)))
                    elif callee == "seq" and len(args) >= 2 and ast.unparse(node.func) in ("seq", "flow.seq"):
                        items = args[1]
                        listed = {_literal(e) for e in items.elts} if isinstance(items, ast.List) else sequences
                        own[name].add(("seq", frozenset(n for n in listed if n)))
                if isinstance(node, ast.Name) and node.id in functions:
                    names[name].add(node.id)
                elif isinstance(node, ast.Attribute):
                    if node.attr in functions:
                        names[name].add(node.attr)
                    if node.attr == "do":
                        names[name] |= actions
                elif isinstance(node, ast.Subscript) and ast.unparse(node.value).endswith("effects"):
                    names[name] |= effects
    pushes = {name: set(frames) for name, frames in own.items()}
    changed = True
    while changed:  # what a function opens through the functions it names
        changed = False
        for name in pushes:
            for other in names[name]:
                if not pushes[other] <= pushes[name]:
                    pushes[name] |= pushes[other]
                    changed = True
    under: dict[str, set[str]] = {step: set() for step in steps}
    under[""] = {"start"}
    for frames in pushes.values():
        for step, runs in frames:
            if step == "seq":
                under["seq"] |= runs
    changed = True
    while changed:
        changed = False
        for top, procs in list(under.items()):
            for proc in list(procs):
                frames = pushes.get(proc, set())
                ended = {p for step, runs in frames if step != "seq" for p in runs}
                for target in {top} | {step for step, _ in frames}:
                    if not ended <= under[target]:
                        under[target] |= ended
                        changed = True
    reach = {top: {step for p in procs for step, _ in pushes.get(p, ())} for top, procs in under.items()}
    for frames in pushes.values():  # a procedure's later frames are opened on top of its earlier ones
        for step, _ in frames:
            reach[step] |= {other for other, _ in frames}
    return reach


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
