"""Bounded: hostile files end in one clear error (exit 2), never a traceback or a crash.

The corpus in tests/hostile/bounds/ holds alias bombs, deep nesting, numbers
that are not finite or not numbers at all, pieces too large for the paper,
counts past their limits and renders past the pixel budget. Each case names
the fragments its error must contain: the field and the limit.

Alias bombs and deep nesting run in a child process under an address-space
cap, so a regression shows as a failed test (MemoryError, a crash), never as
a test run that exhausts the machine. The loader is also fuzzed with
hypothesis: any text either loads or raises InputError.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest
import yaml
from hostile_corpus import Case, cases
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import ROOT
from support import run_pnp as run

from pnp.errors import InputError
from pnp.input import load
from pnp.input.load import MAX_ALIASES, MAX_DEPTH, MAX_VALUES, parse_yaml
from pnp.input.tileset import from_data

CASES = cases("bounds")
ISOLATED = ("aliases", "nesting")  # run in a capped child process
MEMORY_CAP = 768 * 1024 * 1024  # address space of the child; a normal validate needs ~30 MB
PEAK_MARK = "peak-rss-kb:"

# A child that runs the pnp command under the cap and reports its own peak memory. A
# forked child starts with its parent's high-water mark (the whole test session's), so
# the child resets it first (Linux's clear_refs) and reads its own from /proc.
CHILD = f"""
import atexit, resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({MEMORY_CAP}, {MEMORY_CAP}))
try:
    with open("/proc/self/clear_refs", "w") as refs:
        refs.write("5")
except OSError:
    pass

def peak():
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

atexit.register(lambda: print("{PEAK_MARK}", peak(), file=sys.stderr))
from pnp.cli import main
sys.argv = ["pnp", *sys.argv[1:]]
main()
"""


def test_the_corpus_is_large_and_grouped_by_class():
    groups = {case.name.split("/")[0] for case in CASES}
    assert {"aliases", "nesting", "numbers", "sizes", "counts"} <= groups
    assert len(CASES) >= 60


def run_capped(case: Case, out: Path) -> tuple[int, str, int]:
    """Exit status, stderr without the peak line, and the child's peak memory in KB."""
    done = subprocess.run([sys.executable, "-c", CHILD, *case.args(out)], capture_output=True,
                          text=True, timeout=300, cwd=out.parent,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    lines = done.stderr.splitlines()
    peaks = [int(line.split()[-1]) for line in lines if line.startswith(PEAK_MARK)]
    stderr = "\n".join(line for line in lines if not line.startswith(PEAK_MARK)) + "\n"
    return done.returncode, stderr, peaks[0] if peaks else -1


def check_error(status: int, stderr: str, case: Case, out: Path) -> None:
    assert status == 2, (case.what, status, stderr[-2000:])
    assert stderr.startswith("pnp: error: "), stderr[-2000:]
    assert "Traceback" not in stderr
    for fragment in case.expect:
        assert fragment in stderr, f"{case.name}: {fragment!r} missing from: {stderr[:2000]}"
    assert not (out / "probe").exists(), "an unusable input must not write outputs"
    assert not (out / "render.png").exists()


@pytest.mark.slow  # a build per hostile case: the slow set, which CI runs, holds them
@pytest.mark.parametrize("case", [c for c in CASES if c.name.split("/")[0] in ISOLATED],
                         ids=lambda c: c.name)
def test_bombs_and_deep_nesting_stop_early_and_small(case, tmp_path):
    out = tmp_path / "out"
    status, stderr, peak = run_capped(case, out)
    check_error(status, stderr, case, out)
    assert 0 < peak < 300_000, f"peak memory {peak} KB"  # the old loader took 2.2 GB


@pytest.mark.parametrize("case", [c for c in CASES if c.name.split("/")[0] not in ISOLATED],
                         ids=lambda c: c.name)
def test_each_limit_is_one_clear_error_naming_field_and_limit(case, tmp_path):
    out = tmp_path / "out"
    result = run(*case.args(out))
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    check_error(result.exit_code, result.stderr, case, out)
    assert result.stdout == ""


# ---------------------------------------------------------------------------
# The limits themselves, at and just past each boundary


def nested(depth: int) -> str:
    return "a: " + "[" * (depth - 1) + "]" * (depth - 1) + "\n"


def test_nesting_up_to_the_limit_loads():
    assert parse_yaml(nested(MAX_DEPTH), "probe.yaml")


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 100_000])
def test_nesting_past_the_limit_is_an_input_error_in_both_parsers(depth):
    for parse in (parse_yaml, load._parse_slowly):
        with pytest.raises(InputError) as error:
            parse(nested(depth), "probe.yaml")
        assert error.value.problem == "the data is nested too deeply"


def test_the_cheap_nesting_bound_is_never_below_the_real_depth():
    texts = [nested(40), "a:\n" + "".join(" " * (i + 1) + f"k{i}:\n" for i in range(30)),
             "- " * 30 + "x\n", "a:\n- b:\n  - c:\n    - d: [1, {e: [2]}]\n"]
    for text in texts:
        assert load._nesting_bound(text) >= depth_of(yaml.compose(text, Loader=yaml.SafeLoader))


def depth_of(node: yaml.Node) -> int:
    if isinstance(node, yaml.MappingNode):
        return 1 + max((depth_of(value) for _, value in node.value), default=0)
    if isinstance(node, yaml.SequenceNode):
        return 1 + max((depth_of(item) for item in node.value), default=0)
    return 0


