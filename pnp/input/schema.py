"""Declared fields for the YAML formats, and one reader that reports every mistake at once.

A format (a tileset, a mix file, a Dynamine layout) is declared once, as
records of fields. A field has a kind (text, name, count, length, choice, list,
record, ...) that carries its range or choices, says whether it is required or
what its default is, and has a line of help. That one declaration drives
reading the file, the wording of every error about a single field, and the
field tables in docs/ (:mod:`pnp.input.schema_docs`), which therefore cannot
drift from what the reader accepts.

Reading never stops at the first mistake: a designer with five typos should
fix them in one pass, not five runs. Each kind checks its own value and
reports a problem (file, line, field, found, allowed) into a shared
:class:`Reading`; a value that failed becomes :data:`BROKEN`, and every later
check that needs it stays silent rather than piling consequences onto the
real mistake. Rules that relate fields to each other (a name used twice, a
reference to a back or a tile, a path's edges on the tile's shape) are named
steps run over the result, reporting into the same place. ``Reading.done``
then raises one :class:`~pnp.errors.InputError` that carries them all.

The layer is hand-written over the located data of :mod:`pnp.input.load`
rather than a library's: pydantic would need every value wrapped to keep YAML
line numbers and costs start-up time on every command; strictyaml refuses the
flow style (``[N-S]``, ``{label: X}``) our tilesets use throughout; ruamel.yaml
would replace a parser that already gives us lines. What we need is small:
per-field checks with our own messages, and collecting instead of raising.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from pnp.errors import did_you_mean
from pnp.input.direction import DIRECTION_MARKS, right_to_left
from pnp.input.glyphs import DRAWABLE, undrawable
from pnp.input.load import Mapping, Sequence
from pnp.input.reading import BROKEN, At, Kind, Reading, describe
from pnp.units import LENGTH_FORMS, parse_length

NAME_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
NAME_RULE = "kebab-case: lower-case letters and digits in words joined by single hyphens"
COLOUR_PATTERN = re.compile(r"^#[0-9a-fA-F]{6}$")
_SIZE_PAIR = re.compile(r"^\s*(\S+)\s*[x\u00d7]\s*(\S+)\s*$")



class Text(Kind):
    """Non-empty text up to a length; ``numbers`` also takes 12 as "12" (badges, big digits)."""

    __slots__ = ("left_to_right", "limit", "numbers", "one_line", "what")

    def __init__(self, limit: int, what: str = "text", numbers: bool = False,
                 left_to_right: bool = False, one_line: bool = False) -> None:
        self.limit = limit
        self.what = what
        self.numbers = numbers
        self.left_to_right = left_to_right  # set in a book paragraph, which reads left to right
        self.one_line = one_line  # a title: one line on the page, in ORDER.txt and a manifest

    def check(self, value: Any, at: At) -> Any:
        if self.numbers and isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str) or not value.strip(" \t\n\r" + DIRECTION_MARKS):
            return at.fail(f"expected {self.what}", describe(value),
                           f"non-empty text of at most {self.limit} characters")
        letters = len(value) - sum(1 for character in value if unicodedata.combining(character))
        if letters > self.limit:  # a vowel mark or accent on a letter is not one more
            return at.fail("this text is too long", f"{letters} characters",
                           f"at most {self.limit} characters")
        if self.one_line and ("\n" in value or "\r" in value):
            return at.fail("a title is one line", value, "text without a line break")
        missing = undrawable(value)
        if missing is not None:
            return at.fail(missing, value, DRAWABLE)
        if self.left_to_right and right_to_left(value):
            return at.fail("this text is set in a paragraph of the player aid, which reads "
                           "left to right, so Hebrew or Arabic in it would read backwards",
                           value, "text written left to right here (names, labels and card "
                           "text may be Hebrew or Arabic)")
        return value

    def doc(self) -> str:
        return f"text, at most {self.limit} characters"


class Name(Kind):
    """A kebab-case name: safe in file names and on the command line."""

    def check(self, value: Any, at: At) -> Any:
        if not isinstance(value, str) or not NAME_PATTERN.match(value):
            return at.fail("not a valid name", value,
                           NAME_RULE + " (for example 'mine-entrance')")
        return value

    def doc(self) -> str:
        return "kebab-case name (`a-z`, `0-9`, single hyphens)"


class Whole(Kind):
    """A whole number in a range; ``out_of_range`` words a wrong size apart from a wrong type."""

    __slots__ = ("high", "low", "out_of_range", "problem")

    def __init__(self, low: int, high: int, problem: str = "not a usable number",
                 out_of_range: str = "") -> None:
        self.low = low
        self.high = high
        self.problem = problem
        self.out_of_range = out_of_range

    def check(self, value: Any, at: At) -> Any:
        allowed = f"a whole number from {self.low} to {self.high}"
        if isinstance(value, bool) or not isinstance(value, int):
            return at.fail(self.problem, describe(value), allowed)
        if not self.low <= value <= self.high:
            if self.out_of_range:
                return at.fail(self.out_of_range, value, allowed)
            return at.fail(self.problem, describe(value), allowed)
        return value

    def doc(self) -> str:
        return f"whole number from {self.low} to {self.high}"


class Number(Kind):
    """Any number in a range, kept as a float."""

    __slots__ = ("high", "low", "problem")

    def __init__(self, low: float, high: float, problem: str = "not a usable number") -> None:
        self.low = low
        self.high = high
        self.problem = problem

    def check(self, value: Any, at: At) -> Any:
        if not finite(value) or not self.low <= value <= self.high:
            return at.fail(self.problem, describe(value),
                           f"a number from {self.low} to {self.high}")
        return float(value)

    def doc(self) -> str:
        return f"number from {self.low} to {self.high}"


def finite(value: Any) -> bool:
    """Whether a value is a real, finite number: not ``true``, not ``.nan``, not ``.inf``.

    YAML's ``true`` is a Python bool, which is an int; it is never a number here.
    """
    return isinstance(value, int | float) and not isinstance(value, bool) and \
        math.isfinite(value)


class Boolean(Kind):
    """``true`` or ``false``, never a word YAML happens to read as one."""

    def check(self, value: Any, at: At) -> Any:
        if not isinstance(value, bool):
            return at.fail("expected true or false", describe(value), "true or false")
        return value

    def doc(self) -> str:
        return "`true` or `false`"


class Choice(Kind):
    """One of a set of words, given here or (``context``) known only when reading.

    ``unknown`` names what is chosen ("reward side") and then lists the close
    names; ``problem`` words the mistake in a format's own terms ("not a pawn
    colour") where "unknown ..." would read oddly; ``prefix`` may be left off
    a value, so a card is found by its short name or by its component name.
    """

    __slots__ = ("choices", "context", "doc_as", "prefix", "problem", "unknown")

    def __init__(self, choices: tuple[str, ...] = (), context: str = "", unknown: str = "",
                 prefix: str = "", doc_as: str = "", problem: str = "") -> None:
        self.choices = choices
        self.context = context
        self.unknown = unknown
        self.prefix = prefix
        self.doc_as = doc_as
        self.problem = problem

    def check(self, value: Any, at: At) -> Any:
        choices = tuple(at.reading.context[self.context]) if self.context else self.choices
        if self.prefix and isinstance(value, str) and value.startswith(self.prefix):
            value = value[len(self.prefix):]
        if isinstance(value, str) and value in choices:
            return value
        if self.unknown:
            problem = f"unknown {self.unknown}{did_you_mean(str(value), choices, many=True)}"
        elif self.problem:
            problem = f"{self.problem}{did_you_mean(str(value), choices)}"
        else:
            problem = f"not one of the allowed values{did_you_mean(str(value), choices)}"
        return at.fail(problem, value, ", ".join(choices))

    def doc(self) -> str:
        if self.doc_as:
            return self.doc_as
        words = [f"`{choice}`" for choice in self.choices]
        return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]


class Exact(Kind):
    """A value that must be exactly one thing, such as a format version."""

    __slots__ = ("problem", "value")

    def __init__(self, value: Any, problem: str) -> None:
        self.value = value
        self.problem = problem

    def check(self, value: Any, at: At) -> Any:
        # the type too: YAML's true equals 1 in Python, and 1.0 is not the version 1
        if type(value) is not type(self.value) or value != self.value:
            return at.fail(self.problem, value, str(self.value))
        return value

    def doc(self) -> str:
        return f"`{self.value}`"


class Length(Kind):
    """A length with a unit, kept in points."""

    __slots__ = ("high", "low")

    def __init__(self, low: float, high: float) -> None:
        self.low = low
        self.high = high

    def check(self, value: Any, at: At) -> Any:
        points = parse_length(value)
        if points is None:
            return at.fail("not a length", describe(value), LENGTH_FORMS)
        if not self.low <= points <= self.high:
            return at.fail("this length is out of range", value,
                           f"from {self.low / 72:.3g} in to {self.high / 72:.3g} in")
        return points

    def doc(self) -> str:
        return (f"length from {self.low / 72:.3g} in to {self.high / 72:.3g} in "
                "(`in`, `mm`, `cm` or `pt`, e.g. `1.5in`, `38mm`)")


class Size(Kind):
    """``W x H`` or one length for both, kept as (width, height) in points."""

    __slots__ = ("side",)

    def __init__(self, side: Length) -> None:
        self.side = side

    def check(self, value: Any, at: At) -> Any:
        pair = _SIZE_PAIR.match(value) if isinstance(value, str) else None
        if not pair:
            side = self.side.check(value, at)
            return BROKEN if side is BROKEN else (side, side)
        width, height = self.side.check(pair.group(1), at), self.side.check(pair.group(2), at)
        return BROKEN if BROKEN in (width, height) else (width, height)

    def doc(self) -> str:
        return (f"`W x H` or one length, each from {self.side.low / 72:.3g} in to "
                f"{self.side.high / 72:.3g} in (e.g. `63mm x 88mm`, `1in`)")


class Colour(Kind):
    """A ``#rrggbb`` colour, kept in lower case."""

    def check(self, value: Any, at: At) -> Any:
        if not isinstance(value, str) or not COLOUR_PATTERN.match(value):
            return at.fail("not a colour", describe(value),
                           "a quoted hex colour such as \"#8a7a68\"")
        return value.lower()

    def doc(self) -> str:
        return 'quoted hex colour, e.g. `"#8a7a68"`'


