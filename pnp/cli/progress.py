"""What a long build shows while it runs, on stderr, and its one-line summary per game.

On a terminal one status line is rewritten (with a carriage return) as each
job finishes, so a build of every game does not scroll away what came
before; into a file or a pipe, where a carriage return only garbles the log,
each PDF gets a plain line of its own. Either way stdout keeps only the
build's final line, which scripts read.
"""

from __future__ import annotations

import io
import shutil
import time
from typing import TYPE_CHECKING, TextIO

import msgspec

if TYPE_CHECKING:
    from pnp.assemble.jobs import Job
    from pnp.export.artifacts import Artifact
    from pnp.model.tileset import Tileset

CLEAR_LINE = "\x1b[K"  # erases what a longer earlier status left to the right


class GameTally(msgspec.Struct):
    """What one game's finished jobs have made so far."""

    pdfs: int = 0
    pages: int = 0
    seconds: float = 0.0


class BuildProgress:
    """Shows each finished job on ``stream`` and sums each game up at the end.

    A quiet one writes nothing at all, so the build needs no second path.
    """

    def __init__(self, stream: TextIO, terminal: bool, quiet: bool = False) -> None:
        self.stream = NullStream() if quiet else stream
        self.terminal = terminal
        self.start = time.perf_counter()
        self.total = 0
        self.count = 0
        self.games: dict[str, GameTally] = {}

    def planned(self, jobs: list[Job]) -> None:
        self.total = len(jobs)
        for job in jobs:
            self.games.setdefault(job.tileset.game, GameTally())
        if self.terminal:
            self._status(f"[0/{self.total}] building {len(self.games)} game(s)")

    def finished(self, job: Job, artifacts: list[Artifact]) -> None:
        game = job.tileset.game
        tally = self.games.setdefault(game, GameTally())
        pdfs = [a for a in artifacts if a.path.endswith(".pdf")]
        tally.pdfs += len(pdfs)
        tally.pages += sum(int((a.listing or {}).get("pages", 0)) for a in pdfs)
        tally.seconds = time.perf_counter() - self.start
        self.count += 1
        names = [short_name(game, a.path) for a in pdfs] or ["designs"]
        if self.terminal:
            self._status(f"[{self.count}/{self.total}] {game}: {', '.join(names)} done")
        else:
            for name in names:
                self.stream.write(f"{game}: {name} done\n")
            self.stream.flush()

    def clear(self) -> None:
        """Erase the status line, so what is printed next starts on a clean line."""
        if self.terminal and self.total:
            self.stream.write("\r" + CLEAR_LINE)
            self.stream.flush()

    def summary(self, tilesets: list[Tileset]) -> None:
        """End the status line and write one line per game: PDFs, pages, pieces, seconds."""
        self.clear()
        for tileset in tilesets:
            tally = self.games.get(tileset.game, GameTally())
            self.stream.write(f"{tileset.game}: {tally.pdfs} PDF(s), {tally.pages} pages, "
                              f"{pieces(tileset)} pieces, {tally.seconds:.1f} s\n")
        self.stream.flush()

    def _status(self, text: str) -> None:
        """Rewrite the status line, cut to the terminal's width.

        A line that wrapped would leave its first rows behind, since a
        carriage return goes back only to the start of the last row.
        """
        width = shutil.get_terminal_size().columns - 1
        if len(text) > width:
            text = text[: max(width - 3, 0)] + "..."
        self.stream.write(f"\r{text}{CLEAR_LINE}")
        self.stream.flush()


def short_name(game: str, path: str) -> str:
    """A PDF's name without the game's name in front: ``tiles-letter.pdf``."""
    prefix = f"{game}-"
    return path[len(prefix):] if path.startswith(prefix) else path


def pieces(tileset: Tileset) -> int:
    """Copies of every tile, card and token the game prints, and its board."""
    return (tileset.tile_count + sum(piece.count for piece in tileset.components)
            + (tileset.board is not None))


class NullStream(io.StringIO):
    """A stream that forgets what is written to it: where a quiet build's progress goes."""

    def write(self, text: str) -> int:
        return len(text)


class GamesProgress:
    """``simulating: 40 of 200 games`` rewritten in place on a terminal as a simulator
    plays, so a run of many seconds shows it is alive; nothing at all when stderr is a
    file or a pipe, where a status line would only garble the log."""

    def __init__(self, stream: TextIO, what: str) -> None:
        self.stream, self.what = stream, what
        self.shown = stream.isatty()
        self.last = 0.0

    def __call__(self, played: int, games: int) -> None:
        now = time.monotonic()
        if not self.shown or (now - self.last < 0.1 and played):
            return  # ten updates a second at most: writing is not free
        self.last = now
        self.stream.write(f"\r{self.what}: {played} of {games} games{CLEAR_LINE}")
        self.stream.flush()

    def done(self) -> None:
        """Clear the status line before the report is printed."""
        if self.shown:
            self.stream.write(f"\r{CLEAR_LINE}")
            self.stream.flush()
