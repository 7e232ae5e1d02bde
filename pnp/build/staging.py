"""Whole builds are atomic: each game's folder is swapped in complete, or not at all.

Writing file after file into ``out/<game>/`` would leave, when the build is
killed part-way, a folder mixing two builds whose manifest lists files that
are not there. Instead each game is written whole into a staging folder
beside its target and published by one atomic step:

1. every file goes into ``out/.<game>.staging-XXXX/``, flushed to disk, the
   manifest among them; the folder is then renamed ``out/.<game>.v-XXXX/``,
   a complete version;
2. ``out/<game>`` is a relative symbolic link to the current version; a new
   link is made under a temporary name and renamed over it with
   :func:`os.replace`, which POSIX makes atomic: a reader (or ``make``)
   opening ``out/<game>/`` finds the old version or the new one, never
   neither and never a mixture;
3. the previous version is then removed.

A build killed at any moment therefore leaves every game folder complete,
its manifest matching its files; what it leaves besides (a staging folder,
an unlinked version, a temporary link) has a name of the form
``.<game>.<staging|v|link|old>-XXXX`` and is removed by the next build,
under a lock on the output folder, so concurrent builds into one folder
(``make -j``) never remove each other's work in progress. Every game of a
build is staged before any is swapped, so a disk that fills up changes none.

A game folder that is a real folder (made by an older pnp) is adopted once:
it is renamed aside (``.<game>.old-XXXX``) and the link put in its place; if
the build dies between those two renames, the next build renames it back.

Where symbolic links cannot be made (Windows without developer mode), the
same steps swap real folders by two renames: the old folder aside, the new
one in. There the game folder is missing for the instant between the two;
a build killed right then leaves the previous output complete under its
aside name, and the next build puts it back before doing anything else.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from pnp.errors import InputError, Where

LEFTOVER = re.compile(r"^\.(?P<game>[a-z0-9][a-z0-9-]*)\."
                      r"(?P<kind>staging|v|link|old)-[a-z0-9_]+$")
LINKS = os.name == "posix"  # symbolic links need no privilege here
WRITERS = 16  # files written and flushed at once


def publish_or_explain(out_dir: Path, games: dict[str, dict[str, bytes]]) -> None:
    """:func:`publish`, with a disk or permission failure told as the user's --out problem."""
    try:
        publish(out_dir, games)
    except OSError as error:
        raise InputError(Where(str(out_dir)), "the output folder cannot be written",
                         field="--out", found=error.strerror or type(error).__name__,
                         allowed="a folder you may write to (it is created if missing)") from None


def publish(out_dir: Path, games: dict[str, dict[str, bytes]], links: bool = LINKS) -> None:
    """Write each game's files (relative path to bytes) as a complete new game folder."""
    out_dir.mkdir(parents=True, exist_ok=True)
    with locked(out_dir):
        sweep(out_dir)
        for game in games:
            check_target(out_dir, game)
        versions = stage_all(out_dir, games)
        for game, version in versions.items():
            swap(out_dir, game, version, links)
        sweep(out_dir)


