"""Read a declarative YAML file into plain data that remembers its line numbers.

YAML is what designers edit by hand, and a good error needs the line of the
offending field. PyYAML knows each node's position while it parses, so we keep
it: mappings become :class:`Mapping` (a ``dict`` with ``line`` and per-key
``lines``) and sequences become :class:`Sequence` (a ``list`` with per-item
``lines``). Everything else is an ordinary Python scalar.

A key used twice, a key that is not text and a forbidden character do not
stop the parser: each is noted with its line, and all of them are raised
together once the whole file is read, so they are fixed in one pass.

A file may come from a stranger, so reading it is bounded: its size, how
deeply it nests, how many times it reuses an anchor and how many values it
stands for once every alias is expanded (an alias bomb is a few lines that
stand for billions of values). Those limits stop the reading at once with one
error, since nothing read past them can be trusted to be small.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, NamedTuple

import yaml

from pnp.errors import InputError, Problem, Where, shorten
from pnp.input.bounded import NotUtf8, TooLarge, read_bounded, utf8

MAX_FILE_BYTES = 4 * 1024 * 1024
# What the YAML reader refuses before parsing (its own list of printable characters).
# Written as the characters refused, not as the complement of those allowed: the
# same set, but a class of a few small ranges compiles in a tenth of the time.
UNPRINTABLE = (r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff"
               r"\ufffe\uffff]")
# The largest shipped tileset nests 6 levels deep and stands for about 9,000 values;
# these leave ample room for hand-written files and none for a bomb.
MAX_DEPTH = 64  # mappings and lists inside each other
MAX_ALIASES = 1_000  # uses of an anchor (*name)
MAX_VALUES = 250_000  # values the file stands for, every alias expanded
MAX_NUMBER_CHARACTERS = 40  # a count or size is never longer; Python refuses very long ints
# libyaml builds nodes recursively in C, so a file nested tens of thousands deep
# would overflow the C stack. Below this bound on the nesting (see _nesting_bound)
# it cannot; above it, the Python parser reads the file and stops at MAX_DEPTH.
_C_SAFE_NESTING = 5_000
# A file larger than this is scanned event by event before any node is built
# (see _scan_events); the largest shipped tileset is about 32 KB. It is also
# the largest file the pure-Python parser reads to word a syntax error: that
# parser reads about 100 KB a second.
_SCAN_ABOVE = 256 * 1024
_MERGE_TAG = "tag:yaml.org,2002:merge"


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


class _Limits:
    """What a loader counts while it builds values, to stop at the first limit passed."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.depth = 0
        self.aliases = 0
        self.sizes: dict[yaml.Node, int] = {}  # values a collection stands for, expanded

    def exceeded(self, node: yaml.Node | yaml.Event, problem: str, found: str,
                 allowed: str) -> InputError:
        """The one error that stops reading, at the node where a limit was passed."""
        mark = node.start_mark
        return InputError(Where(self.source, mark.line + 1 if mark else 0), problem,
                          found=found, allowed=allowed)

    def enter(self, node: yaml.Node | yaml.Event) -> None:
        """One level deeper into a mapping or list."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.exceeded(node, "the data is nested too deeply",
                                f"more than {MAX_DEPTH} levels of mappings and lists",
                                f"at most {MAX_DEPTH} levels")


class _LineLoader(yaml.SafeLoader):
    """A safe loader whose mappings and sequences carry line numbers."""

    def __init__(self, stream: str, source: str = "") -> None:
        super().__init__(stream)
        self.key_problems: list[_KeyProblem] = []
        self.limits = _Limits(source)

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        """PyYAML's composer recurses once per level: stop it at MAX_DEPTH, not at a crash."""
        self.limits.enter(self.peek_event())  # type: ignore[no-untyped-call]  # PyYAML: no hints
        try:
            return super().compose_node(parent, index)
        finally:
            self.limits.depth -= 1


# libyaml's parser, where PyYAML was built with it, reads a tileset about ten
# times faster than the pure-Python one and builds the same nodes and marks.
# It words its syntax errors differently and refuses some escapes the Python
# parser reads (which our own checks then report), so a file it rejects is read
# again by the Python parser: a mistake is described the same way whichever
# parser the machine has.
_FastBase: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", _LineLoader)


class _FastLineLoader(_FastBase):  # type: ignore[valid-type,misc]  # a base chosen at run time
    """The same loader on libyaml's parser, for files that parse cleanly."""

    def __init__(self, stream: str, source: str = "") -> None:
        super().__init__(stream)
        self.key_problems: list[_KeyProblem] = []
        self.limits = _Limits(source)


