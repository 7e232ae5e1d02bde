"""Text measured without a font library: the bundled metrics are the fonts' own, and a
width measured from them is the width reportlab prints, to the last bit."""

from __future__ import annotations

import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFontFile
from support import ROOT

from pnp.draw.fonts import FONT_DIR, pdf_font, registered
from pnp.input.faces import CJK, FONTS, METRICS, code_points, runs, runs_width, string_width

FACES = sorted({face for pair in FONTS.values() for face in pair} | {CJK}, key=lambda f: f.file)


def test_the_metrics_files_are_what_the_script_makes_from_the_fonts():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        from font_metrics import TARGET, metrics
    finally:
        sys.path.pop(0)
    written = {path.name: path.read_text(encoding="ascii") for path in TARGET.glob("*.json")}
    assert TARGET == METRICS
    assert written == metrics()
    assert set(written) == {f"{path.name}.json" for path in FONT_DIR.glob("*.ttf")}


@pytest.mark.parametrize("face", FACES, ids=lambda face: face.file)
def test_every_character_of_every_face_is_as_wide_as_its_font_file_says(face):
    """Read with reportlab's own parser of the font file, as it reads it to set text."""
    font = TTFontFile(str(FONT_DIR / face.file))
    assert code_points(face) == set(font.charWidths)
    for code, width in font.charWidths.items():
        assert runs_width([(face, chr(code))], 10.0) == width * 0.001 * 10.0, hex(code)
    missing = next(code for code in range(0x3400, 0x10FFFF) if code not in font.charWidths)
    assert runs_width([(face, chr(missing))], 10.0) == font.defaultWidth * 0.001 * 10.0


TEXT = st.text(st.characters(codec="utf-8", categories=("L", "N", "P", "Zs", "S")),
               max_size=60)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXT, role=st.sampled_from(sorted(FONTS)),
       size=st.floats(min_value=4.0, max_value=72.0, allow_nan=False))
def test_a_string_measures_what_reportlab_sums_for_it(text, role, size):
    expected = sum(pdfmetrics.stringWidth(run, registered(face), size)
                   for face, run in runs(role, text))
    assert string_width(text, role, size) == expected


def test_an_ascii_string_measures_exactly_what_reportlab_sums():
    for role in FONTS:
        for text in ("Mattock", "The mine 12", "Gold Mine: Phantom of the Mine", "x" * 70):
            for size in (6.0, 7.25, 9.5, 10.5, 11.0):
                assert string_width(text, role, size) == pdfmetrics.stringWidth(
                    text, pdf_font(role, text), size), (role, text, size)


# Full-width punctuation is the point of these strings.
JAPANESE = ("「こんにちは」と言った。ちょっと待ってください！コーヒーを飲みましょう（今すぐ）。"  # noqa: RUF001
            "ぼくはカードを三枚引いて、トンネルを掘った。ゲームは終わりだ…")
CHINESE = "我们今天去公园散步，好吗？（是的）「矿工」挖了三条隧道。你赢了！"  # noqa: RUF001
CLOSERS = "。、，！？）」』】．・：；"  # noqa: RUF001
SMALL_KANA = "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶー"
OPENERS = "（「『【"  # noqa: RUF001


@pytest.mark.parametrize("text", [JAPANESE, CHINESE])
def test_japanese_and_chinese_lines_break_where_a_typesetter_would(text):
    """A 63 x 88 mm card printed a line starting with "。": at every width from two
    characters to the whole text, no line starts with closing punctuation, a small kana or
    a prolonged sound mark, none ends with an opening bracket, and nothing is lost."""
    from pnp.input.faces import greedy_lines

    size = 9.0
    whole = string_width(text, "regular", size)
    width = 2 * size
    while width <= whole + size:
        lines = greedy_lines([text], "regular", size, width)
        assert "".join(lines) == text
        for line in lines[1:]:
            assert line[0] not in CLOSERS + SMALL_KANA, (width, line)
        for line in lines[:-1]:
            assert line[-1] not in OPENERS, (width, line)
        width += size * 1.3  # about a character and a third: lines of every length
    assert len(greedy_lines([text], "regular", size, 6 * size)) > 3  # it does break


def test_korean_still_breaks_between_words_at_its_spaces():
    from pnp.input.faces import greedy_lines

    words = ["광부가", "터널을", "세", "개", "팠다"]
    lines = greedy_lines(words, "regular", 9.0, 40.0)
    assert all(" ".join(line.split()) in " ".join(words) for line in lines)
    assert " ".join(lines).split() == words
