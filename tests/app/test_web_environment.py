"""The app's Jinja environment (app/web.py) reads ``x.key`` on a plain dict as the key straight away (issue 15), and
writes ``{{ value }}`` through ``output_escape`` (issue 26): each must answer what Jinja's own does, for keys, dict
methods, missing keys and other objects, and for every kind of value written; and calls a plain function, a builtin
or a macro without asking it for Jinja's ``pass_context`` mark (issue 26), as Jinja's own calls would answer."""

import jinja2
import jinja2.utils
import pytest
from markupsafe import Markup, escape

from app.web import Context, Environment, output_escape, plural, templates

SOURCE = (
    "{{ d.a }}|{{ d.items | list if d.items is not callable else 'method' }}|{{ d.missing is defined }}|"
    "{{ o.a }}|{{ o.b }}|{{ m.a }}|{{ d.get('a') }}"
)


class Obj:
    a = "attribute"

    def __getitem__(self, key):
        return "item " + key


class Sub(dict):
    a = "the subclass's attribute"


def test_the_dict_look_up_answers_as_jinja_does():
    context = {"d": {"a": 1, "items": "a key named items"}, "o": Obj(), "m": Sub(a="key")}
    ours = Environment(autoescape=True).from_string(SOURCE).render(context)
    jinjas = jinja2.Environment(autoescape=True).from_string(SOURCE).render(context)
    assert ours == jinjas == "1|method|False|attribute|item b|the subclass&#39;s attribute|1"


def test_a_missing_key_is_strictly_undefined_as_in_jinja():
    env = Environment(undefined=jinja2.StrictUndefined)
    try:
        env.from_string("{{ d.missing }}").render(d={})
    except jinja2.UndefinedError as exc:
        assert "missing" in str(exc)
    else:
        raise AssertionError("a missing key rendered")


def test_plural():
    assert [plural(n, "card", "cards") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]


class Html:
    def __html__(self):
        return "<b>already safe</b>"


VALUES = [
    "plain",
    "<script>alert('x') & \"y\"</script>",
    "",
    "ünïcode ✓ \u2028",
    0,
    -12,
    2**70,
    True,
    False,
    None,
    1.5,
    Markup("<i>safe</i>"),
    Html(),
    ["<a>", 1],
    {"k": "<v>"},
]


@pytest.mark.parametrize("value", VALUES, ids=lambda v: type(v).__name__)
def test_output_escape_writes_what_markupsafe_escape_writes(value):
    assert output_escape(value) == str(escape(value))


# every way a template writes a value: output, loops, macros and call blocks, set and filter blocks, includes
PAGE = (
    "{% macro m(x) %}[{{ x }}|{{ caller() if caller else '' }}]{% endmacro %}"
    "{% for v in values %}{{ v }}|{{ loop.index }}|{% endfor %}"
    "{{ m(values[1]) }}{% call m('<c>') %}{{ values[0] }}{% endcall %}"
    "{% set block %}{{ values[1] }}{{ values[11] }}{% endset %}{{ block }}|{{ block | length }}"
    "{% filter upper %}{{ values[1] }}{% endfilter %}{{ missing }}{{ values[1] ~ values[4] }}"
    "{% include 'inc' %}"
)


def test_a_template_renders_as_jinjas_own_would():
    loader = jinja2.DictLoader({"page": PAGE, "inc": "{{ values[2] }}{{ values[13] }}<{{ values[12] }}>"})
    ours = Environment(autoescape=True, loader=loader).get_template("page").render(values=VALUES)
    jinjas = jinja2.Environment(autoescape=True, loader=loader).get_template("page").render(values=VALUES)
    assert ours == jinjas and "&lt;script&gt;" in ours and "<b>already safe</b>" in ours


def test_writing_a_string_or_a_number_makes_no_markup_object(monkeypatch):
    """Jinja's ``escape`` makes a ``Markup`` of every value written, only to join them into one string."""
    made = []
    new = Markup.__new__

    def counting(cls, *args, **kwargs):
        made.append(args)
        return new(cls, *args, **kwargs)

    monkeypatch.setattr(Markup, "__new__", counting)
    html = Environment(autoescape=True).from_string("{% for v in values %}{{ v }}{% endfor %}")
    assert html.render(values=["<a>", 1] * 50) == "&lt;a&gt;1" * 50
    assert made == []


def test_the_apps_templates_write_through_output_escape():
    for name in ("table/_live.html", "table/_log.html", "games/15-dias/board.html", "base.html"):
        assert templates.env.get_template(name).root_render_func.__globals__["escape"] is output_escape


CALLS = (
    "{% macro m(x) %}<{{ x }}>{% endmacro %}"
    "{% for i in range(3) %}{{ f(i) }}{{ m(i) }}{{ ctx(i) }}{{ env(i) }}{{ obj(i) }}{{ d.get(i, '-') }}{{ stop() }}"
    "{% endfor %}{% set b %}{{ f('in a block') }}{% endset %}{{ b }}"
)


def _called():
    def f(x):
        return f"f{x}"

    @jinja2.pass_context
    def ctx(context, x):
        return f"c{x}{context.get('tag')}"

    @jinja2.pass_environment
    def env(environment, x):
        return f"e{x}{type(environment).__name__ == 'Environment'}"

    class Obj:
        @jinja2.pass_context
        def __call__(self, context, x):
            return f"o{x}{context.get('tag')}"

    def stop():
        raise StopIteration

    return {"f": f, "ctx": ctx, "env": env, "obj": Obj(), "d": {1: "one"}, "stop": stop, "tag": "!"}


def test_calls_answer_as_jinjas_own():
    ours = Environment(autoescape=True).from_string(CALLS).render(_called())
    jinjas = jinja2.Environment(autoescape=True).from_string(CALLS).render(_called())
    assert ours == jinjas
    assert ours.startswith("f0<0>c0!e0Trueo0!-f1<1>c1!e1Trueo1!one")


def test_a_plain_call_asks_for_no_mark(monkeypatch):
    asked = []
    monkeypatch.setattr(jinja2.utils._PassArg, "from_obj", classmethod(lambda cls, obj: asked.append(obj)))
    assert templates.env.context_class is Context
    templates.env.from_string("{% macro m() %}m{% endmacro %}{{ f() }}{{ m() }}{{ len('ab') }}").render(
        f=lambda: "f", len=len
    )
    assert asked == []