@contextlib.contextmanager
def locked(folder: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``folder`` (released by the system if the build is killed).

    Windows has no ``flock``; there, builds into one folder must not run at once.
    """
    try:
        import fcntl
    except ImportError:
        yield
        return
    handle = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)


def check_target(out_dir: Path, game: str) -> None:
    """Refuse to replace a folder that pnp did not write: it may hold someone's work."""
    target = out_dir / game
    if target.is_symlink() or not target.exists() or _made_by_pnp(target, game):
        return
    raise InputError(Where(str(target)), "the output folder already holds a game folder "
                     "that pnp did not write, and a build replaces its game folder whole",
                     field="--out", found=f"'{target}' without a manifest of game '{game}'",
                     allowed="an output folder where this name is free or holds an earlier "
                     "build; move that folder away or choose another --out")


def _made_by_pnp(target: Path, game: str) -> bool:
    """An empty folder, or one whose manifest names it: by its game (a build) or by
    the folder itself (an export such as ``<game>-png``, which is not a game)."""
    if not target.is_dir():
        return False
    if not any(target.iterdir()):
        return True
    try:
        data = json.loads((target / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and game in (data.get("game"), data.get("folder"))


def stage_all(out_dir: Path, games: dict[str, dict[str, bytes]]) -> dict[str, Path]:
    """Every game as a complete version folder, or none of them."""
    versions: dict[str, Path] = {}
    try:
        for game, files in games.items():
            versions[game] = stage(out_dir, game, files)
    except BaseException:
        for version in versions.values():
            remove(version)
        raise
    return versions


def stage(out_dir: Path, game: str, files: dict[str, bytes]) -> Path:
    """Write one game into a fresh staging folder, then rename it a complete version."""
    folder = Path(tempfile.mkdtemp(prefix=f".{game}.staging-", dir=out_dir))
    try:
        write_files(folder, files)
        for parent, _, _ in os.walk(folder):
            sync_folder(Path(parent))
        folder.chmod(0o755)
        version = out_dir / f".{game}.v-{_suffix(folder)}"
        os.rename(folder, version)
    except BaseException:
        remove(folder)
        raise
    return version


def write_files(folder: Path, files: dict[str, bytes]) -> None:
    """Write every file of a game into ``folder``, several at once.

    Each file is flushed to disk before the folder is published, and a flush
    waits on the disk, not on Python: a build of every game writes about 300
    files, which one after another spend most of the build's write phase
    waiting. Threads let the file system batch those waits.
    """
    from concurrent.futures import ThreadPoolExecutor

    for parent in sorted({(folder / name).parent for name in files}):
        parent.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(max_workers=WRITERS) as pool:
        list(pool.map(write_file, (folder / name for name in files), files.values()))


def write_file(path: Path, data: bytes) -> None:
    """Write a new file and flush it to disk; refuse to reuse one that exists."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "xb") as stream:
        stream.write(data)
        stream.flush()
        os.fsync(stream.fileno())
    os.chmod(path, 0o644)


def sync_folder(folder: Path) -> None:
    """Flush a folder's entries, so a rename inside it survives a power cut (POSIX only)."""
    if os.name != "posix":
        return
    handle = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def swap(out_dir: Path, game: str, version: Path, links: bool = LINKS) -> None:
    """Make ``version`` the game's folder in one step (see the module's notes)."""
    target = out_dir / game
    aside = out_dir / f".{game}.old-{_suffix(version)}"
    if links:
        if target.is_dir() and not target.is_symlink():
            os.rename(target, aside)  # adopting a folder an older pnp made
        link = out_dir / f".{game}.link-{_suffix(version)}"
        os.symlink(version.name, link, target_is_directory=True)
        os.replace(link, target)
    else:
        if os.path.lexists(target):
            os.rename(target, aside)
        os.rename(version, target)
    sync_folder(out_dir)


def _suffix(folder: Path) -> str:
    """The random part of a staging or version folder's name."""
    return folder.name.rsplit("-", 1)[1]


def current(out_dir: Path, game: str) -> str:
    """The name of the version the game's link points to ("" when it is no link)."""
    target = out_dir / game
    return os.readlink(target) if target.is_symlink() else ""


def sweep(out_dir: Path) -> None:
    """Remove what killed builds left behind, first putting back a folder left aside."""
    leftovers: dict[str, list[Path]] = {}
    for entry in sorted(out_dir.iterdir()):
        match = LEFTOVER.match(entry.name)
        if match:
            leftovers.setdefault(match["game"], []).append(entry)
    for game, entries in leftovers.items():
        target = out_dir / game
        asides = [e for e in entries if e.name.startswith(f".{game}.old-")]
        if asides and not os.path.lexists(target):
            os.rename(asides[0], target)  # a swap died between its two renames
            entries.remove(asides[0])
        live = current(out_dir, game)
        for entry in entries:
            if entry.name != live:
                remove(entry)
    sync_folder(out_dir)


def remove(path: Path) -> None:
    """Delete a file, a link (never what it points to) or a whole folder."""
    if path.is_symlink() or not path.is_dir():
        path.unlink(missing_ok=True)
    else:
        shutil.rmtree(path)
