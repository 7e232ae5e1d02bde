"""Features printed one over the other: found as the tile prints, warned of by validate,
and never made by the studio's "+ icon" (issue 27)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from msgspec.structs import replace
from studio_support import copy_tileset, edit, running
from support import ROOT, tileset_from_text

from pnp.cli import main
from pnp.draw.overlap import free_anchor, overlap_findings, overlapping
from pnp.input.tileset import load_tileset
from pnp.model.tileset import Feature

CROWDED = """\
game: crowded
title: Crowded
size: 1.5in
tiles:
  - name: event
    count: 1
    role: event
    features: [{icon: bat}, {icon: nugget}]
  - name: apart
    count: 1
    role: event
    features: [{icon: bat, at: NW, scale: 0.5}, {icon: nugget, at: SE, scale: 0.5}]
"""


def test_two_icons_asked_for_the_same_spot_are_found_and_apart_ones_are_not():
    tileset = tileset_from_text(CROWDED)
    assert overlapping(tileset, tileset.tile("event")) == [(0, 1)]
    assert overlapping(tileset, tileset.tile("apart")) == []


@pytest.mark.parametrize("game", ["demon-mine", "dynamine", "gold-mine", "mattock"])
def test_no_shipped_tile_prints_one_feature_over_another(game):
    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    assert [(tile.name, pairs) for tile in tileset.tiles
            if (pairs := overlapping(tileset, tile))] == []


@pytest.mark.parametrize("game", ["demon-mine", "dynamine", "gold-mine", "mattock"])
def test_no_shipped_piece_prints_a_numeral_over_its_icon(game):
    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    assert [finding.message for finding in overlap_findings(tileset)] == []


TOKENS = """\
game: tokens
title: Tokens
size: 1.5in
tiles:
  - {name: plain, count: 1, role: event, features: [{icon: bat}]}
components:
  - {name: crowded, kind: token, count: 1, size: 1in, shape: round,
     features: [{icon: mark-triangle, at: N, scale: 0.85}, {text: "1", scale: 3.4, at: S}]}
  - {name: clear, kind: token, count: 1, size: 1in, shape: round,
     features: [{icon: mark-triangle, at: N, scale: 0.72}, {text: "1", scale: 3.2, at: S}]}
"""


def test_validate_warns_of_a_numeral_printed_over_a_tokens_icon(tmp_path):
    """Dynamine's depth markers once printed their level over the bottom of their
    triangle: the check that finds it on tiles finds it on tokens too."""
    path = tmp_path / "tokens.yaml"
    path.write_text(TOKENS, encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert "On 'crowded', the icon 'mark-triangle' (features[0]) and the text '1' " \
           "(features[1]) print one over the other" in result.output, result.output
    assert "'clear'" not in result.output


def test_validate_warns_of_features_printed_one_over_the_other(tmp_path):
    path = tmp_path / "crowded.yaml"
    path.write_text(CROWDED, encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert "warning: [features-overlap] On 'event', the icon 'bat' (features[0]) and the " \
           "icon 'nugget' (features[1]) print one over the other" in result.output
    assert "'apart'" not in result.output


def test_a_free_anchor_is_the_first_place_that_covers_nothing():
    tileset = tileset_from_text(CROWDED)
    apart = tileset.tile("apart")
    at, scale = free_anchor(tileset, apart, Feature("icon", "nugget", "center"))
    assert at != "center" and scale < 1.0  # the centre is too near both, a full icon too big
    more = replace(apart, features=(*apart.features, Feature("icon", "nugget", at, scale)))
    assert overlapping(tileset, more) == []


@pytest.mark.parametrize("tile", ["beetle-hive", "miner"])
def test_the_studios_new_icon_lands_in_free_rock_not_on_the_tiles_own(tmp_path, tile):
    """"+ icon" had put the new icon at the centre, over the tile's icon and label."""
    path = copy_tileset(tmp_path, "demon-mine")
    with running(path) as server:
        status, state = edit(server, op="add-feature", tile=tile, kind="icon", value="nugget")
        tileset, _ = server.session.snapshot()
    assert status == 200, state
    added = next(t for t in state["tiles"] if t["name"] == tile)["features"][-1]
    assert added["value"] == "nugget"
    assert overlapping(tileset, tileset.tile(tile)) == []  # over neither icon nor name


def test_the_overlap_check_spares_only_the_very_pieces_a_shipped_game_prints(tmp_path):
    """Placing every feature of every tile costs validate half a second on Dynamine; the
    shipped pieces are held free of overlaps above, so the game, its variants and a mix
    that only changes counts skip it. One homebrew tile could move every icon (their
    size is shared), so a mix with one is checked, and its overlap is still found."""
    from pnp.export.findings import draws_as_shipped
    from pnp.input.targets import load_target

    assert draws_as_shipped(load_target("dynamine"))
    counts = tmp_path / "counts.yaml"
    counts.write_text("base: dynamine\ncounts:\n  c1-vertical: 3\n", encoding="utf-8")
    assert draws_as_shipped(load_target(str(counts)))
    crowded = tmp_path / "crowded.yaml"
    crowded.write_text("base: demon-mine\ntiles:\n  - {name: crowded, count: 1, role: event, "
                       "features: [{icon: bat}, {icon: nugget}]}\n", encoding="utf-8")
    assert not draws_as_shipped(load_target(str(crowded)))
    result = CliRunner().invoke(main, ["validate", str(crowded)])
    assert "warning: [features-overlap] On 'crowded'" in result.output, result.output
