"""libyaml's fast parser and PyYAML's Python parser read our files identically.

Valid files are read by libyaml when PyYAML has it; a file it rejects is read
again by the Python parser so mistakes are worded one way. These tests keep
the two paths equal: same values, same line numbers, same mistakes.
"""

from __future__ import annotations

import hypothesis
import pytest
import yaml
from hypothesis import strategies as st
from support import ROOT, SHIPPED_GAMES

from pnp.errors import InputError
from pnp.input.load import _parse_slowly, parse_yaml

SHIPPED = [ROOT / "tilesets" / f"{game}.yaml" for game in SHIPPED_GAMES]


def located(data: object) -> object:
    """Values with every line number a mapping or list remembers."""
    if isinstance(data, dict):
        lines = getattr(data, "lines", {})
        return {key: (lines.get(key), located(value)) for key, value in data.items()}
    if isinstance(data, list):
        return [(line, located(value))
                for line, value in zip(getattr(data, "lines", []), data, strict=False)]
    return data


@pytest.mark.skipif(not hasattr(yaml, "CSafeLoader"), reason="PyYAML built without libyaml")
@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_both_parsers_give_the_same_located_data(path):
    text = path.read_text(encoding="utf-8")
    fast = parse_yaml(text, str(path))
    assert located(fast) == located(_parse_slowly(text, str(path)))
    assert fast.line_of("tiles") > 1


@pytest.mark.parametrize("text", ['a: "\\ud800"\n', "a: b: c\n", "a: 1\na: 2\n"])
def test_a_rejected_file_is_reported_as_the_python_parser_words_it(text):
    with pytest.raises(InputError) as fast:
        parse_yaml(text, "probe.yaml")
    with pytest.raises(InputError) as slow:
        _parse_slowly(text, "probe.yaml")
    assert fast.value.paragraph() == slow.value.paragraph()


@hypothesis.given(st.text(max_size=40) |
                  st.text("ab\n\t\r \x00\x07\x1f\x7f\x85\x9f\xa0\ud800\ufffe\uffff\u2028é",
                          max_size=20))
def test_the_printable_shortcut_finds_what_the_expressions_find(text):
    """first_of skips the regular expression for printable text; it must never miss."""
    import re

    from pnp.input.load import FORBIDDEN_CHARACTER, UNPRINTABLE, first_of

    for characters in (UNPRINTABLE, FORBIDDEN_CHARACTER):
        found, expected = first_of(characters, text), re.search(characters, text)
        assert (found and found.start()) == (expected and expected.start())
