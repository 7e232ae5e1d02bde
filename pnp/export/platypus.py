"""reportlab's Platypus, for every module that lays text out: imported here, once.

Importing Platypus compiles a pattern paragraphs need only for web addresses,
at a cost of some 27 ms a process; imported through here it is compiled when
first used (:func:`pnp.export.reportlab_private.import_platypus`). A test
holds that no other module of pnp imports Platypus itself, which would pay
that cost again wherever it came first. reportlab ships no type hints, so
its classes are plain names here.
"""

from __future__ import annotations

from typing import Any

from pnp.export.reportlab_private import import_platypus

_PLATYPUS = import_platypus()

BaseDocTemplate: Any = _PLATYPUS.BaseDocTemplate
CondPageBreak: Any = _PLATYPUS.CondPageBreak
Flowable: Any = _PLATYPUS.Flowable
Frame: Any = _PLATYPUS.Frame
FrameBreak: Any = _PLATYPUS.FrameBreak
KeepTogether: Any = _PLATYPUS.KeepTogether
LayoutError: Any = _PLATYPUS.doctemplate.LayoutError
NextPageTemplate: Any = _PLATYPUS.NextPageTemplate
PageBreak: Any = _PLATYPUS.PageBreak
PageTemplate: Any = _PLATYPUS.PageTemplate
Paragraph: Any = _PLATYPUS.Paragraph
Preformatted: Any = _PLATYPUS.Preformatted
Spacer: Any = _PLATYPUS.Spacer
Table: Any = _PLATYPUS.Table
TableStyle: Any = _PLATYPUS.TableStyle

