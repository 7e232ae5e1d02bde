"""What ``pnp watch`` makes again after a change, and that the result equals a full build."""

from __future__ import annotations

from msgspec.structs import replace
from support import ROOT

from pnp.assemble import build
from pnp.assemble.incremental import GameOutputs, stale_outputs
from pnp.assemble.registry import EXPORTERS
from pnp.input.tileset import load_tileset
from pnp.model.options import options_for

DEMON = ROOT / "tilesets" / "demon-mine.yaml"
QUICK = options_for(("letter",), rulebook=False)


def demon():
    return load_tileset(DEMON)


def test_a_first_build_and_a_changed_design_redo_everything():
    tileset = demon()
    assert stale_outputs(None, tileset, False) is None
    browner = replace(tileset, palette=(("rock", "#553322"), *tileset.palette[1:]))
    assert stale_outputs(tileset, browner, False) is None


def test_a_count_change_keeps_designs_board_and_aids():
    tileset = demon()
    fewer = tileset.with_counts({"elbow": 3})
    stale = stale_outputs(tileset, fewer, False)
    assert stale == {e.name for e in EXPORTERS} - {"svg", "board", "aids"}
    assert "tiles" in stale and "rulebook" in stale  # the rulebook lists the counts


def test_moved_lines_change_nothing_and_a_template_only_the_rulebook(tmp_path):
    tileset = demon()
    moved = tmp_path / "demon-mine.yaml"
    moved.write_text("# one more comment line\n" + DEMON.read_text())
    again = replace(load_tileset(moved), source=tileset.source)
    assert again.tiles[0].line == tileset.tiles[0].line + 1
    assert stale_outputs(tileset, again, False) == frozenset()
    assert stale_outputs(tileset, again, True) == {"rulebook"}


class Counting:
    """An exporter that counts how often it is asked to export."""

    def __init__(self, inner):
        self.inner, self.calls = inner, 0
        self.name, self.per_paper, self.own_job = inner.name, inner.per_paper, inner.own_job
        self.slow = inner.slow

    def applies(self, tileset, options):
        return self.inner.applies(tileset, options)

    def export(self, designs, paper):
        self.calls += 1
        return self.inner.export(designs, paper)


def test_only_stale_outputs_are_made_again_and_the_folder_equals_a_full_build(tmp_path):
    exporters = tuple(Counting(e) for e in EXPORTERS)
    outputs = GameOutputs(tmp_path / "watch", QUICK, exporters)
    tileset = demon()
    outputs.check(tileset, DEMON)
    first = outputs.update(tileset, None, slow=False)
    assert ("new", "demon-mine-tiles-letter.pdf") in first
    calls = {e.name: e.calls for e in exporters}
    fewer = tileset.with_counts({"elbow": 3})
    changes = outputs.update(fewer, stale_outputs(tileset, fewer, False), slow=False)
    # with 25 fewer elbows the last tile sheet has room for the pawns, which leave their own;
    # the four-player tiles that rode below them take a sheet of their own again
    assert sorted(changes) == [("changed", "demon-mine-tiles-letter.pdf"),
                               ("new", "demon-mine-four-player-extras-letter.pdf"),
                               ("removed", "demon-mine-tokens-letter.pdf")]
    again = {e.name: e.calls - calls[e.name] for e in exporters}
    assert again["svg"] == 0 and again["tiles"] == 1
    assert outputs.update(fewer, frozenset(), slow=False) == []
    build([fewer], tmp_path / "full", QUICK)
    for name in ("manifest.json", "demon-mine-tiles-letter.pdf", "tiles/elbow.svg"):
        assert (tmp_path / "watch" / "demon-mine" / name).read_bytes() == \
            (tmp_path / "full" / "demon-mine" / name).read_bytes(), name
