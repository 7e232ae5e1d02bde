"""One studio session: the file being edited, its accepted text, and what the page sees.

The text held here is always a usable tileset: an edit produces a candidate
text, the candidate is read by the loader `pnp validate` uses, and only a
candidate that reads cleanly replaces the held text. Saving writes the held
text, so nothing refused ever reaches the file. Requests come from several
threads, so every change happens under one lock.

Every accepted text is kept in order (``history``), so undo and redo step
through every edit since the studio opened the file; an edit after an undo
drops the texts it could have redone, as editors do. A save refused because
the file changed on disk offers the two ways out (keep these edits, with the
file's text kept as a backup, or load the file's text as one more step that
undo can take back); leaving with edits unsaved writes them to a recovery
copy beside the file.
"""

from __future__ import annotations

import difflib
import threading
from pathlib import Path
from typing import Any

from pnp.errors import InputError
from pnp.export.output import write_atomic
from pnp.input.load import parse_yaml, read_text
from pnp.input.targets import from_text
from pnp.model.icons import ICON_NAMES
from pnp.model.tileset import TileKind, Tileset
from pnp.studio.document import Document, EditError
from pnp.studio.edits import apply_edit
from pnp.studio.pictures import TilePictures
from pnp.studio.playtest import play_test
from pnp.studio.saving import free_recovery_path, recovery_copies, save_with_backup
from pnp.studio.verdict import players_for, verdict


def own_names(text: str, path: Path) -> list[str]:
    """Names of the tile kinds the file itself declares (for a mix, its homebrew tiles).

    Read with the fast loader: the text has just been read cleanly by it.
    """
    data = parse_yaml(text, str(path))
    tiles = data.get("tiles") if isinstance(data, dict) else None
    return [str(tile.get("name")) for tile in tiles or [] if isinstance(tile, dict)]


class Refused(Exception):
    """An edit the loader refused; ``paragraph`` is the command line's own message."""

    def __init__(self, paragraph: str) -> None:
        super().__init__(paragraph)
        self.paragraph = paragraph


