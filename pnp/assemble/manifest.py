"""The manifest: every piece of one game, its SVGs, every sheet with its placements,
and every file of the game's folder with its size and SHA-256.

A game folder is published whole (:mod:`pnp.assemble.staging`), so its manifest
is there exactly when all the files it lists are, and its time stamp stands
for the whole game's output; the file list lets anyone check that the folder
holds exactly what the build wrote.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from pnp.export.artifacts import rounded
from pnp.model.pieces import piece_box, piece_kind
from pnp.model.tileset import Tileset


def manifest_text(manifest: dict[str, Any]) -> str:
    """Readable JSON with one placement per line.

    Indenting every placement field would triple the file and, because only
    unindented JSON uses the C encoder, take longer than drawing the PDF.
    """
    body = {**manifest, "sheets": [{**sheet, "placements": []} for sheet in manifest["sheets"]]}
    if "files" in body:
        body["files"] = []
    text = json.dumps(body, indent=1, ensure_ascii=False)
    for sheet in manifest["sheets"]:
        rows = ",\n   ".join(placement_rows(sheet["placements"]))
        text = text.replace('"placements": []', f'"placements": [\n   {rows}\n  ]', 1)
    if manifest.get("files"):
        rows = ",\n  ".join(placement_rows(manifest["files"]))
        text = text.replace('"files": []', f'"files": [\n  {rows}\n ]', 1)
    return text + "\n"


def placement_rows(placements: list[dict[str, Any]] | list[str]) -> list[str]:
    """Each placement as compact JSON, one string per placement.

    Sheets hand their placements over already encoded (strings, see
    :func:`pnp.export.sheets.placements_json`); other lists are dictionaries,
    encoded in one call of the C encoder and cut between objects. A name
    holding the separator itself would cut in the wrong place; the count of
    pieces shows it, and then each placement is encoded on its own.
    """
    if not placements:
        return []
    if all(isinstance(placement, str) for placement in placements):
        return [str(placement) for placement in placements]
    whole = json.dumps(placements, separators=(",", ":"), ensure_ascii=False)
    rows = whole[1:-1].split("},{")
    if len(rows) != len(placements):
        encode = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
        return [encode(placement) for placement in placements]
    if len(rows) > 1:
        rows = [rows[0] + "}", *("{" + row + "}" for row in rows[1:-1]), "{" + rows[-1]]
    return rows


def file_listing(files: dict[str, bytes]) -> list[dict[str, Any]]:
    """Every file of a game's folder but the manifest, by path: its size and SHA-256."""
    return [{"path": name, "bytes": len(files[name]),
             "sha256": hashlib.sha256(files[name]).hexdigest()}
            for name in sorted(files) if name != "manifest.json"]


def manifest(tileset: Tileset, sheets: list[dict[str, Any]],
             files: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The manifest of one game: its pieces, their SVGs, every sheet, and every file."""
    width, height = tileset.shape.box(tileset.size)
    components: list[dict[str, Any]] = []
    for component in tileset.components:
        w, h = piece_box(tileset, component)
        components.append({
            "name": component.name, "kind": component.kind, "count": component.count,
            "svg": f"components/{component.name}.svg",
            "reverse_svg": f"components/{component.name}-reverse.svg",
            "shape": piece_kind(tileset, component), "w": rounded(w), "h": rounded(h)})
    if tileset.board is not None:
        components.append({"name": tileset.board.name, "kind": "board", "count": 1,
                           "svg": f"board/{tileset.board.name}.svg", "side": tileset.board.side,
                           "inner": tileset.board.inner})
    return {
        "game": tileset.game,
        "title": tileset.title,
        "shape": tileset.shape.name,
        "tile_size": {"w": rounded(width), "h": rounded(height)},
        "tiles": [{"name": tile.name, "count": tile.count, "svg": f"tiles/{tile.name}.svg",
                   "back": tile.back, "rotatable": tile.rotatable}
                  for tile in tileset.tiles],
        "components": components,
        "backs": [{"name": back.name, "svg": f"backs/{back.name}.svg"}
                  for back in tileset.backs],
        "sheets": sheets,
        "files": files or [],
    }