def _construct_child(loader: _LineLoader, node: yaml.Node) -> tuple[Any, int]:
    """A value inside a mapping or list, and how many values it stands for expanded.

    A node built before is an alias: PyYAML hands back the same object, which
    costs nothing here but multiplies the work of everything that walks the
    data later, so each reuse is counted and its whole size added again.
    """
    limits = loader.limits
    built = loader.constructed_objects
    if node in built:
        limits.aliases += 1
        if limits.aliases > MAX_ALIASES:
            raise limits.exceeded(node, "the file uses aliases (*name) too many times",
                                  f"more than {MAX_ALIASES}", f"at most {MAX_ALIASES}")
        return built[node], limits.sizes.get(node, 1)
    constructor = loader.yaml_constructors.get(node.tag)
    if constructor is not None and isinstance(node, yaml.ScalarNode):
        # A scalar holds nothing and cannot contain itself: its constructor is
        # called directly, without PyYAML's bookkeeping for collections (a big
        # tileset is mostly scalars, and that bookkeeping was a fifth of reading
        # it). A tag with no constructor of its own still goes the long way, to
        # PyYAML's error.
        built[node] = value = constructor(loader, node)
        return value, 1
    return loader.construct_object(node, deep=True), limits.sizes.get(node, 1)


def _finish(loader: _LineLoader, node: yaml.Node, size: int) -> None:
    """Record a collection's expanded size, refusing one that stands for too many values."""
    limits = loader.limits
    if size > MAX_VALUES:
        raise limits.exceeded(node, "the file stands for too many values once its aliases "
                              "(*name) are expanded", f"more than {MAX_VALUES}",
                              f"at most {MAX_VALUES} values")
    limits.sizes[node] = size
    limits.depth -= 1


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> Mapping:
    loader.limits.enter(node)
    result = Mapping(node.start_mark.line + 1)
    size = 1
    for key_node, value_node in node.value:
        line = key_node.start_mark.line + 1
        if key_node.tag == _MERGE_TAG:  # merges copy mappings into mappings: a bomb of their own
            loader.key_problems.append(_KeyProblem(
                line, "YAML merge keys (<<) are not supported", found="<<",
                allowed="each field written out in the mapping itself"))
            continue
        key, key_size = _construct_child(loader, key_node)
        if not isinstance(key, str):
            loader.key_problems.append(
                _KeyProblem(line, f"a key must be text, not {type(key).__name__} "
                            f"{shorten(key)}"))
            continue
        if key in result:  # the first value stays; the repeat is reported
            loader.key_problems.append(
                _KeyProblem(line, f"the key '{key}' appears twice in the same mapping"))
            continue
        result[key], value_size = _construct_child(loader, value_node)
        result.lines[key] = line
        size += key_size + value_size
    _finish(loader, node, size)
    return result


def _construct_sequence(loader: _LineLoader, node: yaml.SequenceNode) -> Sequence:
    loader.limits.enter(node)
    result = Sequence(node.start_mark.line + 1)
    size = 1
    for item in node.value:
        value, item_size = _construct_child(loader, item)
        result.append(value)
        result.lines.append(item.start_mark.line + 1)
        size += item_size
    _finish(loader, node, size)
    return result


def _construct_int(loader: _LineLoader, node: yaml.ScalarNode) -> Any:
    """A whole number; one too long to be a count or a size is noted and read as 0.

    Python refuses to turn text of more than a few thousand digits into an int,
    and a sexagesimal or hex number could still build one too large to print.
    """
    text = str(node.value)
    if len(text) > MAX_NUMBER_CHARACTERS:
        loader.key_problems.append(_KeyProblem(
            node.start_mark.line + 1, "this number is far too long", found=f"{len(text)} "
            "characters", allowed=f"numbers of at most {MAX_NUMBER_CHARACTERS} characters"))
        return 0
    return loader.construct_yaml_int(node)


def _refuse_collection(loader: _LineLoader, node: yaml.Node) -> None:
    """Sets, ordered maps and pairs would escape the counting above; no format uses them."""
    loader.key_problems.append(_KeyProblem(
        node.start_mark.line + 1, f"the YAML type {node.tag} is not supported", found=node.tag,
        allowed="plain mappings, lists, text and numbers"))


# Characters XML 1.0 forbids (control codes, lone surrogates, U+FFFE/U+FFFF). YAML
# double-quoted escapes such as "\x07" or "\ud800" can produce them; they would
# make the SVG unparseable or fail to encode, so they are refused with their line.
FORBIDDEN_CHARACTER = r"[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]"


def first_of(characters: str, text: str) -> re.Match[str] | None:
    """The first of ``characters`` (a regular expression's character class) in ``text``.

    Every character of both classes above is one ``str.isprintable`` refuses,
    so text that is printable once tabs and line breaks are set aside holds
    none of them, and the check costs one pass in C. Only other text needs
    the expression, compiled the first time it is needed (compiling it was
    most of what checking a whole file cost) and kept by the ``re`` module's
    own cache.
    """
    if text.isprintable() or \
            text.replace("\n", "").replace("\t", "").replace("\r", "").isprintable():
        return None
    return re.search(characters, text)


