"""Platform hardening §11: a regular (wheel) install starts. The wheel is built from a copy of the project,
installed into a fresh virtual environment (offline: the wheel itself, the dependencies from the running
environment), and from a folder without the source tree it migrates a database and answers ``/``, in English and
in Spanish (issue 29: the catalogues are package data, compiled in memory)."""

import shutil
import subprocess
import sys
import textwrap

from tests.app.live_server import ROOT

SHIPPED = ("app", "engines", "templates", "static", "migrations", "pyproject.toml", "README.md")


def test_a_built_wheel_installs_migrates_and_serves(tmp_path):
    src = tmp_path / "src"
    for name in SHIPPED:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "_resources"))
        else:
            shutil.copy(ROOT / name, src / name)
    wheels = tmp_path / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(src)], check=True, timeout=600
    )
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True, timeout=600)
    python, siglo = venv / "bin" / "python", venv / "bin" / "siglo"
    # --ignore-installed: the running environment may hold an editable install of the project itself
    subprocess.run(
        [
            str(python),
            "-m",
            "pip",
            "install",
            "-q",
            "--no-index",
            "--no-deps",
            "--ignore-installed",
            "--find-links",
            str(wheels),
            "siglo-de-oro",
        ],
        check=True,
        timeout=600,
    )
    run = tmp_path / "run"
    run.mkdir()
    url = f"sqlite:///{run}/siglo.db"
    env = {"PATH": f"{venv}/bin:/usr/bin:/bin", "HOME": str(tmp_path), "SIGLO_SECRET_KEY": "wheel-" + "k" * 32}
    out = subprocess.run(
        [str(siglo), "db", "upgrade", "--database-url", url],
        cwd=run,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    check = textwrap.dedent(f"""
        import app, pathlib
        assert pathlib.Path(app.__file__).is_relative_to({str(venv)!r}), app.__file__
        from fastapi.testclient import TestClient
        from app.config import Settings
        from app.main import create_app
        with TestClient(create_app(Settings(database_url={url!r}))) as client:
            r = client.get("/")
            assert r.status_code == 200 and "Siglo de Oro" in r.text, r.status_code
            assert client.get("/static/css/site.css").status_code == 200
            # the Spanish catalogue travels in the wheel and is compiled there without a build step (issue 29)
            es = client.get("/", headers={{"Accept-Language": "es"}})
            assert '<html lang="es" ' in es.text and "Mesas abiertas" in es.text, es.text[:500]
        print("served")
    """)
    out = subprocess.run(
        [str(python), "-c", check], cwd=run, env=env, capture_output=True, text=True, timeout=600, check=False
    )
    assert out.returncode == 0 and "served" in out.stdout, out.stderr[-3000:]
