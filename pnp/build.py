"""Build one game: SVGs of every design, sheet PDFs for each paper, and the manifest.

Sheets by kind: tiles, cards, tokens (each with duplex backs), the board (in
pages to assemble), one-page aids and the rulebook. Everything is rendered into
memory first and written only when all of it succeeded, each file atomically
and the manifest last: a build that fails while rendering (or is interrupted)
leaves the previous output as it was, and even a write that fails part-way
(a full disk) never leaves a half-written file.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from pnp.draw.art import design_back, design_tile
from pnp.draw.components import design_component, design_reverse
from pnp.draw.scene import Drawing
from pnp.errors import InputError, Where
from pnp.export.output import write_all
from pnp.export.pdf import render_sheets
from pnp.export.svg import to_svg
from pnp.impose.layout import PAPERS, SheetPlan
from pnp.impose.plans import COMPONENT_SHEETS, plan_components, plan_tiles
from pnp.model.options import BuildOptions
from pnp.model.pieces import piece_box, piece_kind, reverse_key
from pnp.model.tileset import Tileset


def _round(value: float) -> float:
    return round(value, 3)


def placements_json(plan: SheetPlan) -> list[dict]:
    """Manifest entries for every placed piece, trim boxes in PDF points."""
    entries = []
    for placement in plan.placements:
        kind_key = "tile" if placement.kind == "tile" else "component"
        entry = {"page": placement.page, kind_key: placement.name, "side": placement.side,
                 "x": _round(placement.x), "y": _round(placement.y),
                 "w": _round(placement.w), "h": _round(placement.h)}
        if placement.side == "back":
            entry["back"] = placement.art.split(":")[1]
        entries.append(entry)
    return entries


def sheet_entry(kind: str, paper: str, path: str, plan: SheetPlan,
                options: BuildOptions) -> dict:
    return {
        "kind": kind, "paper": paper, "path": path, "pages": len(plan.pages),
        "bleed": _round(options.bleed), "duplex": plan.duplex,
        "grid": {"columns": plan.grid.columns, "rows": plan.grid.rows},
        "placements": placements_json(plan),
    }


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


class GameBuild:
    """Every design of one game, drawn once and shared by all papers."""

    def __init__(self, tileset: Tileset, options: BuildOptions) -> None:
        self.tileset = tileset
        self.options = options
        width, height = tileset.shape.box(tileset.size)
        # trim-size drawings serve the SVGs and, without bleed, the sheets too
        self.flat_tiles = {tile.name: design_tile(tileset, tile) for tile in tileset.tiles}
        self.flat_backs = {back.name: design_back(tileset, back, width, height, 0.0,
                                                  tileset.shape.name)
                           for back in tileset.backs}
        self.flat_faces = {c.name: (design_component(tileset, c), design_reverse(tileset, c))
                           for c in tileset.components}

    def svgs(self) -> Iterator[tuple[str, Drawing]]:
        """Relative SVG path and drawing of every design, at trim size."""
        tileset = self.tileset
        for name, drawing in self.flat_tiles.items():
            yield f"tiles/{name}.svg", drawing
        for name, drawing in self.flat_backs.items():
            yield f"backs/{name}.svg", drawing
        for name, (face, reverse) in self.flat_faces.items():
            yield f"components/{name}.svg", face
            yield f"components/{name}-reverse.svg", reverse
        if tileset.board is not None:
            yield f"board/{tileset.board.name}.svg", self.board_drawing()

    def board_drawing(self) -> Drawing:
        from pnp.draw.board import design_board

        tileset = self.tileset
        assert tileset.board is not None
        return design_board(tileset.board, tileset.shape, tileset.size, dict(tileset.palette))

    def tile_designs(self) -> dict[str, Drawing]:
        tileset, bleed = self.tileset, self.options.bleed
        width, height = tileset.shape.box(tileset.size)
        printed = [tile for tile in tileset.tiles if tile.count]
        designs = {tile.name: (self.flat_tiles[tile.name] if not bleed
                               else design_tile(tileset, tile, bleed)) for tile in printed}
        if self.options.duplex != "none":
            for back_name in sorted({tile.back for tile in printed}):
                designs[f"back:{back_name}"] = self.flat_backs[back_name] if not bleed else \
                    design_back(tileset, tileset.back(back_name), width, height, bleed,
                                tileset.shape.name)
        return designs

    def component_designs(self, kind: str) -> dict[str, Drawing]:
        tileset, bleed = self.tileset, self.options.bleed
        designs: dict[str, Drawing] = {}
        for component in tileset.components:
            if component.kind != kind or not component.count:
                continue
            face, reverse = self.flat_faces[component.name] if not bleed else (
                design_component(tileset, component, bleed),
                design_reverse(tileset, component, bleed))
            designs[component.name] = face
            if self.options.duplex != "none":
                designs[reverse_key(tileset, component)] = reverse
        return designs


def sheets_of(tileset: Tileset, out_dir: Path,
              options: BuildOptions) -> tuple[dict[Path, bytes], list[dict]]:
    """Every SVG and sheet PDF of one game, with their manifest entries."""
    game_dir = out_dir / tileset.game
    game = GameBuild(tileset, options)
    files: dict[Path, bytes] = {}
    for relative, drawing in game.svgs():
        files[game_dir / relative] = to_svg(drawing).encode("utf-8")

    sheets = []
    tile_designs = game.tile_designs()
    component_designs = {kind: game.component_designs(kind) for kind, _ in COMPONENT_SHEETS}
    board = game.board_drawing() if tileset.board is not None else None
    for paper in options.papers:
        if tileset.tile_count:  # a mix may set every count to 0: no tile sheet then
            plan = plan_tiles(tileset, paper, options)
            name = f"{tileset.game}-tiles-{paper}.pdf"
            files[game_dir / name] = render_sheets(plan, tile_designs, tileset.title, "tiles")
            sheets.append(sheet_entry("tiles", paper, name, plan, options))
        for kind, label in COMPONENT_SHEETS:
            component_plan = plan_components(tileset, kind, paper, options)
            if component_plan is None:
                continue
            name = f"{tileset.game}-{label}-{paper}.pdf"
            files[game_dir / name] = render_sheets(component_plan, component_designs[kind],
                                                   tileset.title, label)
            sheets.append(sheet_entry(label, paper, name, component_plan, options))
        if board is not None:
            name = f"{tileset.game}-board-{paper}.pdf"
            data, entry = _board_sheet(tileset, board, paper, name)
            files[game_dir / name] = data
            sheets.append(entry)
        for aid in tileset.aids:
            from pnp.export.aids import render_aid

            name = f"{tileset.game}-{aid.name}-{paper}.pdf"
            data, pages = render_aid(aid, PAPERS[paper], tileset.title)
            files[game_dir / name] = data
            sheets.append({"kind": "aid", "paper": paper, "path": name, "pages": pages,
                           "placements": []})
    return files, sheets


def rulebook_template(tileset: Tileset, options: BuildOptions) -> Path | None:
    """The template this build typesets, if any: the tileset's own or the shipped one."""
    from pnp.rulebook.source import template_path

    template = tileset.rulebook or template_path(tileset.rules_game)
    if not options.rulebook or not (tileset.rulebook or template.parent.is_dir()):
        return None
    return template