def _construct_str(loader: _LineLoader, node: yaml.ScalarNode) -> str:
    # a text scalar's value as PyYAML's constructor returns it; that constructor
    # still words the error for a mapping or list tagged !!str
    value: str = (node.value if isinstance(node, yaml.ScalarNode)
                  else loader.construct_yaml_str(node))
    bad = first_of(FORBIDDEN_CHARACTER, value)
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
    _loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
    for _tag in ("set", "omap", "pairs"):
        _loader.add_constructor(f"tag:yaml.org,2002:{_tag}", _refuse_collection)


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
        text = utf8(data)
    except NotUtf8 as exc:
        raise InputError(Where(str(path), exc.line), "the file is not valid UTF-8 text",
                         found=f"the byte 0x{exc.byte:02x}",
                         allowed="a UTF-8 text file in YAML") from None
    control = first_of(UNPRINTABLE, text)
    if control:  # PyYAML would stop with a traceback-shaped message of several lines
        raise InputError(Where(str(path), text.count("\n", 0, control.start()) + 1),
                         "the file contains a control character, which YAML does not allow",
                         found=f"U+{ord(control.group(0)):04X}",
                         allowed="printable UTF-8 text (tabs and line breaks are fine)")
    if not text.strip():
        raise InputError(where, f"the {what} file is empty",
                         allowed="a YAML mapping with at least the fields 'game' and 'tiles'")
    return text


# What may come before a line's content: indentation, then the indicators that
# open a block collection on the same line (``- - x``, ``? a``, ``: b``), each
# followed by white space, with any anchor or tag between them.
_BLOCK_PREFIX = re.compile(r"^[ \t]*(?:(?:[-?:]|[&!][^ \t\n]*)[ \t]+)*", re.MULTILINE)


def _nesting_bound(text: str) -> int:
    """A cheap upper bound on how deeply the YAML text can nest.

    Each level of a flow collection needs its own opening bracket, and each
    level of block collections starts at a greater column than the one around
    it (or, for a list under a key, at the same column once). A block
    collection starts in a line's indentation or among the indicators that
    follow it, so the levels are at most the brackets plus twice the longest
    such prefix. (The longest line would bound it too, but a flow list of a
    million items on one line would then never reach libyaml.)
    """
    prefix = max((len(match.group()) for match in _BLOCK_PREFIX.finditer(text)), default=0)
    return text.count("[") + text.count("{") + 2 * (prefix + 2)


def parse_yaml(text: str, source: str) -> Any:
    """Parse YAML text into located plain data; syntax errors name the line."""
    if len(text) > MAX_FILE_BYTES:
        raise InputError(Where(source), "this YAML text is too large to be written by hand",
                         found=f"{len(text)} characters",
                         allowed=f"at most {MAX_FILE_BYTES} characters")
    if len(text) > _SCAN_ABOVE or _nesting_bound(text) > _C_SAFE_NESTING:
        mistake = _scan_events(text, source)
        if mistake is not None:
            return _parse_slowly(text, source) if len(text) <= _SCAN_ABOVE else \
                _syntax_error(mistake, source, text)
    fast = _FastLineLoader(text, source)
    try:
        data = fast.get_single_data()
    except yaml.YAMLError as mistake:  # the Python parser words the mistake, if it is quick
        return _parse_slowly(text, source) if len(text) <= _SCAN_ABOVE else \
            _syntax_error(mistake, source, text)
    finally:
        fast.dispose()
    _report_key_problems(fast.key_problems, source)
    return data


def _scan_events(text: str, source: str) -> yaml.YAMLError | None:
    """Stop a file that nests too deeply or holds too many values before any node is built.

    libyaml's parser hands out events one at a time from a loop of its own,
    so a million-item flow list or ``[`` repeated a million times costs at
    most :data:`MAX_VALUES` events here, instead of a tree of a million nodes
    (half a gigabyte) or a recursion that would overflow the C stack. Aliases
    are counted later, as values are built. Returns the parser's syntax error,
    if any, for the caller to word.
    """
    scanner = _FastBase(text)
    depth = values = 0
    try:
        while (event := scanner.get_event()) is not None:  # type: ignore[no-untyped-call]  # PyYAML
            kind = type(event)
            if kind in _OPENING:
                depth += 1
                if depth > MAX_DEPTH:
                    raise _exceeded(source, event, "the data is nested too deeply",
                                    f"more than {MAX_DEPTH} levels of mappings and lists",
                                    f"at most {MAX_DEPTH} levels")
            elif kind in _CLOSING:
                depth -= 1
                continue
            elif kind is not yaml.ScalarEvent:
                continue
            values += 1
            if values > MAX_VALUES:
                raise _exceeded(source, event, "the file holds too many values",
                                f"more than {MAX_VALUES:,}",
                                f"at most {MAX_VALUES:,} values (text, numbers, lists and "
                                "mappings)")
    except yaml.YAMLError as mistake:
        return mistake
    finally:
        scanner.dispose()
    return None


