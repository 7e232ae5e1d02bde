"""Cards and tokens from a spreadsheet: a CSV file's rows as components (issue 28)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.assemble.places import game_inputs
from pnp.cli import main
from pnp.input.tileset import load_tileset

GAME = """\
game: listed
title: Listed
size: 1.5in
tiles:
  - {name: bend, count: 2, paths: [N-E]}
card-lists:
  - {rows: cards.csv, kind: card, size: 63mm x 88mm}
"""
CARDS = ("name,count,title,text,icon\n"
         "torch,2,Wall Torches,Light two squares of your tunnel.,torch\n"
         'barrel,1,Powder Barrel,"Blow open a wall, then discard this.",barrel\n'
         "\n"  # a blank line between groups of cards is fine
         "plain,3,Plain,,\n")


def write(folder: Path, cards: str | bytes, game: str = GAME) -> Path:
    path = folder / "listed.yaml"
    path.write_text(game, encoding="utf-8")
    data = cards.encode("utf-8") if isinstance(cards, str) else cards
    (folder / "cards.csv").write_bytes(data)
    return path


def test_each_row_is_a_card_with_its_title_rules_and_picture(tmp_path):
    tileset = load_tileset(write(tmp_path, "\ufeff" + CARDS))  # a spreadsheet's BOM is fine
    cards = {card.name: card for card in tileset.components}
    assert [(name, card.count, card.kind) for name, card in cards.items()] == [
        ("torch", 2, "card"), ("barrel", 1, "card"), ("plain", 3, "card")]
    assert [(f.kind, f.value) for f in cards["barrel"].features] == [
        ("label", "Powder Barrel"), ("text", "Blow open a wall, then discard this."),
        ("icon", "barrel")]
    assert [(f.kind, f.value) for f in cards["plain"].features] == [("label", "Plain")]
    assert (cards["plain"].width, cards["plain"].height) == \
        pytest.approx((63 * 72 / 25.4, 88 * 72 / 25.4))  # the list's shared size
    assert tileset.card_lists == ((tmp_path / "cards.csv").resolve(),)
    assert (tmp_path / "cards.csv").resolve() in [i.path for i in game_inputs(tileset)]


def test_a_listed_game_builds_its_cards(tmp_path):
    path = write(tmp_path, CARDS)
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(path), "--paper", "letter",
                                       "--no-rulebook", "--out", str(out)])
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "listed" / "manifest.json").read_text())
    assert {c["name"]: c["count"] for c in manifest["components"]} == \
        {"torch": 2, "barrel": 1, "plain": 3}


def test_every_mistake_names_the_file_the_row_and_the_column(tmp_path):
    cards = ("name,count,title,icon\n"
             "Torch,2,Wall Torches,torchh\n"  # line 2: name and icon
             "barrel,lots,Powder,barrel\n"  # line 3: count
             "bend,1,Bend,\n"  # line 4: a tile's name
             ",1,,\n"  # line 5: no name
             "torch,1,Again,torch,extra\n")  # line 6: a cell too many
    result = CliRunner().invoke(main, ["validate", str(write(tmp_path, cards))])
    assert result.exit_code == 2 and "Traceback" not in result.output
    csv = tmp_path / "cards.csv"
    for fragment in (f"{csv}, line 2: field 'name': not a valid name. Found 'Torch'",
                     f"{csv}, line 2: field 'icon': not one of the allowed values (did you "
                     "mean 'torch'?). Found 'torchh'",
                     f"{csv}, line 3: field 'count': a count must be a whole number. Found "
                     "'lots'",
                     f"{csv}, line 4: field 'name': a piece of this name exists already",
                     f"{csv}, line 5: field 'name': this column is empty in this row",
                     f"{csv}, line 6: this row has more cells than the first row has columns"):
        assert fragment in result.output, fragment
    assert "6 problems" in result.output


@pytest.mark.parametrize(("rows", "cards", "expected"), [
    ("../cards.csv", CARDS, "this path leaves the tileset's folder"),
    ("cards.txt", CARDS, "a card list is a .csv file"),
    ("cards.csv", b"name,count,title\n" + b"a,1,\xff\n", "not UTF-8 text"),
    ("cards.csv", "title,text\nA,B\n", "the first row names the columns"),
], ids=["outside", "not-csv", "not-utf8", "no-name-column"])
def test_a_list_that_cannot_be_read_is_one_clear_error(tmp_path, rows, cards, expected):
    folder = tmp_path / "game"
    folder.mkdir()
    path = write(folder, cards, GAME.replace("rows: cards.csv", f"rows: {rows}"))
    (tmp_path / "cards.csv").write_text(CARDS, encoding="utf-8")  # outside the folder
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 2 and expected in result.output, result.output


def test_a_list_whose_own_fields_are_wrong_is_reported_once_not_per_row(tmp_path):
    path = write(tmp_path, CARDS, GAME.replace("size: 63mm x 88mm", "size: huge"))
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 2
    assert result.output.count("field 'card-lists[0].size'") == 1
    assert "components[" not in result.output


@pytest.mark.parametrize(("cards", "expected"), [
    # an unclosed quote had swallowed every later row into one title
    ('name,count,title\ntorch,2,"Wall\nlamp,1,Lamp\n',
     "line 2: this row cannot be read as CSV"),
    # the row after a cell over three lines starts on line 5, not 3
    ('name,count,title,text\ntorch,2,Torch,"one\ntwo\nthree"\nBad Name,1,Lamp,x\n',
     "line 5: field 'name': not a valid name"),
    # digits int() cannot read, and one too long to be a count
    ("name,count\nq,\u00b2\n", "line 2: field 'count': a count must be a whole number"),
    ("name,count\nq," + "9" * 5000 + "\n", "line 2: field 'count'"),
    # a wide header is named in a few words, not quoted whole
    ("name,count," + "extra," * 50000 + "\n", "line 1: field 'header'"),
], ids=["open-quote", "lines-after-a-long-cell", "superscript", "huge-count", "wide-header"])
def test_a_hostile_list_is_one_short_clear_error(tmp_path, cards, expected):
    result = CliRunner().invoke(main, ["validate", str(write(tmp_path, cards))])
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output[:500]
    assert f"cards.csv, {expected}" in result.output and len(result.output) < 2000
    assert "Found unknown columns 'extra'" in result.output or "extra" not in cards


def test_a_lists_own_mistake_is_one_problem_on_its_field_whatever_the_rows(tmp_path):
    path = write(tmp_path, "name,count\n" + "".join(f"c{n},1\n" for n in range(50)),
                 GAME.replace("size: 63mm x 88mm", "size: 63mm x 88mm, back: nothere"))
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 2
    assert result.output.count("field 'card-lists[0].back'") == 1, result.output
    assert "components[" not in result.output


def test_a_components_field_that_is_not_a_list_is_still_refused_with_a_list(tmp_path):
    path = write(tmp_path, "name,count\na,1\n",
                 GAME + "components:\n  name: real\n  kind: card\n")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 2 and "expected a list of components" in result.output


def test_a_negative_count_is_out_of_range_and_blank_lines_may_come_first(tmp_path):
    result = CliRunner().invoke(main, ["validate", str(write(tmp_path,
                                                             "\n\nname,count\nq,-1\n"))])
    assert result.exit_code == 2
    assert "cards.csv, line 4: field 'count': this count is out of range" in result.output


def test_a_list_named_twice_is_one_error_on_its_second_entry(tmp_path):
    path = write(tmp_path, CARDS, GAME + "  - {rows: cards.csv, kind: card, size: 1in}\n")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 2
    assert "field 'card-lists[1].rows': this card list is listed already" in result.output
    assert "exists already" not in result.output