@dataclass(frozen=True)
class Job:
    """One independent piece of a build: a game's sheets, or one rulebook."""

    tileset: Tileset
    part: str  # "sheets" | "rulebook"
    paper: str = ""


def run_job(job: Job, out_dir: Path, options: BuildOptions) -> tuple[dict[Path, bytes],
                                                                     list[dict]]:
    """Render one job in memory; safe to run in a worker process."""
    if job.part == "sheets":
        return sheets_of(job.tileset, out_dir, options)
    return _rulebooks(job.tileset, replace(options, papers=(job.paper,)),
                      out_dir / job.tileset.game)


def _jobs(tilesets: list[Tileset], options: BuildOptions) -> list[Job]:
    """Sheets for every game, and a rulebook job per paper for games that have one.

    Templates are parsed here, in the main process, so a broken template is
    reported before any work is spread out.
    """
    from pnp.rulebook.source import parse

    jobs = []
    for tileset in tilesets:
        jobs.append(Job(tileset, "sheets"))
        template = rulebook_template(tileset, options)
        if template is not None:
            parse(template, tileset)
            jobs.extend(Job(tileset, "rulebook", paper) for paper in options.papers)
    return jobs


def _run_jobs(jobs: list[Job], out_dir: Path,
              options: BuildOptions) -> list[tuple[dict[Path, bytes], list[dict]]]:
    """Run jobs on every core (forked workers) or in this process when that cannot help.

    Each job is deterministic on its own, so the output does not depend on
    which worker ran it.
    """
    import multiprocessing
    import os

    workers = min(options.jobs or os.cpu_count() or 1, len(jobs))
    if workers <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        return [run_job(job, out_dir, options) for job in jobs]
    from concurrent.futures import ProcessPoolExecutor
    from functools import partial

    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        return list(pool.map(partial(run_job, out_dir=out_dir, options=options), jobs))


