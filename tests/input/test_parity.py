"""One check pipeline: what `pnp validate` passes, `pnp build` builds (issue 27).

A property test writes tilesets and mixes a designer might (valid ones, broken
ones, and ones on every limit: Windows device names, a character no bundled
font prints, two outputs whose names differ only in case, a tile size on the
paper's edge) and runs both commands on each file. Whatever the file, the two
agree: validate exits 0 or 1 (a rule broken, which a build does not enforce)
exactly when build exits 0, and when either refuses the file (exit 2) both do,
with the same paragraph naming the same file and line.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.cli import main


def _mostly(good: list[str], limits: list[str]) -> st.SearchStrategy[str]:
    """Values a designer writes most of the time, and now and then one on a limit, so
    that the examples hold files both commands accept as well as ones they refuse."""
    return st.sampled_from(good * 4 + limits)


NAMES = _mostly(["straight", "bend", "tee", "tee-2"],
                ["con", "aux", "nul", "com1", "lpt9", "prn.txt", "x" * 99, "y" * 101,
                 "rulebook", "tiles"])
LABELS = _mostly(["GOLD", "Zoë", "Привет", "Ωmega", "金鉱"], ["खान", "🙂", "", "x" * 60])
SIZES = _mostly(["1.5in", "38mm"], ["0.2in", "7.5in", "8in", "10.5in", "12in", "1.5inch"])
PATHS = _mostly(["[N-S]", "[N-E]", "[N-E, S-W]", "[N-E-S-W]"], ["[N-Q]", "[]", "N-S"])
GAMES = _mostly(["probe", "aux-mine"], ["con", "Probe", "nul", "p" * 101])


@st.composite
def tilesets(draw: st.DrawFn) -> str:
    """A tileset's text: a game, a size, one to three tile kinds, maybe a label."""
    game = draw(GAMES)
    lines = [f"game: {game}", "title: Probe", f"size: {draw(SIZES)}", "tiles:"]
    for _ in range(draw(st.integers(1, 2))):
        name, count, paths = draw(NAMES), draw(st.integers(0, 3)), draw(PATHS)
        label = draw(st.none() | st.none() | LABELS)
        feature = f", features: [{{label: {label!r}}}]" if label is not None else ""
        lines.append(f"  - {{name: {name!r}, count: {count}, paths: {paths}{feature}}}")
    return "\n".join(lines) + "\n"


@st.composite
def mixes(draw: st.DrawFn) -> str:
    """A mix of Demon Mine: a name, count changes, maybe homebrew kinds."""
    name = draw(_mostly(["mine", "four-player"], ["con", "Mine", "a" * 101]))
    counts = draw(st.dictionaries(st.sampled_from(["elbow", "tee", "cross", "straight",
                                                   "elbw", "mine-entrance"]),
                                  st.integers(0, 30), max_size=3))
    lines = ["base: demon-mine", f"name: {name!r}", "counts:"]
    lines += [f"  {tile}: {count}" for tile, count in counts.items()] or ["  elbow: 28"]
    extra = draw(st.lists(st.tuples(NAMES, PATHS, st.none() | LABELS), max_size=2))
    if extra:
        lines.append("tiles:")
        for tile, paths, label in extra:
            feature = f", features: [{{label: {label!r}}}]" if label is not None else ""
            lines.append(f"  - {{name: {tile!r}, count: 1, paths: {paths}{feature}}}")
    return "\n".join(lines) + "\n"


def _both(folder: Path, text: str) -> tuple[tuple[int, str], tuple[int, str]]:
    """Each command's exit status and what it said, run on ``text`` as a file."""
    path = folder / "probe.yaml"
    path.write_text(text, encoding="utf-8")
    runner = CliRunner()
    checked = runner.invoke(main, ["validate", str(path)])
    built = runner.invoke(main, ["build", str(path), "--paper", "letter", "--no-rulebook",
                                 "-q", "--jobs", "1", "--out", str(folder / "out")])
    return (checked.exit_code, checked.output), (built.exit_code, built.output)


def _refusal(output: str) -> str:
    """The error paragraphs a command printed (without its progress lines)."""
    start = output.find("pnp: error:")
    return output[start:].strip() if start >= 0 else output.strip()


def _agree(folder: Path, text: str) -> None:
    (check_code, check_said), (build_code, build_said) = _both(folder, text)
    assert check_code in (0, 1, 2) and build_code in (0, 2), (text, check_said, build_said)
    assert "Traceback" not in check_said + build_said
    if check_code == 2 or build_code == 2:
        assert check_code == build_code == 2, (text, check_said, build_said)
        assert _refusal(check_said) == _refusal(build_said), (text, check_said, build_said)
    else:
        assert build_code == 0, (text, build_said)


PROPERTY = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


@PROPERTY
@given(text=tilesets())
def test_validate_and_build_agree_on_every_tileset(tmp_path_factory, text):
    _agree(tmp_path_factory.mktemp("tileset"), text)


@pytest.mark.slow  # a build of every generated mix
@PROPERTY
@given(text=mixes())
def test_validate_and_build_agree_on_every_mix(tmp_path_factory, text):
    _agree(tmp_path_factory.mktemp("mix"), text)


@pytest.mark.parametrize("text", [
    "game: con\ntitle: C\nsize: 1.5in\ntiles:\n  - {name: a, count: 1, paths: [N-S]}\n",
    "game: probe\ntitle: P\nsize: 1.5in\ntiles:\n  - {name: aux, count: 1, paths: [N-S]}\n",
    "base: demon-mine\ntiles:\n  - {name: com1, count: 1, paths: [N-S]}\n",
    "game: probe\ntitle: P\nsize: 1.5in\ntiles:\n"
    "  - {name: a, count: 1, paths: [N-S], features: [{label: 'खान'}]}\n",
], ids=["game-con", "tile-aux", "mix-tile-com1", "devanagari-label"])
def test_the_names_build_refuses_are_refused_by_validate_in_the_same_words(tmp_path, text):
    """The cases the issue names, every run: a Windows device name anywhere, and a
    character no bundled font prints."""
    (check_code, check_said), (build_code, build_said) = _both(tmp_path, text)
    assert check_code == build_code == 2, (check_said, build_said)
    assert _refusal(check_said) == _refusal(build_said)
    assert "probe.yaml, line" in _refusal(check_said)


@pytest.mark.parametrize(("command", "option"), [
    ("validate", ("--variant", "nope")), ("validate", ("--players", "9")),
    ("build", ("--variant", "nope")),  # build takes no --players
])
def test_a_wrong_option_on_a_mix_blames_the_command_line_not_the_base_games_file(
        tmp_path, option, command):
    """It had named the shipped demon-mine.yaml, a file the designer never wrote."""
    mix = tmp_path / "mine.yaml"
    mix.write_text("base: demon-mine\ncounts:\n  elbow: 20\n")
    args = [command, str(mix), *option] + (["--out", str(tmp_path / "o")] if command == "build"
                                           else [])
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert f"command line: field '{option[0]}': Demon Mine " in result.output
    assert "demon-mine.yaml" not in result.output
