"""A rulebook is for players: no command, option, file name, tile id or "pnp" in it.

What a tinkerer needs (the checker, mixes, the scorer) is in the README and
docs/; our readings of unclear rules stay marked in players' words, and what
the tools do about each reading is in docs/readings.md. The tool is named in
the PDF's metadata, never on a page.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support import ROOT, SHIPPED_GAMES, pdf_page_texts

from pnp.input.tileset import load_tileset
from pnp.model.typography import curly_quotes

SOFTWARE = {
    "a command or option": re.compile(r"(?<![\w-])--[a-z]|\bpnp (build|validate|score|"
                                      r"simulate|export|watch|new|studio|turns)\b"),
    "a file name": re.compile(r"\b[\w<>-]+\.(pdf|yaml|yml|md|json|svg|png)\b"),
    "the tool's name": re.compile(r"\bpnp\b", re.IGNORECASE),
    "code": re.compile(r"`|\b[a-z]+_[a-z_]+\b"),
}


def book_pages(built: Path, game: str, paper: str) -> list[str]:
    """Each page's text, a fresh list a test may change (read once per book and worker)."""
    return list(pdf_page_texts(built / game / f"{game}-rulebook-{paper}.pdf"))


# Letter only: both editions draw the same pages (tests/rulebook/test_editions.py)
@pytest.mark.parametrize("paper", ["letter"])
@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_no_software_anywhere_in_a_rulebook(shipped_build, game, paper):
    pages = book_pages(shipped_build, game, paper)
    found = [(number, what, match.group(0))
             for number, text in enumerate(pages, start=1)
             for what, pattern in SOFTWARE.items()
             for match in pattern.finditer(text.replace("\n", " "))]
    assert found == []


@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_every_book_ends_with_who_made_the_game(shipped_build, game):
    """A publisher's book names its makers: the tileset's credits, whole, end its last
    page."""
    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    assert tileset.credits
    last = " ".join(book_pages(shipped_build, game, "letter")[-1].split())
    credits = f"Credits. {curly_quotes(' '.join(tileset.credits.split()))}"  # as printed
    assert last.endswith(credits)


@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_no_tile_id_in_a_rulebook(shipped_build, game):
    """Ids are written with hyphens (dead-end, beetle-hive); players read words."""
    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    ids = {name for name in (*(t.name for t in tileset.tiles),
                             *(c.name for c in tileset.components)) if "-" in name}
    assert ids  # every shipped game has some: the test can fail
    text = " ".join(book_pages(shipped_build, game, "letter"))
    assert sorted(name for name in ids if re.search(rf"\b{re.escape(name)}\b", text)) == []


def test_the_patterns_find_what_they_are_for():
    lines = {"a command or option": "run pnp validate demon-mine --set elbow=3",
             "a file name": "see docs/mix-format.md or dynamine-tiles-letter.pdf",
             "the tool's name": "In pnp: the simulator",
             "code": "peripheral_tiles and `move_tile`"}
    for what, line in lines.items():
        assert SOFTWARE[what].search(line), what
    assert not any(pattern.search("Move one peripheral tile, at 100% scale, on A4 paper.")
                   for pattern in SOFTWARE.values())
