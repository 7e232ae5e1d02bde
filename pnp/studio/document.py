"""A tileset or mix file as its designer wrote it: comments, order and layout kept.

Edits go through ruamel.yaml's round-trip mode, which keeps comments and key
order, so a save changes only what the designer changed. ruamel is good at
changing values in place and poor at keeping the comments around items that
are added or removed (it hangs a comment on whatever node precedes it), so
whole tile kinds are added, copied and removed as lines of text instead, using
the line numbers ruamel reports for each item.
"""

from __future__ import annotations

import io
from typing import Any

import yaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError
from ruamel.yaml.scalarstring import DoubleQuotedScalarString


class EditError(ValueError):
    """An edit the studio cannot make at all (a wrong request, not a wrong tileset)."""


Layout = tuple[int, int, int]  # indentation of mappings, of sequences, of the dash
# Indentations people write YAML with.
LAYOUTS: tuple[Layout, ...] = ((2, 4, 2), (2, 2, 0), (4, 4, 2), (4, 6, 4), (4, 4, 0), (3, 5, 3))


def _engine(mapping: int, sequence: int, offset: int) -> YAML:
    """A round-trip reader and writer with one indentation."""
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 4096  # never re-wrap a designer's long lines
    yaml.brace_single_entry_mapping_in_flow_sequence = True  # keep [{icon: x}] as written
    yaml.indent(mapping=mapping, sequence=sequence, offset=offset)
    return yaml


def _dump(yaml: YAML, root: Any) -> str:
    out = io.StringIO()
    yaml.dump(root, out)
    return out.getvalue()


def _matching_engine(text: str) -> tuple[Layout, YAML, Any]:
    """The engine that writes ``text`` back exactly as it is, and the parsed text.

    ruamel writes one indentation for the whole file, so the one the file
    uses is found by trying the usual ones; a file none reproduces gets the
    first, and only its indentation may change on saving.
    """
    first: tuple[Layout, YAML, Any] | None = None
    for layout in LAYOUTS:
        yaml, root = _read(text, layout)
        if _dump(yaml, root) == text:
            return layout, yaml, root
        first = first or (layout, yaml, root)
    assert first is not None
    return first


def _read(text: str, layout: Layout) -> tuple[YAML, Any]:
    yaml = _engine(*layout)
    try:
        return yaml, yaml.load(text)
    except YAMLError as error:
        raise EditError(f"the file cannot be read for editing: {error}") from None


class Document:
    """One YAML text, parsed for editing; ``text()`` writes it back.

    Finding the file's indentation costs a few extra readings of a large
    file, so a caller that knows it (from an earlier Document of the same
    file, ``layout``) passes it in.
    """

    def __init__(self, text: str, layout: Layout | None = None) -> None:
        if layout is None:
            self.layout, self.yaml, self.root = _matching_engine(text)
        else:
            self.layout = layout
            self.yaml, self.root = _read(text, layout)
        if not isinstance(self.root, CommentedMap):
            raise EditError("the file is not a YAML mapping")

    def text(self) -> str:
        return _dump(self.yaml, self.root)

    @property
    def is_mix(self) -> bool:
        """Whether the file is a mix (a base game plus changes) rather than a tileset."""
        return "base" in self.root and "game" not in self.root

    def tiles(self) -> CommentedSeq | None:
        """The file's own list of tile kinds, if it has one."""
        tiles = self.root.get("tiles")
        return tiles if isinstance(tiles, CommentedSeq) else None

    def own_names(self) -> list[str]:
        """Names of the tile kinds this file itself declares (a mix's homebrew tiles)."""
        return [str(item.get("name")) for item in self.tiles() or []
                if isinstance(item, CommentedMap)]

    def tile(self, name: str) -> CommentedMap:
        """The mapping of the tile kind called ``name`` in this file."""
        for item in self.tiles() or []:
            if isinstance(item, CommentedMap) and item.get("name") == name:
                return item
        raise EditError(f"this file has no tile kind called {name!r} to edit")

    def rows_showing(self, name: str) -> list[CommentedMap]:
        """The player-aid rows that show tile kind ``name`` (``tile: name``): a rename
        carries them along, a removal takes the picture off them."""
        found = []
        for aid in _items(self.root.get("aids")):
            for section in _items(aid.get("sections")):
                found += [row for row in _items(section.get("rows")) if row.get("tile") == name]
        return found

    def index(self, name: str) -> int:
        tiles = self.tiles()
        assert tiles is not None
        return list(tiles).index(self.tile(name))


def insert_key(mapping: CommentedMap, key: str, value: Any) -> None:
    """Set ``key``, placing a new key after ``count`` (or ``name``), never last.

    A comment that follows a tile kind in the file is stored on its last key;
    a key added at the end would land below that comment.
    """
    if key in mapping:
        mapping[key] = value
        return
    keys = list(mapping)
    anchor = "count" if "count" in keys and keys[-1] != "count" else "name"
    position = keys.index(anchor) + 1 if anchor in keys else 0
    mapping.insert(position, key, value)


def flow_list(items: list[Any]) -> CommentedSeq:
    """A list written on one line, as paths and features usually are."""
    seq = CommentedSeq(items)
    seq.fa.set_flow_style()
    return seq


def text_scalar(value: str) -> str:
    """``value`` as the file must hold it to be read back as the same text.

    The studio writes YAML 1.2 (ruamel) and pnp reads YAML 1.1 (PyYAML), where a
    plain ``Yes``, ``off``, ``~`` or ``1e3`` is no text at all: such a value is
    written in double quotes, so the label the designer typed is the label printed.
    """
    try:
        plain = yaml.safe_load(value)
    except yaml.YAMLError:
        plain = None
    return value if plain == value and isinstance(plain, str) else \
        DoubleQuotedScalarString(value)


def flow_map(pairs: dict[str, Any]) -> CommentedMap:
    mapping = CommentedMap(pairs)
    mapping.fa.set_flow_style()
    return mapping


def _items(value: object) -> list[CommentedMap]:
    """The mappings of a YAML list, or none where the value is not a list."""
    if not isinstance(value, CommentedSeq):
        return []
    return [item for item in value if isinstance(item, CommentedMap)]
