"""The Planet King's table as its boards (issue 30 › The boards; issue 28 › A contract between the map and the legal
list): what ``templates/games/planet-king/board.html`` draws beyond the view, read there as ``board_of(game, view)``.

Every element of the board carries a namespaced key (``track:<id>``, ``notable:<id>``, ``office:<id>``,
``court:<position>``, ``war:<id>``, ``territory:<id>``, ``unit:<id>``, ``power:<id>``, ``child:<id>``,
``cube:<type>``, ``memorial:<owner>``, ``seat:<role>``). ``action_keys(verb, arg)`` is the legal action's
description the client reads (each form's ``data-keys``, static/js/board.js): which keys it acts on, subject first,
said by the game, never guessed from the argument's look; ``marks`` the keys this seat may act on now, with their
verbs (the elements' ``data-verb``). The Council of State's tracks, cubes, Treasury line and memorials are
presentation_council's. Pure functions of the content and the view: no rule, nothing hidden from the view.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import orjson

from engines.core.kept import Kept
from engines.core.presentation import Page, Presentation
from engines.core.types import text
from engines.planet_king.presentation_council import cubes, memorials, tracks, treasury_turn
from engines.planet_king.views import name_keys

if TYPE_CHECKING:
    from engines.core.game import Game

# the kind an id of this game names (its second part: "pk:noble:olivares") -> the board key's namespace
ID_SPACES = {
    "noble": "notable",
    "genius": "notable",
    "lady": "notable",
    "war": "war",
    "territory": "territory",
    "unit": "unit",
    "power": "power",
    "child": "child",
}
COURT_SEATS = ("valido", "queen", "mistress")  # the Court's single positions (a position ["queen"])
_COURT_ROWS = ("drawn", "seats", "nobles", "geniuses", "offices", "exiled", "ladies")  # board.html's rows of cards
_COURT_MARKED = ("notable:", "court:", "office:")  # the keys a row of the Court's cards may mark
# what of the view the Council of State's section of the board never reads (the other sections' data): the rest is
# what it is drawn from (board.html's kept sections; a new field of the view is the council's until listed here)
NOT_COUNCIL = frozenset(
    ("wars", "territories", "plus_ultra", "court", "offices", "drawn", "exiled", "decks", "event", "tests", "decision")
)


def id_key(value: Any) -> str | None:
    """The board key of one of the game's ids ("notable:pk:noble:olivares"), None for anything else."""
    if isinstance(value, str) and value.startswith("pk:"):
        space = ID_SPACES.get(value.split(":", 2)[1])
        return f"{space}:{value}" if space else None
    return None


def position_key(pos: list) -> str | None:
    """A position of the Court, an office or an army command (court.pos_label's shapes) as a board key."""
    kind = pos[0] if pos else None
    if kind == "office" and len(pos) == 2:
        return f"office:{pos[1]}"
    if kind == "army" and len(pos) == 2:
        return f"war:{pos[1]}"
    if kind in ("noble", "genius") and len(pos) == 2:
        return f"court:{kind}:{pos[1]}"
    if kind in COURT_SEATS:
        return f"court:{kind}"
    return None


def action_keys(verb: str, arg: Any) -> list[str]:
    """The board keys a legal action acts on, subject first: the action type chosen is its cube on the Council
    of State; a position ("place" ["office", "viceroy_italy"]) its slot; an id its element; an explorer (its noble
    and where he goes) the noble. Nothing for an action no board element names (pay, keep, done…)."""
    if verb == "type":
        return [f"cube:{arg}"]
    if isinstance(arg, list):
        key = position_key(arg) if arg and arg[0] in ("office", "army", "noble", "genius", *COURT_SEATS) else None
        key = key or id_key(arg[0] if arg else None)
        return [key] if key else []
    key = id_key(arg)
    return [key] if key else []


# the board's words take a few hundred shapes (a track's value, a cube count); emptied when full — a plain dict, not
# a ``Kept``: a hit is the cost of every word a board says (~55 ns, ~165 through ``Kept``'s method), and its keys are
# the catalogue's shapes, which no client multiplies
SAID_KEPT = 4096
# (game id, language) -> the game, its ``say`` and its words without arguments: kept across renders, as their words
_SAYERS: dict[tuple[str, str], tuple[Any, Callable[..., str], _Words]] = {}