_OPENING = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
_CLOSING = (yaml.SequenceEndEvent, yaml.MappingEndEvent)


def _exceeded(source: str, event: yaml.Event, problem: str, found: str,
              allowed: str) -> InputError:
    mark = event.start_mark
    return InputError(Where(source, mark.line + 1 if mark else 0), problem, found=found,
                      allowed=allowed)


def _syntax_error(mistake: yaml.YAMLError, source: str, text: str) -> Any:
    """Raise libyaml's own account of a syntax error in a file too big for the Python parser."""
    if isinstance(mistake, yaml.MarkedYAMLError):
        raise _worded(mistake, source, text)
    raise InputError(Where(source), f"YAML syntax error: {mistake}", allowed="valid YAML")


# The parser's contexts whose start is where the mistake was made: a key with no
# colon after it, a bracket or brace never closed. The parser notices either only
# on a later line (the next key, the end of the file); other contexts (a block
# mapping) start far above a mistake it sees where it is.
_STARTS_AT_FAULT = ("while scanning a simple key", "while parsing a flow",
                    "while scanning a quoted scalar")
_OPENED = {"while parsing a flow sequence": "the list opened here with '[' is not closed",
           "while parsing a flow mapping": "the mapping opened here with '{' is not closed",
           "while scanning a quoted scalar": "the quoted text opened here is not closed"}


def _worded(mistake: yaml.MarkedYAMLError, source: str, text: str) -> InputError:
    """A syntax error at the line and column where the user would fix it, in words."""
    context, problem = mistake.context or "", mistake.problem or ""
    start, seen = mistake.context_mark, mistake.problem_mark
    at = start if start is not None and context.startswith(_STARTS_AT_FAULT) else seen or start
    words = (problem or context or "the YAML cannot be read").replace(
        "'<stream end>'", "the end of the file")
    line, column = (at.line + 1, at.column + 1) if at is not None else (0, 0)
    if at is start and start is not None and seen is not None and seen is not start:
        words = _from_the_start(context, words, (start, seen))
        if context.startswith("while parsing a flow") and "end of the file" not in words:
            line, column = _end_of_line_before(text, seen)
            words = _missing_separator(context, problem, (start, seen))
    return InputError(Where(source, line, column), f"YAML syntax error: {words}",
                      allowed="valid YAML (check indentation, colons and quotes)")


def _missing_separator(context: str, problem: str, marks: tuple[yaml.Mark, yaml.Mark]) -> str:
    """A list or mapping over several lines that a later line shows is missing a comma
    or its closing bracket: said at the end of the line before (where it belongs)."""
    start, seen = marks
    what = "mapping" if "mapping" in context else "list"
    closing = "}" if what == "mapping" else "]"
    return (f"a ',' or '{closing}' is missing at the end of this line: the {what} opened "
            f"at line {start.line + 1}, column {start.column + 1} goes on at line "
            f"{seen.line + 1} ({problem})")


def _end_of_line_before(text: str, seen: yaml.Mark) -> tuple[int, int]:
    """The 1-based line and column just after the last character of the last line with
    something on it before the parser's ``seen`` mark (the mark itself where that line
    is its own, or the text is not at hand)."""
    lines = text.splitlines()
    for index in range(min(seen.line, len(lines)) - 1, -1, -1):
        content = lines[index].split(" #", 1)[0].rstrip()
        if content and not content.lstrip().startswith("#"):
            return index + 1, len(content) + 1
    return seen.line + 1, seen.column + 1


def _from_the_start(context: str, words: str, marks: tuple[yaml.Mark, yaml.Mark]) -> str:
    """The words for a mistake reported where it began (``marks``: where it began and
    where the parser noticed it), saying where it was noticed."""
    start, seen = marks
    later = f"line {seen.line + 1}" if seen.line != start.line else f"column {seen.column + 1}"
    opened = _OPENED.get(context, "")
    if context.startswith("while scanning a simple key"):
        return f"this line has a key with no ':' after it (noticed at {later})"
    if opened and ("the end of the file" in words or "end of stream" in words):
        return f"{opened} by the end of the file"
    return f"{opened}: {words} at {later}" if opened else f"{words} (noticed at {later})"


def _parse_slowly(text: str, source: str) -> Any:
    """Parse with PyYAML's own Python parser, whose messages the error reports use."""
    loader = _LineLoader(text, source)
    try:
        data = loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        raise _worded(exc, source, text) from None
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
