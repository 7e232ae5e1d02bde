"""SVG numbers: path data is written number by number exactly as num() writes one."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pnp.export.svg import num, path_data

# Values near the rounding edges (x.xxx5, -0.0004 that rounds to -0) and the odd ones.
numbers = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.floats(min_value=-1000, max_value=1000),
    st.integers(-2_000_000, 2_000_000).map(lambda n: n / 2000),
    st.sampled_from([0.0, -0.0, -0.0004, 0.0005, -0.0005, 0.9995, 99.9999, 100.0, 10.1]),
)
commands = st.lists(st.tuples(st.sampled_from("MLCQAZ"),
                              st.lists(numbers, max_size=20)), max_size=6)


@given(commands)
def test_path_data_writes_every_number_as_num_does(drawn):
    as_commands = tuple((letter, *values) for letter, values in drawn)
    expected = " ".join(letter + " ".join(num(value) for value in values)
                        for letter, values in drawn)
    assert path_data(as_commands) == expected


def test_num_drops_trailing_zeros_and_negative_zero():
    assert [num(v) for v in (12.5, 3.0, 0.0, -0.0, -0.0004, 100.0, 10.1004, 1e20)] == \
        ["12.5", "3", "0", "0", "0", "100", "10.1", "100000000000000000000"]