class _Words(dict[str, str]):
    """The catalogue's words without arguments, each said on its first look-up (a template's ``W[key]``: a look-up
    costs less than a call), kept across renders."""

    def __init__(self, say: Callable[..., str]):
        super().__init__()
        self.say = say

    def __missing__(self, key: str) -> str:
        found = self[key] = self.say(key)
        return found


def _sayer(game: Game, lang: str = "en") -> tuple[Callable[..., str], _Words]:
    """The catalogue's words for a message key and its arguments in the reader's language, each shape rendered once
    per process; and its words without arguments (``W``). The shape is the key alone, or the key and its arguments
    as given when each is an int or a plain str (hashed as they are; a call site names them in one order), else
    their ``repr`` (0.0 is not said as 0, nor a list hashed). Both made once per game and language."""
    found = _SAYERS.get((game.id, lang))
    if found is not None and found[0] is game:
        return found[1], found[2]
    said: dict[Any, str] = {}
    render = game.renderer(lang).text  # made once per game and language, as the words

    def say(key: str, **args: Any) -> str:
        if not args:
            kept: Any = key
        elif all(type(v) is int or type(v) is str for v in args.values()):
            kept = (key, *args.items())
        else:
            kept = (key, repr(sorted(args.items())))
        found = said.get(kept)
        if found is None:
            if len(said) >= SAID_KEPT:
                said.clear()
            found = said[kept] = render(text(key, **args))
        return found

    words = _Words(say)
    _SAYERS[game.id, lang] = (game, say, words)
    return say, words


def _focus(p: dict[str, Any]) -> set[str]:
    """The board keys the pending decision is about (its saved locals, public in the view): the office or army a
    set-up appointment fills, the war a campaign is for — drawn as "in question" beside the candidates' ratings in
    the prompt."""
    out: set[str] = set()
    for value in (p.get("decision") or {}).values():
        if isinstance(value, str):
            key = f"office:{value}" if value in p["offices"] else id_key(value)
            if key:
                out.add(key)
    return out


