"""A kit in any script: Chinese, Japanese, Korean, Hebrew, Arabic, Greek and Cyrillic labels,
text and titles print with real glyphs, right to left where they are written so, embedded
as small subsets, and extract from the PDF as written (issue 28)."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from pnp.cli import main
from pnp.export.raster import render
from pnp.input.direction import visual
from pnp.input.faces import CJK, greedy_lines, runs, string_width

LABELS = {"chinese": "金塊", "japanese": "トンネル", "korean": "광산", "cyrillic": "Золото",
          "greek": "Ωμέγα", "hebrew": "מכרה זהב", "arabic": "منجم الذهب"}
TOKEN_TEXT = "金を掘る"
TITLE = "金鉱 Шахта"

TILESET = """game: polyglot
title: {title}
size: 1.5in
rulebook: rules.md
tiles:
  - {{name: cross, count: 2, paths: [N-S, E-W], features: [{{label: {chinese}, at: NE}}]}}
  - {{name: bend, count: 2, paths: [N-E], features: [{{label: {japanese}, at: SW}}]}}
  - {{name: dead, count: 1, paths: [N], features: [{{label: {korean}, at: S}}]}}
  - {{name: tee, count: 1, paths: [N-S, E], features: [{{label: {hebrew}, at: W}}]}}
  - {{name: end, count: 1, paths: [E], features: [{{label: {arabic}, at: W}}]}}
  - {{name: straight, count: 2, paths: [N-S],
      features: [{{label: {cyrillic}, at: W}}, {{text: {greek}, at: E}}]}}
components:
  - {{name: nugget, kind: token, count: 3, size: 1in, shape: round,
      features: [{{text: "{token}", at: S}}]}}
