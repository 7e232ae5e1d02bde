"""Hostile inputs that try to make pnp read, or quote, a file it has no business with.

The corpus in ``tests/hostile/reads/`` holds one case per file, grouped by
class: SVG art that links out in every way SVG and CSS allow (``svg-urls``),
DTDs, entities, processing instructions and XInclude (``svg-entities``),
elements that never draw (``svg-elements``), the same tricks in other
encodings (``svg-encodings``), raster art that is not what it claims
(``raster``), tilesets whose paths leave their folder (``paths``) and mixes
whose ``base`` is not a shipped game or a tileset in the mix's folder
(``base``). Symlinks, FIFOs and oversized files cannot live in git, so those
cases are made here, in ``tmp_path``.

Every case runs through the real CLI and must end in exit status 2 with one
paragraph naming the field, no traceback, nothing written anywhere, the
planted secret never opened and its contents never printed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest
from click.testing import CliRunner
from PIL import Image
from support import ROOT

from pnp.cli import main
from pnp.input.files import MAX_ART_BYTES, MAX_TEMPLATE_BYTES
from pnp.input.load import MAX_FILE_BYTES
from pnp.input.svg import MAX_SVG_BYTES

CORPUS = Path(__file__).parent / "reads"
MARKER = "PNP-HOSTILE-SECRET-5d1e0c"  # planted outside the tileset's folder
INNER = "PNP-HOSTILE-INNER-9b27a4"  # in files inside the folder that are not tilesets
ART_GROUPS = ("svg-urls", "svg-entities", "svg-elements", "svg-encodings", "raster")

TILESET = """\
game: probe
title: Probe
size: 1.5in
{top}tiles:
  - name: straight
    count: 2
    paths: [N-S]
{tile}  - name: elbow
    count: 40
    paths: [N-E]
