"""JSON from a stranger, read with its nesting bounded before the parser sees it.

Python's JSON decoder recurses once per level of ``[`` or ``{``: a line of a
few thousand brackets ends in a RecursionError, which would reach the user
as a traceback (or drop a studio connection). Every JSON pnp reads for a
user (printer profiles, Mattock positions, the studio's requests) is a few
levels deep, so a document deeper than its reader's limit is refused first,
by a scan that never recurses. ``NaN`` and ``Infinity``, which JSON does not
have but Python's decoder accepts, are refused too.
"""

from __future__ import annotations

import json
import re

# A bracket, or a JSON string (escapes included), whose brackets are text, not
# nesting. A string without its closing quote runs to the end, and nothing
# is given back once taken (possessive; a last lone backslash is taken too),
# so each character is looked at once:
# a scan that retried every quote of ``"\"\"\"...`` took seconds.
_TOKEN = re.compile(r'"(?:[^"\\]++|\\.?)*+(?:"|\Z)|[\[\]{}]', re.DOTALL)
_DEPTH_CHANGE = {"[": 1, "{": 1, "]": -1, "}": -1}


class TooDeep(ValueError):
    """The document nests ``[`` and ``{`` more deeply than its reader allows."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"nested more than {limit} levels deep")
        self.limit = limit


def nesting(text: str) -> int:
    """How deeply ``text`` nests its arrays and objects, strings not counted."""
    depth = deepest = 0
    for token in _TOKEN.findall(text):
        change = _DEPTH_CHANGE.get(token, 0)  # a string changes nothing
        depth += change
        deepest = max(deepest, depth)
    return deepest


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


def parse_json(text: str, max_depth: int) -> object:
    """``text`` parsed, or ValueError (TooDeep when it nests past ``max_depth``).

    The scan runs only when there are more brackets than ``max_depth``, so a
    small document costs two ``str.count`` calls.
    """
    if text.count("[") + text.count("{") > max_depth and nesting(text) > max_depth:
        raise TooDeep(max_depth)
    return json.loads(text, parse_constant=_no_constant)