"""
RULES = "# 遊び方\n\nTake a tile: 金塊 or トンネル, and lay it.\n"


def _build(folder: Path) -> Path:
    folder.mkdir()
    (folder / "rules.md").write_text(RULES, encoding="utf-8")
    path = folder / "polyglot.yaml"
    path.write_text(TILESET.format(title=TITLE, token=TOKEN_TEXT, **LABELS), encoding="utf-8")
    out = folder / "out"
    result = CliRunner().invoke(main, ["build", str(path), "--out", str(out), "--paper",
                                       "letter", "-q"])
    assert result.exit_code == 0, result.output
    return out / "polyglot"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    return _build(tmp_path_factory.mktemp("scripts") / "kit")


@pytest.mark.slow  # builds a whole kit, rulebook and all
def test_every_label_extracts_from_the_tile_sheet_as_written(built):
    """Arabic is drawn in its joined letter forms, which a reader's copy gives as the
    compatibility characters they are (NFKC makes them the letters typed)."""
    reader = PdfReader(built / "polyglot-tiles-letter.pdf")
    text = unicodedata.normalize("NFKC", "".join(page.extract_text() for page in reader.pages))
    for label in (*LABELS.values(), TOKEN_TEXT):
        assert label in text, label


@pytest.mark.slow  # builds a whole kit, rulebook and all
def test_right_to_left_lines_say_what_they_say_in_actual_text(built):
    """Hebrew and Arabic are drawn in display order; each such line is marked with its
    words in the order they are written, for copying, search and reading aloud."""
    reader = PdfReader(built / "polyglot-tiles-letter.pdf")
    said = set()
    for page in reader.pages[:1]:
        for form in page["/Resources"]["/XObject"].values():
            code = form.get_object().get_data().decode("latin-1")
            said |= {bytes.fromhex(found).decode("utf-16-be")
                     for found in re.findall(r"/ActualText <FEFF([0-9A-F]*)>", code)}
    assert said == {LABELS["hebrew"], LABELS["arabic"]}


def test_hebrew_and_arabic_are_drawn_right_to_left_in_joined_forms():
    assert visual("מכרה זהב") == "בהז הרכמ"
    shown = visual("منجم")
    assert [unicodedata.name(c).split()[-2] for c in shown] == [
        "FINAL", "MEDIAL", "MEDIAL", "INITIAL"]  # read from the right: meem noon jeem meem
    assert unicodedata.normalize("NFKC", shown[::-1]) == "منجم"
    assert visual("Gold منجم") .startswith("Gold ")  # a line that starts in Latin stays so
    assert string_width("منجم", "regular", 10) == pytest.approx(
        string_width(visual("منجم"), "regular", 10))


@pytest.mark.slow  # builds a whole kit, rulebook and all
def test_the_rulebook_sets_the_title_heading_and_body_in_real_glyphs(built):
    reader = PdfReader(built / "polyglot-rulebook-letter.pdf")
    text = "".join(page.extract_text() for page in reader.pages)
    assert TITLE in text or TITLE.upper() in text
    assert "遊び方" in text and "金塊" in text


@pytest.mark.slow  # builds a whole kit, rulebook and all
def test_every_font_is_embedded_and_the_cjk_face_as_a_small_subset(built):
    for name in ("polyglot-tiles-letter.pdf", "polyglot-rulebook-letter.pdf"):
        reader = PdfReader(built / name)
        faces = {}
        for page in reader.pages:
            for xobject in [page, *(x.get_object() for x in
                                    page["/Resources"].get("/XObject", {}).values())]:
                for font in xobject["/Resources"].get("/Font", {}).values() if \
                        "/Resources" in xobject else ():
                    font = font.get_object()
                    descriptor = font["/FontDescriptor"].get_object()
                    assert "/FontFile2" in descriptor, font["/BaseFont"]
                    faces[str(font["/BaseFont"])] = descriptor["/FontFile2"].get_object()
        droid = [data for base, data in faces.items() if base.endswith("DroidSansFallback")]
        assert droid, f"no CJK face in {name}"
        # the characters used, of a 3.4 MB face: kilobytes, not megabytes
        assert all(len(data.get_data()) < 60_000 for data in droid)


def test_cjk_characters_are_runs_in_the_cjk_face_and_measured_as_set():
    pieces = runs("regular", "Gold 金塊 nugget")
    assert [run for _, run in pieces] == ["Gold ", "金塊", " nugget"]
    assert pieces[1][0] == CJK and pieces[0][0] != CJK
    assert string_width("金塊", "regular", 10) == pytest.approx(20.0)  # two full-width ems
    assert string_width("Gold 金塊", "regular", 10) == pytest.approx(
        string_width("Gold ", "regular", 10) + 20.0)


def test_lines_break_between_cjk_characters_and_at_spaces_elsewhere():
    lines = greedy_lines(["金の塊を掘る", "坑道", "tunnel"], "regular", 10, 30)
    assert lines == ["金の塊", "を掘る", "坑道", "tunnel"]
    assert all(string_width(line, "regular", 10) <= 30 for line in lines)


def test_a_picture_draws_cjk_in_the_cjk_face_not_empty_boxes():
    """A picture's CJK text inks what the CJK face itself draws, and sits where we measured
    it; a missing glyph would be an empty box with a fraction of the ink."""
    from PIL import ImageDraw, ImageFont

    from pnp.draw.scene import Drawing, Text
    from pnp.shipped import data_dir

    words = "金塊金塊"
    drawing = Drawing(60, 20, 0.0, (Text(30, 15, words, 12, "bold", "middle", "#000000"),))
    ours = render(drawing, (240, 80)).convert("LA")
    inked = [x for x in range(240) if any(ours.getpixel((x, y))[1] > 128 for y in range(80))]
    # 48 pt of text (four em-wide characters) centred on 60 pt: from 6 to 54 pt, 4 px a point
    assert inked[0] == pytest.approx(24, abs=6) and inked[-1] == pytest.approx(216, abs=6)
    reference = Image.new("L", (240, 80), 0)
    face = ImageFont.truetype(str(data_dir("fonts") / CJK.file), 48)
    ImageDraw.Draw(reference).text((24, 60), words, font=face, fill=255, anchor="ls")
    ink = sum(ours.getchannel("A").histogram()[129:])
    expected = sum(reference.histogram()[129:])
    assert 0.8 < ink / expected < 1.25


def test_a_hebrew_line_in_the_rulebook_template_is_an_error_on_its_line(tmp_path):
    """Pieces print Hebrew and Arabic right to left; the rulebook's own paragraphs do not
    yet, and say so rather than print a line backwards."""
    folder = tmp_path / "kit"
    folder.mkdir()
    (folder / "rules.md").write_text("# Play\n\nDig a tunnel.\n\nחפרו מנהרה.\n",  # noqa: RUF001
                                     encoding="utf-8")
    path = folder / "polyglot.yaml"
    path.write_text(TILESET.format(title=TITLE, token=TOKEN_TEXT, **LABELS), encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(path), "--out", str(out), "--paper",
                                       "letter", "-q"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "rules.md, line 5" in result.output and "left to right" in result.output
    assert not out.exists()


def test_brackets_face_the_right_way_in_right_to_left_text():
    assert visual("(זהב) [כסף]") == "[ףסכ] (בהז)"  # read from the right: (gold) [silver]


def test_every_line_of_a_wrapped_paragraph_keeps_the_paragraphs_direction():
    from pnp.draw.placing import wrap

    lines = [visual(line) for line in wrap(
        "קח שלושה קלפים ואז הנח אסימון Gold Nugget Token על הלוח שלך ואז סיים את התור",
        "regular", 8, 120)]
    # a line of the Hebrew paragraph that starts in English still reads from the right:
    # the English words sit at its right-hand end, where a Hebrew reader starts
    mixed = next(line for line in lines if "Gold" in line)
    assert mixed.endswith("Token") and not mixed.startswith("Gold")
    english = [visual(line) for line in wrap(
        "Draw 2 cards ثم اسحب 2 בטאקה ואז 5 נקודות. End.", "regular", 8, 90)]
    assert english[-1].endswith("End.")  # the English paragraph's last line ends in English


@pytest.mark.parametrize("text", ["ذهب، فضة؛ نحاس؟", "ذهب ٣٤", "طلا ۳۴", "مُحَمَّدٌ",
                                  "שָׁלוֹם", "گنج پیچ"])
def test_everyday_arabic_persian_and_pointed_hebrew_are_accepted(text):
    from pnp.input.glyphs import undrawable

    assert undrawable(text) is None


def test_emoji_past_the_basic_plane_are_refused_even_where_dejavu_has_a_face():
    from pnp.input.glyphs import undrawable

    assert "U+1F600" in (undrawable("gold 😀") or "")


def test_korean_breaks_between_words_not_inside_them():
    words = ["카드", "두", "장을", "뽑고", "하나를", "내려놓습니다"]
    lines = greedy_lines(words, "regular", 10, 60)
    assert len(lines) > 1  # it does wrap
    assert [piece for line in lines for piece in line.split()] == words  # at spaces only


def test_a_vowel_mark_does_not_count_against_a_fields_length(tmp_path):
    from support import tileset_from_text

    pointed = "זָ" * 50  # fifty letters, each with its vowel: fifty characters to a reader
    tileset = tileset_from_text(f"game: p\ntitle: {pointed}\nsize: 1.5in\ntiles:\n"
                                "  - {name: a, count: 1, paths: [N-S]}\n", tmp_path)
    assert tileset.title == pointed


def test_a_label_of_nothing_but_direction_marks_is_empty_text(tmp_path):
    from support import tileset_from_text

    from pnp.errors import InputError

    with pytest.raises(InputError, match="expected text"):
        tileset_from_text("game: m\ntitle: M\nsize: 1.5in\ntiles:\n  - {name: a, count: 1, "
                          "paths: [N-S], features: [{label: \"\\u200f\"}]}\n", tmp_path)


def test_hebrew_in_a_player_aids_paragraph_is_refused_and_in_its_title_kept_whole(tmp_path):
    from support import tileset_from_text

    from pnp.errors import InputError
    from pnp.export import markup

    aid = ("aids:\n  - name: help\n    title: עזרה\n    sections:\n      - heading: Score\n"
           "        rows:\n          - {{name: Gold, text: {text}}}\n")
    base = "game: m\ntitle: M\nsize: 1.5in\ntiles:\n  - {name: a, count: 1, paths: [N-S]}\n"
    assert tileset_from_text(base + aid.format(text="worth 3"), tmp_path).aids
    (tmp_path / "hebrew").mkdir()
    with pytest.raises(InputError, match="reads left to right"):
        tileset_from_text(base + aid.format(text="שווה שלוש"), tmp_path / "hebrew")
    # a name in a book paragraph is set as drawn, its words never split across lines
    assert str(markup.text("מכרה זהב")) == "בהז\u00a0הרכמ"
