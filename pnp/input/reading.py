"""Where a reading's problems go, and what every kind of value answers to.

A file is read into a :class:`Reading`, which collects every problem instead
of raising at the first; :class:`At` is the place a value came from (its
file, line and field path), and :class:`Kind` is what each kind of value in
:mod:`pnp.input.schema` implements. A value whose check failed becomes
:data:`BROKEN`, and what depends on it is not checked again.
"""

from __future__ import annotations

import math
from typing import Any

from pnp.errors import InputError, Problem, Where, shorten


class _Broken:
    """The type of :data:`BROKEN`."""

    def __repr__(self) -> str:
        return "BROKEN"


# The value of a field whose check failed; what depends on it is not checked.
BROKEN: Any = _Broken()


# ---------------------------------------------------------------------------
# Where problems go


class Reading:
    """One file being read: its name, facts known before reading it, and its problems.

    ``context`` holds what the file may refer to but does not define, such as
    the tile names of the tileset a layout is scored against. ``offset`` is
    added to every line, for YAML embedded in another file (a rulebook's
    diagrams count their lines from the fence).
    """

    def __init__(self, source: str, *, offset: int = 0, **context: Any) -> None:
        self.source = source
        self.offset = offset
        self.context = context
        self.problems: list[Problem] = []

    def report(self, line: int, field: str, problem: str, found: Any = None,
               allowed: str = "") -> Any:
        """Record one problem; returns BROKEN so a check can ``return reading.report(...)``."""
        found_text = "" if found is None else found if isinstance(found, Shown) \
            else shorten(found)
        where = Where(self.source, line + self.offset if line else 0)
        self.problems.append(Problem(where, problem, field, found_text, allowed))
        return BROKEN

    def take(self, error: InputError) -> None:
        """Add the problems of an error raised by code that stops at its first (parsing)."""
        self.problems.extend(error.problems)

    def read(self, record: Kind, data: Any) -> Any:
        """The whole file checked against its top record (a Record): a Node, or BROKEN."""
        return record.check(data, At(self, getattr(data, "line", 1), ""))

    def done(self) -> None:
        """Raise every problem found so far as one error; do nothing if there is none."""
        if self.problems:
            raise InputError.of(self.problems)


class At:
    """The place of one value (line and field path), so its check can report there.

    One is made for every value read, so it is kept cheap: the field path is
    only spelled out when a problem is reported there.
    """

    __slots__ = ("_index", "_key", "_parent", "line", "reading")

    def __init__(self, reading: Reading, line: int, parent: str | At,
                 key: str = "", index: int = -1) -> None:
        self.reading = reading
        self.line = line
        self._parent = parent
        self._key = key
        self._index = index

    @property
    def field(self) -> str:
        parent = self._parent if isinstance(self._parent, str) else self._parent.field
        if self._index >= 0:
            return f"{parent}[{self._index}]"
        return join(parent, self._key) if self._key else parent

    def fail(self, problem: str, found: Any = None, allowed: str = "") -> Any:
        return self.reading.report(self.line, self.field, problem, found, allowed)

    def key(self, name: str, line: int) -> At:
        return At(self.reading, line, self, key=name)

    def item(self, index: int, line: int) -> At:
        return At(self.reading, line, self, index=index)


def join(parent: str, child: str) -> str:
    """A field path: ``tiles[3]`` and ``name`` give ``tiles[3].name``."""
    return f"{parent}.{child}" if parent else child


class Shown(str):
    """A "Found ..." text already worded for the reader: reported as it is, not quoted."""

    __slots__ = ()


def describe(value: Any) -> Shown:
    """A value as the user wrote it, for "Found ...": a text quoted, a number as a
    number, yes/no as YAML spells it (never a Python type name, which a designer
    did not write and may not know)."""
    if isinstance(value, dict):
        return Shown("a mapping")
    if isinstance(value, list):
        return Shown("a list")
    if value is None:
        return Shown("nothing (an empty value)")
    if isinstance(value, bool):
        return Shown("true" if value else "false")
    if isinstance(value, float) and not math.isfinite(value):
        return Shown(".nan" if math.isnan(value) else ".inf" if value > 0 else "-.inf")
    if isinstance(value, int | float):
        return Shown(f"the number {shorten(value)}")
    return Shown(shorten(value))


# ---------------------------------------------------------------------------
# Kinds of values


class Kind:
    """One kind of value: how it is checked and how the docs describe it.

    ``check`` returns the value to keep (possibly converted, such as a length
    in points) or BROKEN after reporting at ``at``. Kinds are never changed
    after they are made. They are plain slotted classes: they need none of a
    value type's equality or hashing, and a plain class is the cheapest to create.
    """

    __slots__ = ()

    def check(self, value: Any, at: At) -> Any:
        raise NotImplementedError

    def doc(self) -> str:
        raise NotImplementedError
