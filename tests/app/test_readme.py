"""The README and the home page say what the site does today (issue 30 › Faults to fix): Ultima Ratio Regis' engine
is no longer "to come" (its scenarios are played), and rematch, a feature, is named."""

import pathlib

README = (pathlib.Path(__file__).resolve().parents[2] / "README.md").read_text()


def test_the_readme_names_rematch_and_says_no_engine_is_to_come():
    assert "rematch" in README.lower()
    assert "to come" not in README.lower()
    assert "Ultima Ratio Regis" in README and "9.1 The Rise of Portugal" in README


def test_the_home_page_says_no_engine_is_to_come(browser):
    home = browser().c.get("/").text
    assert "to come" not in home.lower() and "Ultima Ratio Regis" in home
