"""A model value built from a record's declared fields, so each field is declared once.

A tileset's fields are declared in :mod:`pnp.input.tileset` (kind, default,
help) and its values are the model's frozen structs. Between the two there
used to be a hand-written converter naming every field a third time; here
each of a model's fields is taken from the record's field of the same name
(``short_game`` from ``short-game``), so a field added to a record and to its
model needs no more code. What cannot be read from one field (a value
inherited from the tileset, a nested record, two fields joined into one) is
given by the caller, which must also name every record field it used up that
way: a record field that reaches no model field is a mistake, found the first
time any file is read.
"""

from __future__ import annotations

import functools
from typing import Any, NamedTuple, TypeVar

import msgspec

from pnp.input.reading import BROKEN
from pnp.input.schema import Node

Model = TypeVar("Model", bound=msgspec.Struct)


def model_value(model: type[Model], node: Node, used: tuple[str, ...] = (),
                **given: Any) -> Model:
    """The ``model`` value that checked record ``node`` declares.

    Each field of ``model`` is ``given``, or else the record's field of the
    same name (a list becomes a tuple; a field the file left out takes the
    model's default when the record's is None), or else ``line``: where the
    record starts. ``used`` names record fields that went into ``given``.
    """
    values: dict[str, Any] = {}
    taken = set(used)
    for field in _fields_of(model):
        if field.name in given:
            values[field.name] = given[field.name]
        elif field.key in node.values:
            value = node.values[field.key]
            assert value is not BROKEN, f"{node.field}.{field.key} failed its check"
            if value is not None or field.required:
                values[field.name] = _frozen(value)
        elif field.name == "line":
            values["line"] = node.line
        taken.add(field.key)
    left = set(node.values) - taken
    if left:
        raise TypeError(f"{model.__name__} has no field for {sorted(left)} of the record")
    return model(**values)


class _ModelField(NamedTuple):
    name: str  # the model's
    key: str  # the record's: the same words joined by hyphens
    required: bool  # whether the model has no default for it


@functools.cache
def _fields_of(model: type[msgspec.Struct]) -> tuple[_ModelField, ...]:
    """A model's fields, worked out once per class: msgspec evaluates every type hint
    of a class each time it is asked, and a tileset builds hundreds of values."""
    return tuple(_ModelField(field.name, field.name.replace("_", "-"), field.required)
                 for field in msgspec.structs.fields(model))


def _frozen(value: Any) -> Any:
    """A record's value as a model holds it: lists as tuples; records are given."""
    if isinstance(value, Node):
        raise TypeError(f"{value.field}: a nested record is given by the caller")
    if isinstance(value, list):
        return tuple(_frozen(item) for item in value)
    return value
