"""Errors a user can cause, formatted as readable paragraphs.

Every mistake in a tileset must tell the designer where (file and line), what
(field), what we found and what we allow, so they can fix it without reading
our source. A file read against its schema reports all its independent
mistakes in one error, one paragraph each, so a designer fixes them in one
pass instead of one run per mistake. The CLI turns these into exit status 2
and never a traceback.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

# More than this many paragraphs scroll the first ones away; the rest are counted.
MAX_REPORTED = 20


class Where(NamedTuple):
    """A position in a user's file: the file name, a 1-based line (0 if unknown) and,
    where the reader knows it (a syntax error), a 1-based column.

    A named tuple, as :class:`Problem` is: every command imports this module,
    `pnp --help` included, and a named tuple needs no library to be made.
    """

    file: str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        if not self.line:
            return self.file
        at = f"{self.file}, line {self.line}"
        return f"{at}, column {self.column}" if self.column else at


class Problem(NamedTuple):
    """One mistake at one place, with what a designer needs to fix it.

    A named tuple rather than a value Struct: equal problems compare and hash
    equal (so repeats are dropped), and it is cheap to create at start-up.
    """

    where: Where
    problem: str
    field: str = ""
    found: str = ""
    allowed: str = ""

    def paragraph(self) -> str:
        """The mistake as one paragraph, in the order a reader needs it."""
        parts = [f"{self.where}:"]
        if self.field:
            parts.append(f"field '{self.field}':")
        parts.append(self.problem.rstrip(".") + ".")
        if self.found:
            parts.append(f"Found {self.found}.")
        if self.allowed:
            parts.append(f"Allowed: {self.allowed}.")
        return " ".join(parts)


class InputError(Exception):
    """The input itself is unusable: a broken file, a wrong field, an unknown name.

    It carries one problem or several (``problems``, in file order); the
    attributes ``where``, ``problem``, ``field``, ``found`` and ``allowed`` are
    those of the first, so code that re-locates a single error keeps working.
    """

    def __init__(
        self,
        where: Where | str,
        problem: str,
        *,
        field: str = "",
        found: str = "",
        allowed: str = "",
    ) -> None:
        self.where = where if isinstance(where, Where) else Where(str(where))
        self.problem = problem
        self.field = field
        self.found = found
        self.allowed = allowed
        self.problems: tuple[Problem, ...] = (
            Problem(self.where, problem, field, found, allowed),)
        super().__init__(self.paragraph())

    @classmethod
    def of(cls, problems: Sequence[Problem]) -> InputError:
        """One error for several problems, ordered by file (as first met) and line."""
        files = list(dict.fromkeys(p.where.file for p in problems))
        unique = list(dict.fromkeys(problems))
        ordered = sorted(unique, key=lambda p: (files.index(p.where.file), p.where.line))
        first = ordered[0]
        error = cls(first.where, first.problem, field=first.field, found=first.found,
                    allowed=first.allowed)
        error.problems = tuple(ordered)
        error.args = (error.paragraph(),)
        return error

    def __reduce__(self) -> tuple[Any, tuple[tuple[Problem, ...]]]:
        """Rebuild from the problems when pickled, so an error raised in a build worker
        reaches the command line whole (the default would call ``__init__`` with the
        message alone, and fail)."""
        return (_from_problems, (self.problems,))

    def paragraph(self) -> str:
        """One paragraph per problem, at most MAX_REPORTED, under a line counting them."""
        if len(self.problems) == 1:
            return self.problems[0].paragraph()
        files = list(dict.fromkeys(p.where.file for p in self.problems))
        count = len(self.problems)
        place = "on the command line" if files == ["command line"] else f"in {files[0]}"
        head = f"{count} problems {place}:" if len(files) == 1 else f"{count} problems:"
        shown = [p.paragraph() for p in self.problems[:MAX_REPORTED]]
        if count > MAX_REPORTED:
            shown.append(f"... and {count - MAX_REPORTED} more, not shown: fix these and "
                         "run again to see the rest.")
        return "\n\n".join([head, *shown])


class UntestedLibrary(Exception):
    """A library installed at a release pnp was not tested with (its message says which
    and what to install): the machine's mistake, not the user's file, yet said in one
    paragraph the same way, never as a traceback."""


def shorten(value: object, limit: int = 60) -> str:
    """Quote a user's value for an error message without flooding the terminal.

    Only the start of the value is spelled out: a list that an alias bomb
    made, or a long text, costs no more to quote than a short one.
    """
    text = _brief(value, limit)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _brief(value: object, room: int) -> str:
    """``repr(value)``, stopped soon after ``room`` characters."""
    if isinstance(value, dict):
        entries: list[str] = []
        for key, item in value.items():
            if sum(map(len, entries)) > room:
                entries.append("...")
                break
            entries.append(f"{_brief(key, room)}: {_brief(item, room)}")
        return "{" + ", ".join(entries) + "}"
    if isinstance(value, list):
        items: list[str] = []
        for item in value:
            if sum(map(len, items)) > room:
                items.append("...")
                break
            items.append(_brief(item, room))
        return "[" + ", ".join(items) + "]"
    if isinstance(value, str) and len(value) > 4 * room:
        value = value[: 4 * room]
    try:
        return repr(value)
    except ValueError:  # an int too long for Python to print
        return f"a {type(value).__name__} too large to print"


def did_you_mean(name: object, names: list[str] | tuple[str, ...], many: bool = False) -> str:
    """A hint naming the closest allowed names, or "" when none is close.

    One suggestion is quoted (a field or value to retype); several are listed
    plainly (tile names to choose from).
    """
    import difflib  # only for a name that was mistyped: most runs never need it

    close = difflib.get_close_matches(str(name), list(names), n=3 if many else 1)
    if not close:
        return ""
    return f" (did you mean {', '.join(close)}?)" if many else f" (did you mean '{close[0]}'?)"


def _from_problems(problems: tuple[Problem, ...]) -> InputError:
    """An InputError carrying ``problems`` unchanged, for unpickling."""
    error = InputError.of(problems)
    error.problems = problems
    return error
