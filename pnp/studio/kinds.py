"""Adding, copying and removing whole tile kinds as lines of the file's text.

Comments above a tile kind describe it (or the group it starts), so they stay
where they are; a kind's own lines run from its dash to its last indented line.
"""

from __future__ import annotations

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from pnp.studio.document import Document, EditError, flow_list


def _lines_of(document: Document, index: int, lines: list[str]) -> tuple[int, int, int]:
    """First line, last line and dash column of tile kind ``index`` (0-based lines)."""
    tiles = document.tiles()
    if tiles is None or tiles.fa.flow_style():
        raise EditError("tile kinds can be added or removed here only when the file lists "
                        "its tiles one per item ('- name: ...')")
    start = tiles.lc.item(index)[0]
    dash = lines[start].find("-")
    last = start
    for number in range(start + 1, len(lines)):
        stripped = lines[number].strip()
        if not stripped or stripped.startswith("#"):
            continue
        if len(lines[number]) - len(lines[number].lstrip()) <= dash:
            break
        last = number
    return start, last, dash


def remove_kind(text: str, document: Document, name: str) -> str:
    """The text without tile kind ``name``; the comments around it stay."""
    lines = text.splitlines(keepends=True)
    start, last, _ = _lines_of(document, document.index(name), lines)
    return "".join(lines[:start] + lines[last + 1:])


def copy_kind(text: str, document: Document, name: str, new_name: str) -> str:
    """The text with a copy of ``name`` right after it, called ``new_name``."""
    lines = text.splitlines(keepends=True)
    index = document.index(name)
    start, last, _ = _lines_of(document, index, lines)
    copied = lines[start:last + 1]
    if not copied[-1].endswith("\n"):
        copied[-1] += "\n"
        lines[last] += "\n"
    spliced = Document("".join(lines[:last + 1] + copied + lines[last + 1:]), document.layout)
    tiles = spliced.tiles()
    assert tiles is not None
    tiles[index + 1]["name"] = new_name
    return spliced.text()


def add_kind(text: str, document: Document, name: str, path: str) -> str:
    """The text with a new tile kind (one copy, one tunnel ``path``) after the last one."""
    tiles = document.tiles()
    if tiles is None or not len(tiles):
        document.root["tiles"] = CommentedSeq(
            [CommentedMap({"name": name, "count": 1, "paths": flow_list([path])})])
        return document.text()
    lines = text.splitlines(keepends=True)
    start, last, dash = _lines_of(document, len(tiles) - 1, lines)
    inner = lines[start].index("name") if "name" in lines[start] else dash + 2
    pad, body = " " * dash, " " * inner
    new = [f"{pad}-{' ' * (inner - dash - 1)}name: {name}\n", f"{body}count: 1\n",
           f"{body}paths: [{path}]\n"]
    if not lines[last].endswith("\n"):
        lines[last] += "\n"
    return "".join(lines[:last + 1] + new + lines[last + 1:])


def unused_name(wanted: str, taken: list[str]) -> str:
    """``wanted``, or ``wanted-2``, ``wanted-3``... whichever no tile kind has yet."""
    if wanted not in taken:
        return wanted
    number = 2
    while f"{wanted}-{number}" in taken:
        number += 1
    return f"{wanted}-{number}"
