"""Hostile files for the commands around the build: printer profiles and Mattock positions.

A profile may be copied from anyone or replaced by a link to anything; a
positions file comes from any script. Each case must end in one paragraph
naming the file and the field, exit status 2, no traceback, and quickly:
none of them may block, stream forever or recurse without bound.
"""

from __future__ import annotations

import json
import os
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.input.jsontext import TooDeep, nesting, parse_json


def run(args: list[str], env: dict[str, str] | None = None,
        stdin: bytes | None = None) -> tuple[int, str]:
    result = CliRunner(env=env).invoke(main, args, input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output
    return result.exit_code, result.output


# --- printer profiles ---------------------------------------------------------------

@pytest.fixture
def printers(tmp_path):
    folder = tmp_path / "config" / "printers"
    folder.mkdir(parents=True)
    return folder, {"PNP_CONFIG_HOME": str(tmp_path / "config")}


PROFILES = {  # the file's bytes, and what the error must name
    "not-utf-8": (b'{"offset_mm": [1, 2]}\xff', ["not UTF-8", "0xff"]),
    "deep": (b"[" * 3000, ["levels deep"]),
    "a-string": (b'{"offset_mm": "12"}', ["'offset_mm'", "pair of numbers", '"12"']),
    "booleans": (b'{"offset_mm": [true, false]}',
                 ["'offset_mm[0]'", "'offset_mm[1]'", "not a number", "true"]),
    "quoted-numbers": (b'{"offset_mm": ["1", "2"]}', ["'offset_mm[0]'", "without quotes"]),
    "not-a-number": (b'{"offset_mm": [NaN, 1]}', ["not JSON", "NaN"]),
    "three": (b'{"offset_mm": [1, 2, 3]}', ["pair of numbers"]),
    "out-of-range": (b'{"offset_mm": [1e300, -12]}', ["'offset_mm[0]'", "'offset_mm[1]'",
                                                      "\u00b110 mm"]),
    "unknown-field": (b'{"offset_mm": [1, 2], "shell": "rm -rf"}', ["'shell'",
                                                                    "not a field"]),
    "a-list": (b"[1, 2]", ["not a JSON object"]),
    "big": (b" " * 5000 + b'{"offset_mm": [1, 2]}', ["too large", "4096"]),
    "huge-integer": (b'{"offset_mm": [1' + b"1" * 4000 + b', 2]}', ["'offset_mm[0]'",
                                                                  "out of range"]),
}


@pytest.mark.parametrize("case", sorted(PROFILES))
def test_a_damaged_profile_is_one_error_naming_every_mistake(printers, case):
    folder, env = printers
    data, fragments = PROFILES[case]
    (folder / "laser.json").write_bytes(data)
    for args in (["profile", "show", "laser"],
                 ["build", "demon-mine", "--profile", "laser", "--out", str(folder / "out")]):
        status, output = run(args, env)
        assert status == 2
        assert str(folder / "laser.json") in output
        for fragment in fragments:
            assert fragment in output, (case, output)
    assert not (folder / "out").exists()


@pytest.mark.parametrize("kind", ["fifo", "zero", "folder"])
def test_a_profile_that_is_not_a_plain_file_is_refused_without_reading_it(printers, kind):
    folder, env = printers
    path = folder / "laser.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    else:
        path.mkdir()
    tracemalloc.start()
    try:
        status, output = run(["profile", "show", "laser"], env)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert status == 2 and "not a plain file" in output
    assert peak < 16 * 1024 * 1024
    status, output = run(["build", "demon-mine", "--profile", "laser", "--out",
                          str(folder / "out")], env)
    assert status == 2 and "not a plain file" in output


@pytest.mark.parametrize("offset", ["\u0661mm,2mm", "1mm,\uff12mm", "1\u00a0mm,2mm",
                                    "1.5mm,-0.8mm\u2003"])
def test_an_offset_takes_ascii_digits_only(printers, offset):
    _, env = printers
    status, output = run(["profile", "set", "laser", "--offset", offset], env)
    assert status == 2 and "'--offset'" in output


def test_an_empty_profile_name_is_refused_by_build(printers):
    folder, env = printers
    status, output = run(["build", "demon-mine", "--profile", "", "--out",
                          str(folder / "out")], env)
    assert status == 2 and "'--profile'" in output
    assert not (folder / "out").exists()


# --- Mattock positions --------------------------------------------------------------

def turns(args: list[str], stdin: bytes | None = None) -> tuple[int, str]:
    return run(["turns", "mattock", *args], stdin=stdin)


def test_deep_brackets_are_one_error_from_a_file_or_stdin(tmp_path):
    line = b"[" * 5000 + b"\n"
    (tmp_path / "deep.jsonl").write_bytes(line)
    for args, stdin in (([str(tmp_path / "deep.jsonl")], None), (["-"], line)):
        status, output = turns(args, stdin)
        assert status == 2 and "line 1" in output and "levels deep" in output


def test_a_fifo_or_device_is_refused_without_blocking(tmp_path):
    os.mkfifo(tmp_path / "fifo.jsonl")
    for path in (tmp_path / "fifo.jsonl", Path("/dev/zero"), tmp_path):
        status, output = turns([str(path)])
        assert status == 2 and "not a plain file" in output and "'FILE'" in output


def test_bytes_that_are_not_utf_8_name_their_line(tmp_path):
    status, output = turns(["-"], b'{"side": 7}\n\xff\n')
    assert status == 2 and "line 2" in output and "0xff" in output


def test_thirty_thousand_repeated_tiles_are_reported_at_once():
    position = {"side": 7, "to_move": "red", "tiles": [[0, 0], [1, 0]] * 15_000,
                "miners": {"red": [[0, 0]]}}
    status, output = turns(["-"], json.dumps(position).encode())
    assert status == 2 and "a tile listed twice" in output and "[[0, 0], [1, 0]]" in output


def test_boards_and_miners_are_bounded():
    position = {"side": 13, "to_move": "red", "tiles": [], "miners": {}}
    status, output = turns(["-"], json.dumps(position).encode())
    assert status == 2 and "from 1 to 12" in output
    cells = [[q, 0] for q in range(-6, 7)]
    position = {"side": 7, "to_move": "red", "tiles": cells, "miners": {"red": cells}}
    status, output = turns(["-"], json.dumps(position).encode())
    assert status == 2 and "'miners.red'" in output and "at most 12" in output


# --- the JSON reader itself -----------------------------------------------------------

def test_nesting_counts_brackets_outside_strings_only():
    assert nesting('{"a": [[1], {"b": "[[[[\\"[["}]}') == 3
    assert nesting("[]" * 1000) == 1
    with pytest.raises(TooDeep):
        parse_json("[" * 10 + "]" * 10, 9)
    assert parse_json("[" * 9 + "]" * 9, 9) == [[[[[[[[[]]]]]]]]]
    with pytest.raises(ValueError, match="Infinity"):
        parse_json("[Infinity]", 4)


# --- validate refuses what build refuses ------------------------------------------------

PROBE = """game: {game}
title: Probe
size: 1.5in
icons:
  - name: lamp
    file: lamp.svg
tiles:
  - name: {tile}
    count: 4
    paths: [N-S]
    features: [{{icon: lamp}}]
"""
CLEAN_ICON = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle r="4"/></svg>'


@pytest.mark.parametrize("game, tile, icon, fragments", [
    ("con", "straight", CLEAN_ICON, ["field 'game'", "Windows device name"]),
    ("probe", "aux", CLEAN_ICON, ["field 'tiles[0].name'", "'tiles/aux.svg'"]),
    ("probe", "lpt1", CLEAN_ICON, ["'tiles/lpt1.svg'"]),
    ("probe", "straight", CLEAN_ICON.replace("<svg ", '<svg onload="alert(1)" '),
     ["event handler", "onload"]),
], ids=["game-con", "tile-aux", "tile-lpt1", "icon-onload"])
def test_validate_refuses_what_build_refuses_with_the_same_message(tmp_path, game, tile, icon,
                                                                   fragments):
    (tmp_path / "lamp.svg").write_text(icon)
    path = tmp_path / "probe.yaml"
    path.write_text(PROBE.format(game=game, tile=tile))
    results = {}
    for verb, extra in (("validate", []), ("build", ["--out", str(tmp_path / "out")])):
        status, output = run([verb, str(path), *extra])
        assert status == 2, (verb, output)
        results[verb] = output
    assert results["validate"] == results["build"]
    for fragment in fragments:
        assert fragment in results["validate"]
    assert not (tmp_path / "out").exists()


def test_a_mix_whose_tile_is_a_device_name_is_refused_by_validate(tmp_path):
    mix = tmp_path / "mine.yaml"
    mix.write_text("base: demon-mine\nname: mine\ntiles:\n  - name: com1\n    count: 2\n"
                   "    paths: [N-S]\n")
    status, output = run(["validate", str(mix)])
    assert status == 2 and str(mix) in output and "'tiles/com1.svg'" in output


def test_the_studio_refuses_an_edit_to_a_device_name(tmp_path):
    from studio_support import copy_tileset

    from pnp.studio.session import Refused, Session

    session = Session(copy_tileset(tmp_path, "demon-mine"))
    before = session.text
    with pytest.raises(Refused, match="Windows device name"):
        session.edit({"op": "rename", "tile": "elbow", "name": "prn"})
    assert session.text == before


@pytest.mark.parametrize("planted", ["fifo", "deep", "not-utf-8"])
def test_a_planted_manifest_in_the_output_folder_is_not_trusted_or_waited_on(tmp_path, planted):
    """A build refuses to replace a folder it did not write, judged by its manifest; the
    manifest may be anything someone put there."""
    (tmp_path / "lamp.svg").write_text(CLEAN_ICON)
    path = tmp_path / "probe.yaml"
    path.write_text(PROBE.format(game="probe", tile="straight"))
    folder = tmp_path / "out" / "probe"
    folder.mkdir(parents=True)
    manifest = folder / "manifest.json"
    if planted == "fifo":
        os.mkfifo(manifest)
    elif planted == "deep":
        manifest.write_text("[" * 100_000)
    else:
        manifest.write_bytes(b'{"game": "probe\xff"}')
    status, output = run(["build", str(path), "--out", str(tmp_path / "out")])
    assert (status == 2 and "not written by pnp" in output) or "holds" in output, output


def test_the_nesting_scan_reads_each_character_once():
    """Retrying every quote of an unclosed string took 2 s for 10,000 and 30 s for 40,000."""
    assert nesting("[" * 9 + '"\\' * 200_000) == 9
    assert nesting("[" * 9 + '"' * 200_000) == 9
    assert nesting('"\\"' * 100_000 + "[]") == 0  # all one unclosed string


def test_a_file_of_junk_stops_after_a_thousand_mistakes():
    status, output = turns(["-"], b"{}\n" * 200_000)
    count = int(output.split(" problems")[0].split()[-1])
    assert status == 2 and 1_000 < count < 1_100, output[:200]
