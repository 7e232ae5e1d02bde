"""Which way a line reads, and the order its characters are drawn in.

The one owner of text direction. Hebrew and Arabic read from the right; our
PDF and SVG writers, like most, draw a string's characters left to right in
the order given. So a line holding right-to-left letters is turned into its
display order here (:func:`visual`): Arabic letters in their joined forms,
levels resolved by the Unicode bidirectional algorithm (python-bidi, which
wraps the unicode-bidi crate), runs reversed level by level (rule L2) and
brackets and other paired signs mirrored where they read from the right
(rule L4). A wrapped paragraph keeps one direction on every line through an
invisible mark put before each line (:func:`mark_lines`). Everything else
asks :func:`right_to_left` and leaves the how to this module.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache
from typing import Any

LEFT_TO_RIGHT_MARK, RIGHT_TO_LEFT_MARK = "\u200e", "\u200f"  # invisible, never drawn
DIRECTION_MARKS = LEFT_TO_RIGHT_MARK + RIGHT_TO_LEFT_MARK
_LEVEL = re.compile(r"Level\(\s*(\d+),?\s*\)")


def right_to_left(text: str) -> bool:
    """Whether ``text`` holds a letter written right to left (Hebrew, Arabic)."""
    return not text.isascii() and any(
        unicodedata.bidirectional(character) in ("R", "AL") for character in text)


def paragraph_is_right_to_left(text: str) -> bool:
    """Whether ``text`` reads from the right: its first letter with a direction does."""
    for character in text:
        kind = unicodedata.bidirectional(character)
        if kind in ("R", "AL"):
            return True
        if kind == "L":
            return False
    return False


def mark_lines(paragraph: str, lines: list[str]) -> list[str]:
    """The lines a paragraph was broken into, each starting with the mark of the
    paragraph's direction when it holds right-to-left letters: a line that happens to
    start with a Latin word still reads from the right, as its paragraph does."""
    if not right_to_left(paragraph):
        return lines
    mark = RIGHT_TO_LEFT_MARK if paragraph_is_right_to_left(paragraph) else LEFT_TO_RIGHT_MARK
    return [mark + line if line else line for line in lines]


def logical(text: str) -> str:
    """``text`` as written, without the direction mark :func:`mark_lines` put before it:
    what a reader copies or hears."""
    return text.lstrip(DIRECTION_MARKS)


@lru_cache(maxsize=4096)
def visual(text: str) -> str:
    """One line as it is drawn, left to right: Arabic letters in their joined forms (the
    lam-alef ligatures too; vowel marks kept), every right-to-left run in display order
    with brackets mirrored. A vowel mark comes just before its letter, where our faces'
    marks (which extend to the right of where they are drawn) land on it. The line
    reads in the direction of its first letter, or of a direction mark before it; the
    marks are not drawn. Other text is returned as it is."""
    if not right_to_left(text):
        return logical(text)
    shaped = _arabic_shaper().reshape(text)
    levels = _levels(shaped)
    mirrored = [_mirror(character) if level % 2 else character
                for character, level in zip(shaped, levels, strict=True)]
    shown = (mirrored[index] for index in _display_order(levels))
    return "".join(character for character in shown if character not in DIRECTION_MARKS)


def _levels(text: str) -> list[int]:
    """Each character's embedding level by the bidirectional algorithm: odd reads from
    the right. python-bidi reports the levels of the UTF-8 bytes; a character's is its
    first byte's."""
    # loaded for the first line written right to left: text in other scripts never needs it
    from bidi import get_display

    report: str = get_display(text, debug=True)
    per_byte = [int(level) for level in _LEVEL.findall(
        report[report.index("levels:"):report.index("paragraphs:")])]
    levels, at = [], 0
    for character in text:
        levels.append(per_byte[at])
        at += len(character.encode("utf-8"))
    return levels


def _display_order(levels: list[int]) -> list[int]:
    """The characters' indices left to right (rule L2): from the highest level down to
    the lowest odd one, every run at that level or higher is reversed."""
    order = list(range(len(levels)))
    odd = [level for level in levels if level % 2]
    if not odd:
        return order
    for level in range(max(levels), min(odd) - 1, -1):
        start = 0
        while start < len(order):
            if levels[order[start]] < level:
                start += 1
                continue
            end = start
            while end < len(order) and levels[order[end]] >= level:
                end += 1
            order[start:end] = order[start:end][::-1]
            start = end
    return order


def _mirror(character: str) -> str:
    """The sign that faces the other way (``(`` for ``)``), for a character read from the
    right (rule L4); others as they are."""
    from bidi.mirror import MIRRORED

    mirrored: str = MIRRORED.get(character, character)
    return mirrored


@cache
def _arabic_shaper() -> Any:
    """The Arabic shaper, made once (it compiles its ligature patterns): vowel marks kept,
    and only the ligatures our faces draw (lam-alef; not the word Allah)."""
    from arabic_reshaper import ArabicReshaper

    return ArabicReshaper(configuration={"delete_harakat": False,
                                         "ARABIC LIGATURE ALLAH": False})
