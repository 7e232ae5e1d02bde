"""The checks every mix gets, whatever its game."""

from __future__ import annotations

from support import tileset_from_text

from pnp.impose.capacity import capacity
from pnp.rules import Setup
from pnp.rules.general import check, same_under_rotation

MIX = """game: homebrew
title: Homebrew
size: 1.5in
tiles:
  - {name: bend, count: 3, paths: [N-E]}
  - {name: bend-turned, count: 2, paths: [S-W]}
  - {name: wall, count: {wall}}
  - {name: fixed-bend, count: 1, paths: [E-S], rotatable: false}
"""


def findings(text: str) -> dict[str, list]:
    result: dict[str, list] = {}
    tileset = tileset_from_text(text)
    for finding in check(Setup(tileset, 2)) + capacity(tileset):
        result.setdefault(finding.rule, []).append(finding)
    return result


def test_a_kind_that_is_another_turned_round_is_reported_with_a_merge_fix():
    found = findings(MIX.replace("{wall}", "0"))
    (duplicate,) = found["rotation-duplicate"]
    assert duplicate.severity == "info" and duplicate.tiles == ("bend", "bend-turned")
    assert "count 5" in duplicate.fix


def test_fixed_orientation_tiles_are_never_rotation_duplicates():
    tileset = tileset_from_text(MIX.replace("{wall}", "0"))
    assert not same_under_rotation(tileset.tile("bend"), tileset.tile("fixed-bend"), tileset)
    assert same_under_rotation(tileset.tile("bend"), tileset.tile("bend-turned"), tileset)


def test_a_tunnel_tile_with_no_openings_is_an_error_only_when_printed():
    assert "no-openings" not in findings(MIX.replace("{wall}", "0"))
    (error,) = findings(MIX.replace("{wall}", "2"))["no-openings"]
    assert error.severity == "error" and error.tiles == ("wall",)


def test_sheet_capacity_counts_sheets_for_both_papers():
    (info,) = findings(MIX.replace("{wall}", "30"))["sheet-capacity"]
    assert "36 tiles print on 2 Letter sheets of 30 or 2 A4 sheets of 30" in info.message


def test_an_empty_mix_is_an_error():
    empty = MIX.replace("count: 3", "count: 0").replace("count: 2", "count: 0") \
        .replace("count: 1", "count: 0").replace("{wall}", "0")
    assert findings(empty)["counts"][0].severity == "error"
