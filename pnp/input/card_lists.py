"""Cards and tokens listed in a spreadsheet: a CSV file's rows as a tileset's components.

Designers keep card lists in spreadsheets, and every card tool people use
reads CSV. A tileset's ``card-lists`` entry names a CSV file beside it and
what its pieces share (kind, size, shape, back, colour); each row is one piece:

    name,count,title,text,icon
    torch,2,Wall Torches,Light two squares of your tunnel.,torch

``name`` and ``count`` are required; ``title`` is set as the card's title
(a label), ``text`` as its rules box, ``icon`` as its picture. The file is
read like every file a tileset names: inside its folder, within a size
limit, as UTF-8 (with or without the byte-order mark spreadsheets write).

Each row is checked by the same kinds the YAML's fields are (a name is
kebab-case, a count a whole number in range, an icon one the tileset knows),
and every mistake names the CSV file, the row's line and the column. The
rows that pass become components of the tileset, as if written under
``components`` with the entry's shared values, so every later check (names
unique among tiles and pieces, the sheet fitting the paper) sees them.
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from collections.abc import Callable
from collections.abc import Mapping as Mapping_
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

from pnp.errors import Problem, Where, shorten
from pnp.input.bounded import NotUtf8, TooLarge, read_bounded, unreadable, utf8
from pnp.input.files import Outside, confine
from pnp.input.load import MAX_FILE_BYTES, Mapping, Sequence
from pnp.input.reading import BROKEN, At, Kind, Reading, Shown

COLUMNS = ("name", "count", "title", "text", "icon")
REQUIRED = ("name", "count")
SHARED = ("kind", "size", "shape", "back", "colour", "band")  # what an entry gives every row
MAX_ROWS = 1000
LIST_ALLOWED = "a .csv file inside the tileset's folder, its first row naming its columns"


class Listed(NamedTuple):
    """What the card lists added: the CSV files read, and for each added component (by its
    index under ``components``) the index of the ``card-lists`` entry it came from."""

    files: tuple[Path, ...] = ()
    entries: Mapping_[int, int] = MappingProxyType({})


def listed_components(data: Any, path: Path, reading: Reading, kinds: dict[str, Kind],
                      sound: Callable[[Mapping, int], bool]) -> tuple[Any, Listed]:
    """``data`` (the tileset as read from YAML) with each ``card-lists`` entry's rows added
    to its ``components``, and what was added. Problems in a CSV file go to
    ``reading`` under that file's name; an entry that is itself wrong adds nothing
    (the tileset's own check reports it; ``sound`` says whether the entry at an
    index passes). ``kinds`` checks a row's name, count, title, text and icon as
    the YAML's fields are checked. Nothing is added to a ``components`` that is not
    a list (the tileset's own check reports that too)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("card-lists"), Sequence):
        return data, Listed()
    old = data.get("components")
    if old is not None and not isinstance(old, Sequence):
        return data, Listed()
    added, files = _gather(data, path, reading, (kinds, sound))
    kept = len(old or ())
    if kept + len(added) > MAX_ROWS:
        reading.problems.append(Problem(Where(str(path), data.line_of("card-lists")),
                                        "the card lists and components hold too many pieces",
                                        "card-lists", f"{kept + len(added)} pieces",
                                        f"at most {MAX_ROWS} in all"))
        return data, Listed(files)
    if not added:
        return data, Listed(files)
    return _merged(data, old, [component for _, component in added]), Listed(
        files, MappingProxyType({kept + number: index
                                 for number, (index, _) in enumerate(added)}))


def _gather(data: Mapping, path: Path, reading: Reading,
            checks: tuple[dict[str, Kind], Callable[[Mapping, int], bool]]
            ) -> tuple[list[tuple[int, Mapping]], tuple[Path, ...]]:
    """Every sound entry's good rows as components (with the entry's index), and the
    files read."""
    kinds, sound = checks
    added: list[tuple[int, Mapping]] = []
    files: list[Path] = []
    names = _Names(_declared_names(data))
    for index, entry in enumerate(data["card-lists"]):
        if not isinstance(entry, Mapping) or not sound(entry, index):
            continue
        found = _read_list(entry, (path, index), reading)
        if found is None:
            continue
        if found[0] in files:  # its rows would clash with themselves
            reading.problems.append(Problem(
                Where(str(path), entry.line_of("rows")), "this card list is listed already",
                f"card-lists[{index}].rows", repr(entry["rows"]), "each file once"))
            continue
        files.append(found[0])
        shown = str(path.parent / entry["rows"])  # the file as the tileset names it
        for row in _rows((shown, found[1]), reading, kinds):
            if names.fresh(str(row["name"]), (shown, row.line), reading):
                added.append((index, _component(row, entry)))
    return added, tuple(files)


def _merged(data: Mapping, old: Sequence | None, added: list[Mapping]) -> Mapping:
    """``data`` with ``added`` after its own ``components`` (the file itself untouched)."""
    merged = Mapping(data.line)
    merged.update(data)
    merged.lines = dict(data.lines)
    components = Sequence(old.line if old is not None else data.line_of("card-lists"))
    if old is not None:
        components.extend(old)
        components.lines = list(old.lines)
    for component in added:
        components.append(component)
        components.lines.append(component.line)
    merged["components"] = components
    merged.lines.setdefault("components", data.line_of("card-lists"))
    return merged


class _Names:
    """The piece names taken so far, and where a card list took each of its own."""

    def __init__(self, declared: set[str]) -> None:
        self.declared = declared
        self.rows: dict[str, tuple[str, int]] = {}

    def fresh(self, name: str, where: tuple[str, int], reading: Reading) -> bool:
        """Take ``name`` for the row at ``where``, or report that it is taken."""
        if name not in self.declared and name not in self.rows:
            self.rows[name] = where
            return True
        first = self.rows.get(name)
        before = ("the tileset's tiles or components" if first is None else
                  f"{Path(first[0]).name}, line {first[1]}")
        reading.problems.append(Problem(Where(*where), "a piece of this name exists already",
                                        "name", repr(name), f"a name not used in {before}"))
        return False


def rewrite_fields(problems: list[Problem], listed: Listed) -> list[Problem]:
    """Problems the tileset's own check found in components a card list added, written
    as the list's own fields (``card-lists[0].back``, not ``components[7].back``): the
    designer wrote the list, not the components, and one mistake in it is then one
    problem however many rows it has."""
    if not listed.entries:
        return problems
    written = []
    for problem in problems:
        match = _COMPONENT.match(problem.field)
        if match and int(match.group(1)) in listed.entries:
            entry = listed.entries[int(match.group(1))]
            problem = problem._replace(field=f"card-lists[{entry}]{match.group(2)}")
        written.append(problem)
    return list(dict.fromkeys(written))


_COMPONENT = re.compile(r"components\[(\d+)\](.*)")


def _declared_names(data: Mapping) -> set[str]:
    names = set()
    for key in ("tiles", "components"):
        for item in data.get(key) or ():
            if isinstance(item, Mapping) and isinstance(item.get("name"), str):
                names.add(item["name"])
    return names


def _read_list(entry: Mapping, place: tuple[Path, int],
               reading: Reading) -> tuple[Path, str] | None:
    """The CSV file an entry names and its text, or None after reporting why not;
    ``place`` is the tileset's path and the entry's index in ``card-lists``."""
    path, index = place
    value, line = entry["rows"], entry.line_of("rows")

    def refuse(problem: str, found: str = "") -> None:
        reading.problems.append(Problem(Where(str(path), line), problem,
                                        f"card-lists[{index}].rows", found or repr(value),
                                        LIST_ALLOWED))

    if not value.lower().endswith(".csv"):
        refuse("a card list is a .csv file")
        return None
    try:
        candidate = confine(path.parent, value, "a card list", "the tileset's folder")
        text = utf8(read_bounded(candidate, MAX_FILE_BYTES))
    except Outside as error:
        refuse(str(error))
        return None
    except TooLarge:
        refuse("this card list is too large", f"more than {MAX_FILE_BYTES} bytes")
        return None
    except NotUtf8:
        refuse("this card list is not UTF-8 text (save the sheet as CSV UTF-8)")
        return None
    except OSError as error:  # a folder or device (NotRegular), no permission...
        refuse(unreadable(error))
        return None
    return candidate, text.removeprefix("\ufeff")


def _rows(found: tuple[str, str], reading: Reading, kinds: dict[str, Kind]) -> list[Mapping]:
    """The file's rows that pass every check, each a mapping with the line it starts on
    (a quoted cell may span lines). ``found`` is the file's name as shown and its text."""
    source, text = found
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    lines: list[tuple[int, list[str]]] = []
    try:
        start = 1
        for cells in reader:
            lines.append((start, cells))
            start = reader.line_num + 1
    except csv.Error as error:  # a NUL byte, a quote never closed, a cell past the limit
        reading.problems.append(Problem(Where(source, start), "this row cannot be read as "
                                        f"CSV ({error})", "", "",
                                        "text saved as CSV by a spreadsheet; a quoted cell "
                                        "ends with a quote"))
        return []
    while lines and not any(cell.strip() for cell in lines[0][1]):
        lines.pop(0)  # blank lines above the header
    header = _header(lines, source, reading)
    if header is None:
        return []
    own = Reading(source)
    rows = []
    for line, cells in lines[1:]:
        if not any(cell.strip() for cell in cells):
            continue  # a blank line between groups of cards
        row = _row(header, cells, line, own, kinds)
        if row is not None:
            rows.append(row)
    reading.problems.extend(own.problems)
    return rows


def _header(lines: list[tuple[int, list[str]]], source: str,
            reading: Reading) -> list[str] | None:
    """The columns the first row names, or None after reporting why they will not do."""
    header = [cell.strip().lower() for cell in lines[0][1]] if lines else []
    unknown = [column for column in header if column not in COLUMNS]
    missing = [column for column in REQUIRED if column not in header]
    doubled = sorted(column for column, times in Counter(header).items() if times > 1)
    if not header or unknown or missing or doubled:
        found = _header_found(header, unknown, missing, doubled)
        reading.problems.append(Problem(
            Where(source, lines[0][0] if lines else 1), "the first row names the columns, "
            "each once", "header", Shown(found),
            f"columns {', '.join(COLUMNS)} (name and count required), in any order"))
        return None
    if len(lines) - 1 > MAX_ROWS:
        reading.problems.append(Problem(Where(source, 1), "too many rows", "",
                                        f"{len(lines) - 1} rows", f"at most {MAX_ROWS}"))
        return None
    return header


def _header_found(header: list[str], unknown: list[str], missing: list[str],
                  doubled: list[str]) -> str:
    """What is wrong with a header, in a few words (a wide one is not quoted whole)."""
    if not header:
        return "an empty file"
    if unknown:
        named = [shorten(column, 30) for column in dict.fromkeys(unknown)]
        more = f" and {len(named) - 5} more" if len(named) > 5 else ""
        return f"unknown columns {', '.join(named[:5])}{more}"
    if missing:
        return f"no column {' or '.join(missing)}"
    return f"{', '.join(doubled)} more than once"


def _row(header: list[str], cells: list[str], line: int, own: Reading,
         kinds: dict[str, Kind]) -> Mapping | None:
    """One row checked column by column; None when any column is wrong."""
    if len(cells) > len(header):
        own.report(line, "", "this row has more cells than the first row has columns",
                   Shown(f"{len(cells)} cells"), f"{len(header)}, one per column")
        return None
    values = dict(zip(header, (cell.strip() for cell in cells), strict=False))
    before = len(own.problems)
    row = Mapping(line)
    for column in COLUMNS:
        value = values.get(column, "")
        if not value:
            if column in REQUIRED:
                own.report(line, column, "this column is empty in this row", "",
                           "a value in every row")
            continue
        checked = kinds[column].check(_number(value) if column == "count" else value,
                                      At(own, line, column))
        if checked is not BROKEN:
            row[column] = checked
            row.lines[column] = line
    return row if len(own.problems) == before else None


def _number(value: str) -> Any:
    """A count cell as the number it spells (plain digits, as `--set` reads them), else as
    written, for the count's own check to refuse."""
    return int(value) if _DIGITS.fullmatch(value) else value


_DIGITS = re.compile(r"-?[0-9]{1,9}")  # a sign too, so -1 is "out of range", not a word


def _component(row: Mapping, entry: Mapping) -> Mapping:
    """One row as a component mapping under ``components``, with the entry's shared values;
    its lines are the entry's, where anything found later about it is written."""
    line = entry.line
    component = Mapping(line)
    component.update({"name": row["name"], "count": row["count"]})
    for key in SHARED:
        if key in entry:
            component[key] = entry[key]
    features = Sequence(line)
    for column, kind in (("title", "label"), ("text", "text"), ("icon", "icon")):
        if column in row:
            feature = Mapping(line)
            feature[kind] = row[column]
            feature.lines[kind] = line
            features.append(feature)
            features.lines.append(line)
    if features:
        component["features"] = features
    component.lines = {key: line for key in component}
    return component
