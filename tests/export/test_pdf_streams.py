"""Our shortcuts inside reportlab's PDF writing give exactly reportlab's bytes."""

from __future__ import annotations

import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.export import pdf


def _reportlab_encoding():
    from reportlab.pdfbase import pdfdoc

    pdf.binary_streams()
    return pdfdoc.pdfdocEnc.__wrapped__, pdfdoc.pdfdocEnc


@given(st.one_of(st.text(), st.text(st.characters(max_codepoint=127)),
                 st.floats(allow_nan=False).map(str), st.binary()))
def test_the_ascii_shortcut_encodes_as_reportlabs_pdfdoc_codec(text):
    theirs, ours = _reportlab_encoding()
    try:
        expected = theirs(text)
    except UnicodeEncodeError:
        with pytest.raises(UnicodeEncodeError):
            ours(text)
        return
    assert ours(text) == expected


def test_control_characters_take_reportlabs_path():
    theirs, ours = _reportlab_encoding()
    for text in ("\x18", "a\nb", "\x7f", "q\n1 0 0 1 0 0 cm\tQ", "\x17\x19"):
        try:
            expected = theirs(text)
        except UnicodeEncodeError:
            continue
        assert ours(text) == expected


@given(st.binary(max_size=2000))
def test_a_remembered_stream_compresses_as_zlib_does(data):
    from reportlab.pdfbase import pdfdoc

    pdf.binary_streams()
    flate = pdfdoc.PDFZCompress
    assert flate.pdfname == "FlateDecode"
    assert flate.encode(data) == zlib.compress(data) == flate.encode(data)
    assert flate.decode(flate.encode(data)) == data


def test_installing_twice_wraps_once():
    from reportlab.pdfbase import pdfdoc

    pdf.binary_streams()
    first = pdfdoc.pdfdocEnc, pdfdoc.PDFZCompress
    pdf.binary_streams()
    assert (pdfdoc.pdfdocEnc, pdfdoc.PDFZCompress) == first
    assert not hasattr(pdfdoc.pdfdocEnc.__wrapped__, "__wrapped__")


NUMBERS = st.floats(min_value=-1e4, max_value=1e4, allow_nan=False)
COMMANDS = st.lists(st.one_of(st.tuples(st.just("L"), NUMBERS, NUMBERS),
                              st.tuples(st.just("C"), *[NUMBERS] * 6), st.just(("Z",))),
                    max_size=12)


@given(NUMBERS, NUMBERS, COMMANDS, NUMBERS)
def test_a_path_is_written_as_reportlabs_path_object_writes_it(x, y, rest, height):
    from reportlab.pdfgen.pathobject import PDFPathObject

    from pnp.export.pdfdraw import _path

    commands = (("M", x, y), *rest)
    theirs = PDFPathObject()
    for op, *xy in commands:
        if op == "M":
            theirs.moveTo(xy[0], height - xy[1])
        elif op == "L":
            theirs.lineTo(xy[0], height - xy[1])
        elif op == "C":
            theirs.curveTo(xy[0], height - xy[1], xy[2], height - xy[3], xy[4], height - xy[5])
        else:
            theirs.close()
    assert _path(commands, height).getCode() == theirs.getCode()
    assert _path((), height).getCode() == PDFPathObject().getCode()
