"""Set-up files: the compose file wires the app to PostgreSQL; the Dockerfile copies what the app needs.

(`docker compose config` needs the compose plugin, which this CI machine lacks; these checks read the files.)"""

import gc
import os
import pathlib
import re
import subprocess
import sys
import tomllib

import yaml
from packaging.requirements import Requirement

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_compose_runs_app_and_postgres():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    services = compose["services"]
    assert set(services) == {"app", "db"}
    assert services["db"]["image"].startswith("postgres:")
    assert services["app"]["depends_on"]["db"]["condition"] == "service_healthy"
    assert services["app"]["environment"]["DATABASE_URL"].startswith("postgresql+psycopg://")
    assert "@db:5432/" in services["app"]["environment"]["DATABASE_URL"]
    assert set(compose["volumes"]) == {"pgdata", "appdata"}


def test_dockerfile_copies_every_top_level_part():
    text = (ROOT / "Dockerfile").read_text()
    for part in ("app", "engines", "migrations", "templates", "static"):
        assert f"COPY {part} ./{part}" in text
    assert 'CMD ["siglo", "serve"' in text


def test_project_shape():
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    names = {line.split("/", 1)[0] for line in tracked.splitlines() if not line.startswith(".")}
    required = {
        "pyproject.toml",
        "app",
        "engines",
        "templates",
        "static",
        "migrations",
        "tests",
        "docker-compose.yml",
        "Dockerfile",
    }
    assert required <= names
    assert names - required <= {"README.md", "CONTRIBUTING.md", "bench", "docs", "requirements"}
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert meta["project"]["name"] == "siglo-de-oro"
    assert meta["project"]["scripts"]["siglo"] == "app.cli:main"
    assert meta["project"]["requires-python"] == ">=3.11"


def _locked(path: pathlib.Path) -> dict[str, str]:
    """A lock file's pins, name -> version (names normalised), each checked to carry at least one hash."""
    pins, name = {}, None
    for line in path.read_text().splitlines():
        if line and not line[0].isspace() and not line.startswith("#"):
            name, _, rest = line.partition("==")
            version = rest.split()[0] if rest else ""
            assert version, f"{path.name}: {line!r} is not pinned"
            name = re.sub(r"[-_.]+", "-", name.split("[")[0]).lower()
            pins[name] = version
        elif name is not None and line.strip().startswith("--hash=sha256:"):
            pins[name] += "+hashed" if not pins[name].endswith("+hashed") else ""
    unhashed = [n for n, v in pins.items() if not v.endswith("+hashed")]
    assert not unhashed, f"{path.name}: pinned without a hash: {unhashed}"
    return pins


def _names(requirements: list[str]) -> set[str]:
    return {re.sub(r"[-_.]+", "-", re.split(r"[\[<>=!~; ]", r, maxsplit=1)[0]).lower() for r in requirements}


def test_the_locks_pin_every_dependency_with_hashes():
    """requirements/main.txt (the image's) and requirements/test.txt (CI's) are current: every dependency of
    pyproject.toml is pinned there with its hashes (CONTRIBUTING.md says how to update them)."""
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    main, test = _locked(ROOT / "requirements" / "main.txt"), _locked(ROOT / "requirements" / "test.txt")
    runtime = _names(meta["dependencies"])
    assert runtime <= set(main), runtime - set(main)
    extras = _names(meta["optional-dependencies"]["test"] + meta["optional-dependencies"]["dev"])
    assert runtime | extras <= set(test), (runtime | extras) - set(test)
    assert all(test[n] == v for n, v in main.items() if n in test), "the two locks disagree on a version"
    for requirement in map(Requirement, meta["dependencies"]):  # the locked version is one the project accepts
        name = re.sub(r"[-_.]+", "-", requirement.name).lower()
        assert requirement.specifier.contains(main[name].removesuffix("+hashed")), (str(requirement), main[name])
    docker = (ROOT / "Dockerfile").read_text()
    assert "--require-hashes -r requirements/main.txt" in docker and "pip install --no-cache-dir --no-deps ." in docker
    ci = (ROOT / ".ci" / "run").read_text()
    assert "--require-hashes -r requirements/test.txt" in ci


def test_htmx_is_vendored_with_its_licence():
    vendor = ROOT / "static" / "vendor"
    assert (vendor / "htmx-2.0.11.min.js").stat().st_size > 10_000
    assert (vendor / "htmx-ext-sse-2.2.4.min.js").exists()
    assert (vendor / "LICENSE-htmx.txt").exists() and (vendor / "LICENSE-htmx-ext-sse.txt").exists()
    base = (ROOT / "templates" / "base.html").read_text()
    assert '"vendor/htmx-2.0.11.min.js"' in base and '"vendor/htmx-ext-sse-2.2.4.min.js"' in base  # static_url(...)


def test_the_server_process_freezes_what_it_loaded_and_collects_less_often(tmp_path):
    """app.asgi, what uvicorn serves (issue 15: app.main.tune_garbage_collector); the tests' own processes, which
    make many apps, keep the collector's defaults."""
    env = {
        **os.environ,
        "SIGLO_DATABASE_URL": f"sqlite:///{tmp_path / 'siglo.db'}",
        "SIGLO_SECRET_KEY": "deploy-test-" + "k" * 32,
        "SIGLO_SECRET_FILE": str(tmp_path / "secret"),
    }
    probe = "import gc, app.asgi; print(gc.get_threshold(), gc.get_freeze_count())"
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, check=True, timeout=60
    ).stdout.split(")")
    assert out[0] + ")" == "(10000, 10, 10)" and int(out[1]) > 10_000, out
    assert gc.get_threshold() != (10000, 10, 10) and gc.get_freeze_count() == 0
