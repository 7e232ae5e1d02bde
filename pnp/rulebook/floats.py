"""Tables and figures that wait for the next page while the text flows on.

A table or diagram is kept in one piece. When it does not fit in what is left
of a page, Platypus alone would push it to the next page and leave a hole the
height of the block. A book set by hand does better: the text that follows
fills the hole, and the block opens the next page. Platypus has no floats, so
the book asks this module, before placing each flowable, whether a float at
the front of the queue should let the next piece of running text go first.

Running text may pass a float; nothing else may: not a heading (the float
stays in its own section), not a page break, not another float (floats keep
their order). So a float lands at most one page after where it was written.
"""

from __future__ import annotations

from typing import Any

from reportlab.platypus import (
    ActionFlowable,
    CondPageBreak,
    ListFlowable,
    PageBreak,
    Paragraph,
    Table,
)

from pnp.export.reportlab_private import frame_at_top, frame_room, kept_together, stacked_height
from pnp.rulebook.platypus import platypus_class

Flowable = Any  # reportlab is untyped
SPLITTABLE = (Paragraph, ListFlowable, Table)  # what may start under a kept heading


class Float(platypus_class("KeepTogether")):  # type: ignore[misc]  # reportlab is untyped
    """A block kept whole that running text may overtake when it does not fit."""

    def content_height(self, width: float) -> float:
        """The block's full height at ``width``, spacing between its parts included.

        Measured without a canvas: passing the book's canvas would make
        reportlab copy the whole frame for each measurement. Kept per width:
        it is asked again before each piece of text that overtakes the
        float, and measuring a table of a thousand rows once per paragraph
        made a long table followed by many paragraphs take minutes.
        """
        heights: dict[float, float] = self.__dict__.setdefault("_heights_by_width", {})
        if width not in heights:
            heights[width] = stacked_height(kept_together(self), width)
        return heights[width]


def _may_overtake(flowable: Flowable) -> bool:
    """Whether ``flowable`` is running text that may go ahead of a float."""
    if isinstance(flowable, (Float, PageBreak, CondPageBreak, ActionFlowable)):
        return False  # a float keeps its place before a page or chapter break
    if getattr(flowable, "toc_entry", None) is not None:
        return False  # a numbered heading: the float stays in its section
    style = getattr(flowable, "style", None)
    return not getattr(style, "keepWithNext", 0) and not getattr(flowable, "keepWithNext", 0)


def let_text_overtake(flowables: list[Flowable], frame: Any) -> None:
    """Swap a float at the front with the text behind it when the float cannot fit here.

    Called before each flowable is placed. The float moves back by one each
    time, so text keeps flowing past it until the page is full; on the next
    page it fits and is placed at once.
    """
    if len(flowables) < 2 or not isinstance(flowables[0], Float) or frame_at_top(frame):
        return  # at the top of a page a float is placed (or split) as it comes
    width, available = frame_room(frame)
    if flowables[0].content_height(width) <= available:
        return
    if _may_overtake(flowables[1]):
        flowables[0], flowables[1] = flowables[1], flowables[0]


# What must fit under a kept heading or introduction for it to stay on this page:
# about two lines of body text, or a table's head row and its first row.
START_ROOM = 36.0


class KeepWithStart(platypus_class("KeepTogether")):  # type: ignore[misc]  # reportlab is untyped
    """Platypus's group for ``keepWithNext``: headings and introductions kept with the
    start of what follows, not with all of it.

    Platypus keeps a heading with the whole of the next flowable, so a heading
    followed by a long table or paragraph moved to the next page and left most
    of this one empty. Here, when what follows can be split (text, a list, a
    table) and its first lines fit under the heading, the group is placed as it
    is and the frame splits what follows; otherwise it moves on whole.
    """

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        *heads, last = kept_together(self)
        if heads and isinstance(last, SPLITTABLE) and not isinstance(last, Float):
            room = available_height - stacked_height(heads, available_width)
            if room >= START_ROOM:
                return list(kept_together(self))
        parts: list[Flowable] = super().split(available_width, available_height)
        return parts
