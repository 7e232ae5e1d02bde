"""Which characters the printed pieces can show: our fonts' coverage, and text direction.

A PDF draws a character its font lacks as an empty box, and nothing fails:
the designer finds out holding a printed tile. So every piece of user text is
checked as it is read, against the characters our bundled fonts draw: every
DejaVu face's, and the Chinese, Japanese and Korean characters of the CJK
face (listed in ``pnp/data/fonts/coverage.txt``, made from the fonts by
``scripts/font_coverage.py``). Hebrew and Arabic letters print right to left
(:mod:`pnp.input.direction`); the invisible characters that override a
line's direction are refused, since a label is laid out by its own letters.
"""

from __future__ import annotations

import bisect
import functools
import unicodedata

from pnp.shipped import data_dir

DRAWABLE = ("Latin, Greek and Cyrillic letters with their accents, Hebrew and Arabic "
            "letters, Chinese, Japanese and Korean characters, digits, punctuation, arrows and "
            "common symbols (the characters of the bundled fonts)")
DIRECTION_CONTROLS = {"LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"}
# Unicode's own line and paragraph breaks, and the old next-line control: a text
# editor breaks a line there, so a title holding one would print on one line and
# read as two in ORDER.txt, a manifest or an editor. A new line is written as one.
LINE_BREAKS = {"\u2028": "line separator", "\u2029": "paragraph separator",
               "\u0085": "next-line control"}


@functools.lru_cache(maxsize=1)
def _coverage() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The covered ranges as two sorted tuples: first and last code point of each."""
    firsts: list[int] = []
    lasts: list[int] = []
    text = (data_dir("fonts") / "coverage.txt").read_text(encoding="ascii")
    for line in text.splitlines():
        if line and not line.startswith("#"):
            first, last = line.split("-")
            firsts.append(int(first, 16))
            lasts.append(int(last, 16))
    return tuple(firsts), tuple(lasts)


def drawable(character: str) -> bool:
    """Whether every bundled font has a glyph for ``character``."""
    point = ord(character)
    if character in "\n\t":
        return True
    firsts, lasts = _coverage()
    index = bisect.bisect_right(firsts, point) - 1
    return index >= 0 and point <= lasts[index]


# The ASCII characters that print as they should: printable ASCII, tabs and line
# breaks (every bundled font draws them; a test holds this to the fonts' coverage).
# Most text holds nothing else, and the coverage file then need not be read at all.
FINE_ASCII = frozenset(map(chr, range(0x20, 0x7F))) | {"\n", "\t"}


def undrawable(text: str) -> str | None:
    """What is wrong with the first character of ``text`` that would not print right, if any."""
    if text.isascii() and FINE_ASCII.issuperset(text):
        return None  # the common case, decided in one pass in C
    for character in text:
        code = f"U+{ord(character):04X}"
        if character in LINE_BREAKS:
            return (f"the character {code} is a {LINE_BREAKS[character]}, which some "
                    "programs show as a new line and others not at all; start a new line "
                    "as a line of its own where the field takes several lines")
        if unicodedata.bidirectional(character) in DIRECTION_CONTROLS:
            return (f"the character {code} is an invisible control that overrides the "
                    "direction text is written in, which pnp works out from the letters")
        if not drawable(character):
            name = unicodedata.name(character, "unnamed").lower()
            return (f"our fonts have no {name} (the character {code}): it would print as "
                    "an empty box")
    return None
