"""Preflight a print-shop build the way a shop's own checker would, with tools pnp does
not use to write the files.

Each ``print-shop-<shop>/`` folder a build wrote is checked against that shop's
standard (``pnp.model.shops``):

- structure, read back with pypdf: the PDF version, the output intent and its
  printing condition (and its profile where the standard embeds one), the
  GTS_PDFXVersion key, trim inside bleed inside media on every page, fonts
  embedded, no RGB, and for a standard without transparency (PDF/X-1a) no soft
  mask, transparency group or constant alpha below 1;
- ink, measured by a second engine: Ghostscript's ``tiffsep`` device prints
  every page into its four separations, and no pixel may carry more total ink
  (C + M + Y + K) than the standard allows. The separations are 8-bit, so each
  plate rounds by up to half a step: the limit takes four half-steps (0.8%).

    python scripts/preflight.py BUILD_FOLDER [--dpi N]

Exit status 0 when every file passes, 1 when any fails, 2 when there is
nothing to check or Ghostscript is missing. ``make preflight`` builds every
game for the generic and DriveThruCards presets and runs this on them.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from PIL import Image, ImageMath
from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, PdfObject

from pnp.model.shops import Standard, shop_named

PLATES = ("Cyan", "Magenta", "Yellow", "Black")
ROUNDING = 4 * 0.5 / 255  # four 8-bit plates, each rounded by up to half a step
RGB_SPACES = ("/DeviceRGB", "/CalRGB")
RGB_OPERATORS = re.compile(rb"(?<![A-Za-z])(rg|RG)(?![A-Za-z])")  # fill or stroke in RGB


def _walk(node: PdfObject, seen: set[int]) -> Iterator[DictionaryObject]:
    """Every dictionary reachable from ``node``, each indirect object once."""
    if isinstance(node, IndirectObject):
        if node.idnum in seen:
            return
        seen.add(node.idnum)
        node = node.get_object()
    if isinstance(node, DictionaryObject):
        yield node
        for value in node.values():
            yield from _walk(value, seen)
    elif isinstance(node, ArrayObject):
        for value in node:
            yield from _walk(value, seen)


def structure_faults(path: Path, standard: Standard) -> list[str]:
    """What a PDF/X checker would refuse in ``path``'s objects, in words."""
    faults: list[str] = []
    header = re.match(rb"%PDF-(\d)\.(\d)", path.read_bytes()[:16])
    version = (int(header[1]), int(header[2])) if header else None
    if version != standard.pdf_version:
        faults.append(f"PDF version {version}, {standard.name} wants {standard.pdf_version}")
    reader = PdfReader(path)
    info = reader.metadata or {}
    if info.get("/GTS_PDFXVersion") != standard.name:
        faults.append(f"GTS_PDFXVersion is {info.get('/GTS_PDFXVersion')!r}")
    intents = reader.trailer["/Root"].get("/OutputIntents", [])
    intent = intents[0].get_object() if intents else {}
    if intent.get("/S") != "/GTS_PDFX" or \
            intent.get("/OutputConditionIdentifier") != standard.condition:
        faults.append(f"no GTS_PDFX output intent for {standard.condition}")
    if ("/DestOutputProfile" in intent) != standard.embeds_profile:
        faults.append("output profile " + ("missing" if standard.embeds_profile else "embedded"))
    faults += _page_box_faults(reader)
    faults += _object_faults(reader, standard)
    return faults


def _page_box_faults(reader: PdfReader) -> list[str]:
    faults = []
    for number, page in enumerate(reader.pages, 1):
        media, bleed, trim = page.mediabox, page.bleedbox, page.trimbox
        inside = (media.left <= bleed.left <= trim.left and trim.right <= bleed.right <=
                  media.right and media.bottom <= bleed.bottom <= trim.bottom and
                  trim.top <= bleed.top <= media.top)
        if not inside or "/TrimBox" not in page:
            faults.append(f"page {number}: trim, bleed and media boxes not nested")
    return faults


