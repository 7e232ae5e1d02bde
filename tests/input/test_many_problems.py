"""Every independent mistake in one run: tilesets, mixes, --set and layouts.

A designer who makes five mistakes should see five paragraphs, each with its
own file, line and field, and not run pnp five times. A mistake that follows
from an earlier broken value (a reference to a back whose name is wrong, a
path judged against a shape that is not one) must not add noise.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from support import ROOT, tileset_from_text
from support import run_pnp as run

from pnp.errors import MAX_REPORTED, InputError, Problem, Where
from pnp.input.tileset import load_tileset
from pnp.rules import dynamine as dyn

MANY = """\
game: Probe Game
title: Probe
size: 12
tiles:
  - name: straight
    count: many
    paths: [N-S]
  - name: elbow
    count: 1
    paths: [N-Q]
    features:
      - {label: ELBOW, colour: red}
    role: boss
"""

# (line, field, words) of each mistake in MANY, in file order.
MANY_PROBLEMS = [
    (1, "game", "not a valid name"),
    (3, "size", "not a length"),
    (6, "tiles[0].count", "a count must be a whole number"),
    (10, "tiles[1].paths[0]", "'Q' is not an edge of a square tile"),
    (12, "tiles[1].features[0].colour", "unknown field"),
    (13, "tiles[1].role", "not one of the allowed values"),
]


def paragraphs(stderr: str) -> list[str]:
    """The problem paragraphs of a multi-problem error, without the counting line."""
    head, *rest = stderr.rstrip("\n").split("\n\n")
    assert head.startswith("pnp: error: ") and head.endswith(":"), head
    return rest


def problems_of(text: str, folder: Path) -> list[Problem]:
    with pytest.raises(InputError) as caught:
        tileset_from_text(text, folder)
    return list(caught.value.problems)


def test_six_mistakes_are_reported_in_one_run_of_the_real_cli(tmp_path):
    target = tmp_path / "probe.yaml"
    target.write_text(MANY, encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "pnp", "validate", str(target)],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    assert proc.stderr.startswith(f"pnp: error: 6 problems in {target}:\n\n")
    found = paragraphs(proc.stderr)
    assert len(found) == len(MANY_PROBLEMS)
    for paragraph, (line, field, words) in zip(found, MANY_PROBLEMS, strict=True):
        assert paragraph.startswith(f"{target}, line {line}: field '{field}': {words}"), \
            paragraph
        assert "Found " in paragraph and "Allowed: " in paragraph, paragraph


def test_several_problems_build_nothing(tmp_path):
    target = tmp_path / "probe.yaml"
    target.write_text(MANY, encoding="utf-8")
    out = tmp_path / "out"
    result = run("build", str(target), "--out", str(out))
    assert result.exit_code == 2
    assert len(paragraphs(result.stderr)) == len(MANY_PROBLEMS)
    assert not out.exists()


def test_the_report_is_capped_and_counts_the_rest(tmp_path):
    tiles = "".join(f"  - {{name: tile-{i}, count: -{i + 1}}}\n" for i in range(MAX_REPORTED + 7))
    target = tmp_path / "probe.yaml"
    target.write_text(f"game: probe\ntitle: Probe\nsize: 1in\ntiles:\n{tiles}", encoding="utf-8")
    result = run("validate", str(target))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"pnp: error: {MAX_REPORTED + 7} problems in {target}:")
    found = paragraphs(result.stderr)
    assert len(found) == MAX_REPORTED + 1
    assert all("this count is out of range" in p for p in found[:MAX_REPORTED])
    assert found[0].startswith(f"{target}, line 5: field 'tiles[0].count'")
    assert found[-1] == "... and 7 more, not shown: fix these and run again to see the rest."


@pytest.mark.parametrize(("text", "expected"), [
    # A mistyped required field is one mistake, not also "title is required".
    ("game: probe\ntitel: Probe\nsize: 1in\ntiles: [{name: a, count: 1}]\n",
     [(2, "titel", "unknown field (did you mean 'title'?)")]),
    # A back whose name is broken: tiles naming a back are not called wrong.
    ("game: probe\ntitle: P\nsize: 1in\nbacks: [{name: Dark Back}]\n"
     "tiles: [{name: a, count: 1, back: dark-back}]\n",
     [(4, "backs[0].name", "not a valid name")]),
    # No usable shape: paths are not judged against any shape's edges.
    ("game: probe\ntitle: P\nsize: 1in\nshape: hexagon\ntiles: [{name: a, count: 1, "
     "paths: [N-Q]}]\n",
     [(4, "shape", "not one of the allowed values")]),
    # Tiles that are not a list: variants' tile names are not checked against nothing.
    ("game: probe\ntitle: P\nsize: 1in\ntiles: 3\nvariants: [{name: v, counts: {a: 1}}]\n",
     [(4, "tiles", "expected a list of tile kinds")]),
    # A tile whose name is broken: a variant may well mean it.
    ("game: probe\ntitle: P\nsize: 1in\ntiles: [{name: A, count: 1}]\n"
     "variants: [{name: v, counts: {a: 1}}]\n",
     [(4, "tiles[0].name", "not a valid name")]),
    # A board side that is no number: cells are not called off the board.
    ("game: probe\ntitle: P\nsize: 1in\nshape: hex-flat\ntiles: [{name: a, count: 1}]\n"
     "board: {side: big, spaces: [{label: R, colour: '#ff0000', cells: [[9, 9]]}]}\n",
     [(6, "board.side", "not a usable number")]),
    # A path that is no path is reported once, not again for its edges.
    ("game: probe\ntitle: P\nsize: 1in\ntiles: [{name: a, count: 1, paths: [5, N-S]}]\n",
     [(4, "tiles[0].paths[0]", "not a path")]),
], ids=["typo-of-required", "broken-back-name", "broken-shape", "tiles-not-a-list",
        "broken-tile-name", "broken-board-side", "broken-path"])
def test_what_depends_on_a_broken_value_stays_quiet(text, expected, tmp_path):
    found = [(p.where.line, p.field, p.problem) for p in problems_of(text, tmp_path)]
    assert len(found) == len(expected), found
    for (line, field, problem), (want_line, want_field, words) in zip(found, expected,
                                                                       strict=True):
        assert (line, field) == (want_line, want_field)
        assert problem.startswith(words), problem


def test_cross_field_steps_report_alongside_field_checks(tmp_path):
    text = """\
