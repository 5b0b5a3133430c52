"""The app's Jinja environment (app/web.py) reads ``x.key`` on a plain dict as the key straight away (issue 15): it
must answer what Jinja's own look-up answers, for keys, dict methods, missing keys and other objects."""

import jinja2

from app.web import Environment, plural

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
