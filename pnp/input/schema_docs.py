"""Field tables for docs/, written from the schema so they cannot drift from the reader.

A Markdown file marks where a record's table goes::

    <!-- schema:tileset:tile -->
    (generated table)
    <!-- /schema -->

Everything outside the markers is hand-written prose and is kept as it is.
The list of documents and records lives in ``scripts/schema_docs.py``, which
sits above every layer and so can see the game modules' records too.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from pnp.input.schema import Field, Record

MARKER = re.compile(r"(<!-- schema:(?P<name>[a-z0-9:-]+) -->\n)(.*?)(<!-- /schema -->)",
                    re.DOTALL)


def table(record: Record) -> str:
    """The record's fields as a Markdown table: field, required, value, default."""
    rows = ["| field | required | value | default |", "|---|---|---|---|"]
    for field in record.fields:
        value = field.kind.doc() + (f"; {field.help}" if field.help else "")
        rows.append(f"| `{field.name}` | {'yes' if field.required else 'no'} | "
                    f"{_cell(value)} | {_cell(default_text(field))} |")
    return "\n".join(rows) + "\n"


def default_text(field: Field) -> str:
    """What a field is when left out, as the docs and the starter files word it."""
    if field.required:
        return ""
    if field.default_doc:
        return field.default_doc
    value = field.default
    if isinstance(value, bool):
        return "`true`" if value else "`false`"
    return "" if value is None or value == "" else f"`{value}`"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def fill(text: str, records: Mapping[str, Record]) -> str:
    """The document with every marked table rewritten; an unknown record name is an error."""
    def replace(match: re.Match[str]) -> str:
        name = match["name"]
        if name not in records:
            raise KeyError(f"the docs name a record that does not exist: schema:{name}")
        return match.group(1) + table(records[name]) + match.group(4)

    return MARKER.sub(replace, text)


def marked(text: str) -> list[str]:
    """The record names a document has tables for, in order."""
    return [match["name"] for match in MARKER.finditer(text)]
