"""Errors a user can cause, formatted as one readable paragraph.

Every mistake in a tileset must tell the designer where (file and line), what
(field), what we found and what we allow, so they can fix it without reading
our source. The CLI turns these into exit status 2 and never a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Where:
    """A position in a user's file: the file name and a 1-based line (0 if unknown)."""

    file: str
    line: int = 0

    def __str__(self) -> str:
        return f"{self.file}, line {self.line}" if self.line else self.file


class InputError(Exception):
    """The input itself is unusable: a broken file, a wrong field, an unknown name."""

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
        super().__init__(self.paragraph())

    def paragraph(self) -> str:
        """The whole error as one paragraph, in the order a reader needs it."""
        parts = [f"{self.where}:"]
        if self.field:
            parts.append(f"field '{self.field}':")
        parts.append(self.problem.rstrip(".") + ".")
        if self.found:
            parts.append(f"Found {self.found}.")
        if self.allowed:
            parts.append(f"Allowed: {self.allowed}.")
        return " ".join(parts)


def shorten(value: object, limit: int = 60) -> str:
    """Quote a user's value for an error message without flooding the terminal."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def did_you_mean(name: object, names: list[str] | tuple[str, ...], many: bool = False) -> str:
    """A hint naming the closest allowed names, or "" when none is close.

    One suggestion is quoted (a field or value to retype); several are listed
    plainly (tile names to choose from).
    """
    import difflib

    close = difflib.get_close_matches(str(name), list(names), n=3 if many else 1)
    if not close:
        return ""
    return f" (did you mean {', '.join(close)}?)" if many else f" (did you mean '{close[0]}'?)"