"""


# ---------------------------------------------------------------------------
# The scene: a tileset folder, and a secret folder beside it


class Scene(msgspec.Struct, frozen=True):
    root: Path  # holds both folders; nothing in it may change
    game: Path  # the tileset's (or mix's) folder
    secret: Path  # outside it

    @property
    def out(self) -> Path:
        return self.root / "out"

    def write(self, name: str, data: bytes | str) -> Path:
        path = self.game / name
        if isinstance(data, str):
            data = data.encode("utf-8")
        path.write_bytes(data.replace(b"@SECRET@", str(self.secret).encode()))
        return path


@pytest.fixture
def scene(tmp_path: Path) -> Scene:
    game, secret = tmp_path / "game", tmp_path / "secret"
    game.mkdir()
    (game / "sub").mkdir()
    secret.mkdir()
    (secret / "secret.txt").write_text(f"{MARKER} root:x:0:0: not: a: tileset: {{[\n")
    (secret / "secret.yaml").write_text(TILESET.format(top="", tile="").replace(
        "title: Probe", f"title: {MARKER}"))
    (secret / "secret.css").write_text(f"rect {{ fill: red }} /* {MARKER} */\n")
    (secret / "rulebook.md").write_text(f"# {MARKER}\n\nText.\n")
    (secret / "secret.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><g id="s">'
        f'<text x="1" y="9">{MARKER}</text></g><linearGradient id="g"/></svg>')
    (secret / "secret.svgz").write_bytes((CORPUS / "raster" / "compressed.svgz").read_bytes())
    Image.new("RGB", (4, 4), (10, 200, 30)).save(secret / "secret.png", format="PNG")
    (game / "notes.txt").write_text(f"{INNER}: a note: {{[\n")
    (game / "notes").write_text(f"{INNER}: a note: {{[\n")
    (game / "plain.yaml").write_text(f"- {INNER}\n- another line\n")
    return Scene(tmp_path, game, secret)


def snapshot(root: Path) -> dict[str, tuple[bool, int]]:
    """Every entry under ``root`` (not following links): whether a link, and its size."""
    entries = {}
    for folder, names, files in os.walk(root):
        for name in names + files:
            path = Path(folder) / name
            info = path.lstat()
            entries[str(path.relative_to(root))] = (path.is_symlink(), info.st_size)
    return entries


# ---------------------------------------------------------------------------
# Running the CLI and judging what it did


class Opens:
    """Files opened from Python, seen through an audit hook (hooks cannot be removed,
    so one is installed for the session and switched on per run)."""

    installed = False
    seen: list[str] | None = None

    @classmethod
    def record(cls) -> list[str]:
        if not cls.installed:
            sys.addaudithook(cls._hook)
            cls.installed = True
        cls.seen = []
        return cls.seen

    @classmethod
    def stop(cls) -> None:
        cls.seen = None

    @classmethod
    def _hook(cls, event: str, args: tuple) -> None:
        if cls.seen is not None and event == "open" and isinstance(args[0], str | bytes):
            cls.seen.append(os.fsdecode(args[0]))


def run(*args: str):
    try:  # click 8.1 mixes stderr into stdout unless told; 8.2 keeps them apart
        runner = CliRunner(mix_stderr=False)  # type: ignore[call-arg]
    except TypeError:
        runner = CliRunner()
    return runner.invoke(main, list(args))


def commands(target: Path, scene: Scene, kind: str) -> list[list[str]]:
    """The commands a case is tried with: every one that reads what it reads."""
    runs = [["validate", str(target)],
            ["build", str(target), "--out", str(scene.out), "--paper", "letter"]]
    if kind == "art":
        runs.append(["render", str(target), "straight", "-o", str(scene.out / "tile.png")])
    if kind == "base":
        runs.append(["simulate", str(target), "--games", "2"])
    return runs


def refused(scene: Scene, args: list[str], field: str, *fragments: str) -> str:
    """Run one command; check exit 2, one paragraph naming the field, no traceback,
    no secret opened or printed, nothing written anywhere. Returns the message."""
    before = snapshot(scene.root)
    opened = Opens.record()
    try:
        result = run(*args)
    finally:
        Opens.stop()
    printed = result.output + (result.stderr if result.stderr_bytes is not None else "")
    assert result.exit_code == 2, (args, result.exit_code, printed, result.exception)
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in printed
    stderr = result.stderr
    assert result.stdout == ""
    assert stderr.startswith("pnp: error: "), stderr
    assert "\n" not in stderr.rstrip("\n"), f"more than one paragraph: {stderr}"
    assert f"field '{field}'" in stderr, stderr
    for fragment in fragments:
        assert fragment in stderr, f"{fragment!r} missing from: {stderr}"
    for secret in (MARKER, INNER, "root:x:0:0"):
        assert secret not in printed, f"{secret} was printed: {printed}"
    outside = [path for path in opened
               if Path(path).resolve().is_relative_to(scene.secret.resolve())
               or path in ("/etc/passwd", "/dev/zero")]
    assert outside == [], f"opened outside the folder: {outside}"
    assert snapshot(scene.root) == before, "a refused input must write nothing"
    return stderr


# ---------------------------------------------------------------------------
# The corpus


def corpus(*groups: str) -> list:
    return [pytest.param(path, id=f"{path.parent.name}/{path.name}")
            for group in groups for path in sorted((CORPUS / group).iterdir())]


def test_the_corpus_is_large_and_grouped():
    groups = {path.parent.name for path in CORPUS.rglob("*") if path.is_file()}
    assert set(ART_GROUPS) | {"paths", "base"} <= groups
    assert sum(1 for path in CORPUS.rglob("*") if path.is_file()) >= 80


@pytest.mark.parametrize("case", corpus(*ART_GROUPS))
def test_hostile_art_is_refused(case: Path, scene: Scene):
    scene.write(f"art{case.suffix}", case.read_bytes())
    target = scene.write("probe.yaml", TILESET.format(
        top="", tile=f"    art: art{case.suffix}\n"))
    for args in commands(target, scene, "art"):
        refused(scene, args, "tiles[0].art", f"{target}, line 8:", "Allowed:")


def field_of(case: Path) -> str:
    """The field a YAML case must be refused at, from its first line ``# field: NAME``."""
    first = case.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# field: "), case
    return first.removeprefix("# field: ")


@pytest.mark.parametrize("case", corpus("paths"))
def test_tileset_paths_leaving_the_folder_are_refused(case: Path, scene: Scene):
    target = scene.write("probe.yaml", case.read_bytes())
    for args in commands(target, scene, "paths"):
        refused(scene, args, field_of(case), f"{target}, line ")


