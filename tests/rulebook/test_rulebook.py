"""Rulebooks: generated tables follow the tileset, diagrams render, PDFs are well formed."""

from __future__ import annotations

import io
import json
import re
import statistics
from pathlib import Path

import pytest
from click.testing import CliRunner
from flow import body_box
from pypdf import PdfReader
from support import ROOT, pdf_page_image, render_rulebook, tileset_from_text

from pnp.cli import main
from pnp.errors import InputError
from pnp.impose.booklet import booklet
from pnp.input.faces import string_width
from pnp.input.tileset import load_tileset
from pnp.model.paper import PAPERS
from pnp.model.tileset import player_counts
from pnp.rulebook.components import GALLERY_FROM
from pnp.rulebook.source import parse

TEMPLATE = """# Playing

Dig with **care** and *speed*.

```pnp components
```

## Printing

```pnp how-to-print
```

```pnp diagram
caption: An elbow beside a straight.
tiles:
  - [0, 0, straight, 1]
  - [1, 0, elbow, 2]
pawns:
  - {at: [0, 0], colour: black, label: M}
arrows:
  - {from: [0, 0], to: [1, 0]}
verdict: legal
```
"""

TILESET = """game: mini
title: Mini Mine
size: 1.5in
rulebook: rules.md
tiles:
  - {name: straight, count: 7, paths: [N-S]}
  - {name: elbow, count: 5, paths: [N-E]}
"""


def write_game(folder: Path, template: str = TEMPLATE, tileset: str = TILESET) -> Path:
    (folder / "rules.md").write_text(template)
    path = folder / "mini.yaml"
    path.write_text(tileset)
    return path


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


@pytest.mark.slow  # over three seconds alone: two books typeset
def test_components_table_follows_the_counts(tmp_path):
    text = pdf_text(render_book(tmp_path, "letter"))
    assert re.search(r"\b5\s+elbows\b", text) and re.search(r"\b7\s+straight\s+tunnels", text)
    assert "12 tiles" in text
    text = pdf_text(render_book(tmp_path, "letter", TILESET.replace("count: 5", "count: 9")))
    assert re.search(r"\b9\s+elbows\b", text) and "16 tiles" in text


def render_book(folder: Path, paper: str, tileset_text: str = TILESET) -> Path:
    """Typeset the test game's rulebook straight to a file."""
    tileset = load_tileset(write_game(folder, tileset=tileset_text))
    pdf = folder / "book.pdf"
    pdf.write_bytes(render_rulebook(tileset, parse(folder / "rules.md", tileset),
                                    PAPERS[paper]))
    return pdf


def test_rulebook_has_outline_metadata_contents_and_embedded_fonts(tmp_path):
    reader = PdfReader(render_book(tmp_path, "a4"))
    titles = [item.title for item in reader.outline if not isinstance(item, list)]
    assert titles == ["1  Playing"]
    assert [item.title for item in reader.outline[1]] == ["1.1  Printing"]
    assert reader.metadata.title == "Mini Mine - rules" and reader.metadata.author == "pnp"
    assert "Contents" in reader.pages[1].extract_text()
    for page in reader.pages:
        fonts = page["/Resources"].get("/Font", {})
        for name in fonts:
            descriptor = fonts[name].get_object().get("/FontDescriptor")
            assert descriptor is not None and "/FontFile2" in descriptor.get_object()
    box = reader.pages[0].mediabox
    assert (round(float(box.width), 2), round(float(box.height), 2)) == (595.28, 841.89)


def test_diagram_draws_real_tiles_where_the_template_says(tmp_path):
    pdf = render_book(tmp_path, "letter")
    reader = PdfReader(pdf)
    page = next(i for i, p in enumerate(reader.pages) if "An elbow beside" in p.extract_text())
    image = pdf_page_image(pdf, page, 72).convert("L")
    dark = image.point(lambda value: 255 if value < 100 else 0).histogram()[255]
    assert dark > 500  # walls of two tiles, the pawn and the arrow are on the page


