"""`siglo`: serve, db upgrade, simulate, content export, replay."""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

import click
import orjson

from engines import registry
from engines.core.game import Game


@click.group()
def main() -> None:
    """Siglo de Oro: play-by-web server for three board games of the Spanish Golden Age."""


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--database-url", default=None, help="Default: DATABASE_URL, else sqlite:///./siglo.db")
@click.option("--workers", default=1, show_default=True, type=int, help="Server processes (PostgreSQL only)")
def serve(host: str, port: int, database_url: str | None, workers: int) -> None:
    """Apply migrations, then serve the site and the API."""
    import os

    import uvicorn

    from app.config import get_settings
    from app.migrate import upgrade

    if database_url:
        os.environ["DATABASE_URL"] = database_url
        get_settings.cache_clear()
    settings = get_settings()
    if workers > 1 and settings.database_url.startswith("sqlite"):
        raise click.UsageError("Several workers need PostgreSQL (DATABASE_URL); SQLite serves one process.")
    settings.resolved_secret()  # create the key file once, before any worker starts
    _configure()  # every game's content validated before anything is served
    upgrade(settings.database_url)
    click.echo(f"Siglo de Oro on http://{host}:{port}  (database: {settings.database_url.split('@')[-1]})")
    # proxy headers are the app's business: it believes them only from SIGLO_TRUSTED_PROXIES (app.main)
    uvicorn.run(
        "app.asgi:app",
        host=host,
        port=port,
        workers=workers,
        timeout_graceful_shutdown=3,
        proxy_headers=False,
        log_level="info",
    )


@main.group()
def db() -> None:
    """Database maintenance."""


@db.command("upgrade")
@click.option("--database-url", default=None)
def db_upgrade(database_url: str | None) -> None:
    """Apply every pending migration."""
    from app.config import get_settings
    from app.migrate import upgrade

    upgrade(database_url or get_settings().database_url)
    click.echo("The database is up to date.")


def _configure() -> None:
    """Build the games with the content folder of the settings (validated; a bad file stops here)."""
    from app.config import get_settings
    from engines.core import ContentError

    try:
        registry.configure(get_settings().content_dir)
    except ContentError as exc:
        raise click.ClickException(f"content: {exc}") from None


def _game(game_id: str) -> Game:
    _configure()
    game = registry.get_game(game_id)
    if game is None:
        raise click.BadParameter(f"unknown game {game_id!r}; games: {', '.join(g.id for g in registry.all_games())}")
    return game


def _parse_option(raw: str) -> tuple[str, object]:
    key, sep, value = raw.partition("=")
    if not sep:
        raise click.BadParameter(f"{raw!r} is not key=value")
    try:
        return key, orjson.loads(value)
    except orjson.JSONDecodeError:
        return key, value


