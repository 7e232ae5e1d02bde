"""The rulebook's printing section says how this build's files print: its papers, its
duplex mode, its files, and nothing it did not build.

A gutterfold build's book used to tell players to print double-sided and
listed an A4 column for files a Letter-only build never wrote.
"""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from support import ROOT

from pnp.input.tileset import load_tileset
from pnp.model.options import BuildOptions
from pnp.rulebook.typeset import how_to_print, print_rows, styles

DUPLEX = ("long", "short", "none", "gutterfold")
PAPERS = (("letter",), ("a4",), ("letter", "a4"))
TITLES = {"letter": "Letter", "a4": "A4"}


def text_of(flowable) -> str:
    return flowable.getPlainText() if hasattr(flowable, "getPlainText") else ""


@pytest.fixture(scope="module")
def dynamine():  # tiles, cards, tokens and an aid
    return load_tileset(ROOT / "tilesets" / "dynamine.yaml")


@pytest.mark.parametrize("papers", PAPERS, ids="+".join)
@pytest.mark.parametrize("duplex", DUPLEX)
def test_the_printing_steps_follow_the_build(dynamine, duplex, papers):
    options = BuildOptions(papers, 0.0, duplex)
    flowables = how_to_print(dynamine, styles(), options)
    steps = " ".join(text_of(flowable) for flowable in flowables)
    if duplex in ("long", "short"):
        assert f"double-sided, flipping on the {duplex} edge" in steps
        assert "one-sided" not in steps
    else:
        assert "double-sided" not in steps and "one-sided" in steps
    assert ("fold the sheet on that line" in steps) == (duplex == "gutterfold")
    assert ("no backs" in steps) == (duplex == "none")
    assert ("Letter or A4" in steps) == (len(papers) == 2)
    if len(papers) == 1:
        assert f"made for {TITLES[papers[0]]} paper" in steps


@pytest.mark.parametrize("papers", PAPERS, ids="+".join)
@pytest.mark.parametrize("duplex", ("long", "gutterfold"))
def test_the_table_lists_this_builds_files_and_papers(dynamine, duplex, papers):
    rows = print_rows(dynamine, styles(), BuildOptions(papers, 0.0, duplex))
    cells = [[text_of(cell).replace("\n", "") for cell in row] for row in rows]
    assert all(len(row) == 2 + len(papers) for row in cells)
    names = [row[0] for row in cells if row[0].endswith(".pdf")]
    shown = papers[0] if len(papers) == 1 else "<paper>"
    assert names and all(name.endswith(f"-{shown}.pdf") for name in names)
    assert {"dynamine-tiles", "dynamine-cards"} <= {name.rsplit("-", 1)[0] for name in names}
    stock = cells[0][1]
    assert stock == ("cardstock, one-sided, folded" if duplex == "gutterfold"
                     else "cardstock, double-sided")


def test_booklets_and_print_shop_files_are_listed_only_when_built(dynamine):
    plain = " ".join(text_of(f) for f in how_to_print(dynamine, styles(), BuildOptions()))
    rows = print_rows(dynamine, styles(), BuildOptions(booklet=True))
    shop = " ".join(text_of(f) for f in how_to_print(dynamine, styles(),
                                                     BuildOptions(print_shop=True)))
    assert "print-shop" not in plain and "dynamine-print-shop.pdf" in shop
    assert any("rulebook-booklet" in text_of(row[0]) for row in rows)
    assert not any("rulebook-booklet" in text_of(row[0])
                   for row in print_rows(dynamine, styles(), BuildOptions()))


def test_a_gutterfold_letter_book_says_fold_and_has_no_a4_column(tmp_path):
    from click.testing import CliRunner

    from pnp.cli import main

    result = CliRunner().invoke(main, ["build", "demon-mine", "--duplex", "gutterfold",
                                       "--paper", "letter", "-q", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    book = (tmp_path / "demon-mine" / "demon-mine-rulebook-letter.pdf").read_bytes()
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(book)).pages]
    printing = next(text for text in pages if "100% scale" in text)
    assert "fold the sheet on that line" in printing and "double-sided" not in printing
    assert "demon-mine-tiles-letter.pdf" in printing and "A4" not in printing