game: probe
title: P
size: 1in
back: nowhere
backs:
  - {name: plain}
  - {name: plain}
tiles:
  - {name: a, count: 1, paths: [N-S, S-E]}
  - {name: a, count: x}
variants:
  - {name: v, counts: {b: 1, a: -1}}
aids:
  - {name: tiles, title: T, sections: [{heading: H, text: T}]}
"""
    found = [(p.where.line, p.field, p.problem.split(" (")[0])
             for p in problems_of(text, tmp_path)]
    assert found == [
        (4, "back", "not one of the allowed values"),
        (7, "backs[1].name", "two backs share a name"),
        (9, "tiles[0].paths[1]", "edge S is already used by paths[0]; an edge opens onto one "
                                 "path only"),
        (10, "tiles[1].count", "a count must be a whole number"),
        (10, "tiles[1].name", "two tile kinds share a name"),
        (12, "variants[0].counts.a", "this count is out of range"),  # fields first,
        (12, "variants[0].counts.b", "not one of the allowed values"),  # then the steps
        (14, "aids[0].name", "this aid name is taken"),
    ]


def test_parser_level_mistakes_are_reported_together(tmp_path):
    text = 'game: probe\ntitle: "A\\x07"\nsize: 1in\ntiles: []\nsize: 2in\n7: seven\n'
    target = tmp_path / "probe.yaml"
    target.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_tileset(target)
    assert [(p.where.line, p.problem.split(" ")[1]) for p in caught.value.problems] == [
        (2, "text"), (5, "key"), (6, "key")]


def test_a_mix_reports_every_mistake_with_its_own_lines(tmp_path):
    mix = tmp_path / "mix.yaml"
    mix.write_text("base: demon-mine\nname: My Mix\ncounts:\n  elbo: 3\n  straight: lots\n"
                   "tiles:\n  - {name: elbow, count: 1, paths: [N-Q]}\ncolour: red\n",
                   encoding="utf-8")
    result = run("validate", str(mix))
    assert result.exit_code == 2
    found = paragraphs(result.stderr)
    expected = [(2, "name", "not a valid name"), (4, "counts.elbo", "did you mean elbow"),
                (5, "counts.straight", "a count must be a whole number"),
                (7, "tiles[0].paths[0]", "not an edge of a square tile"),
                (7, "tiles[0].name", "already exists"), (8, "colour", "unknown field")]
    assert len(found) == len(expected), found
    for paragraph, (line, field, words) in zip(found, expected, strict=True):
        assert paragraph.startswith(f"{mix}, line {line}: field '{field}':"), paragraph
        assert words in paragraph


def test_a_mix_with_an_unknown_base_says_so_at_its_line(tmp_path):
    mix = tmp_path / "mix.yaml"
    mix.write_text("name: mine\nbase: demon-mines\ncounts: {elbow: x}\n", encoding="utf-8")
    result = run("validate", str(mix))
    assert result.exit_code == 2
    found = paragraphs(result.stderr)
    assert found[0].startswith(f"{mix}, line 2: field 'base': unknown game (did you mean "
                               "'demon-mine'?). Found 'demon-mines'.")
    assert found[1].startswith(f"{mix}, line 3: field 'counts.elbow': a count must be")
    assert len(found) == 2


def test_a_mix_names_the_base_files_own_mistakes(tmp_path):
    base = tmp_path / "base.yaml"
    base.write_text("game: probe\ntitle: P\nsize: 1in\ntiles: [{name: a, count: x}]\n",
                    encoding="utf-8")
    mix = tmp_path / "mix.yaml"
    mix.write_text("base: base.yaml\nnaem: x\n", encoding="utf-8")
    result = run("validate", str(mix))
    assert result.exit_code == 2
    assert result.stderr.startswith("pnp: error: 2 problems:\n\n")
    found = paragraphs(result.stderr)
    assert found[0].startswith(f"{mix}, line 2: field 'naem': unknown field")
    assert found[1].startswith(f"{base}, line 4: field 'tiles[0].count'")


def test_every_bad_set_is_reported_at_once():
    result = run("validate", "demon-mine", "--set", "elbw=3", "--set", "tee=lots",
                 "--set", "cross")
    assert result.exit_code == 2
    assert result.stderr.startswith("pnp: error: 3 problems on the command line:\n\n")
    found = paragraphs(result.stderr)
    assert [p.split(": ", 2)[1] for p in found] == ["field '--set'", "field '--set tee'",
                                                    "field '--set'"]
    assert "did you mean elbow" in found[0]
    assert "a count must be a whole number" in found[1]
    assert "TILE=COUNT" in found[2]


LAYOUT_TILES = """\
game: dynamine
title: T
size: 1in
rotatable: false
tiles:
  - {name: entrance, count: 4, role: base, paths: [{ports: E-S-W, junction: true}]}
  - {name: shaft, count: 20, paths: [N-S], features: [{die: 1}]}
  - {name: row, count: 10, paths: [E-W], features: [{die: 1}]}
