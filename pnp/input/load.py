"""Read a declarative YAML file into plain data that remembers its line numbers.

YAML is what designers edit by hand, and a good error needs the line of the
offending field. PyYAML knows each node's position while it parses, so we keep
it: mappings become :class:`Mapping` (a ``dict`` with ``line`` and per-key
``lines``) and sequences become :class:`Sequence` (a ``list`` with per-item
``lines``). Everything else is an ordinary Python scalar.

A key used twice, a key that is not text and a forbidden character do not
stop the parser: each is noted with its line, and all of them are raised
together once the whole file is read, so they are fixed in one pass.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, NamedTuple

import yaml

from pnp.errors import InputError, Problem, Where, shorten
from pnp.input.bounded import TooLarge, read_bounded

MAX_FILE_BYTES = 4 * 1024 * 1024
# What the YAML reader refuses before parsing (its own list of printable characters).
_UNPRINTABLE = re.compile(r"[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd"
                          r"\U00010000-\U0010ffff]")


class Mapping(dict[str, Any]):
    """A YAML mapping with the line of the mapping and of each key's value."""

    def __init__(self, line: int = 0) -> None:
        super().__init__()
        self.line = line
        self.lines: dict[str, int] = {}

    def line_of(self, key: str) -> int:
        return self.lines.get(key, self.line)


class Sequence(list[Any]):
    """A YAML sequence with the line of the sequence and of each item."""

    def __init__(self, line: int = 0) -> None:
        super().__init__()
        self.line = line
        self.lines: list[int] = []

    def line_of(self, index: int) -> int:
        return self.lines[index] if 0 <= index < len(self.lines) else self.line


class _LineLoader(yaml.SafeLoader):
    """A safe loader whose mappings and sequences carry line numbers."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.key_problems: list[_KeyProblem] = []


# libyaml's parser, where PyYAML was built with it, reads a tileset about ten
# times faster than the pure-Python one and builds the same nodes and marks.
# It words its syntax errors differently and refuses some escapes the Python
# parser reads (which our own checks then report), so a file it rejects is read
# again by the Python parser: a mistake is described the same way whichever
# parser the machine has.
_FastBase: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", _LineLoader)


class _FastLineLoader(_FastBase):  # type: ignore[valid-type,misc]
    """The same loader on libyaml's parser, for files that parse cleanly."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.key_problems: list[_KeyProblem] = []


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> Mapping:
    loader.flatten_mapping(node)
    result = Mapping(node.start_mark.line + 1)
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        line = key_node.start_mark.line + 1
        if not isinstance(key, str):
            loader.key_problems.append(
                _KeyProblem(line, f"a key must be text, not {type(key).__name__} {key!r}"))
            continue
        if key in result:  # the first value stays; the repeat is reported
            loader.key_problems.append(
                _KeyProblem(line, f"the key '{key}' appears twice in the same mapping"))
            continue
        result[key] = loader.construct_object(value_node, deep=True)
        result.lines[key] = line
    return result


def _construct_sequence(loader: _LineLoader, node: yaml.SequenceNode) -> Sequence:
    result = Sequence(node.start_mark.line + 1)
    for item in node.value:
        result.append(loader.construct_object(item, deep=True))
        result.lines.append(item.start_mark.line + 1)
    return result


# Characters XML 1.0 forbids (control codes, lone surrogates, U+FFFE/U+FFFF). YAML
# double-quoted escapes such as "\x07" or "\ud800" can produce them; they would
# make the SVG unparseable or fail to encode, so they are refused with their line.
_FORBIDDEN_CHARACTER = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _construct_str(loader: _LineLoader, node: yaml.ScalarNode) -> str:
    value = loader.construct_yaml_str(node)
    bad = _FORBIDDEN_CHARACTER.search(value)
    if bad:
        loader.key_problems.append(_KeyProblem(
            node.start_mark.line + 1, f"the text contains the control character or invalid "
            f"code point U+{ord(bad.group(0)):04X}", found=shorten(value),
            allowed="printable text"))
    return value