def _assemble(tilesets: list[Tileset], out_dir: Path, jobs: list[Job],
              results: list[tuple[dict[Path, bytes], list[dict]]]) -> dict[Path, bytes]:
    """Gather every job's files and write each game's manifest, in a fixed order."""
    files: dict[Path, bytes] = {}
    entries: dict[str, list[dict]] = {tileset.game: [] for tileset in tilesets}
    for job, (job_files, job_entries) in zip(jobs, results, strict=True):
        files.update(job_files)
        entries[job.tileset.game].extend(job_entries)
    for tileset in tilesets:
        path = out_dir / tileset.game / "manifest.json"
        files[path] = manifest_text(_manifest(tileset, entries[tileset.game])).encode()
    return files


def _rulebooks(tileset: Tileset, options: BuildOptions,
               game_dir: Path) -> tuple[dict[Path, bytes], list[dict]]:
    """Typeset the game's rulebook template, if it has one, for every paper."""
    files: dict[Path, bytes] = {}
    template = rulebook_template(tileset, options)
    if template is None:
        return files, []
    from pnp.rulebook.source import parse
    from pnp.rulebook.typeset import Designs, booklet, render_rulebook

    source = parse(template, tileset)
    designs = Designs(tileset)
    entries = []
    for paper in options.papers:
        pdf = render_rulebook(tileset, source, PAPERS[paper], designs)
        name = f"{tileset.game}-rulebook-{paper}.pdf"
        files[game_dir / name] = pdf
        entries.append({"kind": "rulebook", "paper": paper, "path": name,
                        "pages": _page_count(pdf), "placements": []})
        if options.booklet:
            imposed = booklet(pdf, PAPERS[paper])
            name = f"{tileset.game}-rulebook-booklet-{paper}.pdf"
            files[game_dir / name] = imposed
            entries.append({"kind": "rulebook-booklet", "paper": paper, "path": name,
                            "pages": _page_count(imposed), "placements": []})
    return files, entries


def _page_count(pdf: bytes) -> int:
    import io

    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)


def _board_sheet(tileset: Tileset, board: Drawing, paper: str, name: str) -> tuple[bytes, dict]:
    """The board's pages and a manifest entry with one placement per page piece."""
    from pnp.export.board import render_board

    assert tileset.board is not None
    data, windows = render_board(tileset.board, board, PAPERS[paper], tileset.title)
    placements = [{
        "page": number, "component": tileset.board.name, "side": "front",
        "piece": window.label,
        "x": _round(window.page_x), "y": _round(window.page_y - window.h),
        "w": _round(window.w), "h": _round(window.h),
        "region": [_round(window.x), _round(window.y), _round(window.w), _round(window.h)],
    } for number, window in enumerate(windows, start=1)]
    return data, {"kind": "board", "paper": paper, "path": name, "pages": len(windows) + 1,
                  "board": {"w": _round(board.width), "h": _round(board.height)},
                  "placements": placements}


def _manifest(tileset: Tileset, sheets: list[dict]) -> dict:
    width, height = tileset.shape.box(tileset.size)
    components = []
    for component in tileset.components:
        w, h = piece_box(tileset, component)
        components.append({
            "name": component.name, "kind": component.kind, "count": component.count,
            "svg": f"components/{component.name}.svg",
            "reverse_svg": f"components/{component.name}-reverse.svg",
            "shape": piece_kind(tileset, component), "w": _round(w), "h": _round(h)})
    if tileset.board is not None:
        components.append({"name": tileset.board.name, "kind": "board", "count": 1,
                           "svg": f"board/{tileset.board.name}.svg", "side": tileset.board.side,
                           "inner": tileset.board.inner})
    return {
        "game": tileset.game,
        "title": tileset.title,
        "shape": tileset.shape.name,
        "tile_size": {"w": _round(width), "h": _round(height)},
        "tiles": [{"name": tile.name, "count": tile.count, "svg": f"tiles/{tile.name}.svg",
                   "back": tile.back, "rotatable": tile.rotatable}
                  for tile in tileset.tiles],
        "components": components,
        "backs": [{"name": back.name, "svg": f"backs/{back.name}.svg"}
                  for back in tileset.backs],
        "sheets": sheets,
    }


def build(tilesets: list[Tileset], out_dir: Path, options: BuildOptions) -> list[Path]:
    """Render all games, then write every file; nothing is written if any game fails."""
    jobs = _jobs(tilesets, options)
    files = _assemble(tilesets, out_dir, jobs, _run_jobs(jobs, out_dir, options))
    manifests = [path for path in files if path.name == "manifest.json"]
    ordered = {path: data for path, data in files.items() if path.name != "manifest.json"}
    ordered.update({path: files[path] for path in manifests})
    try:
        write_all(ordered)
    except OSError as error:
        raise InputError(Where(str(out_dir)), "the output folder cannot be written",
                         field="--out", found=error.strerror or type(error).__name__,
                         allowed="a folder you may write to (it is created if missing)") from None
    return list(ordered)