"""


def test_a_layout_reports_mistakes_in_every_player_but_one_per_mine(tmp_path):
    tiles = tileset_from_text(LAYOUT_TILES, tmp_path)
    layout = tmp_path / "layout.yaml"
    layout.write_text("""\
side: C
players:
  - name: Ana
    tiles:
      - {tile: row, at: [0, 2]}
      - {tile: shaft, at: [0, 3]}
    items: [ancient-rings]
  - name: Ben
    entrance: [0, x]
    tiles:
      - {tile: shafts, at: [0, 2]}
""", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        dyn.load_layout(layout, tiles)
    found = [(p.where.line, p.field, p.problem.split(" (")[0]) for p in caught.value.problems]
    assert found == [
        (1, "side", "unknown reward side"),
        (5, "players[0].tiles[0]", "the tile does not line up: its N edge is rock but the "
                                   "entrance at [0, 1] is open on the facing edge"),
        (7, "players[0].items[0]", "unknown item"),
        (9, "players[1].entrance", "not a cell"),
        (11, "players[1].tiles[0].tile", "unknown tunnel tile"),
    ]


def test_one_problem_prints_as_before():
    error = InputError(Where("f.yaml", 3), "not a length", field="size", found="'12'",
                       allowed="a length")
    assert error.paragraph() == ("f.yaml, line 3: field 'size': not a length. Found '12'. "
                                 "Allowed: a length.")
    assert InputError.of(error.problems).paragraph() == error.paragraph()


def test_several_problems_are_ordered_by_file_then_line_and_deduplicated():
    problems = [Problem(Where("b.yaml", 9), "late"), Problem(Where("b.yaml", 2), "early"),
                Problem(Where("a.yaml", 1), "other file"), Problem(Where("b.yaml", 2), "early")]
    error = InputError.of(problems)
    assert [(p.where.file, p.where.line) for p in error.problems] == [
        ("b.yaml", 2), ("b.yaml", 9), ("a.yaml", 1)]
    assert (error.where, error.problem) == (Where("b.yaml", 2), "early")
    assert error.paragraph().startswith("3 problems:\n\nb.yaml, line 2: early.\n\n")


def test_an_input_error_survives_the_trip_from_a_build_worker():
    import pickle

    from pnp.errors import InputError, Where

    one = InputError(Where("mine.yaml", 3), "not a number", field="count", found="'x'",
                     allowed="a whole number")
    several = InputError.of([one.problems[0], InputError(Where("mine.yaml", 1), "unknown field",
                                                         field="colour").problems[0]])
    for error in (one, several):
        copy = pickle.loads(pickle.dumps(error))
        assert isinstance(copy, InputError)
        assert copy.problems == error.problems and copy.paragraph() == error.paragraph()


def test_a_count_too_big_for_set_is_said_to_be_out_of_range_not_malformed():
    result = run("validate", "demon-mine", "--set", "tee=100001", "--set", "cross=9999999")
    found = paragraphs(result.stderr)
    assert result.exit_code == 2 and len(found) == 2
    assert all("this count is out of range" in paragraph and
               "a whole number from 0 to 100000" in paragraph for paragraph in found)