def typeset_page_three(tmp_path, template):
    """The first page after the contents of a book of ``template`` on Letter: where each
    of its words starts (PDF points, y up) and the page at 72 dpi."""
    game = write_game(tmp_path, template)
    tileset = load_tileset(game)
    pdf = tmp_path / "book.pdf"
    pdf.write_bytes(render_rulebook(tileset, parse(tmp_path / "rules.md", tileset),
                                    PAPERS["letter"]))
    words: dict[str, tuple[float, float]] = {}
    PdfReader(pdf).pages[2].extract_text(
        visitor_text=lambda text, cm, tm, font, size: words.setdefault(
            text.strip(), (cm[4] + tm[4], cm[5] + tm[5])))
    return words, pdf_page_image(pdf, 2, 72).convert("RGB")


def test_a_tiles_block_pictures_each_tile_beside_its_words(tmp_path):
    template = ("# Shapes\n\n```pnp tiles\ntiles:\n"
                "  - {tile: elbow, text: \"**Bends.** A tunnel turning a corner.\"}\n"
                "  - {tile: straight, text: \"**Runs.** A tunnel straight across.\"}\n```\n")
    words, image = typeset_page_three(tmp_path, template)
    left = body_box(PAPERS["letter"])[0]
    for word in ("Bends.", "Runs."):
        x, y = words[word]
        assert x >= left + 64 + 10  # the words stand right of a picture about 0.9 in wide
        # the tile's walls are drawn beside the words' first line, left of them
        top = round(image.height - y - 12)
        strip = [image.getpixel((px, py)) for px in range(round(left), round(x) - 6)
                 for py in range(top, top + 40)]
        assert sum(1 for pixel in strip if max(pixel) < 90) > 100, word


def test_a_tiles_block_draws_a_symbol_large_beside_its_words(tmp_path):
    """A key to the symbols: the icon alone on a square of floor, several times the size
    it has on a tile, edged in the wall colour (dark ink where the picture stands)."""
    template = ("# Key\n\n```pnp tiles\ntiles:\n"
                "  - {icon: beetle, text: \"**Beetle.** A ghost beetle.\"}\n```\n")
    words, image = typeset_page_three(tmp_path, template)
    _, y = words["Beetle."]
    left = body_box(PAPERS["letter"])[0]
    top = round(image.height - y - 12)
    box = [image.getpixel((px, py)) for px in range(round(left), round(left) + 40)
           for py in range(top, top + 40)]
    floor = sum(1 for pixel in box if pixel[0] > 220 and pixel[2] > 180 and pixel != (255,) * 3)
    ink = sum(1 for pixel in box if max(pixel) < 90)
    assert floor > 300 and ink > 150, (floor, ink)


@pytest.mark.parametrize(("template", "line", "fragment"), [
    ("# A\n\n```pnp component\n```\n", 3, "did you mean 'components'"),
    ("# A\n\n```pnp diagram\ntiles:\n  - [0, 0, elbw]\n```\n", 5, "did you mean elbow"),
    ("# A\n\n```pnp diagram\ncolour: red\n```\n", 4, "unknown field"),
    ("# A\n\n```pnp diagram\npawns:\n  - {at: [0, 0], colour: purple}\n```\n", 5,
     "not a pawn colour"),
    ("# A\n\n```pnp how-to-print\nextra\n```\n", 4, "takes no body"),
    ("# A\n\n```pnp diagram\ntiles: [[0, 0, elbow]\n```\n", 4, "YAML syntax error"),
    ("# A\n\n```pnp tiles\ntiles:\n  - {tile: elbw, text: A bend.}\n```\n", 5,
     "did you mean elbow"),
    ("# A\n\n```pnp tiles\ntiles:\n  - {tile: elbow}\n```\n", 5, "text"),
    ("# A\n\n```pnp tiles\ntiles: []\n```\n", 4, "at least one tile"),
    ("# A\n\n```pnp tiles\ntiles:\n  - {icon: bettle, text: A bug.}\n```\n", 5,
     "did you mean beetle"),
    ("# A\n\n```pnp tiles\ntiles:\n  - {icon: beetle, tile: elbow, text: A.}\n```\n", 5,
     "tile and icon"),
    ("# A\n\n```pnp tiles\n```\n", 3, "'pnp tiles' needs a YAML body"),
])
def test_template_errors_name_the_template_and_line(tmp_path, template, line, fragment):
    game = write_game(tmp_path, template)
    out = tmp_path / "out"
    result = run("build", str(game), "--paper", "letter", "--out", str(out))
    assert result.exit_code == 2
    assert f"rules.md, line {line}" in result.output
    assert fragment in result.output
    assert not out.exists()


