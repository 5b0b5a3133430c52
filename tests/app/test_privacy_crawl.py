"""Issue 26, "Private tables": a private table is invisible everywhere to whoever may not open it. An anonymous
visitor and a signed-in outsider walk every GET page and API list of the app — each GET route of every router,
its path parameters filled with the world's users, tables and games, and every link and HTMX fetch the pages
lead to — and find neither a private table's name nor its number nor a link to it; the public tables of the
same world (the control, so the walk can fail) are found."""

from __future__ import annotations

import re
from collections import deque
from urllib.parse import urljoin, urlsplit

from fastapi.testclient import TestClient

from app.models.pbw import TableOrigin
from tests.app.test_routes import ROUTERS, routes_of

PRIVATE_NAMES = ("Secret Cabal", "Hidden Junta")
PUBLIC_NAMES = ("Open Court", "Plaza Mayor", "Town Square")
LINKS = re.compile(r"""(?:href|hx-get|src)="([^"]+)\"""")
TABLE_KEYS = ("table", "table_id", "forked_from", "rematch_of")
MAX_PAGES = 400


def _table(who, name, seats, private=False):
    r = who.api("POST", "/api/v1/tables", {"game": "toy-duel", "seats": seats, "name": name, "private": private})
    assert r.status_code == 201, r.text
    return r.json()


def _world(app, browser) -> dict:
    """alice and bob play two private tables (one running, one over and rated, with a rematch and a fork) and
    three public ones (one running, one over and rated, one a fork of the private game made before
    forks of private games were private too); carol plays nothing."""
    alice, bob = browser("alice"), browser("bob")
    private = {}
    for name in PRIVATE_NAMES:
        made = _table(alice, name, {"north": "me", "south": "invite"}, private=True)
        token = made["invites"]["south"].rsplit("/", 1)[1]
        assert bob.api("POST", f"/api/v1/tables/{made['id']}/join", {"invite": token}).status_code == 200
        private[name] = made["id"]
    secret, done = private["Secret Cabal"], private["Hidden Junta"]
    assert bob.api("POST", f"/api/v1/tables/{done}/resign").status_code == 200  # rated: on both profiles
    rematch = alice.api("POST", f"/api/v1/tables/{done}/rematch")
    assert rematch.status_code in (200, 201), rematch.text
    fork = alice.api("POST", f"/api/v1/tables/{done}/forks", {"step": 0, "seats": {"north": "me", "south": "open"}})
    assert fork.status_code == 201, fork.text
    public = {}
    for name in PUBLIC_NAMES:
        made = _table(alice, name, {"north": "me", "south": "open"})
        assert bob.api("POST", f"/api/v1/tables/{made['id']}/join", {}).status_code == 200
        public[name] = made["id"]
    for name in ("Open Court", "Town Square"):
        assert bob.api("POST", f"/api/v1/tables/{public[name]}/resign").status_code == 200
    with app.state.sessions() as db:  # an older public fork of the private game (made before issue 26)
        db.add(TableOrigin(table_id=public["Town Square"], forked_from=done, fork_step=1, fork_game="Hidden Junta"))
        db.commit()
    hidden = {secret, done, rematch.json()["id"], fork.json()["id"]}
    return {"private": hidden, "public": set(public.values()), "users": ["alice", "bob", "carol"]}


def _start_urls(world: dict) -> list[str]:
    """Every GET route, its path parameters filled with what the world holds (and a guess where it holds
    nothing), the private tables' own addresses included: they must refuse without naming the table."""
    fillers = {
        "table_id": sorted(world["public"] | world["private"]),
        "username": world["users"] + ["nobody"],
        "game_id": ["toy-duel", "15-dias", "planet-king"],
        "token": ["not-a-token"],
    }
    urls = []
    for router in ROUTERS.values():
        for route in routes_of(router):
            if "GET" not in route.methods:
                continue
            paths = [route.path_format]
            for param in route.param_convertors:
                paths = [p.replace("{" + param + "}", str(v)) for p in paths for v in fillers.get(param, ["1"])]
            urls += paths
    return [*urls, "/docs", "/openapi.json"]


