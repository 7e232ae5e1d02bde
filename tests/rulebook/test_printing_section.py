"""The rulebook's printing section says how this build's files print: its papers, its
duplex mode, its files, and nothing it did not build.

A gutterfold build's book used to tell players to print double-sided and
listed an A4 column for files a Letter-only build never wrote.
"""

from __future__ import annotations

import io
import re

import msgspec
import pytest
from pypdf import PdfReader
from support import ROOT, pdf_page_texts

from pnp.input.tileset import load_tileset
from pnp.model.options import BuildOptions, options_for
from pnp.model.tileset import Tileset
from pnp.rulebook.page import MEASURE
from pnp.rulebook.paragraphs import styles
from pnp.rulebook.printing import how_to_print, print_rows

DUPLEX = ("long", "short", "none", "gutterfold")
PAPERS = (("letter",), ("a4",), ("letter", "a4"), ("a3",), ("tabloid", "legal", "200x250mm"))
TITLES = {"letter": "Letter", "a4": "A4", "a3": "A3", "tabloid": "Tabloid", "legal": "Legal",
          "200x250mm": "200 x 250 mm"}


def text_of(flowable) -> str:
    """A flowable's words, no-break spaces read as spaces (a step binds its last two)."""
    words = flowable.getPlainText() if hasattr(flowable, "getPlainText") else ""
    return words.replace("\u00a0", " ")


@pytest.fixture(scope="module")
def dynamine():  # tiles, cards, tokens and an aid
    return load_tileset(ROOT / "tilesets" / "dynamine.yaml")


@pytest.mark.parametrize("papers", PAPERS, ids="+".join)
@pytest.mark.parametrize("duplex", DUPLEX)
def test_the_printing_steps_follow_the_build(dynamine, duplex, papers):
    options = options_for(papers, duplex=duplex)
    flowables = how_to_print(dynamine, styles(), options)
    steps = " ".join(text_of(flowable) for flowable in flowables)
    if duplex in ("long", "short"):
        assert f"double-sided, flipping on the {duplex} edge" in steps
        assert "one-sided" not in steps
    else:
        assert "double-sided" not in steps and "one-sided" in steps
    assert ("fold the sheet on that line" in steps) == (duplex == "gutterfold")
    assert ("no backs" in steps) == (duplex == "none")
    assert ("Letter or A4" in steps) == (papers == ("letter", "a4"))
    if len(papers) > 1:
        assert "Pick " + ", ".join(TITLES[paper] for paper in papers[:-1]) + \
            f" or {TITLES[papers[-1]]} sheets for your paper" in steps
    else:
        assert f"These sheets are made for {TITLES[papers[0]]} paper" in steps


@pytest.mark.parametrize("papers", PAPERS, ids="+".join)
@pytest.mark.parametrize("duplex", ("long", "gutterfold"))
def test_the_table_lists_this_builds_files_and_papers(dynamine, duplex, papers):
    rows = print_rows(dynamine, options_for(papers, duplex=duplex))
    assert all(len(row.counts) == len(papers) for row in rows)
    # what is printed in players' words, never a file name: the README names the files
    # on a paper whose last tile sheet holds the tokens, the Tiles row says so instead
    assert [row.name for row in rows] in (
        ["Tiles", "Cards", "Tokens", "Scoring at a glance", "This rulebook"],
        ["Tiles, with the tokens on the last sheet", "Cards", "Scoring at a glance",
         "This rulebook"])
    assert rows[0].stock == ("cardstock, one-sided, folded" if duplex == "gutterfold"
                             else "cardstock, double-sided")
    # the table the page shows: every paper a column, the stock a column of its own or
    # under each file's name when there are more than two papers
    table = how_to_print(dynamine, styles(), options_for(papers, duplex=duplex))[0]
    head = [text_of(cell) for cell in table._cellvalues[0]]
    assert head[-len(papers):] == [TITLES[paper] for paper in papers]
    assert len(head) == len(papers) + (2 if len(papers) <= 2 else 1)
    assert sum(table._colWidths) == pytest.approx(MEASURE)  # the text block's width
    assert min(table._colWidths) >= 48.0  # room for "Tabloid" or "2 sheets" on a line