def _object_faults(reader: PdfReader, standard: Standard) -> list[str]:
    """What the objects and drawing streams hold that the standard refuses: a font
    without its program, RGB colour, and (without transparency) soft masks,
    transparency groups and constant alpha below 1."""
    faults: set[str] = set()
    seen: set[int] = set()
    for page in reader.pages:
        streams = [page.get_contents()]
        for item in _walk(page, seen):
            faults.update(_dictionary_faults(item, standard))
            if item.get("/Subtype") == "/Form" and hasattr(item, "get_data"):
                streams.append(item)
        if any(stream is not None and RGB_OPERATORS.search(stream.get_data())
               for stream in streams):
            faults.add("RGB colour drawn")
    return sorted(faults)


def _dictionary_faults(item: DictionaryObject, standard: Standard) -> set[str]:
    faults = set()
    if item.get("/Type") == "/FontDescriptor" and not any(
            key in item for key in ("/FontFile", "/FontFile2", "/FontFile3")):
        faults.add(f"font {item.get('/FontName')} not embedded")
    spaces = [item.get("/ColorSpace"), item.get("/CS")]
    if any(str(space) in RGB_SPACES for space in spaces):
        faults.add("RGB colour space used")
    if not standard.transparency:
        if any(float(item[key]) < 1 for key in ("/CA", "/ca") if key in item):
            faults.add("constant alpha below 1 in a file without transparency")
        if item.get("/SMask", "/None") != "/None":
            faults.add("soft mask in a file without transparency")
        if item.get("/S") == "/Transparency":
            faults.add("transparency group in a file without transparency")
    return faults


def most_ink(path: Path, dpi: int) -> tuple[float, int]:
    """The largest total ink (1.0 = 100%) of any pixel of any page, and on which page,
    as Ghostscript separates them."""
    worst, where = 0.0, 0
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(["gs", "-q", "-dBATCH", "-dNOPAUSE", "-dSAFER", "-sDEVICE=tiffsep",
                        f"-r{dpi}", f"-sOutputFile={folder}/p%04d.tif", str(path)],
                       check=True, capture_output=True)
        for composite in sorted(Path(folder).glob("p????.tif")):
            planes = {plate: Image.open(composite.with_name(f"{composite.stem}({plate}).tif"))
                      .convert("L") for plate in PLATES}
            # a separation is stored as a negative: 255 is no ink
            total = ImageMath.lambda_eval(
                lambda plate: 4 * 255 - sum(plate[name] for name in PLATES), **planes)
            _, high = total.getextrema()
            if high / 255 > worst:
                worst, where = high / 255, int(composite.stem[1:])
    return worst, where


def check(folder: Path, dpi: int) -> tuple[int, int]:
    """Check every shop folder under ``folder``; print a line per file. Returns
    (files checked, files failed)."""
    checked = failed = 0
    for shop_folder in sorted(folder.glob("**/print-shop-*")):
        shop = shop_named(shop_folder.name.removeprefix("print-shop-"))
        standard = shop.standard
        for pdf in sorted(shop_folder.glob("*.pdf")):
            faults = structure_faults(pdf, standard)
            ink, page = most_ink(pdf, dpi)
            if ink > standard.ink_limit + ROUNDING:
                faults.append(f"{ink:.1%} total ink on page {page}, over "
                              f"{standard.ink_limit:.0%}")
            checked += 1
            failed += bool(faults)
            verdict = "; ".join(faults) if faults else f"ok, at most {ink:.1%} ink"
            print(f"{shop.key} {standard.name}: {pdf.name}: {verdict}")
    return checked, failed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--dpi", type=int, default=72)
    args = parser.parse_args()
    if shutil.which("gs") is None:
        print("preflight: Ghostscript (gs) is needed to separate the inks", file=sys.stderr)
        return 2
    checked, failed = check(args.folder, args.dpi)
    if not checked:
        print(f"preflight: no print-shop PDFs under {args.folder}", file=sys.stderr)
        return 2
    print(f"preflight: {checked} file(s), {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