def test_a_missing_template_is_an_error(tmp_path):
    game = write_game(tmp_path)
    (tmp_path / "rules.md").unlink()
    result = run("build", str(game), "--out", str(tmp_path / "out"))
    assert result.exit_code == 2 and "rules.md" in result.output
    assert "does not exist" in result.output


@pytest.mark.slow  # a whole build with its booklet edition
def test_booklet_imposes_two_up_in_saddle_stitch_order(tmp_path):
    game = write_game(tmp_path)
    out = tmp_path / "out"
    result = run("build", str(game), "--paper", "letter", "--booklet", "--out", str(out))
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "mini" / "manifest.json").read_text())
    book = next(s for s in manifest["sheets"] if s["kind"] == "rulebook")
    imposed = next(s for s in manifest["sheets"] if s["kind"] == "rulebook-booklet")
    assert imposed["pages"] == 2 * -(-book["pages"] // 4)
    reader = PdfReader(out / "mini" / imposed["path"])
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == (792.0, 612.0)
    pages = len(PdfReader(out / "mini" / book["path"]).pages)
    assert len(reader.pages) == -(-pages // 4) * 2
    again = booklet((out / "mini" / book["path"]).read_bytes(), PAPERS["letter"])
    assert again == (out / "mini" / imposed["path"]).read_bytes()  # reproducible


@pytest.mark.parametrize("game", sorted(p.name for p in (ROOT / "templates").iterdir()
                                        if (p / "rulebook.md").is_file()))
def test_every_shipped_rulebook_parses_and_its_diagrams_name_real_tiles(game):
    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    source = parse(ROOT / "templates" / game / "rulebook.md", tileset)
    names = {tile.name for tile in tileset.tiles}
    for block in source.blocks:
        if block.diagram is not None:
            assert {t.kind for t in block.diagram.tiles} <= names
    assert any(block.kind == "components" for block in source.blocks)


def test_a_typo_inside_a_diagram_placement_is_an_error(tmp_path):
    template = "# A\n\n```pnp diagram\ntiles:\n  - {at: [0, 0], tile: elbow, turns: 1}\n```\n"
    game = write_game(tmp_path, template)
    result = run("build", str(game), "--paper", "letter", "--out", str(tmp_path / "out"))
    assert result.exit_code == 2
    assert "rules.md, line 5" in result.output
    assert "field 'diagram.tiles[0].turns': unknown field (did you mean 'turn'?)" in result.output


MISTAKES = """# A

```pnp diagram
caption: First.
tiles:
  - [0, 0, elbw]
  - {at: [1, 0], tile: straight, turn: half}
pawns:
  - {at: [0.5, .nan], colour: purple, label: ABC}
arrows:
  - {from: [0, 0], to: [99, 0]}
marks:
  - {at: [1, 0], mark: circle}
highlight:
  - [1.5, 0]
verdict: maybe
scale: 5
```

Some text.

```pnp diagram
columns: 20
tiles:
  - {at: [0, 0], tile: elbow, turns: 1}
```

```pnp diagram
tiles:
  - [30, 0, elbow]
```
"""


def test_every_diagram_mistake_of_a_template_is_reported_in_one_build(tmp_path):
    game = write_game(tmp_path, MISTAKES)
    out = tmp_path / "out"
    result = run("build", str(game), "--paper", "letter", "--out", str(out))
    assert result.exit_code == 2, result.output
    expected = [
        (6, "diagram.tiles[0]", "unknown tile (did you mean elbow?)"),
        (7, "diagram.tiles[1].turn", "not a number of turns"),
        (9, "diagram.pawns[0].at", "not a square"),
        (9, "diagram.pawns[0].colour", "not a pawn colour"),
        (9, "diagram.pawns[0].label", "a pawn label is one or two characters"),
        (11, "diagram.arrows[0].to", "not a square"),
        (13, "diagram.marks[0].mark", "not a mark"),
        (15, "diagram.highlight[0]", "not a square"),
        (16, "diagram.verdict", "not a verdict"),
        (17, "diagram.scale", "not a usable scale"),
        (23, "diagram.columns", "not a board size"),
        (25, "diagram.tiles[0].turns", "unknown field (did you mean 'turn'?)"),
        (30, "diagram.tiles[0]", "not a square: too far from [0, 0]"),
    ]
    assert f"{len(expected)} problems in " in result.output
    for line, field, problem in expected:
        assert f"rules.md, line {line}: field '{field}': {problem}" in result.output
    assert not out.exists()


def test_pawns_arrows_and_marks_may_sit_between_squares_but_not_off_the_drawing(tmp_path):
    # a pawn between squares stands on the east-west straight, a quarter square from its centre
    body = ("pawns:\n  - {at: [1.25, 0], label: 1}\narrows:\n  - {from: [0, 0], to: [0.25, -0.5]}\n"
            "marks:\n  - {at: [1, 0.5], mark: tick}\ntiles:\n  - [1, 0, straight, 1]\n")
    tileset = load_tileset(write_game(tmp_path, f"# A\n\n```pnp diagram\n{body}```\n"))
    diagram = next(b.diagram for b in parse(tmp_path / "rules.md", tileset).blocks if b.diagram)
    assert diagram.pawns == (((1.25, 0), "black", "1"),)
    assert diagram.arrows == (((0, 0), (0.25, -0.5)),) and diagram.marks == (((1, 0.5), "tick"),)
    assert (diagram.columns, diagram.rows) == (2, 1) and len(diagram.tiles) == 1
    for bad in ("[.inf, 0]", "[0, .nan]", "[15, 0]", "[0, true]", "[0]"):
        write_game(tmp_path, f"# A\n\n```pnp diagram\npawns:\n  - {{at: {bad}}}\n```\n")
        with pytest.raises(InputError, match=r"rules\.md, line 5: field 'diagram\.pawns\[0\]\.at"
                           r"': not a square"):
            parse(tmp_path / "rules.md", tileset)


def outline_pages(reader: PdfReader, items: list | None = None) -> list[tuple[str, int]]:
    """Every outline entry, depth first, with the printed number of the page it opens."""
    found: list[tuple[str, int]] = []
    for item in reader.outline if items is None else items:
        if isinstance(item, list):
            found += outline_pages(reader, item)
        else:
            found.append((item.title, reader.get_destination_page_number(item) + 1))
    return found


def shipped_book(build: Path, game: str, paper: str) -> PdfReader:
    """A shipped game's rulebook for one paper, as the test run's one build wrote it."""
    return PdfReader(build / game / f"{game}-rulebook-{paper}.pdf")


@pytest.mark.parametrize("game", ["demon-mine", pytest.param("dynamine", marks=pytest.mark.slow)])
def test_contents_page_numbers_are_where_each_heading_really_is(shipped_build, game):
    reader = shipped_book(shipped_build, game, "letter")
    listed = re.findall(r"^\s*(\d+(?:\.\d+)?  .+?)\n(\d+)$", reader.pages[1].extract_text(),
                        re.MULTILINE)
    expected = outline_pages(reader)
    assert len(expected) > 10
    assert [(title, int(page)) for title, page in listed] == expected
    for title, page in expected:  # the heading really is on that page, and not before it
        number = title.split()[0]
        assert re.search(rf"^{re.escape(number)}\s", reader.pages[page - 1].extract_text(),
                         re.MULTILINE), title


@pytest.mark.parametrize(("game", "needs"), [
    ("dynamine", "You also need one six-sided die."),
    ("demon-mine", "You also need two six-sided dice."),
    ("gold-mine", "You also need the Gold Mine rulebook, a pawn for each player and a black "
                  "and a white die."),
    ("mattock", None)])
def test_the_cover_says_what_players_bring_that_the_kit_does_not_print(shipped_build, game,
                                                                       needs):
    """Dynamine's cover listed its tiles, cards and tokens but not the die it is played
    with, which the kit cannot print; a game that needs nothing more says nothing."""
    cover = " ".join(shipped_book(shipped_build, game, "letter").pages[0].extract_text()
                     .split())
    if needs is None:
        assert "You also need" not in cover
    else:
        assert needs in cover


def test_gold_mine_cover_names_the_variant_and_says_the_book_is_an_insert(shipped_build):
    """The book is the Phantom's: its title on the cover and at every page's foot, the base
    game named under it; the sheets stay Gold Mine's."""
    book = shipped_book(shipped_build, "gold-mine", "a4")
    cover = " ".join(book.pages[0].extract_text().split())
    assert cover.startswith("PHANTOM OF THE MINE A variant and print-and-play kit for Gold Mine")
    assert "Rules of play" not in cover
    assert "Phantom of the Mine \u00b7 rules" in book.pages[3].extract_text()
    assert book.metadata.title == "Phantom of the Mine - rules"
    demon = load_tileset(ROOT / "tilesets" / "demon-mine.yaml")
    assert demon.rulebook_subtitle == "Rules of play"


@pytest.mark.parametrize(("players", "words"), [
    ((2,), "2 players"), ((1,), "1 player"), ((2, 4), "2 or 4 players"),
    ((2, 3, 4, 5, 6), "2\u20136 players"), ((2, 3, 5), "2, 3 or 5 players"),
    ((4, 2, 2), "2 or 4 players")])
def test_player_counts_read_as_a_box_prints_them(players, words):
    assert player_counts(players) == words


def test_the_cover_gives_player_counts_in_words(shipped_build):
    text = shipped_book(shipped_build, "dynamine", "letter").pages[0].extract_text()
    assert "2\u20134 players" in text and "2/3/4" not in text


def test_two_digit_step_numbers_stay_clear_of_their_text(tmp_path):
    steps = "\n".join(f"{n}. Step number {n} of the set-up." for n in range(1, 13))
    tileset = load_tileset(write_game(tmp_path, template=f"# Setting up\n\n{steps}\n"))
    reader = PdfReader(io.BytesIO(render_rulebook(tileset, parse(tmp_path / "rules.md", tileset),
                                                  PAPERS["letter"])))
    pieces: list[tuple[str, float]] = []
    reader.pages[2].extract_text(visitor_text=lambda text, cm, tm, font, size: pieces.append(
        (text.strip(), cm[4] + tm[4])))
    starts = [x for text, x in pieces if text.startswith("Step number")]
    numbers = {text: x for text, x in pieces
               if re.fullmatch(r"\d+\.?", text) and x < min(starts, default=0.0)}
    assert {"9", "10", "12"} <= {n.rstrip(".") for n in numbers} and len(starts) == 12
    number_right = max(x + string_width(text, "regular", 9.5) for text, x in numbers.items())
    assert number_right + 2.0 <= min(starts)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_body_text_is_set_at_55_to_75_characters_a_line(shipped_build, paper):
    reader = shipped_book(shipped_build, "demon-mine", paper)
    lines = sorted((line for page in reader.pages[2:] for line in page.extract_text().split("\n")
                    if len(line) >= 40), key=len)
    full = lines[len(lines) // 2:]  # the longer half: lines that run to the measure
    assert len(full) > 100
    assert 55 <= statistics.median(len(line) for line in full) <= 75
    assert len(lines[int(len(lines) * 0.95)]) <= 80


@pytest.mark.parametrize("game", ["demon-mine", "dynamine", "gold-mine"])
def test_components_are_named_in_words_with_counts_that_add_up(shipped_build, game):
    from pnp.rulebook.components import _by_openings
    from pnp.rulebook.names import counted, tile_groups

    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    groups = _by_openings(tile_groups(tileset.tiles, tileset.shape), tileset.shape)
    assert sum(tile.count for _, group in groups for tile in group) == tileset.tile_count
    text = " ".join(" ".join(page.extract_text().split())
                    for page in shipped_book(shipped_build, game, "letter").pages[2:8])
    for name, group in groups if len(groups) < GALLERY_FROM else ():  # a gallery: pictures
        assert counted(name, sum(tile.count for tile in group)) in text
    ids = [tile.name for tile in tileset.tiles if "-" in tile.name and tile.count]
    assert ids and not [name for name in ids if re.search(rf"\b{re.escape(name)}\b", text)]


def test_a_tile_is_named_from_its_own_geometry_and_icons():
    from pnp.rulebook.names import counted, tile_name

    tileset = tileset_from_text("""game: names
title: Names
size: 1.5in
tiles:
  - {name: a, count: 3, paths: [N-S], features: [{icon: vein}, {icon: vein}, {die: 4}]}
  - {name: b, count: 2, paths: [N-E]}
  - {name: c, count: 1, paths: [N-E, S-W]}
  - {name: d, count: 5, paths: [N-E-S], features: [{label: "+1"}, {icon: altar}]}
  - {name: e, count: 2, paths: [E, N-S], features: [{icon: vein}]}
  - {name: f, count: 1, paths: [N, E, {ports: S-W, junction: true}]}
  - {name: g, count: 1, paths: [N-S, E-W]}
  - {name: h, count: 1, paths: [N-E, {ports: S, junction: true}]}
""")
    names = [counted(tile_name(tile, tileset.shape), tile.count) for tile in tileset.tiles]
    # a stub stopping at another path's wall is named as what the path carries, as the
    # books' guides to the shapes call it, not as a path of its own
    assert names == ["3 straight tunnels with two veins (cost 4)", "2 elbows",
                     "1 double curve", "5 tees marked +1 with an altar",
                     "2 straight tunnels with a blocked stub and a vein",
                     "1 elbow with two blocked stubs", "1 crossover", "1 double tunnel"]


def typeset_pages(tmp_path: Path, template: str) -> list[str]:
    """The text of each page after the cover and contents of a book of ``template``."""
    tileset = load_tileset(write_game(tmp_path, template=template))
    reader = PdfReader(io.BytesIO(render_rulebook(tileset, parse(tmp_path / "rules.md", tileset),
                                                  PAPERS["letter"])))
    return [page.extract_text() for page in reader.pages[2:]]


def test_a_long_table_runs_on_with_its_head_row_and_never_a_lone_row(tmp_path):
    filler = "\n\n".join(f"Opening paragraph {n}: " + "dig the rock and follow the vein. " * 9
                         for n in range(1, 7))
    table = "| Tile | Effect |\n|---|---|\n" + "\n".join(
        f"| Tile {n} | The effect of tile number {n} on the miner |" for n in range(1, 41))
    pages = typeset_pages(tmp_path, f"# Chapter\n\n{filler}\n\n{table}\n\nThe end.\n")
    rows = [re.findall(r"^Tile (\d+)$", text, re.M) for text in pages]
    with_rows = [found for found in rows if found]
    assert len(with_rows) >= 2, "the table runs on to the next page"
    assert [int(n) for found in with_rows for n in found] == list(range(1, 41))
    assert all(len(found) >= 2 for found in with_rows), [len(found) for found in with_rows]
    heads = [text.count("Effect") for text in pages if re.search(r"^Tile \d+$", text, re.M)]
    assert heads == [1] * len(with_rows), "each page of the table repeats its head row"


def test_a_figure_that_does_not_fit_waits_while_the_text_after_it_fills_the_page(tmp_path):
    filler = "\n\n".join(f"Opening paragraph {n}: " + "dig the rock and follow the vein. " * 9
                         for n in range(1, 7))
    figure = ("```pnp diagram\ncaption: The big board.\ncolumns: 5\nrows: 5\ntiles:\n"
              "  - [0, 0, straight]\n```")
    after = "\n\n".join(f"Running text {n} that reads on after the figure. " * 3
                        for n in range(1, 4))
    pages = typeset_pages(tmp_path, f"# Chapter\n\n{filler}\n\n{figure}\n\n{after}\n\n"
                                    "# Next chapter\n\nThe end.\n")
    at = next(n for n, text in enumerate(pages) if "The big board." in text)
    before = pages[at - 1]
    assert "Opening paragraph 6" in before  # the figure did not fit after it...
    assert "Running text 3" in before  # ...so the text after it filled the hole
    assert "Next chapter" not in before  # a figure never leaves its chapter
    assert pages[at].index("The big board.") < pages[at].index("Next chapter")


@pytest.mark.parametrize("game", ["demon-mine", "dynamine", "gold-mine", "mattock"])
def test_nothing_in_the_body_runs_past_the_text_column(shipped_build, game):
    """Text, tables, notes, component lists and pictures all keep to the measure: on no
    page after the contents does ink reach the margins beside the text block."""
    from support import pdf_page_image

    paper = PAPERS["letter"]
    path = shipped_build / game / f"{game}-rulebook-letter.pdf"
    left, bottom, width, height = body_box(paper)
    dpi = 36
    scale = dpi / 72
    top_px, foot_px = int((paper.height - bottom - height) * scale) + 1, \
        int((paper.height - bottom) * scale) - 1
    for number in range(2, len(PdfReader(path).pages)):
        image = pdf_page_image(path, number, dpi).convert("L").point(
            lambda value: 255 if value < 235 else 0)
        for name, (x0, x1) in (("left", (0, int((left - 1.5) * scale))),
                               ("right", (int((left + width + 1.5) * scale) + 1,
                                          image.width))):
            ink = image.crop((x0, top_px, x1, foot_px)).getbbox()
            assert ink is None, f"page {number + 1}: ink in the {name} margin at {ink}"


def test_every_table_head_starts_with_a_capital_whatever_the_template_wrote(tmp_path):
    template = ("# Tables\n\n| what it does | **cost** | 1 or 2 |\n|---|---|---|\n"
                "| digs | three | a |\n")
    tileset = load_tileset(write_game(tmp_path, template=template))
    reader = PdfReader(io.BytesIO(render_rulebook(tileset, parse(tmp_path / "rules.md", tileset),
                                                  PAPERS["letter"])))
    text = reader.pages[2].extract_text()
    assert "What it does" in text and "Cost" in text and "1 or 2" in text
    assert "digs" in text  # the body's cells as written


def test_validate_refuses_the_template_lines_build_refuses_every_one_at_once(tmp_path):
    """An emoji and a Hebrew line in a game's own template passed validate and stopped
    build: validate now reads the template too, exit 2, both lines named."""
    assert "# Playing" in TEMPLATE
    path = write_game(tmp_path, TEMPLATE.replace("# Playing", "# Playing \U0001F600") +
                      "\n\u05e9\u05dc\u05d5\u05dd \u05e2\u05d5\u05dc\u05dd\n")
    checked = run("validate", str(path))
    assert checked.exit_code == 2, checked.output
    said = " ".join(checked.stderr.split())
    lines = [line for line in said.split("rules.md, line ")[1:]]
    assert len(lines) == 2, said
    built = run("build", str(path), "--out", str(tmp_path / "out"), "-q")
    assert built.exit_code == 2
    fine = run("validate", str(write_game(tmp_path)))
    assert fine.exit_code == 0, fine.output