def test_booklets_and_print_shop_files_are_listed_only_when_built(dynamine):
    plain = " ".join(text_of(f) for f in how_to_print(dynamine, styles(), BuildOptions()))
    rows = print_rows(dynamine, BuildOptions(booklet=True))
    shop = " ".join(text_of(f) for f in how_to_print(dynamine, styles(),
                                                     options_for(print_shop="generic")))
    assert "print-shop" not in plain and "print-shop edition" in shop and ".pdf" not in shop
    assert rows[-1].name == "This rulebook as a booklet"
    assert "booklet" not in print_rows(dynamine, BuildOptions())[-1].name


def test_a_gutterfold_letter_book_says_fold_and_has_no_a4_column(tmp_path):
    from click.testing import CliRunner

    from pnp.cli import main

    result = CliRunner().invoke(main, ["build", "demon-mine", "--duplex", "gutterfold",
                                       "--paper", "letter", "-q", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    book = (tmp_path / "demon-mine" / "demon-mine-rulebook-letter.pdf").read_bytes()
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(book)).pages]
    middle = next(number for number, text in enumerate(pages) if "100% scale" in text)
    printing = " ".join(" ".join(pages[middle - 1:middle + 2]).split())  # lines joined
    assert "fold the sheet on that line" in printing and "double-sided" not in printing
    assert "made for Letter paper" in printing and "A4" not in printing


@pytest.mark.parametrize(("game", "words"), [("demon-mine", "Print tiles and tokens on"),
                                             ("gold-mine", "Print tiles and tokens on"),
                                             ("dynamine", "Print tiles, cards and tokens on")])
def test_the_printing_step_names_only_what_the_game_prints(game, words):
    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    flowables = how_to_print(tileset, styles(), options_for(("letter",)))
    steps = " ".join(text_of(f) for f in flowables if hasattr(f, "getPlainText"))
    assert words in steps


def test_a_game_with_cards_gives_their_size_for_sleeves_and_one_without_says_nothing():
    """A player buys sleeves by a card's size; at poker size a playing card slid behind
    each stiffens it, the print-and-play way."""
    def steps(tileset: Tileset) -> str:
        return " ".join(text_of(f) for f in how_to_print(tileset, styles(),
                                                              options_for(("letter",)))
                        if hasattr(f, "getPlainText"))

    dynamine = load_tileset(ROOT / "tilesets" / "dynamine.yaml")
    assert "The cards are 63 \u00d7 88 mm, a poker card\u2019s size" in steps(dynamine)
    mini = msgspec.structs.replace(dynamine, components=tuple(
        msgspec.structs.replace(piece, width=41 / 25.4 * 72, height=63 / 25.4 * 72)
        if piece.kind == "card" else piece for piece in dynamine.components))
    assert "The cards are 41 \u00d7 63 mm: card sleeves of that size hold them" in steps(mini)
    demon = load_tileset(ROOT / "tilesets" / "demon-mine.yaml")
    assert "cards are" not in steps(demon) and "sleeve" not in steps(demon)


@pytest.mark.parametrize("game", ["demon-mine", "dynamine", "gold-mine", "mattock"])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_printing_step_names_the_page_the_check_bars_landed_on(shipped_build, game, paper):
    """The step says "print page N of this book, the one with the two check bars": N is
    the page number printed at the foot of the page whose caption reads "Measure both",
    and the bars are a figure that may open the next page, never further on."""
    pages = [" ".join(page.split()) for page in
             pdf_page_texts(shipped_build / game / f"{game}-rulebook-{paper}.pdf")]
    step = next(n for n, text in enumerate(pages) if "with the two check bars" in text)
    bars = next(n for n, text in enumerate(pages) if "Measure both" in text)
    assert bars in (step, step + 1), (step, bars)
    named = re.search(r"print page (\d+) of this book, the one with the two check bars",
                      pages[step])
    assert named is not None, pages[step]
    assert int(named.group(1)) == bars + 1
    assert f"\u00b7 rules {bars + 1} " in pages[bars], pages[bars][:40]  # its running foot


