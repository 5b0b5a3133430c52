"""Content per game (engine core v2 §5): the owner's folder holds one subfolder per game id, named by the settings
(the `.env` value works), validated at start-up; a bad file stops the server with a message naming the file and
the item. And the registry is built once, under a lock (performance §5)."""

import pathlib
import threading

import pytest
import yaml

from app.config import Settings
from app.main import create_app
from engines import registry
from engines.core import ContentError

PRINCES = pathlib.Path(registry.__file__).parent / "quince_dias" / "data" / "princes.yaml"


@pytest.fixture
def owner_dir(tmp_path):
    """A content folder whose 15 Días Prince cards are the packaged ones, the first renamed and worth a point more
    (a rule: the digest names the rules, issue 29)."""
    data = yaml.safe_load(PRINCES.read_text(encoding="utf-8"))
    data["princes"][0]["name"] = "Prince of the Owner's Box"
    data["princes"][0]["individual_points"] += 1
    (tmp_path / "content" / "15-dias").mkdir(parents=True)
    (tmp_path / "content" / "15-dias" / "princes.yaml").write_text(yaml.safe_dump(data, allow_unicode=True))
    yield tmp_path / "content", data["princes"][0]["id"]
    registry.configure(None)  # the other tests see the packaged content again


def test_the_env_file_names_the_content_folder(owner_dir, tmp_path, monkeypatch):
    folder, prince = owner_dir
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SIGLO_CONTENT_DIR", raising=False)
    (tmp_path / ".env").write_text(f"SIGLO_CONTENT_DIR={folder}\n")
    settings = Settings(database_url=f"sqlite:///{tmp_path}/x.db", secret_key="k" * 40)
    assert settings.content_dir == folder
    create_app(settings)
    game = registry.get_game("15-dias")
    assert game.name_of(prince, "en") == "Prince of the Owner's Box"
    registry.configure(None)
    assert game.content_digest != registry.get_game("15-dias").content_digest


def test_a_bad_owner_file_stops_the_server_naming_the_file_and_the_item(owner_dir, tmp_path):
    folder, _prince = owner_dir
    path = folder / "15-dias" / "princes.yaml"
    data = yaml.safe_load(path.read_text())
    data["princes"][1]["bells"] = "many"
    path.write_text(yaml.safe_dump(data, allow_unicode=True))
    with pytest.raises(ContentError) as err:
        create_app(Settings(database_url=f"sqlite:///{tmp_path}/x.db", secret_key="k" * 40, content_dir=folder))
    message = str(err.value)
    assert "15-dias" in message and "princes.yaml" in message and data["princes"][1]["id"] in message


def test_the_registry_is_built_once_even_under_concurrent_first_use():
    registry.configure(None)
    saved = dict(registry._games), list(registry._configured)
    registry._games.clear()
    registry._configured.clear()
    found, start = [], threading.Barrier(8)

    def first_use():
        start.wait()
        found.append(registry.get_game("15-dias") is not None and registry.get_game("planet-king") is not None)

    try:
        threads = [threading.Thread(target=first_use) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert found == [True] * 8
    finally:
        registry._games.update(saved[0])
        registry._configured[:] = saved[1]
