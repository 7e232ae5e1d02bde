"""Make a bundled face's plain digits its lining figures, in the font file itself.

Vollkorn draws old-style figures by default: its "1" is as short as an "x" and
reads as a dotless i beside capitals ("Step 1", "+1 tunnel ends" in a heading). reportlab
and cairo set text without OpenType features, so the face's own ``lnum``
substitution is frozen into the file instead: each digit's cmap entry points at
the glyph ``lnum`` would choose. The old-style glyphs stay in the file, and
running the script again changes nothing.

    python scripts/lining_figures.py pnp/data/fonts/Vollkorn-Bold.ttf
"""

from __future__ import annotations

import argparse
from pathlib import Path

from fontTools.ttLib import TTFont

DIGITS = "0123456789"
NOTE = "; lining figures by default (pnp)"


def lining_map(font: TTFont) -> dict[str, str]:
    """Glyph name -> its lining form, from the face's ``lnum`` single substitutions."""
    table = font["GSUB"].table
    found: dict[str, str] = {}
    for record in table.FeatureList.FeatureRecord:
        if record.FeatureTag != "lnum":
            continue
        for index in record.Feature.LookupListIndex:
            for subtable in table.LookupList.Lookup[index].SubTable:
                found.update(getattr(subtable, "mapping", None) or {})
    return found


def freeze(path: Path) -> list[str]:
    """Point the digits of ``path`` at their lining forms; the digits changed."""
    font = TTFont(path)
    lining = lining_map(font)
    changed = []
    for table in font["cmap"].tables:
        if not table.isUnicode():
            continue
        for digit in DIGITS:
            glyph = table.cmap.get(ord(digit))
            if glyph in lining:
                table.cmap[ord(digit)] = lining[glyph]
                changed.append(digit)
    if changed:
        for record in font["name"].names:
            if record.nameID == 5 and NOTE not in record.toUnicode():
                record.string = record.toUnicode() + NOTE
        font.save(path)
    return sorted(set(changed))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("fonts", nargs="+", type=Path)
    for path in parser.parse_args().fonts:
        digits = freeze(path)
        print(f"{path}: {'lining ' + ''.join(digits) if digits else 'already lining'}")


if __name__ == "__main__":
    main()