class Session:
    """The file under edit and the accepted, not yet saved, text."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.on_disk = read_text(path)  # what the file held when last read or saved
        self.text = self.on_disk
        self.tileset = from_text(self.text, path)  # an unusable file stops here, as in the CLI
        document = Document(self.text)
        self.layout = document.layout  # the file's indentation, kept by every edit
        self.own = document.own_names()
        self.players = self.tileset.players[0]
        self.pictures = TilePictures()
        self.lock = threading.Lock()
        self.playing = threading.Lock()  # held by the one play-test being played
        self.last_play: tuple[Tileset, int, dict[str, Any]] | None = None
        self.history: list[str] = [self.text]  # every accepted text, oldest first
        self.at = 0  # which of them is the text held now
        self.earlier = recovery_copies(path)  # what earlier runs left unsaved
        self.recovery = free_recovery_path(path)  # where this run keeps its own

    @property
    def dirty(self) -> bool:
        return self.text != self.on_disk

    def edit(self, fields: dict[str, Any]) -> None:
        """Apply one edit if the result is a usable tileset; else Refused, nothing changed."""
        with self.lock:
            candidate = apply_edit(self.text, fields, self.tileset, self.layout)
            self._push(candidate, self._usable(candidate))

    def _usable(self, text: str) -> Tileset:
        """``text`` read as the command line reads the file; Refused with its paragraph."""
        try:
            return from_text(text, self.path)
        except InputError as error:
            raise Refused(error.paragraph()) from None

    def _hold(self, text: str, tileset: Tileset) -> None:
        self.text, self.tileset = text, tileset
        self.own = own_names(text, self.path)

    def _push(self, text: str, tileset: Tileset) -> None:
        """Hold ``text`` as one more step of the history; a step after an undo ends what
        could be redone."""
        self._hold(text, tileset)
        del self.history[self.at + 1:]
        self.history.append(text)
        self.at += 1

    def undo(self) -> None:
        """Go back one accepted edit (nothing to undo: EditError)."""
        self._step(-1, "there is nothing to undo")

    def redo(self) -> None:
        """Go forward again one undone edit (nothing to redo: EditError)."""
        self._step(1, "there is nothing to redo")

    def _step(self, by: int, none: str) -> None:
        """Hold the text ``by`` steps along the history, read again first: a file it
        names (a card list, art, a mix's base) may have changed since, and then the
        step is Refused and nothing moves."""
        with self.lock:
            if not 0 <= self.at + by < len(self.history):
                raise EditError(none)
            text = self.history[self.at + by]
            tileset = self._usable(text)
            self.at += by
            self._hold(text, tileset)

    def keep_mine(self) -> str:
        """Save over a file another program changed, keeping its text as a backup; the
        backup's name."""
        with self.lock:
            return self._write(read_text(self.path))

    def load_disk(self) -> None:
        """Take the file's text as it is on disk now, as one more step undo can take back;
        a file that no longer reads is Refused, and nothing changes."""
        with self.lock:
            try:
                disk = read_text(self.path)
            except InputError as error:  # gone, or not UTF-8
                raise Refused(error.paragraph()) from None
            tileset = self._usable(disk)
            self.on_disk = disk
            if disk != self.text:  # the same text: no step for undo to take back
                self._push(disk, tileset)

    def disk_changes(self) -> list[str]:
        """How the file on disk differs from the text the studio last read or saved, as
        unified diff lines (what another program changed)."""
        with self.lock:
            disk = read_text(self.path)
            return list(difflib.unified_diff(self.on_disk.splitlines(), disk.splitlines(),
                                             "as the studio read it", "on disk now",
                                             lineterm=""))

    def keep_recovery(self) -> Path | None:
        """Write unsaved edits to this run's recovery copy beside the file (replacing
        this run's older copy: its latest edits are the ones to keep, but never an
        earlier run's); its path, or None when nothing was unsaved. The file itself is
        never touched; OSError when even the folder is gone."""
        with self.lock:
            if not self.dirty:
                return None
            copy = self.recovery
            try:  # the file's own mode, unless it was deleted or moved meanwhile
                mode = self.path.stat().st_mode & 0o777
            except OSError:
                mode = 0o644
            write_atomic(copy, self.text.encode("utf-8"), mode)
            return copy

    def choose_players(self, players: int) -> None:
        with self.lock:
            self.players = players_for(self.tileset, players)

    @property
    def can_undo(self) -> bool:
        return self.at > 0

    @property
    def can_redo(self) -> bool:
        return self.at < len(self.history) - 1

    def save(self) -> str:
        """Write the accepted text, keeping the previous file as a backup; its name."""
        with self.lock:
            return self._write(self.on_disk)

    def _write(self, expected: str) -> str:
        """Write the held text over a file that still holds ``expected`` (else Conflict),
        the file's text kept as a backup; the backup's name."""
        backup = save_with_backup(self.path, self.text, expected)
        self.on_disk = self.text
        return backup.name

    def play_test(self) -> dict[str, Any]:
        """Random games of the mix as it stands now, given up as soon as it changes
        (:mod:`pnp.studio.playtest`)."""
        with self.lock:
            tileset, players = self.tileset, players_for(self.tileset, self.players)

        def still_current() -> bool:
            return self.tileset is tileset and players_for(self.tileset, self.players) == players

        # one run at a time: a run for an older mix gives up at its next game, and asking
        # again for the same mix gets the answer already played, not another run
        with self.playing:
            known = self.last_play
            if known is not None and known[0] is tileset and known[1] == players:
                return known[2]
            answer = play_test(tileset, players, still_current)
            if not answer.get("superseded"):
                self.last_play = (tileset, players, answer)
            return answer

    def snapshot(self) -> tuple[Tileset, str]:
        with self.lock:
            return self.tileset, self.text

    def state(self) -> dict[str, Any]:
        """Everything the page draws: the shape, every tile kind, the verdict."""
        with self.lock:
            tileset, own, players, dirty = self.tileset, self.own, self.players, self.dirty
            history = {"undo": self.can_undo, "redo": self.can_redo}
        shape = tileset.shape
        width, height = shape.box(tileset.size)
        ports = {edge: [x / width, y / height] for edge in shape.edges
                 for x, y in [shape.port(edge, tileset.size)]}
        return {
            "file": self.path.name, "game": tileset.game, "title": tileset.title,
            "mix": tileset.mix or None, "dirty": dirty, "players": players,
            "history": history,
            "player_counts": list(tileset.players),
            "shape": {"name": shape.name, "edges": list(shape.edges), "ports": ports,
                      "aspect": height / width},
            "icons": list(ICON_NAMES), "backs": [back.name for back in tileset.backs],
            "tiles": [self._tile(tileset, tile, tile.name in own) for tile in tileset.tiles],
            "verdict": verdict(tileset, players),
        }

    def _tile(self, tileset: Tileset, tile: TileKind, editable: bool) -> dict[str, Any]:
        return {
            "name": tile.name, "count": tile.count, "role": tile.role,
            "rotatable": tile.rotatable, "back": tile.back, "editable": editable,
            "paths": [{"ports": list(path.ports), "junction": path.junction,
                       "style": path.style} for path in tile.paths],
            "features": [{"kind": feature.kind, "value": feature.value, "at": feature.at}
                         for feature in tile.features],
            "art": tile.art is not None,
            "svg": self.pictures.svg(tileset, tile),
        }
