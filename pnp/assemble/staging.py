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

Files are written into the staging folder as the build's jobs finish, so
the disk works while the rest is still drawing; the folder is claimed under
the lock on the output folder and then held by a lock of its own until the
build publishes or gives up, so a concurrent build's sweep leaves it alone.

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
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from pnp.errors import InputError, Where
from pnp.input.bounded import read_bounded
from pnp.input.jsontext import parse_json

try:  # Windows has no flock (nor opens folders as files)
    import fcntl
except ImportError:  # pragma: no cover - tested on Linux
    fcntl = None  # type: ignore[assignment, unused-ignore]  # no module: no locks

LEFTOVER = re.compile(r"^\.(?P<game>[a-z0-9][a-z0-9-]*)\."
                      r"(?P<kind>staging|v|link|old)-[a-z0-9_]+$")
LINKS = os.name == "posix"  # symbolic links need no privilege here
WRITERS = 16  # files written and flushed at once
# A manifest found in a folder a build would replace is read only this far:
# the largest game's is a few hundred KB, nested five levels.
MAX_MANIFEST_BYTES = 64 * 1024 * 1024
MAX_MANIFEST_DEPTH = 32


def publish_or_explain(out_dir: Path, games: dict[str, dict[str, bytes]]) -> None:
    """:func:`publish`, with a disk or permission failure told as the user's --out problem."""
    with explained(out_dir):
        publish(out_dir, games)


@contextlib.contextmanager
def explained(out_dir: Path) -> Iterator[None]:
    """Tell a disk or permission failure inside the block as the user's --out problem."""
    try:
        yield
    except OSError as error:
        raise InputError(Where(str(out_dir)), "the output folder cannot be written",
                         field="--out", found=error.strerror or type(error).__name__,
                         allowed="a folder you may write to (it is created if missing)") from None


def publish(out_dir: Path, games: dict[str, dict[str, bytes]], links: bool = LINKS) -> None:
    """Write each game's files (relative path to bytes) as a complete new game folder."""
    with Staging(out_dir, list(games)) as staging:
        for game, files in games.items():
            staging.write(game, files)
        staging.publish(links)


class Staging:
    """A build's games written into staging folders as they are made, then swapped in.

    A build that writes its files only once every job is done makes the
    user wait for the disk at the end. Here each job's files are written
    (and flushed, by threads) while later jobs are still drawing, and the
    end of the build only renames and swaps. Nothing is published unless
    :meth:`publish` is reached: leaving the ``with`` block any other way
    removes the staging folders.

    A staging folder is claimed under the output folder's lock, and this
    process then holds a lock on the folder itself for as long as it writes
    there; another build's sweep, which removes what killed builds left,
    passes over a staging folder whose lock is held.
    """

    def __init__(self, out_dir: Path, games: list[str]) -> None:
        self.out_dir = out_dir
        self.games = games
        self.folders: dict[str, Path] = {}
        self._holds: list[int] = []
        self._writes: list[Future[None]] = []
        self._made: set[Path] = set()
        self._new_folders: list[Path] = []  # the output folder and parents claim made
        self.published = False
        self._pool = ThreadPoolExecutor(max_workers=WRITERS)

    def __enter__(self) -> Staging:
        try:
            self.claim()
        except BaseException:
            self.abandon()
            raise
        return self

    def __exit__(self, kind: object, error: object, _trace: object) -> None:
        self.abandon()

    def claim(self) -> None:
        """Clear what killed builds left, and make and hold a staging folder per game."""
        self._new_folders = [folder for folder in (self.out_dir, *self.out_dir.parents)
                             if not folder.exists()]
        self.out_dir.mkdir(parents=True, exist_ok=True)
        with locked(self.out_dir):
            sweep(self.out_dir)
            for game in self.games:
                check_target(self.out_dir, game)
                self.folders[game] = self._claim(game)

    def _claim(self, game: str) -> Path:
        folder = Path(tempfile.mkdtemp(prefix=f".{game}.staging-", dir=self.out_dir))
        handle = lock_folder(folder, wait=False)  # fresh: nobody else can hold it
        if handle is not None:
            self._holds.append(handle)
        return folder

    def write(self, game: str, files: dict[str, bytes]) -> None:
        """Start writing some of a game's files; :meth:`publish` waits for them."""
        folder = self.folders[game]
        for parent in sorted({(folder / name).parent for name in files} - self._made):
            parent.mkdir(parents=True, exist_ok=True)
            self._made.add(parent)
        self._writes += [self._pool.submit(write_file, folder / name, data)
                         for name, data in files.items()]

    def publish(self, links: bool = LINKS) -> None:
        """Once every file is on disk, swap every game in; a disk error changes none."""
        for write in self._writes:
            write.result()
        versions: dict[str, Path] = {}
        for folder in self.folders.values():
            for parent, _, _ in os.walk(folder):
                sync_folder(Path(parent))
            folder.chmod(0o755)
        with locked(self.out_dir):
            for game in self.games:
                check_target(self.out_dir, game)
            try:
                for game, folder in list(self.folders.items()):
                    versions[game] = self.out_dir / f".{game}.v-{_suffix(folder)}"
                    os.rename(folder, versions[game])
                    del self.folders[game]
            except BaseException:
                for version in versions.values():
                    remove(version)
                raise
            for game, version in versions.items():
                swap(self.out_dir, game, version, links)
            self.published = True
            sweep(self.out_dir, self._pool)

    def abandon(self) -> None:
        """Stop writing, remove what is still staged, and let go of its locks.

        A build that publishes nothing also removes the output folders it
        made, so a failed first build leaves no empty ``output/`` behind.
        """
        self._pool.shutdown(wait=True, cancel_futures=True)
        try:
            for folder in self.folders.values():
                remove(folder)
        finally:
            self.folders.clear()
            for handle in self._holds:
                os.close(handle)
            self._holds.clear()
        if not self.published:
            for folder in self._new_folders:
                with contextlib.suppress(OSError):  # another build may have filled it since
                    folder.rmdir()