class GridCell(Kind):
    """A grid cell ``[a, b]`` of two whole numbers, kept as a tuple.

    Each number lies within ``limit`` of zero: a cell far away would make
    whatever loops over the cells between it and the origin run for ever.
    """

    __slots__ = ("allowed", "doc_as", "limit", "problem", "show_value")

    def __init__(self, problem: str, allowed: str, doc_as: str, show_value: bool = False,
                 limit: int = 1000) -> None:
        self.problem = problem
        self.allowed = allowed
        self.doc_as = doc_as
        self.show_value = show_value  # "Found [0, 'x']" rather than "Found 'a list'"
        self.limit = limit

    def check(self, value: Any, at: At) -> Any:
        if not (isinstance(value, list) and len(value) == 2 and
                all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            return at.fail(self.problem, value if self.show_value else describe(value),
                           self.allowed)
        if not all(-self.limit <= v <= self.limit for v in value):
            return at.fail(f"{self.problem}: too far from [0, 0]", value,
                           f"{self.allowed}, each from {-self.limit} to {self.limit}")
        return (value[0], value[1])

    def doc(self) -> str:
        return self.doc_as


class Point(Kind):
    """A position ``[x, y]`` of two numbers in a range, kept as a tuple of them as written.

    Unlike a :class:`GridCell` it may fall between cells (a pawn beside
    another, an arrow ending on a wall). The range keeps it on the drawing and
    also refuses YAML's ``.nan`` and ``.inf``, which no comparison admits.
    """

    __slots__ = ("allowed", "doc_as", "high", "low", "problem")

    def __init__(self, problem: str, allowed: str, doc_as: str, low: float,
                 high: float) -> None:
        self.problem = problem
        self.allowed = allowed
        self.doc_as = doc_as
        self.low = low
        self.high = high

    def check(self, value: Any, at: At) -> Any:
        if not (isinstance(value, list) and len(value) == 2 and
                all(self._fits(v) for v in value)):
            return at.fail(self.problem, value,
                           f"{self.allowed} from {self.low:g} to {self.high:g}")
        return (value[0], value[1])

    def _fits(self, value: Any) -> bool:
        return finite(value) and self.low <= value <= self.high

    def doc(self) -> str:
        return f"{self.doc_as}, each from {self.low:g} to {self.high:g}"


class Ref(Kind):
    """A name of something defined elsewhere in the file, checked by a named step.

    The schema cannot judge it alone: whether ``back: dark`` is right depends on
    the ``backs`` list, which may itself be broken.
    """

    __slots__ = ("doc_as",)

    def __init__(self, doc_as: str) -> None:
        self.doc_as = doc_as

    def check(self, value: Any, at: At) -> Any:
        return value

    def doc(self) -> str:
        return self.doc_as


class ListOf(Kind):
    """A YAML list of one kind of item, kept as :class:`Items`.

    ``empty`` is (problem, allowed) when an empty list is a mistake. ``most``
    bounds its length, so the work every later step does per item is bounded
    too; a longer list is refused before any item is read.
    """

    __slots__ = ("doc_as", "empty", "item", "most", "what")

    def __init__(self, item: Kind, what: str, empty: tuple[str, str] | None = None,
                 doc_as: str = "", most: int = 1000) -> None:
        self.item = item
        self.what = what
        self.empty = empty
        self.doc_as = doc_as
        self.most = most

    def check(self, value: Any, at: At) -> Any:
        if not isinstance(value, Sequence):
            return at.fail(f"expected a list of {self.what}", describe(value),
                           f"a YAML list of {self.what}")
        if not value and self.empty:
            return at.fail(self.empty[0], "an empty list", self.empty[1])
        if len(value) > self.most:
            return at.fail(f"this list of {self.what} is too long", f"{len(value)} items",
                           f"at most {self.most}")
        items = Items(value.line)
        check, spots, reading = self.item.check, items.spots, at.reading
        for index, (raw, line) in enumerate(zip(value, value.lines, strict=True)):
            spot = At(reading, line, at, index=index)
            items.append(check(raw, spot))
            spots.append(spot)
        return items

    def doc(self) -> str:
        least = ", at least one" if self.empty else ""
        return (self.doc_as or f"list of {self.what}{least}") + f"; at most {self.most}"


class MapOf(Kind):
    """A mapping of names to values (tile name to count), kept as Items of (key, value).

    Either half of a pair may be BROKEN: a wrong count does not hide a wrong name.
    """

    __slots__ = ("allowed", "doc_as", "key", "most", "problem", "value")

    def __init__(self, key: Kind, value: Kind, problem: str, allowed: str, doc_as: str,
                 most: int = 1000) -> None:
        self.key = key
        self.value = value
        self.problem = problem
        self.allowed = allowed
        self.doc_as = doc_as
        self.most = most

    def check(self, value: Any, at: At) -> Any:
        if not isinstance(value, Mapping):
            return at.fail(self.problem, describe(value), self.allowed)
        if len(value) > self.most:
            return at.fail("this mapping has too many entries", f"{len(value)} entries",
                           f"at most {self.most}")
        items = Items(value.line)
        for key, raw in value.items():
            spot = at.key(str(key), value.line_of(key))
            items.add((self.key.check(key, spot), self.value.check(raw, spot)), spot)
        return items

    def doc(self) -> str:
        return f"{self.doc_as}; at most {self.most}"


class Anything(Kind):
    """Any value, judged by a named step (a base game to resolve, a game id to compare)."""

    __slots__ = ("doc_as",)

    def __init__(self, doc_as: str) -> None:
        self.doc_as = doc_as

    def check(self, value: Any, at: At) -> Any:
        return value

    def doc(self) -> str:
        return self.doc_as


class Items(list[Any]):
    """A checked list: each item's value (BROKEN where it failed), line and field path."""

    def __init__(self, line: int) -> None:
        super().__init__()
        self.line = line
        self.spots: list[At] = []

    def add(self, value: Any, spot: At) -> None:
        self.append(value)
        self.spots.append(spot)

    def sound(self) -> bool:
        """Whether every item passed its own checks."""
        return all(item is not BROKEN for item in self)

    def located(self) -> Iterator[tuple[Any, At]]:
        """Each good item with its place."""
        return ((item, spot) for item, spot in zip(self, self.spots, strict=True)
                if item is not BROKEN)


# ---------------------------------------------------------------------------
# Records


class Field:
    """One field of a record: its kind, whether it is required, its default, its help."""

    __slots__ = ("default", "default_doc", "help", "kind", "name", "required")

    def __init__(self, name: str, kind: Kind, help: str = "", required: bool = False,
                 default: Any = None, default_doc: str = "") -> None:
        self.name = name
        self.kind = kind
        self.help = help
        self.required = required
        self.default = default
        self.default_doc = default_doc  # the docs' default column when `default` cannot say it


class Record(Kind):
    """A YAML mapping with declared fields; ``name`` keys its table in the docs.

    ``rules`` relate this record's own fields to each other (a feature is one
    of icon, label, text or die) and run right after its fields are read.
    """

    __slots__ = ("_by_name", "_defaults", "_required", "doc_as", "fields", "name", "names",
                 "rules")

    def __init__(self, name: str, fields: tuple[Field, ...],
                 rules: tuple[Callable[[Node], None], ...] = (), doc_as: str = "") -> None:
        self.name = name
        self.fields = fields
        self.rules = rules
        self.doc_as = doc_as
        self.names = tuple(field.name for field in fields)
        self._by_name = {field.name: field for field in fields}
        self._defaults = {field.name: field.default for field in fields if not field.required}
        self._required = tuple(field for field in fields if field.required)

    def check(self, value: Any, at: At) -> Any:
        if not isinstance(value, Mapping):
            return at.fail("expected a mapping of fields", describe(value),
                           "fields: " + ", ".join(self.names))
        values = dict(self._defaults)  # only the fields the file writes are checked
        meant: list[str] = []  # fields a mistyped key stands for: not also "required"
        reading, lines, line, by_name = at.reading, value.lines, value.line, self._by_name
        for key, raw in value.items():
            field = by_name.get(key)
            spot = At(reading, lines.get(key, line), at, key)
            if field is None:
                meant.extend(self._unknown(key, spot))
            else:
                values[key] = field.kind.check(raw, spot)
        for field in self._required:
            if field.name not in value:
                values[field.name] = self._missing(field, value, at, field.name in meant)
        node = Node(at, value, values)
        for rule in self.rules:
            rule(node)
        return node

    def _unknown(self, key: str, spot: At) -> list[str]:
        """Report a key the record does not declare; return the field it may stand for."""
        import difflib  # only on a mistake: not worth importing on every start

        close = difflib.get_close_matches(key, self.names, n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        spot.fail(f"unknown field{hint}", key, "fields: " + ", ".join(self.names))
        return close

    def _missing(self, field: Field, mapping: Mapping, at: At, mistyped: bool) -> Any:
        if mistyped:  # already reported as an unknown field that means this one
            return BROKEN
        return at.key(field.name, mapping.line).fail(
            "this field is required",
            allowed=f"a '{field.name}' field in {at.field or 'the file'}: "
            + field.kind.doc().replace("`", "").replace(" (below)", ""))

    def doc(self) -> str:
        return self.doc_as or "mapping of fields"


class Node:
    """A record as read: each field's value (BROKEN where it failed), lines and path."""

    __slots__ = ("_at", "line", "source", "values")

    def __init__(self, at: At, source: Mapping, values: dict[str, Any]) -> None:
        self._at = at
        self.line = source.line
        self.source = source
        self.values = values

    @property
    def field(self) -> str:
        """The record's path in the file, such as ``tiles[3]``."""
        return self._at.field

    @property
    def reading(self) -> Reading:
        return self._at.reading

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def given(self, name: str) -> bool:
        """Whether the file wrote this field (rather than leaving it to its default)."""
        return name in self.source

    def ok(self, *names: str) -> bool:
        """Whether these fields all passed their checks."""
        return all(self.values[name] is not BROKEN for name in names)

    def at(self, name: str) -> At:
        return self._at.key(name, self.source.line_of(name))

    def fail(self, name: str, problem: str, found: Any = None, allowed: str = "") -> None:
        """Report a problem with one of this record's fields (``""``: the record itself)."""
        spot = self.at(name) if name else At(self.reading, self.line, self._at)
        spot.fail(problem, found, allowed)


def nodes(value: Any) -> Iterator[Node]:
    """The records of a list that could be read as records (none for a broken list)."""
    if isinstance(value, Items):
        yield from (item for item in value if isinstance(item, Node))


def repeated(records: Iterable[Node], name: str) -> Iterator[tuple[Node, Node]]:
    """Each record whose ``name`` field repeats an earlier one's, with that earlier one."""
    first: dict[Any, Node] = {}
    for node in records:
        value = node[name]
        if value is BROKEN:
            continue
        if value in first:
            yield node, first[value]
        else:
            first[value] = node


def known_names(value: Any, name: str = "name") -> tuple[str, ...] | None:
    """The names in a list of records, or None if any is broken.

    A reference can only be called unknown against a complete list: if one
    entry's name failed, the reference may well mean that entry.
    """
    if not isinstance(value, Items) or not value.sound():
        return None
    names = tuple(node[name] for node in value)
    return None if BROKEN in names else names
