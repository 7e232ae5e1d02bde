"""Backs carry 3 mm of bleed: a duplex print a millimetre or two off shows no white sliver."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import pdf_page_image

from pnp.units import mm

DPI = 100
REACH = (mm(1.5), mm(2.8))  # how far past the trim each probe looks
SHEETS = ("tiles", "cards", "tokens")


@pytest.fixture(scope="module")
def built(shipped_build: Path) -> Path:
    return shipped_build


def back_sheets(out: Path) -> list[tuple[Path, dict]]:
    found = []
    for manifest_path in sorted(out.glob("*/manifest.json")):
        manifest = json.loads(manifest_path.read_text())
        for sheet in manifest["sheets"]:
            if sheet["kind"] in SHEETS and any(p["side"] == "back" for p in sheet["placements"]):
                found.append((manifest_path.parent / sheet["path"], sheet))
    return found


def probes(placement: dict) -> list[tuple[float, float]]:
    """Points just past the middle of each side of a piece's box, in PDF points.

    For hexes the box's sides touch the cut at two edges and two corners, for
    round tokens at four points of the circle: each probe is past the cut."""
    x, y, w, h = placement["x"], placement["y"], placement["w"], placement["h"]
    points = []
    for reach in REACH:
        points += [(x - reach, y + h / 2), (x + w + reach, y + h / 2),
                   (x + w / 2, y - reach), (x + w / 2, y + h + reach)]
    return points


def test_every_game_has_backs_to_check(built):
    kinds = {(path.parent.name, sheet["kind"]) for path, sheet in back_sheets(built)}
    assert {("demon-mine", "tiles"), ("mattock", "tiles"), ("dynamine", "cards"),
            ("gold-mine", "tokens"), ("dynamine", "tokens")} <= kinds
    # Mattock's two-sided miners ride on its last tile sheet: their backs are checked there
    assert any(path.parent.name == "mattock" and "component" in placement
               for path, sheet in back_sheets(built) for placement in sheet["placements"]
               if placement["side"] == "back")


def shared_cuts(placements: list[dict]) -> list[tuple[dict, dict, str]]:
    """Pairs of back pieces butted along one cut: the first's right or foot on the second."""
    pairs = []
    for one in placements:
        for other in placements:
            side_by_side = abs(one["x"] + one["w"] - other["x"]) < 0.01 and \
                min(one["y"] + one["h"], other["y"] + other["h"]) - max(one["y"], other["y"]) > 1
            stacked = abs(other["y"] + other["h"] - one["y"]) < 0.01 and \
                min(one["x"] + one["w"], other["x"] + other["w"]) - max(one["x"], other["x"]) > 1
            if side_by_side or stacked:
                pairs.append((one, other, "vertical" if side_by_side else "horizontal"))
    return pairs


def edge_tone(image, height: float, points: list[tuple[float, float]]) -> float:
    """The median grey of the page at ``points`` (PDF points, y up)."""
    tones = sorted(sum(image.getpixel((int(x * DPI / 72.0), int((height - y) * DPI / 72.0)))[:3])
                   / 3 for x, y in points)
    return tones[len(tones) // 2]


def back_pages(built: Path, paper: str):
    """Each back page of every sheet on ``paper``: its file, number, render and pieces."""
    for path, sheet in back_sheets(built):
        if sheet["paper"] != paper:
            continue
        by_page: dict[int, list[dict]] = {}
        for placement in sheet["placements"]:
            if placement["side"] == "back":
                by_page.setdefault(placement["page"], []).append(placement)
        for page, placements in by_page.items():
            yield path, page, pdf_page_image(path, page - 1, DPI), placements


def bleed_probes_inked(path: Path, page: int, image, placements: list[dict]) -> int:
    """Assert that back art runs past every outer cut; return how many probes looked."""
    height = image.height * 72.0 / DPI
    checked = 0
    for placement in placements:
        for x, y in probes(placement):
            pixel = image.getpixel((int(x * DPI / 72.0), int((height - y) * DPI / 72.0)))
            name = placement.get("tile") or placement.get("component")
            # bare paper renders pure white; the palest back art is #fbfaf6
            assert min(pixel) < 254, f"{path.name} page {page}: paper beside '{name}'"
            checked += 1
    return checked


def butted_tones_match(path: Path, page: int, image, placements: list[dict]) -> int:
    """Assert that two backs sharing a cut meet in one tone; return how many pairs."""
    height = image.height * 72.0 / DPI
    checked = 0
    for one, other, cut in shared_cuts(placements):
        inset = mm(0.8)
        if cut == "vertical":
            low = max(one["y"], other["y"])
            high = min(one["y"] + one["h"], other["y"] + other["h"])
            along = [low + (high - low) * k / 12 for k in range(1, 12)]
            x = other["x"]
            sides = ([(x - inset, y) for y in along], [(x + inset, y) for y in along])
        else:
            low = max(one["x"], other["x"])
            high = min(one["x"] + one["w"], other["x"] + other["w"])
            along = [low + (high - low) * k / 12 for k in range(1, 12)]
            y = one["y"]
            sides = ([(x, y + inset) for x in along], [(x, y - inset) for x in along])
        tones = [edge_tone(image, height, points) for points in sides]
        names = [p.get("tile") or p.get("component") for p in (one, other)]
        assert abs(tones[0] - tones[1]) < 40, \
            f"{path.name} page {page}: {names} meet in tones {tones}"
        checked += 1
    return checked


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_back_art_runs_3mm_past_every_outer_cut_and_butted_backs_meet_in_one_tone(built, paper):
    """A duplex print a millimetre or two off shows no white sliver past a back's cut; and
    where two backs share a cut, a cut a millimetre off shows no sliver of a different
    tone (Dynamine's side-B reward faces had been cream beside the dark item backs).
    Each page is rendered once for both."""
    bleed = pairs = 0
    for path, page, image, placements in back_pages(built, paper):
        bleed += bleed_probes_inked(path, page, image, placements)
        pairs += butted_tones_match(path, page, image, placements)
    assert bleed > 1000 and pairs > 100
