"""Model values are built from the records' declared fields: a field is declared once.

A record field with no model field to go to, or a model field that neither
the record nor the caller fills, is a mistake found when a file is read.
"""

from __future__ import annotations

import msgspec
import pytest

from pnp.input.load import parse_yaml
from pnp.input.reading import Reading
from pnp.input.schema import Field, ListOf, Record, Text, Whole
from pnp.input.values import model_value


class Pawn(msgspec.Struct, frozen=True):
    name: str
    short_game: int
    steps: tuple[int, ...] = ()
    colour: str = "red"
    line: int = 0


PAWN = Record("test:pawn", (
    Field("name", Text(20), required=True),
    Field("short-game", Whole(0, 9), default=3),
    Field("steps", ListOf(Whole(0, 9), "steps")),
    Field("colour", Text(20)),
))


def read(text: str, record: Record = PAWN):
    reading = Reading("pawn.yaml")
    node = reading.read(record, parse_yaml(text, "pawn.yaml"))
    reading.done()
    return node


def test_each_field_comes_from_the_record_field_of_the_same_name():
    pawn = model_value(Pawn, read("\nname: red-1\nshort-game: 5\nsteps: [1, 2]\n"))
    # a list becomes a tuple, a hyphen an underscore; what the file left out (None)
    # is the model's default, and line is where the record starts
    assert pawn == Pawn("red-1", 5, (1, 2), "red", 2)


def test_a_record_default_reaches_the_model_and_given_values_win():
    pawn = model_value(Pawn, read("name: b\ncolour: blue\n"), colour="green")
    assert (pawn.short_game, pawn.colour) == (3, "green")


def test_a_record_field_with_nowhere_to_go_is_refused():
    extra = Record("test:extra", (*PAWN.fields, Field("size", Whole(0, 9))))
    with pytest.raises(TypeError, match=r"Pawn has no field for \['size'\]"):
        model_value(Pawn, read("name: a\nsize: 3\n", extra))
    assert model_value(Pawn, read("name: a\nsize: 3\n", extra), used=("size",)).name == "a"


def test_a_model_field_nobody_fills_is_refused():
    class Tall(msgspec.Struct, frozen=True):
        name: str
        height: float

    with pytest.raises(TypeError, match="height"):
        model_value(Tall, read("name: a\n"), used=("short-game", "steps", "colour"))