def test_the_check_bars_follow_the_numbered_steps_and_speak_at_caption_size():
    """The bars are a figure after the list, not an item wedged between its steps, and
    their words are as large as the book's captions (a sheet's 6.5 pt is for sheets)."""
    from pnp.rulebook.printing import CHECK_CAPTION, ScaleCheck

    tileset = load_tileset(ROOT / "tilesets" / "gold-mine.yaml")
    flowables = how_to_print(tileset, styles(), options_for(("letter", "a4")))
    kinds = [type(flowable).__name__ for flowable in flowables]
    assert isinstance(flowables[-1], ScaleCheck) and kinds.count("ScaleCheck") == 1
    assert styles()["caption"].fontSize <= CHECK_CAPTION


def test_the_board_row_counts_its_pages_to_glue_and_the_guide_apart():
    """Mattock's table said to print the board's 5 pages on card; the fifth is the guide
    to read, and the guide itself says to print 4 pages on card. The table names the
    pages of the board's file, which holds both, so the guide is not printed on card."""
    tileset = load_tileset(ROOT / "tilesets" / "mattock.yaml")
    rows = {row.name: row for row in print_rows(tileset, options_for(("letter",)))}
    assert rows["Board"].counts == ("pages 1\u20134",) and "card" in rows["Board"].stock
    assert rows["Board assembly guide"].counts == ("page 5 of the board",)
    assert rows["Board assembly guide"].stock == "plain paper"


@pytest.mark.parametrize(("game", "punch"), [
    ("gold-mine", "a 0.5 in (13 mm) circle punch for the Phantom token and a 0.75 in "
                  "(19 mm) one for the rest"),
    ("dynamine", "a 1 in (25 mm) circle punch"),
    ("demon-mine", "a 0.75 in (19 mm) circle punch")])
def test_a_game_with_round_tokens_says_how_to_round_them(game, punch):
    """Crop marks cut round tokens out as squares: the steps say how to round them, with
    the circle punch of their size (and with two sizes, which pieces take the smaller),
    and say nothing of it in a game without them."""
    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    assert punch in " ".join(_steps(tileset).split())
    assert "circle punch" not in _steps(msgspec.structs.replace(tileset, components=()))


def _steps(tileset: Tileset) -> str:
    return " ".join(text_of(f) for f in how_to_print(tileset, styles(), BuildOptions())
                    if hasattr(f, "getPlainText"))


@pytest.mark.parametrize(("game", "sideways"), [("dynamine", "Letter card"),
                                              ("demon-mine", "")])
def test_the_steps_say_which_sheets_have_their_bar_up_a_side_and_cut_lines_instead(game,
                                                                                   sideways):
    """Dynamine's 9-up card sheets on Letter print the check bar up the right margin and
    cut lines on the trim instead of crop marks; on A4 they keep the foot, so the steps
    name the paper (the A4 book had said every card sheet had its bar up the side)."""
    from pnp.impose.plans import plan_components

    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    options = BuildOptions()
    steps = " ".join(text_of(f) for f in how_to_print(tileset, styles(), options)
                     if hasattr(f, "getPlainText"))
    plans = [plan_components(tileset, "card", paper, options) for paper in options.papers]
    assert any(plan is not None and plan.margins == "sides" for plan in plans) == \
        bool(sideways)
    if sideways:
        assert f"(the {sideways} sheets, up the right margin)" in steps
        assert f"(the {sideways} sheets, along the cut lines printed on them)" in steps
    else:
        assert "up the right margin" not in steps and "cut lines" not in steps


@pytest.mark.parametrize(("game", "hexes"), [("mattock", True), ("demon-mine", False)])
def test_hex_tiles_get_a_step_for_cutting_the_honeycomb(game, hexes):
    """Mattock's hexes sit edge to edge under corner marks that no straight cut frees them
    by: the steps said only to cut along the crop marks."""
    steps = _steps(load_tileset(ROOT / "tilesets" / f"{game}.yaml"))
    assert ("Cut the hexagonal tiles out along the dark lines" in steps) == hexes
    # the crop marks cut the other pieces' blocks; on hexes they free nothing, and a step
    # that said to cut each block free at them asked for a straight cut that frees nothing
    assert ("crop marks outside each block of tokens." in steps) == hexes
    assert not hexes or not re.search(r"\bcards\b", steps)  # Mattock prints none
    assert "free at its corner marks" not in steps