@main.command()
@click.argument("game_id")
@click.option("--games", "count", default=100, show_default=True, type=int)
@click.option("--seed", default=1, show_default=True, type=int, help="Seed of the first game; then +1 each")
@click.option("--option", "options", multiple=True, help="key=value (JSON values), repeatable")
@click.option("--bot", default="random", show_default=True)
@click.option("--check/--no-check", default=False, help="Check every platform invariant at every step")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object")
def simulate(
    game_id: str, count: int, seed: int, options: tuple[str, ...], bot: str, check: bool, as_json: bool
) -> None:
    """Headless playouts with bots at every seat.

    The options are the game's simulation options (``Game.simulation``): a table's, or wider where the game allows
    it — Ultima Ratio Regis plays any scenario of its registry, e.g. ``--option scenario=new-order --option
    players=6`` before 9.2 is offered at a table. With several seats, VP games print each seat's VP spread."""
    from engines.core.conformance import ConformanceError, playout

    game = _game(game_id).simulation()
    if bot not in game.bots:
        raise click.BadParameter(f"{game.title} has no bot {bot!r}; it has {', '.join(game.bots)}")
    opts = dict(_parse_option(o) for o in options)
    try:
        game.parse_options(opts)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None
    outcomes: Counter[str] = Counter()
    verdicts: Counter[str] = Counter()  # by the outcome's message key: Defeat / Draw / Victory whatever the scores
    wins: Counter[str] = Counter()
    scores: dict[str, list[int]] = {}  # each seat's score in every game, when there are several seats
    errors, actions_total, failures = 0, 0, []
    started = time.perf_counter()
    with click.progressbar(range(seed, seed + count), label=f"{game.title}", file=sys.stderr, show_pos=True) as seeds:
        for s in seeds:
            try:
                result = playout(game, s, opts, check=check, bot=bot)
            except ConformanceError as exc:
                errors += 1
                failures.append({"seed": s, "error": str(exc).splitlines()[0], "reproduce": exc.reproduce})
                continue
            actions_total += result["actions"]
            outcomes[game.renderer().text(result["outcome"]["text"])] += 1
            verdicts[result["outcome"]["text"]["msg"]] += 1
            if len(result["outcome"].get("scores") or {}) > 1:
                wins.update(result["outcome"]["winners"])
                for role, score in result["outcome"]["scores"].items():
                    scores.setdefault(role, []).append(score)
    seconds = time.perf_counter() - started
    seats = {
        role: {"wins": wins[role], "min": min(v), "mean": round(sum(v) / len(v), 2), "max": max(v)}
        for role, v in scores.items()
    }
    summary = {
        "game": game.id,
        "games": count,
        "errors": errors,
        "actions_total": actions_total,
        "actions_per_game": actions_total / max(1, count - errors),
        "seconds": round(seconds, 3),
        "actions_per_second": round(actions_total / seconds, 1) if seconds else None,
        "verdicts": dict(verdicts.most_common()),
        "outcomes": dict(outcomes.most_common()),
        "seats": seats,
        "failures": failures,
    }
    if as_json:
        click.echo(orjson.dumps(summary).decode())
    else:
        click.echo(
            f"games {count}  errors {errors}  actions {actions_total} "
            f"({summary['actions_per_game']:.1f}/game)  {seconds:.2f}s  {summary['actions_per_second']} actions/s"
        )
        if len(verdicts) < len(outcomes):
            click.echo("verdicts:")
            for key, n in verdicts.most_common():
                click.echo(f"  {n:6d}  {key}")
            click.echo("outcomes:")
        for text, n in outcomes.most_common(15):
            click.echo(f"  {n:6d}  {text}")
        if scores:
            click.echo("seats (wins, score min / mean / max):")
            for role, seat in seats.items():
                click.echo(f"  {role:10s} {seat['wins']:6d}  {seat['min']} / {seat['mean']} / {seat['max']}")
        for f in failures:
            click.echo(f"FAILED seed {f['seed']}: {f['error']}\n  reproduce: {f['reproduce']}")
    if errors:
        sys.exit(1)


@main.group()
def content() -> None:
    """A game's content data (cards, map...)."""


@content.command("export")
@click.argument("game_id")
def content_export(game_id: str) -> None:
    """Print the game's content as JSON."""
    _configure()
    data = registry.content(game_id)
    if data is None:
        raise click.BadParameter(f"unknown game {game_id!r}")
    click.echo(orjson.dumps(data, option=orjson.OPT_INDENT_2).decode())


@main.command()
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def replay(path: Path) -> None:
    """Replay an exported record and verify it."""
    from app.errors import AppError
    from app.services.records import replay_record

    _configure()
    try:
        record = orjson.loads(path.read_bytes())
        game, state = replay_record(record)
    except orjson.JSONDecodeError as exc:
        raise click.ClickException(f"{path} is not JSON: {exc}") from None
    except AppError as exc:
        raise click.ClickException(exc.message) from None
    outcome = game.outcome(state)
    click.echo(f"{game.title}: {len(record['moves'])} moves replayed.")
    click.echo(f"Outcome: {game.renderer().text(outcome['text'])}" if outcome else "The game is not over.")


if __name__ == "__main__":
    main()
