"""Bad input: one clear paragraph on stderr, exit status 2, no traceback, nothing written.

Every broken tileset must name the file, the line (where there is one), the field,
what was found and what is allowed. `pnp build` must not even create its --out
folder when the input is unusable. User text must reach SVG as text, never markup,
and rendering must never read a file outside the tileset's folder.
"""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image
from support import ROOT
from support import run_pnp as run

from pnp.cli import main

BASE = """\
game: probe
title: Probe
size: 1.5in
tiles:
  - name: straight
    count: 2
    paths: [N-S]
  - name: elbow
    count: 1
    paths: [N-E]
    features:
      - {label: ELBOW}
"""

SVG_NS = "{http://www.w3.org/2000/svg}"


def edit(old: str, new: str, text: str = BASE) -> str:
    """BASE with one exact fragment replaced (failing loudly if the fragment is gone)."""
    assert old in text, old
    return text.replace(old, new, 1)


def add_to_first_tile(line: str) -> str:
    return edit("    paths: [N-S]\n", f"    paths: [N-S]\n{line}\n")


def line_of(text: str, marker: str) -> int:
    """1-based line of the first line of ``text`` that contains ``marker``."""
    for number, line in enumerate(text.splitlines(), start=1):
        if marker in line:
            return number
    raise AssertionError(f"{marker!r} not in the tileset text")


def command_args(command: str, target: Path | str, out: Path) -> list[str]:
    if command == "build":
        return ["build", str(target), "--out", str(out), "--paper", "letter"]
    return ["validate", str(target)]


def assert_input_error(result, out: Path, *fragments: str) -> str:
    """Exit 2, one paragraph on stderr containing every fragment, no traceback, no output."""
    stderr = result.stderr
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    assert result.stdout == ""
    assert stderr.startswith("pnp: error: "), stderr
    assert stderr.endswith("\n") and "\n" not in stderr.rstrip("\n"), stderr
    for fragment in fragments:
        assert fragment in stderr, f"{fragment!r} missing from: {stderr}"
    assert not out.exists(), "an unusable input must not create the output folder"
    return stderr


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The tileset's folder; tmp_path itself holds things outside it."""
    path = tmp_path / "tilesets"
    path.mkdir()
    return path


@pytest.fixture
def out(tmp_path: Path) -> Path:
    return tmp_path / "out"


def write(folder: Path, text: str | bytes, name: str = "probe.yaml") -> Path:
    path = folder / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def png(path: Path) -> Path:
    Image.new("RGB", (8, 8), (200, 40, 40)).save(path, format="PNG")
    return path


COMMANDS = pytest.mark.parametrize("command", ["build", "validate"])


# ---------------------------------------------------------------------------
# The file itself


@COMMANDS
def test_missing_file(command, folder, out):
    target = folder / "nowhere.yaml"
    result = run(*command_args(command, target, out))
    assert_input_error(result, out, str(target), "does not exist", "Allowed: a path to a YAML")


@COMMANDS
def test_empty_file(command, folder, out):
    target = write(folder, "  \n\n")
    result = run(*command_args(command, target, out))
    assert_input_error(result, out, str(target), "is empty", "Allowed:", "'game'")


@COMMANDS
def test_file_of_only_comments(command, folder, out):
    target = write(folder, "# nothing here yet\n")
    result = run(*command_args(command, target, out))
    assert_input_error(result, out, str(target), "line 1", "expected a mapping of fields",
                       "Found nothing (an empty value)", "fields: format, game")


@COMMANDS
def test_directory(command, folder, out):
    target = folder / "looks-like.yaml"
    target.mkdir()
    result = run(*command_args(command, target, out))
    assert_input_error(result, out, str(target), "is a directory", "Allowed:")


@COMMANDS
def test_binary_file(command, folder, out):
    target = png(folder / "picture.yaml")
    result = run(*command_args(command, target, out))
    assert_input_error(result, out, str(target), "binary file", "Allowed: a UTF-8 text file")


