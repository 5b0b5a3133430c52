"""Build step that pyproject.toml cannot declare: ship the top-level templates/, static/ and migrations/ folders
inside the wheel as app/_resources/ (``app.resources.resource`` looks there first)."""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

RESOURCES = ("templates", "static", "migrations")


class BuildWithResources(build_py):
    def run(self):
        super().run()
        root = Path(__file__).resolve().parent
        for name in RESOURCES:
            target = Path(self.build_lib) / "app" / "_resources" / name
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(root / name, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildWithResources})