@pytest.mark.parametrize("case", corpus("base"))
def test_mix_base_outside_the_folder_is_refused_without_its_contents(case: Path,
                                                                     scene: Scene):
    target = scene.write("mix.yaml", case.read_bytes())
    for args in commands(target, scene, "base"):
        refused(scene, args, "base", f"{target}, line 2:", "Allowed: a shipped game (")


# ---------------------------------------------------------------------------
# Cases git cannot hold: links, FIFOs, oversized files


def _link(scene: Scene, name: str, to: Path) -> None:
    (scene.game / name).symlink_to(to)


def _sparse(path: Path, size: int) -> None:
    with path.open("wb") as stream:
        stream.truncate(size)


SETUPS: dict[str, tuple[Callable[[Scene], None], str, str, str]] = {
    # name: (prepare the folder, what the tileset says, field, a fragment of the message)
    "art-link-to-secret": (lambda s: _link(s, "art.png", s.secret / "secret.png"),
                           "    art: art.png\n", "tiles[0].art", "leaves the tileset's folder"),
    "svg-art-link-to-secret": (lambda s: _link(s, "art.svg", s.secret / "secret.svg"),
                               "    art: art.svg\n", "tiles[0].art", "leaves"),
    "art-in-linked-folder": (lambda s: _link(s, "pictures", s.secret),
                             "    art: pictures/secret.png\n", "tiles[0].art", "leaves"),
    "art-link-chain": (lambda s: (_link(s, "b.png", s.secret / "secret.png"),
                                  _link(s, "a.png", s.game / "b.png")),
                       "    art: a.png\n", "tiles[0].art", "leaves"),
    "art-relative-link-out": (lambda s: _link(s, "art.png", Path("../secret/secret.png")),
                              "    art: art.png\n", "tiles[0].art", "leaves"),
    "art-link-loop": (lambda s: _link(s, "loop.png", s.game / "loop.png"),
                      "    art: loop.png\n", "tiles[0].art", "cannot be followed"),
    "art-fifo": (lambda s: os.mkfifo(s.game / "pipe.png"), "    art: pipe.png\n",
                 "tiles[0].art", "not a regular file"),
    "art-too-large": (lambda s: _sparse(s.game / "big.png", MAX_ART_BYTES + 1),
                      "    art: big.png\n", "tiles[0].art", f"{MAX_ART_BYTES:,} bytes"),
    "svg-art-too-large": (lambda s: _sparse(s.game / "big.svg", MAX_SVG_BYTES + 1),
                          "    art: big.svg\n", "tiles[0].art", f"{MAX_SVG_BYTES:,} bytes"),
    "rulebook-link-to-secret": (lambda s: _link(s, "rulebook.md", s.secret / "rulebook.md"),
                                "rulebook: rulebook.md\n", "rulebook", "leaves"),
    "rulebook-too-large": (lambda s: _sparse(s.game / "rulebook.md", MAX_TEMPLATE_BYTES + 1),
                           "rulebook: rulebook.md\n", "rulebook",
                           f"{MAX_TEMPLATE_BYTES:,} bytes"),
    "rulebook-fifo": (lambda s: os.mkfifo(s.game / "rulebook.md"), "rulebook: rulebook.md\n",
                      "rulebook", "not a regular file"),
}

BASE_SETUPS: dict[str, tuple[Callable[[Scene], None], str, str]] = {
    "base-link-to-secret": (lambda s: _link(s, "base.yaml", s.secret / "secret.yaml"),
                            "base.yaml", "leaves the mix's folder"),
    "base-in-linked-folder": (lambda s: _link(s, "shared", s.secret), "shared/secret.yaml",
                              "leaves the mix's folder"),
    "base-link-to-passwd": (lambda s: _link(s, "passwd.yaml", Path("/etc/passwd")),
                            "passwd.yaml", "leaves the mix's folder"),
    "base-fifo": (lambda s: os.mkfifo(s.game / "pipe.yaml"), "pipe.yaml", "not a regular file"),
    "base-too-large": (lambda s: _sparse(s.game / "big.yaml", MAX_FILE_BYTES + 1), "big.yaml",
                       f"{MAX_FILE_BYTES:,} bytes"),
    "base-link-loop": (lambda s: _link(s, "loop.yaml", s.game / "loop.yaml"), "loop.yaml",
                       "cannot be followed"),
}