def table_board(game: Game, view: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """What the board draws beyond the view, in the reader's language: which keys this seat may act on (``marks``:
    key -> its verbs; ``verbs(keys)``: an element's data-verb; ``marks_of(*spaces)`` those of some namespaces, a
    section's), the words of its cards and armies, and the Council of State's tracks, cubes, Treasury line and
    memorials. The council's and the event's words are functions (``cubes()``, ``tracks()``, ``memorials()``,
    ``treasury_turn()``, ``event_text()``, the Court's ``court_rows()``): a section of the board, or a piece of one,
    kept from an earlier render (board.html, ``kept``) makes none of them."""
    say, words = _sayer(game, lang)
    p = view["public"]
    marks: dict[str, list[str]] = {}
    for verb, args in (view.get("prompt") or {}).get("legal", {}).items():
        for arg in args:
            keys = action_keys(verb, arg)
            if keys:
                taken = marks.setdefault(keys[0], [])
                if verb not in taken:
                    taken.append(verb)
    joined = {k: " ".join(v) for k, v in marks.items()}

    def verbs(keys: str) -> str:
        """The verbs of an element of these keys ("notable:x office:y"), for its data-verb ("" for none)."""
        if not joined:
            return ""
        return " ".join(joined[k] for k in keys.split() if k in joined)

    focus = _focus(p)
    name = _namer(game, lang)

    def person(n: dict[str, Any] | None, role_name: str = "", slot: str = "") -> dict[str, Any]:
        """A notable's card (or a vacant place) as games/planet-king/person.html draws it: its words, its keys,
        its data-verb, whether the pending decision is about its place."""
        if not n:
            verb = verbs(slot) if slot else ""
            return {
                "c": None,
                "role_name": role_name,
                "slot": slot,
                "q": slot in focus,
                "verb": verb,
                "vacant": say("board.vacant"),
            }
        keys = f"notable:{n['id']} {slot}" if slot else f"notable:{n['id']}"
        card_kept = (game.id, lang, orjson.dumps(n))
        card = _CARDS.get_or_make(card_kept, lambda: _card(n, say, name))
        return {"c": card, "role_name": role_name, "ks": keys, "q": slot in focus, "verb": verbs(keys)}

    def row_people(row: str) -> list[dict[str, Any]]:
        """The cards of one row of the Court (board.html's ``court_rows``, the single positions aside), each as
        ``person`` gives it to games/planet-king/person.html: the nobles' and geniuses' spaces (the Court painter's
        named), the offices, the cards drawn, the exiles, the ladies' deck."""
        court = p["court"]
        if row == "nobles":
            return [
                person(n, say("board.noble_space", n=i + 1), f"court:noble:{i}") for i, n in enumerate(court["nobles"])
            ]
        if row == "geniuses":
            painter = court["painter"]
            return [
                person(
                    n,
                    words["board.painter"] if n and n["id"] == painter else say("board.genius_space", n=i + 1),
                    f"court:genius:{i}",
                )
                for i, n in enumerate(court["geniuses"])
            ]
        if row == "offices":
            return [person(n, game.name_of(o, lang) or o, f"office:{o}") for o, n in p["offices"].items()]
        return [person(n) for n in {"drawn": p["drawn"], "exiled": p["exiled"], "ladies": p["decks"]["ladies"]}[row]]

    def army(units: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Units counted by kind ("2 × Spanish tercio", a damaged side its own kind), in the order first met: each
        group's name, count, its units' keys and their data-verb."""
        damaged = say("board.damaged_side")
        groups: dict[str, list[str]] = {}
        for u in units:
            groups.setdefault(say(f"board.unit.{u['type']}") + (damaged if u["damaged"] else ""), []).append(
                f"unit:{u['id']}"
            )
        out = []
        for kind, ids in groups.items():
            keys = " ".join(ids)
            out.append({"name": kind, "n": len(ids), "ks": keys, "verb": verbs(keys)})
        return out

    def marks_of(*spaces: str) -> dict[str, str]:
        """The marks of the keys of these namespaces ("war", "unit"…): what a section of the board may mark."""
        return {k: v for k, v in joined.items() if k.split(":", 1)[0] in spaces}

    def marks_on(keys: list[str], units: list[dict[str, Any]]) -> dict[str, str]:
        """The marks of these keys and of these units': what one war or territory of the board may mark."""
        if not joined:
            return joined
        return {k: joined[k] for k in [*keys, *(f"unit:{u['id']}" for u in units)] if k in joined}

    def marks_of_war(w: dict[str, Any]) -> dict[str, str]:
        """A war's marks: the war, its power, its commander, its army's units."""
        leader = [f"notable:{w['leader']['id']}"] if w["leader"] else []
        return marks_on([f"war:{w['id']}", f"power:{w['power_id']}", *leader], w["army"])

    def wars_in_play() -> list[list[Any]]:
        """The wars drawn as cards (at war, or at peace with their track), each with its marks and whether the
        pending decision is about it: what its kept piece is drawn from."""
        return [[w, marks_of_war(w), f"war:{w['id']}" in focus] for w in p["wars"] if w["status"] != "none"]

    def war_words(w: dict[str, Any]) -> dict[str, Any]:
        """A war's card in words, said in one call when its piece is drawn: its keys and their data-verb, its name
        and enemy power, its track's reading (black spaces: the monarchy's side), its commander (name, data-verb,
        words), the enemy's leader and strength, its army's strength and units counted by kind."""
        keys = f"war:{w['id']} power:{w['power_id']}"
        pos, leader, enemy = w["pos"], w["leader"], w["enemy"]
        leader_name = name(leader["name"]) if leader else None
        return {
            "ks": keys,
            "verb": verbs(keys),
            "name": name(w["name"]),
            "versus": say("board.versus", power=name(w["power"])),
            "reading": say("board.war_black", n=pos)
            if pos > 0
            else (say("board.war_red", n=-pos) if pos < 0 else words["board.war_zero"]),
            "leader_verb": verbs(f"notable:{leader['id']}") if leader else "",
            "leader_name": leader_name,
            "leader": say("board.leader", name=leader_name, military=leader["military"]) if leader else "",
            "enemy": say(
                "board.enemy",
                leader=say("board.enemy_leader", name=name(enemy["name"]), strategy=enemy["strategy"])
                if enemy
                else words["board.no_leader"],
                sp=w["enemy_sp"],
            ),
            "army_sp": say("board.army_sp", sp=w["army_sp"]),
            "army": army(w["army"]) if w["army"] else [],
        }

    def at_peace() -> list[dict[str, Any]]:
        """The wars not begun, each in a line's words: its keys, their data-verb, its name and its power's."""
        out = []
        for w in p["wars"]:
            if w["status"] == "none":
                keys = f"war:{w['id']} power:{w['power_id']}"
                out.append({"ks": keys, "verb": verbs(keys), "name": name(w["name"]), "power": name(w["power"])})
        return out

    def territories_drawn() -> list[list[Any]]:
        """Each territory with its marks and its region's state (Plus Ultra's): what its kept piece is drawn from."""
        region = p["plus_ultra"]
        return [
            [t, marks_on([f"territory:{t['id']}"], t["units"]), region if t["region"] == "plus_ultra" else None]
            for t in p["territories"]
        ]

    def court_rows() -> dict[str, list[Any]]:
        """Each row of the Court's section with what it draws beyond its notables' data: the marks of their cards
        and places, and those of its places the pending decision is about (``[marks, focus]``), by row: the
        cards drawn, the single positions, the noble and the genius spaces, the offices, the exiles, the ladies'
        deck (board.html keeps each row by them and its own data: a decision that marks a few notables redraws
        their rows alone)."""
        p_court, offices = p["court"], p["offices"]
        if not focus and not any(k.startswith(_COURT_MARKED) for k in joined):  # no card nor place marked
            return {row: [{}, []] for row in _COURT_ROWS}
        rows: dict[str, tuple[list[Any], list[str]]] = {
            "drawn": (p["drawn"], []),
            "seats": ([p_court[seat] for seat in COURT_SEATS], [f"court:{seat}" for seat in COURT_SEATS]),
            "nobles": (p_court["nobles"], [f"court:noble:{i}" for i in range(len(p_court["nobles"]))]),
            "geniuses": (p_court["geniuses"], [f"court:genius:{i}" for i in range(len(p_court["geniuses"]))]),
            "offices": (list(offices.values()), [f"office:{o}" for o in offices]),
            "exiled": (p["exiled"], []),
            "ladies": (p["decks"]["ladies"], []),
        }
        out: dict[str, list[Any]] = {}
        for row, (people, places) in rows.items():
            keys = [*(f"notable:{n['id']}" for n in people if n), *places]
            out[row] = [{k: joined[k] for k in keys if k in joined}, [k for k in places if k in focus]]
        return out

    return {
        "focus_keys": sorted(focus),
        "marks_of": marks_of,
        # called by the wars', territories' and Court's sections when they are drawn
        "wars_in_play": wars_in_play,
        "war_words": war_words,
        "at_peace": at_peace,
        "territories_drawn": territories_drawn,
        "court_rows": court_rows,
        "council_inputs": {k: v for k, v in p.items() if k not in NOT_COUNCIL},
        "person": person,
        "row_people": row_people,
        "army": army,
        # called by the council's section when it is drawn, and by its pieces: its seats, tracks and Treasury line
        "cubes": lambda: cubes(p, say, verbs),
        "memorials": lambda: memorials(p, say),
        "tracks": lambda: tracks(game, p, say, name),
        "treasury_turn": lambda: treasury_turn(p, say),
        "verbs": verbs,
        "marks": joined,
        "pick_noun": say("board.pick_noun"),
        "say": say,
        "words": words,
        "name": name,
        "text": lambda t: game.renderer(lang).text(t),  # an outcome's reason
        "role": lambda role: game.role_label(role, lang),
        "event_text": lambda: _event_text(game, p.get("event"), lang),  # as the council's
    }


def _event_text(game: Game, event: dict[str, Any] | None, lang: str) -> str:
    """The printed words of the event card in play in ``lang``: its own entry of the names file (a copy whose words
    differ), else its printed name's (the copies that share them: PlanetKing.translated_text), else the content's
    English (issue 29)."""
    if not event:
        return ""
    eid = _event_id(game, event)
    return (game.translated_text(eid, lang) if eid else None) or str(event["text"])


CARDS_KEPT = 2048  # the notables × their ratings × languages
# (game id, language, the notable's JSON) -> its card
_CARDS: Kept[tuple[str, str, bytes], dict[str, Any]] = Kept(CARDS_KEPT)


def _card(n: dict[str, Any], say: Callable[..., str], name: Callable[[Any], Any]) -> dict[str, Any]:
    """A notable's card in words: a noble's ratings (military, political, government), a genius's art and
    enlightenment, a lady's happiness and fertility; its prestige; its traits."""
    kind = n["kind"]
    if kind == "noble":
        ratings = say("board.noble_ratings", m=n["military"], p=n["political"], g=n["government"])
        title = "board.title.noble"
    elif kind == "genius":
        title, ratings = "board.title.genius", say("board.genius_ratings", art=n["art"], enl=n["enlightenment"])
    else:
        title, ratings = "board.title.lady", f"♥{n['happiness']} ✶{n['fertility']}"
    prestige = n["prestige"]
    return {
        "kind": kind,
        "name": name(n["name"]),
        "title": say(title),
        "ratings": ratings,
        "prestige_title": say("board.track.prestige"),
        "prestige": say("board.pr", pr=f"{prestige:+d}" if prestige else "0"),
        "traits": ", ".join(str(name(t)) for t in n["traits"]) if n.get("traits") else "",
    }


def _namer(game: Game, lang: str) -> Callable[[Any], Any]:
    """A name the view holds (a card's, a war's, a territory's, in the content's English) or an id, in ``lang``
    (views.name_keys: the key of a name, named by the game; issue 29); anything else as it is."""
    keys = name_keys(cast(Any, game).components)

    named: dict[str, Any] = {}  # a board names the same cards and wars several times

    def name(value: Any) -> Any:
        if not isinstance(value, str):
            return value
        found = named.get(value)
        if found is None:
            found = named[value] = game.name_of(keys.get(value, value), lang) or value
        return found

    return name


def battle_names(game: Game, _query: Any) -> dict[str, Any]:
    """The Battle Name Generator's tables (Battle Name Generator; tables.yaml › battle_names), one per front: its
    war's id and six rows of six names, the row read by the second die and the column by the first (the rulebook's
    example: 6 and 5 → Aire-sur-la-Lys)."""
    tables = cast(Any, game).components.TABLES
    return {"fronts": [{"war": f"pk:war:{front}", "rows": rows} for front, rows in tables["battle_names"].items()]}


def view_in_words(game: Game, view: dict[str, Any], lang: str) -> dict[str, Any]:
    """The view with the printed words it carries in the content's English in ``lang`` (issue 29): the event card in
    play (its name and text) and each claimed Secret Memorial (its name and task), read by their ids; the JSON API's
    view then speaks the reader's language as its prompt and log do. The rest of the view is the same object."""
    public = view.get("public") or {}
    event, claimed = public.get("event"), (public.get("memorials") or {}).get("claimed")
    if not event and not claimed:
        return view
    out_public = dict(public)
    if event:
        eid = _event_id(game, event)
        name = game.name_of(eid, lang) if eid else None
        out_public["event"] = {**event, "name": name or event["name"], "text": _event_text(game, event, lang)}
    if claimed:
        memorials = cast(Any, game).components.MEMORIALS
        by_name = {card["name"]: mid for mid, card in memorials.items()}

        def said(m: dict[str, Any]) -> dict[str, Any]:
            mid = by_name.get(m["name"])
            if mid is None:
                return m
            task = game.name_of(f"pk:task:{mid.split(':')[-1]}", lang)
            return {**m, "name": game.name_of(mid, lang) or m["name"], "task": task or m["task"]}

        out_public["memorials"] = {**public["memorials"], "claimed": [said(m) for m in claimed]}
    return {**view, "public": out_public}


def _event_id(game: Game, event: dict[str, Any]) -> str | None:
    """The id of an event card the view names by its printed name and words (copies share both: the first's)."""
    return _events_by_words(cast(Any, game).components).get((event["name"], event["text"]))


@functools.lru_cache(maxsize=8)
def _events_by_words(k: Any) -> dict[tuple[str, str], str]:
    """The event cards' ids by their printed name and words, the first of the copies that share both (a look-up,
    not a walk through the deck on every board and Spanish view)."""
    out: dict[tuple[str, str], str] = {}
    for eid, card in k.EVENTS.items():
        out.setdefault((card["name"], card["text"]), str(eid))
    return out


PRESENTATION = Presentation(
    pages=(Page("battles", battle_names, template="battles.html", link="the battle names"),),
    board=table_board,
    action_keys=action_keys,
    words=view_in_words,
)
