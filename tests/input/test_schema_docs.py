"""The field tables in docs/ are generated from the schema and must be current.

The test regenerates every table in memory and compares; when it fails, run
``make docs`` (python scripts/schema_docs.py) and commit the result.
"""

from __future__ import annotations

import importlib.util

import pytest
from support import ROOT

from pnp.input.schema import Field, Record, Text
from pnp.input.schema_docs import fill, marked, table


def _script():
    spec = importlib.util.spec_from_file_location("schema_docs_script",
                                                  ROOT / "scripts" / "schema_docs.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SCRIPT = _script()


def test_the_docs_tables_are_current():
    stale = [str(path.relative_to(ROOT)) for path in SCRIPT.stale()]
    assert stale == [], "out of date, run `make docs`: " + ", ".join(stale)


def test_every_record_has_exactly_one_table():
    names = [name for path in SCRIPT.DOCS for name in marked(path.read_text(encoding="utf-8"))]
    assert sorted(names) == sorted(SCRIPT.RECORDS)


def test_a_changed_field_changes_its_table_and_keeps_the_prose():
    record = Record("probe:top", (Field("title", Text(80), "printed | on top", required=True),
                                  Field("notes", Text(10), "", default="none yet")))
    text = "Intro.\n\n<!-- schema:probe:top -->\nold table\n<!-- /schema -->\n\nOutro.\n"
    assert fill(text, {"probe:top": record}) == (
        "Intro.\n\n<!-- schema:probe:top -->\n" + table(record) + "<!-- /schema -->\n\nOutro.\n")
    assert "| `title` | yes | text, at most 80 characters; printed \\| on top |  |" in \
        table(record)
    assert "| `notes` | no | text, at most 10 characters | `none yet` |" in table(record)


def test_a_table_for_an_unknown_record_is_an_error():
    with pytest.raises(KeyError, match="schema:probe:gone"):
        fill("<!-- schema:probe:gone -->\n<!-- /schema -->\n", {})
