"""A line never ends on a bare number or sign whose unit or result starts the next one:
the books and the aids bind them with no-break spaces, and a table column is as wide as
the longest run so bound."""

from __future__ import annotations

from markdown_it import MarkdownIt
from reportlab.platypus import Paragraph

from pnp.export.markup import bind_units, inline
from pnp.input.faces import string_width
from pnp.rulebook.paragraphs import styles
from pnp.rulebook.tables import column_widths

NBSP = "\u00a0"


def test_units_levels_and_sums_are_bound_and_nothing_else():
    assert bind_units("4 VP, No VP, on level 5, 1 + 1 + 1 = 3 and 2 x 4 = 8") == (
        f"4{NBSP}VP, No{NBSP}VP, on level{NBSP}5, 1{NBSP}+{NBSP}1{NBSP}+{NBSP}1{NBSP}={NBSP}3"
        f" and 2{NBSP}x{NBSP}4{NBSP}={NBSP}8")
    assert bind_units("VPs on levels 2 and 3 + more") == "VPs on levels 2 and 3 + more"
    assert bind_units("A: 3 VP · B: 3 VP") == f"A:{NBSP}3{NBSP}VP · B:{NBSP}3{NBSP}VP"


def test_a_books_markdown_is_bound_across_its_source_lines():
    tokens = MarkdownIt("commonmark").parse("Scores **4**\nVP on level\n5.")
    assert str(inline(tokens[1].children or [], "#000000")) == \
        f"Scores <b>4</b>{NBSP}VP on level{NBSP}5."


def test_a_column_is_as_wide_as_its_longest_bound_sum():
    cell = styles()["cell"]
    rows = [[Paragraph(text, cell) for text in row] for row in (
        ["Level", "Wells"],
        ["3: a plain well, alone in a shaft of its own", bind_units("1 + 1 + 1 = 3")])]
    widths = column_widths(rows, 120.0)
    assert widths[1] >= string_width("1 + 1 + 1 = 3", "bold", 9)


def test_a_column_that_fits_on_one_line_is_never_wrapped_to_widen_a_long_one():
    """Weighed by letters alone, "Side B, 1st / 2nd" had wrapped beside "Side A" with room
    to spare: a column whose every cell fits an even share of the width gets its cells'
    width, set regular or bold, and the long columns share what it leaves."""
    cell = styles()["cell"]
    rows = [[Paragraph(text, cell) for text in row] for row in (
        ["Card", "Compares", "Side A", "Side B, 1st / 2nd"],
        ["Deepest mine", "the deepest level holding a tile", "5", "5 / 3"],
        ["Most mine veins", "veins, not vein tiles", "5", "5 / 3"])]
    widths = column_widths(rows, 340.0)
    assert abs(sum(widths) - 340.0) < 1e-6
    for column, text in ((3, "Side B, 1st / 2nd"), (1, "the deepest level holding a tile")):
        assert widths[column] >= string_width(text, "regular", 9) + 12, (text, widths)


def test_a_paragraphs_last_line_holds_two_words_at_least():
    """Mattock's book had ended paragraphs on 'loses.', 'count.' and 'board.' alone. The
    last space outside the markup's tags is bound, so the last line takes two words;
    a short text is left as it is, and a space inside a tag is never touched."""
    from pnp.export.markup import Markup, last_two_bound

    assert str(last_two_bound(Markup("The game ends. That player <b>loses</b>."))) == \
        f"The game ends. That player{NBSP}<b>loses</b>."
    assert str(last_two_bound(Markup('One two three four five <font color="#fff">six'
                                      '</font>'))) == \
        f'One two three four five{NBSP}<font color="#fff">six</font>'
    assert str(last_two_bound(Markup("Too short to bind."))) == "Too short to bind."
    body = styles()["body"]
    text = "The game ends the moment a player has to mine and cannot. That player loses."
    width = string_width(text[:-len(" loses.")], "regular", body.fontSize) + 2
    loose = Paragraph(text, body)
    loose.wrap(width, 1000)
    assert loose.blPara.lines[-1][1] == ["loses."]  # greedy filling leaves a runt
    bound = Paragraph(str(last_two_bound(Markup(text))), body)
    bound.wrap(width, 1000)
    assert bound.getPlainText().endswith(f"player{NBSP}loses.")
    assert len(bound.blPara.lines) == 2 and "player" in " ".join(bound.blPara.lines[-1][1])