def test_aliases_up_to_the_limit_load_and_one_more_does_not():
    def text(uses: int) -> str:
        return "x: &x a\nuses:\n" + "".join("  - *x\n" for _ in range(uses))

    assert len(parse_yaml(text(MAX_ALIASES), "probe.yaml")["uses"]) == MAX_ALIASES
    with pytest.raises(InputError, match="too many times"):
        parse_yaml(text(MAX_ALIASES + 1), "probe.yaml")


def test_expanded_values_are_counted_through_every_alias():
    # 10 levels of 4 copies: 4**10 (about a million) values from a few lines
    text = "l0: &l0 [a, b, c, d]\n" + "".join(
        f"l{i}: &l{i} [*l{i - 1}, *l{i - 1}, *l{i - 1}, *l{i - 1}]\n" for i in range(1, 10))
    assert MAX_VALUES < 4 ** 10
    with pytest.raises(InputError, match="too many values"):
        parse_yaml(text, "probe.yaml")


def test_a_shipped_tileset_is_far_inside_every_limit():
    text = (ROOT / "tilesets" / "dynamine.yaml").read_text(encoding="utf-8")
    loader = load._FastLineLoader(text, "dynamine.yaml")
    try:
        loader.get_single_data()
    finally:
        loader.dispose()
    assert max(loader.limits.sizes.values()) < MAX_VALUES // 10
    assert load._nesting_bound(text) <= load._C_SAFE_NESTING


def test_the_cap_would_stop_a_runaway_child(tmp_path):
    """The memory cap is real: a child that tries to take a gigabyte fails."""
    code = (f"import resource\nresource.setrlimit(resource.RLIMIT_AS, ({MEMORY_CAP}, "
            f"{MEMORY_CAP}))\nx = bytearray(1024 ** 3)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode != 0 and "MemoryError" in done.stderr
    assert resource.RLIMIT_AS  # the platform has the limit the tests rely on


# ---------------------------------------------------------------------------
# Fuzzing: whatever the text, the loader and the tileset reader answer with
# data or an InputError, never another exception

YAMLISH = st.text(alphabet=st.sampled_from(list("[]{}:-&*!?|>#'\",.\n  abcNSE019x<\t\\%@`~=é")),
                  max_size=120)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(YAMLISH)
def test_fuzzed_yaml_loads_or_is_an_input_error(text):
    try:
        parse_yaml(text, "fuzz.yaml")
    except InputError as error:
        assert error.paragraph()


SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(10 ** 30), max_value=10 ** 30),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30),
    st.sampled_from(["N-S", "1.5in", "63mm x 88mm", "#8a7a68", "vein", "card", "hex-flat"]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)
FIELDS = ("format", "game", "title", "shape", "size", "rotatable", "players", "tiles",
          "components", "board", "variants", "aids", "backs", "palette", "notes")
TILE_FIELDS = ("name", "count", "paths", "features", "rotatable", "back", "role")


@pytest.mark.slow  # 200 fuzzed tilesets read one by one
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(FIELDS), VALUES, max_size=6),
       st.dictionaries(st.sampled_from(TILE_FIELDS), VALUES, max_size=5))
def test_fuzzed_tileset_fields_read_or_are_an_input_error(top, tile):
    document = {"game": "probe", "title": "Probe", "size": "1in",
                "tiles": [{"name": "a", "count": 1, **tile}], **top}
    text = yaml.safe_dump(document, allow_unicode=True)
    try:
        from_data(parse_yaml(text, "fuzz.yaml"), Path("fuzz.yaml"))
    except InputError as error:
        assert error.paragraph()


# ---------------------------------------------------------------------------
# Time and memory: what is cheap to write must be cheap to refuse


@pytest.mark.parametrize("item", [pytest.param("1", marks=pytest.mark.slow),  # traces memory
                                  "{a: 1}"])
def test_a_long_flow_list_is_refused_before_its_nodes_are_built(item):
    """A 4 MB flow list of a million values took 34-48 s and up to 1.5 GB to refuse."""
    text = "game: foo\ntiles: [" + ", ".join([item] * (3_900_000 // (len(item) + 2))) + "]\n"
    measured = item == "1"  # tracing memory costs seconds: once is enough
    if measured:
        tracemalloc.start()
    try:
        with pytest.raises(InputError, match="too many values") as error:
            parse_yaml(text, "probe.yaml")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert error.value.where.line == 2
    assert peak < len(text) * 4 + 32 * 1024 * 1024


def test_a_big_file_with_a_syntax_error_is_worded_without_the_slow_parser(monkeypatch):
    text = "game: foo\ntiles: [" + ", ".join(["1"] * 100_000) + "]\n  bad: [\n"
    assert len(text) > load._SCAN_ABOVE
    monkeypatch.setattr(load, "_parse_slowly", None)  # calling it would fail the test
    with pytest.raises(InputError, match="YAML syntax error") as error:
        parse_yaml(text, "probe.yaml")
    assert error.value.where.line == 3


def test_quoted_lists_are_measured_like_any_other_block():
    """Measuring a quote wrapped each of its parts alone, and a list cannot be wrapped
    without a canvas: two quoted bullets stopped the build."""
    from markdown_it import MarkdownIt

    from pnp.rulebook.markdown import Numbering, markdown_flowables
    from pnp.rulebook.paragraphs import styles

    tokens = MarkdownIt("commonmark").parse("> - a\n> - b\n>\n> 1. c\n\n- > d\n")
    flowables = markdown_flowables(tuple(tokens), styles(), Numbering(), 360.0)
    # the quote's box; then the item's bullet and the quote inside it
    assert len(flowables) == 3
    assert all(flowable.wrap(360.0, 1e9)[1] > 0 for flowable in flowables)