@COMMANDS
def test_not_utf8(command, folder, out):
    target = write(folder, "game: probe\ntitle: Caf\xe9\n".encode("latin-1"))
    result = run(*command_args(command, target, out))
    assert_input_error(result, out, str(target), "line 2", "not valid UTF-8",
                       "Found the byte 0xe9", "Allowed:")


@COMMANDS
def test_special_file_is_refused_without_reading(command, folder, out):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this platform")
    target = folder / "pipe.yaml"
    os.mkfifo(target)
    # Reading a FIFO with no writer blocks forever: a subprocess with a timeout turns a
    # regression into a failure instead of a hung test run.
    proc = subprocess.run([sys.executable, "-m", "pnp", *command_args(command, target, out)],
                          capture_output=True, text=True, timeout=30, cwd=folder,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    assert f"{target}: this is not a regular file" in proc.stderr
    assert not out.exists()


@COMMANDS
def test_file_name_too_long(command, folder, out, monkeypatch):
    monkeypatch.chdir(folder)
    for target in ("x" * 300 + ".yaml", "x" * 300):
        result = run(*command_args(command, target, out))
        stderr = assert_input_error(result, out, "x" * 300, "Allowed:")
        assert "cannot be read" in stderr or "unknown game" in stderr


@COMMANDS
def test_unknown_game_suggests_the_close_one(command, out, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run(*command_args(command, "demon-mines", out))
    assert_input_error(result, out, "demon-mines", "field 'GAME'", "unknown game",
                       "did you mean 'demon-mine'?", "Found 'demon-mines'",
                       "Allowed: a shipped game (demon-mine")


# ---------------------------------------------------------------------------
# YAML structure


@COMMANDS
@pytest.mark.parametrize(("text", "marker", "fragments"), [
    (edit("title: Probe\n", "title: Probe: the game\n"), "title:",
     ("YAML syntax error", "mapping values are not allowed here", "Allowed: valid YAML")),
    (edit("    paths: [N-S]\n", "   paths: [N-S]\n"), "   paths: [N-S]",
     ("YAML syntax error", "Allowed: valid YAML")),
    (edit("size: 1.5in\n", "size: [1.5in\n"), "size: [",  # the line missing its ']'
     ("YAML syntax error", "a ',' or ']' is missing at the end of this line",
      "expected ',' or ']'")),
    (edit("title: Probe\n", "title: !!python/object/apply:os.system [echo hi]\n"), "title:",
     ("YAML syntax error", "python/object/apply:os.system")),
], ids=["colon-in-plain-text", "bad-indent", "unclosed-list", "python-tag"])
def test_yaml_syntax_error_names_the_line(command, text, marker, fragments, folder, out):
    target = write(folder, text)
    result = run(*command_args(command, target, out))
    assert_input_error(result, out, f"{target}, line {line_of(text, marker)}, column ", *fragments)


@pytest.mark.parametrize(("text", "where", "words"), [
    # a list left open on the file's last line: the parser meets the end of the file
    (BASE.rstrip("\n").rsplit("\n", 1)[0] + "\n    paths: [N-S\n",
     lambda text: (text.count("\n"), len("    paths: [")), "is not closed by the end of the file"),
    # a key with no colon: the parser notices on the next line
    (edit("title: Probe\n", "title Probe\n"), lambda text: (line_of(text, "title Probe"), 1),
     "a key with no ':' after it"),
    # a quote never closed
    (edit("title: Probe\n", 'title: "Probe\n'), lambda text: (line_of(text, '"Probe'), 8),
     "the quoted text opened here is not closed"),
    # a list over several lines missing a comma: at the end of the line that lacks it
    (BASE.replace("tiles:\n  - name: straight\n    count: 2\n    paths: [N-S]\n",
                  "tiles: [\n  {name: straight, count: 2, paths: [N-S]}\n"
                  "  {name: bend, count: 1, paths: [N-E]},\n]\n").split("  - name: elbow")[0],
     lambda text: (line_of(text, "{name: straight"), len("  {name: straight, count: 2, "
                                                          "paths: [N-S]}") + 1),
     "a ',' or ']' is missing at the end of this line"),
], ids=["list-open-at-the-end", "key-without-colon", "open-quote", "comma-missing"])
def test_a_syntax_error_names_the_line_and_column_where_it_is_fixed(text, where, words, folder,
                                                                    out):
    target = write(folder, text)
    line, column = where(text)
    result = run("validate", str(target))
    assert_input_error(result, out, f"{target}, line {line}, column {column}:", words)


@COMMANDS
def test_duplicate_key_at_top_level(command, folder, out):
    text = BASE + "title: Probe Again\n"
    target = write(folder, text)
    result = run(*command_args(command, target, out))
    assert_input_error(result, out, f"{target}, line {line_of(text, 'Probe Again')}:",
                       "the key 'title' appears twice", "Allowed: each key once")


@COMMANDS
def test_duplicate_key_inside_a_tile(command, folder, out):
    text = add_to_first_tile("    count: 3")
    target = write(folder, text)
    result = run(*command_args(command, target, out))
    assert_input_error(result, out, f"{target}, line {line_of(text, 'count: 3')}:",
                       "the key 'count' appears twice")


@COMMANDS
def test_key_that_is_not_text(command, folder, out):
    text = BASE + "7: seven\n"
    target = write(folder, text)
    result = run(*command_args(command, target, out))
    assert_input_error(result, out, f"{target}, line {line_of(text, '7: seven')}:",
                       "a key must be text, not int 7")


@COMMANDS
def test_top_level_list_instead_of_mapping(command, folder, out):
    target = write(folder, "- game: probe\n")
    result = run(*command_args(command, target, out))
    assert_input_error(result, out, f"{target}, line 1:", "expected a mapping of fields",
                       "Found a list", "Allowed: fields: format, game, title")


@COMMANDS
@pytest.mark.parametrize(("escape", "code"), [("\\x07", "U+0007"), ("\\0", "U+0000"),
                                              ("\\ud800", "U+D800"), ("\\x1b", "U+001B")],
                         ids=["bell", "nul", "lone-surrogate", "escape"])
def test_control_characters_are_refused(command, escape, code, folder, out):
    # A bell in a label made an SVG that no XML parser accepts; a lone surrogate
    # crashed the PDF writer with UnicodeEncodeError.
    text = edit("{label: ELBOW}", f'{{label: "EL{escape}BOW"}}')
    target = write(folder, text)
    result = run(*command_args(command, target, out))
    assert_input_error(result, out, f"{target}, line {line_of(text, 'label')}:",
                       f"invalid code point {code}", "Allowed: printable text")


# ---------------------------------------------------------------------------
# Fields: unknown, wrong type, out of range


@COMMANDS
@pytest.mark.parametrize(("text", "marker", "field", "fragments"), [
    (BASE + "colour: red\n", "colour", "colour",
     ("unknown field", "Found 'colour'", "Allowed: fields: format, game, title")),
    (edit("title: Probe\n", "titel: Probe\n"), "titel", "titel",
     ("unknown field (did you mean 'title'?)", "Found 'titel'")),
    (add_to_first_tile("    colour: red"), "colour", "tiles[0].colour",
     ("unknown field", "Found 'colour'", "Allowed: fields: name, count, paths, features")),
    (edit("{label: ELBOW}", "{label: ELBOW, colour: red}"), "colour",
     "tiles[1].features[0].colour", ("unknown field", "Allowed: fields: icon, label, text, die")),
    (edit("    count: 2\n", '    count: "many"\n'), "many", "tiles[0].count",
     ("a count must be a whole number", "Found 'many'",
      "Allowed: a whole number from 0 to 100000")),
    (edit("    count: 2\n", "    count: 2.5\n"), "2.5", "tiles[0].count",
     ("a count must be a whole number", "Found the number 2.5")),
    (edit("    count: 2\n", "    count: true\n"), "true", "tiles[0].count",
     ("a count must be a whole number", "Found true")),
    (edit("size: 1.5in\n", "size: 12\n"), "size", "size",
     ("not a length", "Found the number 12", "Allowed: a number with a unit: in, mm, cm or pt")),
    (edit("size: 1.5in\n", "size: 12in\n"), "size", "size",
     ("this length is out of range", "Found '12in'", "Allowed: from 0.25 in to 6 in")),
    (edit("    paths: [N-S]\n", "    paths: 5\n"), "paths: 5", "tiles[0].paths",
     ("expected a list of paths", "Found the number 5", "Allowed: a YAML list of paths")),
    (edit("tiles:\n", "tiles: 3\n").split("  - name: straight")[0], "tiles:", "tiles",
     ("expected a list of tile kinds", "Found the number 3")),
    (edit("    count: 2\n", "    count: -1\n"), "-1", "tiles[0].count",
     ("this count is out of range", "Found -1", "Allowed: a whole number from 0 to 100000")),
    (edit("    count: 2\n", "    count: 100001\n"), "100001", "tiles[0].count",
     ("this count is out of range", "Found 100001", "from 0 to 100000")),
    (edit("    count: 2\n", "    count: 1e400\n"), "1e400", "tiles[0].count",
     ("a count must be a whole number",)),
    (edit("    count: 2\n", f"    count: {10**30}\n"), "count: 1000", "tiles[0].count",
     ("this count is out of range", f"Found {10**30}")),
    (edit("    paths: [N-E]\n", "    paths: [N-Q]\n"), "N-Q", "tiles[1].paths[0]",
     ("'Q' is not an edge of a square tile", "Found 'N-Q'", "(N, E, S, W)")),
    (edit("    paths: [N-E]\n", "    paths: [{ports: []}]\n"), "ports: []",
     "tiles[1].paths[0].ports", ("a path needs at least one edge", "Found [].")),
    (edit("  - name: elbow\n", "  - name: straight  # again\n"), "# again", "tiles[1].name",
     ("two tile kinds share a name", "Found 'straight'", "not already used on line 5")),
    (edit("  - name: elbow\n", "  - name: Elbow Tile\n"), "Elbow", "tiles[1].name",
     ("not a valid name", "kebab-case")),
    (edit("    count: 1\n", "    count: 1\n    role: boss\n"), "role", "tiles[1].role",
     ("not one of the allowed values", "Found 'boss'", "tunnel, base, event, special")),
], ids=["top-unknown", "top-typo", "tile-unknown", "feature-unknown", "count-text",
        "count-float", "count-bool", "size-number", "size-too-big", "paths-number",
        "tiles-number", "count-negative", "count-over-max", "count-huge-float",
        "count-huge-int", "unknown-edge", "empty-path", "duplicate-tile", "bad-name",
        "bad-role"])
def test_field_errors_name_file_line_field_found_allowed(command, text, marker, field,
                                                          fragments, folder, out):
    target = write(folder, text)
    result = run(*command_args(command, target, out))
    assert_input_error(result, out, f"{target}, line {line_of(text, marker)}:",
                       f"field '{field}':",
                       "Allowed:", *fragments)


def test_count_limit_itself_is_allowed(folder, out):
    text = edit("    count: 2\n", "    count: 100000\n")
    result = run("validate", str(write(folder, text)))
    assert result.exit_code == 0, result.output
    assert "probe: playable" in result.stdout


# ---------------------------------------------------------------------------
# Art: never outside the folder, never a URL, never an external reference


@COMMANDS
@pytest.mark.parametrize("kind", ["parent", "absolute", "nested-parent", "symlink"])
def test_art_outside_the_tileset_folder(command, kind, folder, out, tmp_path):
    outside = png(tmp_path / "outside.png")
    value = {"parent": "../outside.png", "absolute": str(outside),
             "nested-parent": "sub/../../outside.png", "symlink": "inside.png"}[kind]
    (folder / "sub").mkdir()
    if kind == "symlink":
        (folder / "inside.png").symlink_to(outside)
    text = add_to_first_tile(f"    art: {value}")
    target = write(folder, text)
    result = run(*command_args(command, target, out))
    assert_input_error(result, out, f"{target}, line {line_of(text, 'art:')}:",
                       "field 'tiles[0].art':", "this path leaves the tileset's folder",
                       f"Found '{value[:40]}", "Allowed: a relative path", str(folder))


@COMMANDS
@pytest.mark.parametrize("value", ["http://example.com/x.png", "https://example.com/x.svg",
                                   "file:///etc/passwd", "file:art.png", "data:image/png,xx"])
def test_art_url_is_refused(command, value, folder, out):
    png(folder / "art.png")
    text = add_to_first_tile(f'    art: "{value}"')
    target = write(folder, text)
    result = run(*command_args(command, target, out))
    assert_input_error(result, out, f"{target}, line {line_of(text, 'art:')}:",
                       "field 'tiles[0].art':", "never fetched from a URL", f"Found '{value}'",
                       "Allowed: a relative path to a PNG, JPEG or SVG file")


SVG_HEAD = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'


@COMMANDS
@pytest.mark.parametrize(("body", "found"), [
    (f'{SVG_HEAD} width="10" height="10"><image href="http://example.com/a.png" '
     'width="10" height="10"/></svg>', "http://example.com/a.png"),
    (f'{SVG_HEAD} width="10" height="10"><image xlink:href="https://example.com/a.png" '
     'width="10" height="10"/></svg>', "https://example.com/a.png"),
    (f'{SVG_HEAD} width="10" height="10"><rect width="10" height="10" '
     'style="fill: url(http://example.com/p.svg#g)"/></svg>', "http://example.com/p.svg"),
    (f'{SVG_HEAD} width="10" height="10"><use href="../secret.svg#x"/></svg>',
     "../secret.svg"),
    ('<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY s SYSTEM "file:///etc/passwd">]>\n'
     f'{SVG_HEAD} width="10" height="10"><text>&s;</text></svg>', "<!ENTITY s SYSTEM"),
], ids=["href-http", "xlink-https", "css-url", "use-relative", "external-entity"])
def test_svg_art_with_external_reference_is_refused(command, body, found, folder, out):
    (folder / "art.svg").write_text(body, encoding="utf-8")
    text = add_to_first_tile("    art: art.svg")
    target = write(folder, text)
    result = run(*command_args(command, target, out))
    assert_input_error(result, out, f"{target}, line {line_of(text, 'art:')}:",
                       "field 'tiles[0].art':", "the SVG refers to another file or a URL",
                       found, "Allowed: a self-contained SVG")


@COMMANDS
@pytest.mark.parametrize(("name", "content", "problem"), [
    ("art.png", b"not a picture at all", "not a readable PNG or JPEG image"),
    ("art.jpg", b"\xff\xd8\xff\xe0 truncated", "not a readable PNG or JPEG image"),
    ("art.svg", b"<svg xmlns='http://www.w3.org/2000/svg'", "the SVG art is not well-formed"),
    ("missing.png", None, "the art file does not exist"),
    ("art.gif", b"GIF89a", "unsupported art file type"),
], ids=["png-garbage", "jpeg-truncated", "svg-unclosed", "missing", "gif"])
def test_unusable_art_file(command, name, content, problem, folder, out):
    # A damaged PNG used to crash the PDF writer (PIL.UnidentifiedImageError) after
    # validate had passed it; a broken SVG crashed `pnp render -o x.png`.
    if content is not None:
        (folder / name).write_bytes(content)
    text = add_to_first_tile(f"    art: {name}")
    target = write(folder, text)
    result = run(*command_args(command, target, out))
    assert_input_error(result, out, f"{target}, line {line_of(text, 'art:')}:",
                       "field 'tiles[0].art':", problem, f"Found '{name}'", "Allowed:")


def test_render_refuses_bad_input_without_writing(folder, tmp_path):
    text = add_to_first_tile("    art: ../outside.png")
    png(tmp_path / "outside.png")
    target = write(folder, text)
    output = tmp_path / "render" / "tile.svg"
    result = run("render", str(target), "straight", "-o", str(output))
    assert_input_error(result, tmp_path / "render", f"{target}, line {line_of(text, 'art:')}:",
                       "leaves the tileset's folder")


# ---------------------------------------------------------------------------
# Escaping and confinement of the happy path


def test_label_text_is_escaped_in_svg(folder, tmp_path):
    text = edit("{label: ELBOW}", '{label: "<script>&"}')
    text = edit("    count: 1\n", "    count: 1\n    back: hostile\n", text)
    text += ("backs:\n  - name: hostile\n    title: \"</text><b x='1'>\"\n"
             "    subtitle: \"&amp; ]]> <!--\"\n")
    target = write(folder, text)
    tile_svg = tmp_path / "elbow.svg"
    result = run("render", str(target), "elbow", "-o", str(tile_svg))
    assert result.exit_code == 0, result.output
    root = ET.parse(tile_svg).getroot()
    texts = [element.text for element in root.iter(f"{SVG_NS}text")]
    assert "<script>&" in texts
    assert not [e for e in root.iter() if not e.tag.startswith(SVG_NS)]
    assert "&lt;script&gt;&amp;" in tile_svg.read_text(encoding="utf-8")

    back_svg = tmp_path / "back.svg"
    result = run("render", str(target), "back:hostile", "-o", str(back_svg))
    assert result.exit_code == 0, result.output
    root = ET.parse(back_svg).getroot()
    texts = [element.text for element in root.iter(f"{SVG_NS}text")]
    assert "</TEXT><B X='1'>" in texts  # back titles print in capitals
    assert "&amp; ]]> <!--" in texts
    assert not list(root.iter(f"{SVG_NS}b")) and not list(root.iter("b"))


class OpenRecorder:
    """Python-level file opens, via an audit hook (installed once; hooks cannot be removed)."""

    installed = False
    paths: list | None = None

    @classmethod
    def start(cls) -> list:
        if not cls.installed:
            sys.addaudithook(cls._hook)
            cls.installed = True
        cls.paths = []
        return cls.paths

    @classmethod
    def stop(cls) -> None:
        cls.paths = None

    @classmethod
    def _hook(cls, event: str, args: tuple) -> None:
        if cls.paths is not None and event in ("open", "os.listdir", "os.scandir"):
            cls.paths.append(args[0])


def test_rendering_never_reads_outside_the_tileset_folder(folder, out, tmp_path):
    secret = tmp_path / "secret"
    secret.mkdir()
    png(secret / "hidden.png")
    png(folder / "art.png")
    (folder / "art.svg").write_text(
        f'{SVG_HEAD} width="10" height="10"><rect width="10" height="10" fill="#123456"/>'
        '<circle cx="5" cy="5" r="3" fill="url(#dot)"/></svg>', encoding="utf-8")
    text = add_to_first_tile("    art: art.png")
    text = edit("    paths: [N-E]\n", "    paths: [N-E]\n    art: art.svg\n", text)
    target = write(folder, text)
    renders = tmp_path / "renders"

    def allowed(path: Path) -> bool:
        return not path.is_relative_to(tmp_path) or any(
            path.is_relative_to(place) for place in (folder, out, renders))

    opened = OpenRecorder.start()
    try:
        results = [
            run("build", str(target), "--out", str(out), "--paper", "letter"),
            run("render", str(target), "straight", "-o", str(renders / "straight.png")),
            run("render", str(target), "elbow", "-o", str(renders / "elbow.png")),
            run("render", str(target), "elbow", "-o", str(renders / "elbow.svg")),
        ]
    finally:
        OpenRecorder.stop()
    for result in results:
        assert result.exit_code == 0, (result.output, result.exception)
    seen = [Path(os.fsdecode(p)).resolve() for p in opened if isinstance(p, str | bytes | Path)]
    assert (folder / "art.png").resolve() in seen  # the recorder does see reads
    outside = [p for p in seen if not allowed(p)]
    assert outside == []
    assert not any(p.is_relative_to(secret.resolve()) for p in seen)
    ET.parse(renders / "elbow.svg")  # art embedded as data, still well-formed


def test_svg_art_with_embedded_png_is_refused(folder, out):
    # svglib decodes an embedded PNG with no check of its size, and takes any other
    # data: href for a path, so no data: URL is drawn: the PNG is art of its own.
    inline = ("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4"
              "nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==")
    (folder / "art.svg").write_text(
        f'{SVG_HEAD} width="10" height="10"><image href="{inline}" width="10" height="10"/>'
        "</svg>", encoding="utf-8")
    text = add_to_first_tile("    art: art.svg")
    target = write(folder, text)
    result = run("build", str(target), "--out", str(out), "--paper", "letter")
    assert_input_error(result, out, f"{target}, line {line_of(text, 'art:')}:",
                       "field 'tiles[0].art':", "data: content", 'href="data:image/png')


def test_svg_art_with_gradients_styles_and_text_builds(folder, out):
    (folder / "art.svg").write_text(
        f'{SVG_HEAD} width="10" height="10"><defs><linearGradient id="g"><stop offset="0" '
        'stop-color="#123456"/></linearGradient><style>rect { fill: url(#g); }</style>'
        '</defs><rect width="10" height="10" style="stroke: rgb(1, 2, 3)"/>'
        '<use xlink:href="#g"/><text font-family="../../secret/font" x="1" y="9">Hi</text>'
        "</svg>", encoding="utf-16")
    target = write(folder, add_to_first_tile("    art: art.svg"))
    result = run("build", str(target), "--out", str(out), "--paper", "letter")
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert result.exit_code == 0, result.output
    assert (out / "probe" / "probe-tiles-letter.pdf").read_bytes().startswith(b"%PDF-")


# ---------------------------------------------------------------------------
# The real terminal: no traceback ever reaches it


@pytest.mark.parametrize(("args", "expected"), [
    (["build", "{folder}/probe.yaml", "--out", "{out}"], "line 2, column 13: YAML syntax error"),
    (["validate", "{folder}/probe.yaml"], "line 2, column 13: YAML syntax error"),
    (["build", "demon-mines", "--out", "{out}"], "did you mean 'demon-mine'?"),
    (["render", "{folder}/probe.yaml", "straight", "-o", "{out}/x.png"],
     "line 2, column 13: YAML syntax error"),
    # mistakes click itself finds on the command line are said the same way
    (["simulate", "demon-mine", "--games", "0"],
     "command line: Invalid value for '--games': 0 is not in the range 1<=x<=100000. "
     "See '"),
    (["simulate"], "command line: Missing argument 'GAME'. See '"),
    (["build", "demon-mine", "--bogus"], "command line: No such option '--bogus'"),
    (["bogus"], "command line: No such command 'bogus'. See '"),
])
def test_subprocess_prints_one_paragraph_and_no_traceback(args, expected, folder, out):
    write(folder, edit("title: Probe\n", "title: Probe: the game\n"))
    argv = [arg.format(folder=folder, out=out) for arg in args]
    proc = subprocess.run([sys.executable, "-m", "pnp", *argv], capture_output=True, text=True,
                          timeout=60, cwd=folder, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    assert proc.stderr.startswith("pnp: error: ")
    assert proc.stderr.count("\n") == 1
    assert expected in proc.stderr
    assert not out.exists()


def test_an_unknown_piece_to_render_lists_a_few_names_not_all_of_them(tmp_path):
    result = CliRunner().invoke(main, ["render", "dynamine", "vein-cross", "-o",
                                       str(tmp_path / "x.png")])
    assert result.exit_code == 2
    message = result.output.strip()
    assert "field 'TILE'" in message and "c4-vein-cross" in message and " more " in message
    assert len(message) < 900 and "\n" not in message
    assert not (tmp_path / "x.png").exists()


def test_a_bare_pnp_still_shows_its_help():
    proc = subprocess.run([sys.executable, "-m", "pnp"], capture_output=True, text=True,
                          timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    shown = proc.stdout + proc.stderr
    assert "pnp [OPTIONS] COMMAND [ARGS]..." in shown and "pnp: error" not in shown