needs_links = pytest.mark.skipif(not hasattr(os, "symlink") or not hasattr(os, "mkfifo"),
                                 reason="symlinks and FIFOs")


@needs_links
@pytest.mark.parametrize("name", sorted(SETUPS))
def test_links_fifos_and_large_files_named_by_a_tileset(name: str, scene: Scene):
    prepare, line, field, fragment = SETUPS[name]
    prepare(scene)
    top, tile = (line, "") if field == "rulebook" else ("", line)
    target = scene.write("probe.yaml", TILESET.format(top=top, tile=tile))
    for args in commands(target, scene, "paths"):
        refused(scene, args, field, fragment)


@needs_links
@pytest.mark.parametrize("name", sorted(BASE_SETUPS))
def test_links_fifos_and_large_files_named_by_a_mix(name: str, scene: Scene):
    prepare, base, fragment = BASE_SETUPS[name]
    prepare(scene)
    target = scene.write("mix.yaml", f"base: {base}\ncounts: {{elbow: 3}}\n")
    for args in commands(target, scene, "base"):
        refused(scene, args, "base", f"{target}, line 1:", fragment)


# ---------------------------------------------------------------------------
# What is allowed still works, and the real terminal sees no traceback


def test_a_base_in_the_mix_folder_and_a_shipped_base_still_work(scene: Scene):
    scene.write("mine.yaml", TILESET.format(top="", tile=""))
    local = scene.write("local.yaml", "base: mine.yaml\ncounts: {elbow: 3}\n")
    shipped = scene.write("shipped.yaml", "base: demon-mine\ncounts: {elbow: 30}\n")
    for target in (local, shipped):
        result = run("validate", str(target))
        assert result.exit_code in (0, 1), (result.output, result.exception)


def test_a_rulebook_image_is_refused_with_its_line(scene: Scene):
    scene.write("rulebook.md", "# Rules\n\nSee ![the secret](../secret/secret.png).\n")
    target = scene.write("probe.yaml", TILESET.format(top="rulebook: rulebook.md\n", tile=""))
    args = ["build", str(target), "--out", str(scene.out), "--paper", "letter"]
    refused(scene, args, "image", f"{scene.game / 'rulebook.md'}, line 3:",
            "Found '../secret/secret.png'")


def test_a_control_character_in_a_yaml_file_is_one_paragraph(scene: Scene):
    target = scene.write("probe.yaml", TILESET.format(top="", tile="").replace(
        "title: Probe", "title: Pro\x07be"))
    refused_plainly = run("validate", str(target))
    assert refused_plainly.exit_code == 2, refused_plainly.output
    assert isinstance(refused_plainly.exception, SystemExit)
    assert refused_plainly.stderr == (
        f"pnp: error: {target}, line 2: the file contains a control character, which YAML "
        "does not allow. Found U+0007. Allowed: printable UTF-8 text (tabs and line breaks "
        "are fine).\n")


@pytest.mark.parametrize("case", [
    "svg-encodings/utf16le-bom.svg", "svg-urls/data-carrying-path.svg", "base/etc-passwd.yaml"])
def test_the_real_terminal_gets_one_paragraph(case: str, scene: Scene):
    path = CORPUS / case
    if path.suffix == ".svg":
        scene.write("art.svg", path.read_bytes())
        target = scene.write("probe.yaml", TILESET.format(top="", tile="    art: art.svg\n"))
    else:
        target = scene.write("mix.yaml", path.read_bytes())
    proc = subprocess.run(
        [sys.executable, "-m", "pnp", "build", str(target), "--out", str(scene.out)],
        capture_output=True, text=True, timeout=120, cwd=scene.game,
        env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == "" and "Traceback" not in proc.stderr
    assert proc.stderr.startswith("pnp: error: ") and proc.stderr.count("\n") == 1
    assert MARKER not in proc.stderr and "root:x:0" not in proc.stderr
    assert not scene.out.exists()