def _own_address(url: str, world: dict) -> bool:
    """A private table's own address (the visitor typed its number): refused, its name never shown."""
    return any(re.search(rf"/{t}(?![0-9])", url) for t in world["private"])


def _streams(url: str) -> bool:
    return urlsplit(url).path.endswith("/events")  # live news: a stream that never ends; it carries numbers only


def _json_leaks(value, hidden: set[int], path: str = "") -> list[str]:
    """Table-like objects (an id with a name and a game) and table references with a hidden table's id."""
    found = []
    if isinstance(value, dict):
        if isinstance(value.get("id"), int) and value["id"] in hidden and "name" in value and "game" in value:
            found.append(f"{path}.id={value['id']}")
        found += [f"{path}.{k}={value[k]}" for k in TABLE_KEYS if isinstance(value.get(k), int) and value[k] in hidden]
        for k, v in value.items():
            found += _json_leaks(v, hidden, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += _json_leaks(v, hidden, f"{path}[{i}]")
    return found


def _walk(client: TestClient, world: dict) -> tuple[list[str], str]:
    """Fetch every start address and every page they link to; returns the leaks found and all the text read."""
    hidden, names = world["private"], PRIVATE_NAMES
    links = [re.compile(rf"/(?:tables|invite)/{t}(?![0-9])") for t in hidden]
    queue, leaks, read = deque(_start_urls(world)), [], []
    seen: set[str] = set()
    while queue and len(seen) < MAX_PAGES:
        url = queue.popleft()
        if url in seen or _streams(url) or url.startswith("/static/"):
            continue
        seen.add(url)
        headers = {"Accept": "application/json"} if url.startswith("/api/") else {}
        r = client.get(url, headers=headers)
        body = r.text
        read.append(body)
        leaks += [f"{url}: the name {n!r}" for n in names if n in body]
        if _own_address(url, world):
            refused = r.status_code >= 400 or r.url.path == "/login"  # a page for members sends to the login
            if urlsplit(url).path.startswith("/tables/") and not refused:
                leaks.append(f"{url}: answered {r.status_code}")
            continue
        leaks += [f"{url}: a link {m.group(0)}" for p in links for m in p.finditer(body)]
        if "json" in r.headers.get("content-type", ""):
            leaks += [f"{url}: {leak}" for leak in _json_leaks(r.json(), hidden)]
        for link in LINKS.findall(body):
            target = urljoin(url, link.replace("&amp;", "&"))
            if target.startswith("/") and not target.startswith("//"):
                queue.append(target)
    assert len(seen) > 40, seen  # the walk went somewhere
    return leaks, "\n".join(read)


def test_no_page_or_api_list_shows_a_private_table_to_an_outsider(app, browser):
    world = _world(app, browser)
    carol = browser("carol")
    for who, client in (("anonymous", TestClient(app)), ("carol", carol.c)):
        leaks, text = _walk(client, world)
        assert leaks == [], (who, leaks[:20])
        for name in PUBLIC_NAMES:  # the control: the public tables are found by the same walk
            assert name in text, (who, name)
        for table in world["public"]:
            assert f"/tables/{table}" in text, (who, table)


def test_the_players_see_their_private_tables_on_profiles(app, browser):
    world = _world(app, browser)
    bob = browser()
    bob.post("/login", {"username": "bob", "password": "correct horse"})
    for page in ("/users/alice", "/users/bob"):
        text = bob.c.get(page).text
        assert all(name in text for name in PRIVATE_NAMES), page
    mine = {r["id"] for r in bob.api("GET", "/api/v1/tables").json()["mine"]}
    assert len(world["private"] & mine) == 2  # his two; not alice's fork, nor the rematch he has not joined
