"""Our readings of unclear rules: marked where the rule is taught, explained at the back.

A published rulebook teaches one rule at a time and keeps its rulings for a
chapter at the back. A template writes each reading where it applies, as a
quoted note that opens with **Our reading.**; when the template has a
``pnp readings`` directive, the note leaves the teaching: the paragraph
before it (in the same section) gets a small numbered dagger, and the
directive becomes the list of every reading, in order, each with its dagger,
the section it belongs to and the note's own words. A template without the
directive keeps its notes where they were written.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from pnp.export import markup, platypus
from pnp.export.markup import Markup
from pnp.rulebook.contents import Heading
from pnp.rulebook.paragraphs import MUTED, Paragraph

# reportlab has no type hints: these names only say which of its objects is meant
Flowable = Any
Style = Any  # a ParagraphStyle

READING_LEAD = "Our reading."  # the words a reading's note opens with, in bold
DAGGER = "\u2020"


class ReadingNote(platypus.Flowable):
    """Where a template wrote one of our readings: its paragraphs, and the note box it
    prints as in a book with no readings chapter. Never drawn itself: it is replaced
    before the book is laid out."""

    def __init__(self, paragraphs: list[Flowable], box: Flowable) -> None:
        super().__init__()
        self.paragraphs, self.box = paragraphs, box


class ReadingsChapter(platypus.Flowable):
    """Where the ``pnp readings`` directive stands, until the readings are gathered."""


class Reading(NamedTuple):
    """One reading: its number, the section that marks it, and its paragraphs."""

    number: int
    section: Heading | None
    paragraphs: tuple[Flowable, ...]


def marker(number: int) -> Markup:
    """The call a marked paragraph ends with: a raised dagger and the reading's number,
    in the captions' muted ink, as a footnote call is: it points to the back of the book
    without shouting over the rule it follows."""
    return markup.superscript(markup.tinted(markup.text(f"{DAGGER}{number}"), MUTED))


def gather_readings(story: list[Flowable], sheet: dict[str, Style]) -> list[Flowable]:
    """The story with its readings in place: marked and moved to the readings chapter
    when it has one, else left as notes where they were written."""
    if not any(isinstance(flowable, ReadingsChapter) for flowable in story):
        return [flowable.box if isinstance(flowable, ReadingNote) else flowable
                for flowable in story]
    story = list(story)
    readings: list[Reading] = []
    section: Heading | None = None
    for index, flowable in enumerate(story):
        heading = getattr(flowable, "toc_entry", None)
        if isinstance(heading, Heading):
            section = heading
        if isinstance(flowable, ReadingNote):
            readings.append(Reading(len(readings) + 1, section, tuple(flowable.paragraphs)))
            _mark(story, index, marker(len(readings)))
    chapter = [entry for reading in readings for entry in _entry(reading, sheet)]
    return _with_chapter(story, chapter)


def _with_chapter(story: list[Flowable], chapter: list[Flowable]) -> list[Flowable]:
    """The story with the readings chapter's entries where it stands, and no notes left
    where they were written."""
    kept: list[Flowable] = []
    for flowable in story:
        if isinstance(flowable, ReadingsChapter):
            if kept and isinstance(kept[-1], Paragraph) and chapter:
                # the chapter's introduction stays on the page of its first reading: a
                # page never ends with a heading and its words over readings to come
                kept[-1].keepWithNext = True
            kept.extend(chapter)
        elif not isinstance(flowable, ReadingNote):
            kept.append(flowable)
    return kept


def _mark(story: list[Flowable], index: int, call: Markup) -> None:
    """End the paragraph a reading qualifies with its call: the last one before it in
    its section, else the first after it, else the section's heading."""
    before = range(index - 1, -1, -1)
    after = range(index + 1, len(story))
    for places, take_heading in ((before, False), (after, False), (before, True)):
        for place in places:
            flowable = story[place]
            heading = getattr(flowable, "toc_entry", None) is not None
            if heading and not take_heading:
                break  # another section: look the other way
            if isinstance(flowable, Paragraph) and flowable.source is not None:
                story[place] = _with_call(flowable, call)
                return


def _with_call(paragraph: Paragraph, call: Markup) -> Paragraph:
    """The same paragraph, ending with ``call``."""
    assert paragraph.source is not None  # only whole paragraphs are looked for
    marked = Paragraph(markup.join([paragraph.source, call]), paragraph.style)
    for name in ("keepWithNext", "toc_entry", "list_place"):  # a list item stays one
        if name in paragraph.__dict__:
            setattr(marked, name, paragraph.__dict__[name])
    return marked


def _entry(reading: Reading, sheet: dict[str, Style]) -> list[Flowable]:
    """A reading in the readings chapter: its dagger hanging in the margin, the section it
    belongs to, then the note's words."""
    style = sheet["reading"]
    where = reading.section
    place = markup.italic(markup.text(f"{where.title} ({where.number}). ")) if where else \
        markup.literal("")
    entry: list[Flowable] = []
    for number, paragraph in enumerate(reading.paragraphs):
        if paragraph.source is None:  # a split half; a note's paragraphs are whole
            continue
        words = markup.without_lead(paragraph.source, f"<b>{READING_LEAD}</b>")
        if number == 0:
            words = markup.bulleted(markup.text(f"{DAGGER}{reading.number}"),
                                    markup.join([place, words]))
        entry.append(Paragraph(words, style))
    return entry