def _in_use(folder: Path) -> bool:
    """Whether a live build holds this staging folder (see :meth:`Staging.claim`)."""
    try:
        handle = lock_folder(folder, wait=False)
    except BlockingIOError:
        return True
    except OSError:
        return False  # gone meanwhile: nobody's
    if handle is not None:
        os.close(handle)
    return False


@contextlib.contextmanager
def locked(folder: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``folder`` (released by the system if the build is killed).

    Windows has no ``flock``; there, builds into one folder must not run at once.
    """
    handle = lock_folder(folder, wait=True)
    try:
        yield
    finally:
        if handle is not None:
            os.close(handle)


def lock_folder(folder: Path, wait: bool) -> int | None:
    """An open handle on ``folder`` holding an exclusive ``flock`` (released when the
    handle is closed, or by the system if the process dies).

    Without ``wait``, a lock another process holds raises BlockingIOError.
    None on Windows, which has no ``flock`` (nor opens folders as files): there,
    builds into one folder must not run at once.
    """
    if fcntl is None:
        return None
    handle = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BaseException:
        os.close(handle)
        raise
    return handle


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
    try:  # whatever lies there may be planted: a FIFO, a huge file, deep JSON
        text = read_bounded(target / "manifest.json", MAX_MANIFEST_BYTES).decode("utf-8")
        data = parse_json(text, MAX_MANIFEST_DEPTH)
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and game in (data.get("game"), data.get("folder"))


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


def sweep(out_dir: Path, pool: ThreadPoolExecutor | None = None) -> None:
    """Remove what killed builds left behind, first putting back a folder left aside.

    A staging folder that a live build still holds is left alone. With a
    ``pool`` the leftovers (each a whole folder of files, usually the
    versions just replaced) are removed side by side.
    """
    leftovers: dict[str, list[Path]] = {}
    for entry in sorted(out_dir.iterdir()):
        match = LEFTOVER.match(entry.name)
        if match and not (match["kind"] == "staging" and _in_use(entry)):
            leftovers.setdefault(match["game"], []).append(entry)
    doomed = [entry for game, entries in leftovers.items()
              for entry in _dead(out_dir, game, entries)]
    if pool is None:
        for entry in doomed:
            remove(entry)
    else:
        for removal in [pool.submit(remove, entry) for entry in doomed]:
            removal.result()
    sync_folder(out_dir)


def _dead(out_dir: Path, game: str, entries: list[Path]) -> list[Path]:
    """A game's leftovers that no link points to, once a folder left aside is put back."""
    target = out_dir / game
    asides = [e for e in entries if e.name.startswith(f".{game}.old-")]
    if asides and not os.path.lexists(target):
        os.rename(asides[0], target)  # a swap died between its two renames
        entries = [e for e in entries if e != asides[0]]
    live = current(out_dir, game)
    return [entry for entry in entries if entry.name != live]


def remove(path: Path) -> None:
    """Delete a file, a link (never what it points to) or a whole folder."""
    if path.is_symlink() or not path.is_dir():
        path.unlink(missing_ok=True)
    else:
        shutil.rmtree(path)