for _loader in (_LineLoader, _FastLineLoader):
    _loader.add_constructor("tag:yaml.org,2002:map", _construct_mapping)
    _loader.add_constructor("tag:yaml.org,2002:str", _construct_str)
    _loader.add_constructor("tag:yaml.org,2002:seq", _construct_sequence)


class _KeyProblem(NamedTuple):
    """A mistake the parser can step over; raised with the others after parsing."""

    line: int
    message: str
    allowed: str = "each key once, as text"
    found: str = ""


def read_text(path: Path, what: str = "tileset") -> str:
    """Return a file's text, or explain in one paragraph why it cannot be read."""
    where = Where(str(path))
    try:
        if not path.exists():
            raise InputError(where, f"this {what} file does not exist",
                             allowed="a path to a YAML file")
        if path.is_dir():
            raise InputError(where, f"this is a directory, not a {what} file",
                             allowed="a path to a YAML file")
        if not path.is_file():  # a FIFO or device such as /dev/zero: reading could never end
            raise InputError(where, f"this is not a regular file, so not a {what} file",
                             allowed="a path to a YAML file")
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise InputError(where, f"this {what} file is too large to be a hand-written "
                             "tileset", found=f"{size} bytes",
                             allowed=f"at most {MAX_FILE_BYTES} bytes")
        data = read_bounded(path, MAX_FILE_BYTES)  # bounded even if it grew since stat
    except TooLarge as exc:
        raise InputError(where, f"this {what} file is too large to be a hand-written "
                         "tileset", found=f"more than {exc.limit} bytes",
                         allowed=f"at most {MAX_FILE_BYTES} bytes") from None
    except OSError as exc:
        raise InputError(where, f"this {what} file cannot be read",
                         found=exc.strerror or type(exc).__name__,
                         allowed="a readable path to a YAML file") from None
    if b"\x00" in data:
        raise InputError(where, f"this is a binary file, not a {what}",
                         allowed="a UTF-8 text file in YAML")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(Where(str(path), line), "the file is not valid UTF-8 text",
                         found=f"the byte 0x{data[exc.start]:02x}",
                         allowed="a UTF-8 text file in YAML") from None
    control = _UNPRINTABLE.search(text)
    if control:  # PyYAML would stop with a traceback-shaped message of several lines
        raise InputError(Where(str(path), text.count("\n", 0, control.start()) + 1),
                         "the file contains a control character, which YAML does not allow",
                         found=f"U+{ord(control.group(0)):04X}",
                         allowed="printable UTF-8 text (tabs and line breaks are fine)")
    if not text.strip():
        raise InputError(where, f"the {what} file is empty",
                         allowed="a YAML mapping with at least the fields 'game' and 'tiles'")
    return text


def parse_yaml(text: str, source: str) -> Any:
    """Parse YAML text into located plain data; syntax errors name the line."""
    fast = _FastLineLoader(text)
    try:
        data = fast.get_single_data()
    except yaml.YAMLError:
        return _parse_slowly(text, source)  # the Python parser words the mistake
    finally:
        fast.dispose()
    _report_key_problems(fast.key_problems, source)
    return data


def _parse_slowly(text: str, source: str) -> Any:
    """Parse with PyYAML's own Python parser, whose messages the error reports use."""
    loader = _LineLoader(text)
    try:
        data = loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 0
        problem = exc.problem or exc.context or "the YAML cannot be read"
        raise InputError(Where(source, line), f"YAML syntax error: {problem}",
                         allowed="valid YAML (check indentation, colons and quotes)") from None
    except yaml.YAMLError as exc:
        raise InputError(Where(source), f"YAML syntax error: {exc}",
                         allowed="valid YAML") from None
    finally:
        loader.dispose()
    _report_key_problems(loader.key_problems, source)
    return data


def _report_key_problems(problems: list[_KeyProblem], source: str) -> None:
    """Raise every mistake the parser stepped over, each with its line."""
    if problems:
        raise InputError.of([Problem(Where(source, p.line), p.message, found=p.found,
                                     allowed=p.allowed) for p in problems])


def load_file(path: Path, what: str = "tileset") -> Any:
    """Read and parse one YAML file with positions kept for error messages."""
    return parse_yaml(read_text(path, what), str(path))
