"""Where the app's files beside the code are: ``templates/``, ``static/`` and ``migrations/``.

In a source checkout (and an editable install) they are the top-level folders beside ``app/``. A wheel carries
them inside the package as ``app/_resources/<name>`` (pyproject.toml maps the folders there), so an
installed server finds them without the source tree."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent


def resource(name: str) -> Path:
    """The folder ``name`` (templates, static or migrations) of this installation."""
    packaged = HERE / "_resources" / name
    return packaged if packaged.is_dir() else HERE.parent / name
