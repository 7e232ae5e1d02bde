"""Round tokens sit apart, so scissors can go round each (issue 35).

Packed edge to edge, two round tokens' art met at a point and a player had
nowhere to turn the scissors; the sheet's spare half page stayed empty. Now
the room a sheet has to spare goes between them, on as many sheets as before,
and a kind whose count the columns divide fills rows of its own.
"""

from __future__ import annotations

import json
from collections import defaultdict
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from pnp.impose.layout import Group, SheetPlan, impose_groups, printable
from pnp.impose.spread import GUTTER_MAX, GUTTER_STEP, spread_out, with_gutter
from pnp.model.paper import PAPERS
from pnp.units import mm


def rows_of(placements: list[dict]) -> list[list[dict]]:
    """Placements by row, top first, each row left to right."""
    rows: dict[float, list[dict]] = defaultdict(list)
    for placed in placements:
        rows[round(placed["y"], 1)].append(placed)
    return [sorted(row, key=lambda p: p["x"]) for _, row in sorted(rows.items(), reverse=True)]


def gaps(row: list[dict]) -> list[float]:
    return [b["x"] - (a["x"] + a["w"]) for a, b in pairwise(row)]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_demon_mines_pawns_sit_apart_a_colour_to_a_row(shipped_build, paper):
    manifest = json.loads((shipped_build / "demon-mine" / "manifest.json").read_text())
    [sheet] = [s for s in manifest["sheets"] if s["kind"] == "tokens" and s["paper"] == paper]
    fronts = [p for p in sheet["placements"] if p["side"] == "front" and "component" in p]
    assert sheet["pages"] == 2  # one sheet of card, as packed
    rows = rows_of(fronts)
    assert [len(row) for row in rows] == [8] * 6  # four colours, and two rows of Othello pawns
    assert [len({p["component"] for p in row}) for row in rows] == [1] * 6
    for row in rows:
        assert min(gaps(row)) >= mm(3) - 0.01
    firsts = [row[0] for row in rows]
    assert min(above["y"] - (below["y"] + below["h"])
               for above, below in pairwise(firsts)) >= mm(3) - 0.01


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_mattocks_miners_sit_apart_a_colour_to_a_row(shipped_build, paper):
    manifest = json.loads((shipped_build / "mattock" / "manifest.json").read_text())
    entry = next(s for s in manifest["sheets"] if s["kind"] == "tiles" and s["paper"] == paper)
    tokens = [p for p in entry["placements"] if p["side"] == "front" and "component" in p]
    rows = rows_of(tokens)
    assert [len(row) for row in rows] == [6, 6]
    assert [len({p["component"] for p in row}) for row in rows] == [1, 1]
    assert min(gap for row in rows for gap in gaps(row)) >= mm(3) - 0.01


def plans(groups: list[Group], paper: str) -> tuple[SheetPlan, SheetPlan]:
    def build(groups: list[Group]) -> SheetPlan:
        return impose_groups(groups, PAPERS[paper], 0.0, "long", None)

    packed = build(groups)
    return packed, spread_out(packed, groups, build)


@settings(deadline=None, max_examples=60)
@given(counts=st.lists(st.integers(1, 40), min_size=1, max_size=4),
       size=st.floats(36, 160), paper=st.sampled_from(["letter", "a4"]))
def test_spreading_never_costs_a_sheet_and_takes_the_widest_gutter(counts, size, paper):
    pieces = tuple((f"token-{index}", count, "component") for index, count in enumerate(counts))
    group = Group(pieces, size, size, round=True)
    packed, spread = plans([group], paper)
    assert len(spread.pages) == len(packed.pages)
    grid = spread.pages[0].grid
    gutter = grid.pitch_x - size
    assert 0 <= gutter <= GUTTER_MAX + 1e-9
    assert grid.pitch_y == pytest.approx(grid.pitch_x)
    area = printable(PAPERS[paper])
    for placed in spread.placements:  # inside the printable area
        assert area.left <= placed.x and placed.x + placed.w <= area.right + 1e-6
        assert area.bottom <= placed.y and placed.y + placed.h <= area.top + 1e-6
    if gutter + GUTTER_STEP <= GUTTER_MAX:  # one step wider would cost a sheet, or a column
        wider = impose_groups([replace(group, gutter=gutter + GUTTER_STEP,
                                       columns=grid.columns)], PAPERS[paper], 0.0, "long", None)
        assert len(wider.pages) > len(packed.pages) or wider.pages[0].grid.columns < grid.columns


def test_pieces_that_share_cuts_keep_butting():
    square = Group((("card", 20, "component"),), 180.0, 252.0)
    packed, spread = plans([square], "letter")
    assert spread is packed
    assert with_gutter([square], 9.0) == [square]
