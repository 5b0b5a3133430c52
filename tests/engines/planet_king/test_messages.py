"""The words (engine core v2 › Log): every message key the engine names is in messages/en.yaml, with every field
its template uses given by the call; every rule id cited is a ``rule.<id>`` there; a log renders by name."""

import ast
import string
from pathlib import Path
from typing import cast

from engines.core.types import text
from engines.planet_king import GAME
from tests.engines.planet_king.support import RENDER, fresh, log_of

ENGINE = Path(GAME.messages_dir).parent
CATALOG = GAME.catalogs["en"]


def calls():
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and ast.unparse(node.func) in ("text", "g.log") and node.args:
                yield path.name, node


def problems_of(where: str, node: ast.Call) -> list[str]:
    key = str(cast(ast.Constant, node.args[0]).value)  # the calls with a literal key
    if key not in CATALOG:
        return [f"{where}:{node.lineno}: no message {key}"]
    out = []
    if not any(kw.arg is None for kw in node.keywords):
        fields = {f[1].split(".")[0].split("[")[0] for f in string.Formatter().parse(CATALOG[key]) if f[1]}
        missing = fields - ({kw.arg for kw in node.keywords} - {"rule", "to", "refs"})
        out += [f"{where}:{node.lineno}: {key} needs {sorted(missing)}"] if missing else []
    for kw in node.keywords:
        rule = str(kw.value.value) if kw.arg == "rule" and isinstance(kw.value, ast.Constant) else None
        if rule is not None and f"rule.{rule}" not in CATALOG:
            out.append(f"{where}:{node.lineno}: no rule {rule}")
    return out


def test_every_message_key_exists_and_gets_its_fields():
    literal = [(f, n) for f, n in calls() if isinstance(n.args[0], ast.Constant)]
    assert len(literal) > 200
    assert [p for f, n in literal for p in problems_of(f, n)] == []


def test_a_missing_field_is_caught():
    node = cast(ast.Expr, ast.parse("g.log('log.action')").body[0]).value
    assert problems_of("x.py", cast(ast.Call, node)) == ["x.py:1: log.action needs ['action']"]


def test_the_set_up_log_renders_by_name_and_cites_rules():
    s = fresh("anni_mirabiles")
    played = GAME.begin(1, {"scenario": "anni_mirabiles"})
    assert played.log and all(e["msg"] in CATALOG for e in played.log)
    assert any(e.get("rule") for e in played.log)
    text = "\n".join(log_of(s))
    assert "pk:" not in text and "Anni Mirabiles" in text
    rendered = GAME.render_entry(next(e for e in played.log if e.get("rule") == "scenarios"), RENDER)
    assert rendered["rule_title"] == "Scenarios"


def test_a_reason_inside_a_message_renders_in_place():
    """The reason of a payment is a Text inside the log entry's Text (the core renders nested Texts)."""
    entry = text("log.treasury_gain", why=text("why.asiento"), got=2, treasury=5)
    assert RENDER.text(entry) == "Asiento: +2 ducats (Treasury 5)."
    assert RENDER.text(text("log.treasury_gain", why=text("why.asiento"), got=1, treasury=5)).endswith(
        "+1 ducat (Treasury 5)."
    )
