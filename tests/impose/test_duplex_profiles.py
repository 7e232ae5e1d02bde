"""Duplex calibration: the sheet's reading, saved as a profile, cancels the printer's error."""

from __future__ import annotations

import io
import json
import re

import pypdfium2
import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops
from pypdf import PdfReader
from support import placed_content

from pnp.cli import main
from pnp.export.calibrate import render_calibration
from pnp.impose.duplex import back_shift, calibration_pairs
from pnp.model.paper import PAPERS
from pnp.units import mm

DPI = 200
PX = DPI / 72.0  # pixels per point


def pages(pdf: bytes) -> list[Image.Image]:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [page.render(scale=PX).to_pil().convert("L") for page in document]
    finally:
        document.close()


def seen_through(back: Image.Image, duplex: str, error_mm: tuple[float, float]) -> Image.Image:
    """The back page as the user sees it through the sheet, printed ``error_mm`` off."""
    flipped = back.transpose(Image.Transpose.FLIP_LEFT_RIGHT if duplex == "long"
                             else Image.Transpose.FLIP_TOP_BOTTOM)
    right, up = (round(mm(value) * PX) for value in error_mm)
    return ImageChops.offset(flipped, right, -up)  # image rows grow downwards


def ink_centre(image: Image.Image, box: tuple[float, ...], axis: str) -> float:
    """Where the dark stroke inside ``box`` (PDF points, y up) lies along ``axis``, in points."""
    height = image.height / PX
    x1, y1, x2, y2 = box
    left, right = sorted((x1, x2))
    bottom, top = sorted((y1, y2))
    pad = mm(3)  # room for the stroke to have moved by the printer's error
    origin = (round((left - pad) * PX), round((height - top - pad) * PX))
    crop = image.crop((*origin, round((right + pad) * PX), round((height - bottom + pad) * PX)))
    ink = crop.point(lambda grey: 255 if grey < 128 else 0).getbbox()
    assert ink, f"no stroke near {box}"
    if axis == "x":
        return (origin[0] + (ink[0] + ink[2]) / 2) / PX
    return height - (origin[1] + (ink[1] + ink[3]) / 2) / PX


def shrink(box: tuple[float, float, float, float], axis: str) -> tuple[float, ...]:
    """The middle part of a stroke, away from its ends (where the other half may touch)."""
    x1, y1, x2, y2 = box
    if axis == "x":
        return x1, y1 + (y2 - y1) * 0.3, x2, y1 + (y2 - y1) * 0.7
    return x1 + (x2 - x1) * 0.3, y1, x1 + (x2 - x1) * 0.7, y2


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("error_mm", [(1.0, -1.5), (-2.5, 0.5), (0.0, 0.0)])
def test_the_pair_that_lines_up_reads_the_correction(paper, duplex, error_mm):
    front, back = pages(render_calibration(PAPERS[paper], duplex))
    through = seen_through(back, duplex, error_mm)
    for axis, error in zip(("x", "y"), error_mm, strict=True):
        pairs = [pair for pair in calibration_pairs(PAPERS[paper]) if pair.axis == axis]

        def miss(pair, axis: str = axis) -> float:
            return abs(ink_centre(front, shrink(pair.front, axis), axis)
                       - ink_centre(through, shrink(pair.back, axis), axis))

        best = min(pairs, key=miss)
        assert best.correction == pytest.approx(-mm(error)), (axis, best.label)
        assert miss(best) < mm(0.15)


def test_the_calibration_front_carries_instructions_and_numbers():
    reader = PdfReader(io.BytesIO(render_calibration(PAPERS["letter"], "long")))
    assert len(reader.pages) == 2
    text = reader.pages[0].extract_text()
    for fragment in ("pnp profile set NAME --offset Xmm,Ymm", "-5", "+4.5", "long edge"):
        assert fragment in text
    assert [float(v) for v in reader.pages[0].mediabox[2:]] == [612.0, 792.0]


def run(env, *args):
    return CliRunner(env=env).invoke(main, list(args))


