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
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pnp.errors import Problem, Where
from pnp.input.bounded import NotRegular, NotUtf8, TooLarge, read_bounded, unreadable, utf8
from pnp.input.files import Outside, confine
from pnp.input.load import MAX_FILE_BYTES, Mapping, Sequence
from pnp.input.reading import BROKEN, At, Kind, Reading, Shown

COLUMNS = ("name", "count", "title", "text", "icon")
REQUIRED = ("name", "count")
SHARED = ("kind", "size", "shape", "back", "colour")  # what an entry gives every row
MAX_ROWS = 1000
LIST_ALLOWED = "a .csv file inside the tileset's folder, its first row naming its columns"


def listed_components(data: Any, path: Path, reading: Reading, kinds: dict[str, Kind],
                      sound: Callable[[Mapping, int], bool]) -> tuple[Any, tuple[Path, ...]]:
    """``data`` (the tileset as read from YAML) with each ``card-lists`` entry's rows added
    to its ``components``, and the CSV files read. Problems in a CSV file go to
    ``reading`` under that file's name; an entry that is itself wrong adds nothing
    (the tileset's own check reports it; ``sound`` says whether the entry at an
    index passes). ``kinds`` checks a row's name, count, title, text and icon as
    the YAML's fields are checked."""
    if not isinstance(data, Mapping) or not isinstance(data.get("card-lists"), Sequence):
        return data, ()
    rows_seen: dict[str, tuple[str, int]] = {}
    taken = _declared_names(data)
    added: list[Any] = []
    files: list[Path] = []
    for index, entry in enumerate(data["card-lists"]):
        if not isinstance(entry, Mapping) or not sound(entry, index):
            continue
        csv_path = _read_list(entry, (path, index), reading)
        if csv_path is None:
            continue
        files.append(csv_path[0])
        for row in _rows(csv_path, reading, kinds):
            name = str(row["name"])
            where = (str(csv_path[0]), row.line)
            if name in taken or name in rows_seen:
                first = rows_seen.get(name)
                before = f"line {first[1]} of {Path(first[0]).name}" if first else \
                    "the tileset's tiles or components"
                reading.problems.append(Problem(Where(*where), "a piece of this name exists "
                                                "already", "name", repr(name),
                                                f"a name not used in {before}"))
                continue
            rows_seen[name] = where
            added.append(_component(row, entry))
    if not added:
        return data, tuple(files)
    merged = Mapping(data.line)
    merged.update(data)
    merged.lines = dict(data.lines)
    components = Sequence(data.line_of("card-lists"))
    old = data.get("components")
    if isinstance(old, Sequence):
        components.extend(old)
        components.lines = list(old.lines)
        components.line = old.line
    for component in added:
        components.append(component)
        components.lines.append(component.line)
    merged["components"] = components
    merged.lines.setdefault("components", data.line_of("card-lists"))
    return merged, tuple(files)


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
    except (NotRegular, OSError) as error:
        refuse(unreadable(error) if isinstance(error, OSError) else "not a regular file")
        return None
    return candidate, text.removeprefix("\ufeff")


def _rows(found: tuple[Path, str], reading: Reading, kinds: dict[str, Kind]) -> list[Mapping]:
    """The file's rows that pass every check, each a mapping with its line."""
    path, text = found
    source = str(path)
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        lines = list(reader)
    except csv.Error as error:  # a NUL byte, a cell past the csv module's size limit
        reading.problems.append(Problem(Where(source, reader.line_num), "this line cannot "
                                        f"be read as CSV ({error})", "", "",
                                        "text saved as CSV by a spreadsheet"))
        return []
    header = _header(lines, source, reading)
    if header is None:
        return []
    own = Reading(source)
    rows = []
    for number, cells in enumerate(lines[1:], start=2):
        if not any(cell.strip() for cell in cells):
            continue  # a blank line between groups of cards
        row = _row(header, cells, number, own, kinds)
        if row is not None:
            rows.append(row)
    reading.problems.extend(own.problems)
    return rows


def _header(lines: list[list[str]], source: str, reading: Reading) -> list[str] | None:
    """The columns the first row names, or None after reporting why they will not do."""
    header = [cell.strip().lower() for cell in lines[0]] if lines else []
    unknown = [column for column in header if column not in COLUMNS]
    missing = [column for column in REQUIRED if column not in header]
    if not header or unknown or missing or len(set(header)) < len(header):
        reading.problems.append(Problem(
            Where(source, 1), "the first row names the columns, each once", "header",
            ", ".join(header) or "an empty file",
            f"columns {', '.join(COLUMNS)} (name and count required), in any order"))
        return None
    if len(lines) - 1 > MAX_ROWS:
        reading.problems.append(Problem(Where(source, 1), "too many rows", "",
                                        f"{len(lines) - 1} rows", f"at most {MAX_ROWS}"))
        return None
    return header


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
    """A count cell as the number it spells, else as written (for the error)."""
    return int(value) if value.isdigit() else value


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
