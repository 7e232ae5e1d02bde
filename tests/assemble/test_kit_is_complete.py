"""The kit keeps every promise its book prints: each player count on the cover plays
with the pieces `make` prints (extras sheets included), and every sheet the printing
table names is a file of the build."""

from __future__ import annotations

import json

import pytest
from support import ROOT, SHIPPED_GAMES

from pnp.input.tileset import load_tileset
from pnp.model.options import BuildOptions
from pnp.rulebook.printing import print_rows
from pnp.rules import Setup, rules_for


@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_every_player_count_on_the_cover_plays_with_the_printed_pieces(game):
    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    rules = rules_for(tileset.rules_game)
    assert rules is not None
    printed = {tile.name: tile.count for tile in tileset.tiles}
    for _, more in tileset.extras():
        for name, count in more:
            printed[name] += count
    for players in tileset.players:
        variant = next((v for v in tileset.variants if v.players == players), None)
        # the table holds the variant's mix, taken from what the kit prints
        wanted = dict(variant.counts) if variant is not None else {}
        assert all(printed[name] >= count for name, count in wanted.items()), \
            f"{game}: {players} players need {wanted}, the kit prints {printed}"
        mix = tileset.with_counts({**{t.name: t.count for t in tileset.tiles}, **wanted})
        errors = [finding.line() for finding in rules.check(Setup(
            mix, players, variant.name if variant else None)) if finding.severity == "error"]
        assert errors == [], f"{game} with {players} players: {errors}"


def test_demon_mines_four_players_get_their_second_entrance_and_hive_below_the_tokens(
        shipped_build):
    """Two tiles once took a sheet of card of their own; they print below the pawns,
    fronts and backs, and the token sheet stays one sheet."""
    tileset = load_tileset(ROOT / "tilesets" / "demon-mine.yaml")
    assert 4 in tileset.players
    ((variant, more),) = tileset.extras()
    assert variant.name == "four-player" and dict(more) == {"mine-entrance": 1,
                                                            "beetle-hive": 1}
    manifest = json.loads((shipped_build / "demon-mine" / "manifest.json").read_text())
    assert "extras" not in {sheet["kind"] for sheet in manifest["sheets"]}
    for sheet in (s for s in manifest["sheets"] if s["kind"] == "tokens"):
        assert sheet["pages"] == 2, sheet["paper"]
        for side in ("front", "back"):
            tiles = [p["tile"] for p in sheet["placements"] if "tile" in p and p["side"] == side]
            assert sorted(tiles) == ["beetle-hive", "mine-entrance"], (sheet["paper"], side)
    assert not list(shipped_build.glob("demon-mine/*extras*"))


FILES = {"Tiles": "tiles", "Cards": "cards", "Tokens": "tokens", "Board": "board",
         "Board assembly guide": "board"}  # the board file's last page


@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_every_sheet_the_printing_table_names_is_in_the_build(shipped_build, game):
    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    manifest = json.loads((shipped_build / game / "manifest.json").read_text())
    kinds = {sheet["kind"] for sheet in manifest["sheets"]}
    paths = {sheet["path"] for sheet in manifest["sheets"]}
    aids = {aid.title: aid.name for aid in tileset.aids}
    for row in print_rows(tileset, BuildOptions()):
        if row.name.startswith("Tokens, and the tiles for"):  # the extras ride below them
            assert "tokens" in kinds and "extras" not in kinds
        elif row.name == "Tiles, with the tokens on the last sheet":  # the tokens ride on tiles
            assert "tiles" in kinds and "tokens" not in kinds
        elif row.name in FILES:
            assert FILES[row.name] in kinds, f"{game}: no {row.name} sheet"
        elif row.name in aids:
            assert f"{game}-{aids[row.name]}-letter.pdf" in paths
        elif row.name.endswith("extra tiles"):  # riding on no paper's tokens: a sheet
            assert "extras" in kinds
        else:
            assert row.name == "This rulebook", row.name
            assert "rulebook" in kinds
