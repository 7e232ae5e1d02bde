"""Build one game: tile SVGs, sheet PDFs for each paper, and the manifest.

Everything is rendered into memory first and written only when all of it
succeeded, each file atomically and the manifest last, so an interrupted or
failed build leaves the previous output as it was.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from pnp.art import design_back, design_tile
from pnp.layout import PAPERS, SheetPlan, impose
from pnp.model import Tileset
from pnp.output import write_all
from pnp.pdf import render_sheets
from pnp.svg import to_svg


@dataclass(frozen=True)
class BuildOptions:
    """How to print: which papers, how much bleed, and how the printer flips."""

    papers: tuple[str, ...] = ("letter", "a4")
    bleed: float = 0.0
    duplex: str = "long"  # long | short | none


def _round(value: float) -> float:
    return round(value, 3)


def plan_tiles(tileset: Tileset, paper: str, options: BuildOptions) -> SheetPlan:
    """The imposition of every tile copy (fronts, then mirrored backs) on ``paper``."""
    width, height = tileset.shape.box(tileset.size)
    pieces = [(tile.name, tile.count, "tile") for tile in tileset.tiles if tile.count]
    backs = {tile.name: f"back:{tile.back}" for tile in tileset.tiles}
    pack = "grid" if tileset.shape.name == "square" else tileset.shape.name
    return impose(pieces, PAPERS[paper], width, height, options.bleed, options.duplex, backs,
                  str(tileset.source), pack)


def placements_json(plan: SheetPlan) -> list[dict]:
    """Manifest entries for every placed piece, trim boxes in PDF points."""
    entries = []
    for placement in plan.placements:
        kind_key = "tile" if placement.kind == "tile" else "component"
        entry = {"page": placement.page, kind_key: placement.name, "side": placement.side,
                 "x": _round(placement.x), "y": _round(placement.y),
                 "w": _round(placement.w), "h": _round(placement.h)}
        if placement.side == "back":
            entry["back"] = placement.art.removeprefix("back:")
        entries.append(entry)
    return entries


def manifest_text(manifest: dict) -> str:
    """Readable JSON with one placement per line.

    Indenting every placement field would triple the file and, because only
    unindented JSON uses the C encoder, take longer than drawing the PDF.
    """
    compact = {"separators": (",", ":"), "ensure_ascii": False}
    body = {**manifest, "sheets": [{**sheet, "placements": []} for sheet in manifest["sheets"]]}
    text = json.dumps(body, indent=1, ensure_ascii=False)
    for sheet in manifest["sheets"]:
        rows = ",\n   ".join(json.dumps(p, **compact) for p in sheet["placements"])
        text = text.replace('"placements": []', f'"placements": [\n   {rows}\n  ]', 1)
    return text + "\n"


def build_game(tileset: Tileset, out_dir: Path, options: BuildOptions) -> dict[Path, bytes]:
    """Render every output file of one game into memory; returns path -> bytes."""
    game_dir = out_dir / tileset.game
    width, height = tileset.shape.box(tileset.size)
    files: dict[Path, bytes] = {}
    flat = {tile.name: design_tile(tileset, tile) for tile in tileset.tiles}
    for name, drawing in flat.items():
        files[game_dir / "tiles" / f"{name}.svg"] = to_svg(drawing).encode("utf-8")
    for back in tileset.backs:
        drawing = design_back(tileset, back, width, height, 0.0, tileset.shape)
        files[game_dir / "backs" / f"{back.name}.svg"] = to_svg(drawing).encode("utf-8")

    printed = {tile.name for tile in tileset.tiles if tile.count}
    designs = {name: (flat[name] if not options.bleed else
                      design_tile(tileset, tileset.tile(name), options.bleed))
               for name in printed}
    if options.duplex != "none":
        for back_name in {tileset.tile(name).back for name in printed}:
            designs[f"back:{back_name}"] = design_back(
                tileset, tileset.back(back_name), width, height, options.bleed, tileset.shape)

    sheets = []
    for paper in options.papers:
        plan = plan_tiles(tileset, paper, options)
        pdf_name = f"{tileset.game}-tiles-{paper}.pdf"
        files[game_dir / pdf_name] = render_sheets(plan, designs, tileset.title, "tiles")
        sheets.append({
            "kind": "tiles", "paper": paper, "path": pdf_name, "pages": len(plan.pages),
            "bleed": _round(options.bleed), "duplex": plan.duplex,
            "grid": {"columns": plan.grid.columns, "rows": plan.grid.rows},
            "placements": placements_json(plan),
        })

    manifest = {
        "game": tileset.game,
        "title": tileset.title,
        "shape": tileset.shape.name,
        "tile_size": {"w": _round(width), "h": _round(height)},
        "tiles": [{"name": tile.name, "count": tile.count, "svg": f"tiles/{tile.name}.svg",
                   "back": tile.back, "rotatable": tile.rotatable}
                  for tile in tileset.tiles],
        "components": [{"name": c.name, "kind": c.kind, "count": c.count, "svg": None,
                        "w": _round(c.width), "h": _round(c.height)}
                       for c in tileset.components],
        "backs": [{"name": back.name, "svg": f"backs/{back.name}.svg"}
                  for back in tileset.backs],
        "sheets": sheets,
    }
    files[game_dir / "manifest.json"] = manifest_text(manifest).encode("utf-8")
    return files


def build(tilesets: list[Tileset], out_dir: Path, options: BuildOptions) -> list[Path]:
    """Render all games, then write every file; nothing is written if any game fails."""
    files: dict[Path, bytes] = {}
    for tileset in tilesets:
        files.update(build_game(tileset, out_dir, options))
    manifests = [path for path in files if path.name == "manifest.json"]
    ordered = {path: data for path, data in files.items() if path.name != "manifest.json"}
    ordered.update({path: files[path] for path in manifests})
    write_all(ordered)
    return list(ordered)