@pytest.fixture
def config(tmp_path):
    return {"PNP_CONFIG_HOME": str(tmp_path / "config")}


def test_a_profile_is_saved_shown_listed_and_removed(config, tmp_path):
    assert run(config, "profile", "set", "office-laser", "--offset", "1.5mm,-0.8mm").exit_code == 0
    saved = json.loads((tmp_path / "config" / "printers" / "office-laser.json").read_text())
    assert saved == {"offset_mm": [1.5, -0.8]}
    assert "--offset 1.5mm,-0.8mm" in run(config, "profile", "show", "office-laser").output
    assert run(config, "profile", "list").output.split() == ["office-laser"]
    assert run(config, "profile", "remove", "office-laser").exit_code == 0
    assert "no printer profiles yet" in run(config, "profile", "list").output


@pytest.mark.parametrize("args, fragment", [
    (("profile", "set", "laser", "--offset", "1.5,2"), "--offset"),
    (("profile", "set", "laser", "--offset", "30mm,0mm"), "within"),
    (("profile", "set", "../evil", "--offset", "1mm,1mm"), "NAME"),
    (("profile", "show", "nobody"), "NAME"),
    (("build", "demon-mine", "--profile", "nobody"), "--profile"),
])
def test_profile_mistakes_are_one_paragraph_and_status_2(config, args, fragment):
    result = run(config, *args)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert fragment in result.output


def back_placements(manifest: dict, sheet_file: str) -> list[tuple[float, float]]:
    sheet = next(s for s in manifest["sheets"] if s["path"] == sheet_file)
    return [(p["x"], p["y"]) for p in sheet["placements"] if p["side"] == "back"]


def page_moves(pdf, page: int) -> list[tuple[float, float]]:
    content = placed_content(PdfReader(pdf).pages[page])
    placed = re.findall(r"q\s+1 0 0 1 (\S+) (\S+) cm\s+/(\S+) Do\s+Q", content)
    return [(float(x), float(y)) for x, y, form in placed if "checkbar" not in form]


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_a_build_with_a_profile_moves_every_back_by_exactly_its_offset(config, tmp_path, duplex):
    assert run(config, "profile", "set", "laser", "--offset", "-1mm,1.5mm").exit_code == 0
    plain, shifted = tmp_path / "plain", tmp_path / "shifted"
    common = ("build", "demon-mine", "--paper", "letter", "--no-rulebook", "--duplex", duplex)
    assert run(config, *common, "--out", str(plain)).exit_code == 0
    assert run(config, *common, "--out", str(shifted), "--profile", "laser").exit_code == 0
    dx, dy = back_shift((mm(-1), mm(1.5)), duplex)
    manifests = [json.loads((out / "demon-mine" / "manifest.json").read_text())
                 for out in (plain, shifted)]
    name = "demon-mine-tiles-letter.pdf"
    moved = [next(s for s in m["sheets"] if s["path"] == name)["backs_moved"] for m in manifests]
    assert moved == [{"profile": None, "offset_mm": {"x": 0.0, "y": 0.0}},
                     {"profile": "laser", "offset_mm": {"x": -1.0, "y": 1.5}}]
    before, after = (back_placements(m, name) for m in manifests)
    assert len(before) == 90 and len(after) == 90
    for (x0, y0), (x1, y1) in zip(before, after, strict=True):
        assert (x1 - x0, y1 - y0) == (pytest.approx(dx, abs=1e-3), pytest.approx(dy, abs=1e-3))
    for out_a, out_b in ((plain, shifted),):  # the PDF itself, not only the manifest
        a = page_moves(out_a / "demon-mine" / name, 1)
        b = page_moves(out_b / "demon-mine" / name, 1)
        assert a and len(a) == len(b)
        assert all((bx - ax, by - ay) == (pytest.approx(dx, abs=1e-2), pytest.approx(dy, abs=1e-2))
                   for (ax, ay), (bx, by) in zip(a, b, strict=True))
    fronts = page_moves(plain / "demon-mine" / name, 0)
    assert fronts == page_moves(shifted / "demon-mine" / name, 0)  # fronts never move
