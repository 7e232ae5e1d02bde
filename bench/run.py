"""`make bench`: wall time, peak memory and PDF size of real runs, as medians.

Every command is timed as a whole process, start-up included, because that
is what a user waits for; peak memory comes from the kernel's rusage of that
one child (os.wait4). This machine's speed drifts from minute to minute, so
most times are printed as a ratio against a reference measured in the same
run, its runs interleaved with the subject's: a bare Python import, or
bench/reference.py, a plain reportlab script doing the same kind of work.
Pieces without a command of their own (the link search, the rulebooks) are
timed inside one process. Nothing here is asserted: each ratio is printed
next to its target.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
PNP = [sys.executable, "-m", "pnp"]
PYTHON = [sys.executable]
REFERENCE = [sys.executable, str(ROOT / "bench" / "reference.py")]
RUNS = int(os.environ.get("BENCH_RUNS", "5"))
STRESS_DESIGNS = 40
GAMES = ("demon-mine", "dynamine", "gold-mine", "mattock")
EXPORTS = Path(tempfile.gettempdir()) / "pnp-bench-exports"  # replaced whole on every run


class Run(NamedTuple):
    """One process: wall seconds, CPU seconds (its own and its reaped children's, so a
    build's workers count), peak MiB."""

    wall: float
    cpu: float
    peak: float


def measure(args: list[str], cwd: Path = ROOT) -> Run:
    """One process's run (exit status 0 or 1 both count as done)."""
    start = time.perf_counter()
    process = subprocess.Popen(args, cwd=cwd, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"benchmark command failed: {' '.join(args)}\n"
                         f"{process.stderr.read().decode() if process.stderr else ''}")
    return Run(elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0)


def median_of(args: list[str], runs: int = RUNS) -> tuple[float, float]:
    measure(args)  # warm the file cache and .pyc files
    done = [measure(args) for _ in range(runs)]
    return statistics.median(run.wall for run in done), max(run.peak for run in done)


def compare(label: str, subject: list[str], reference: list[str], target: float | None,
            runs: int = RUNS, cpu: bool = False) -> tuple[float, float]:
    """Time subject and reference in turn, ``runs`` times each; print their medians' ratio
    (of wall time, or with ``cpu`` of CPU time: what a build costs the machine).

    Returns the subject's median seconds and peak MiB.
    """
    measure(subject)  # warm the file cache and .pyc files
    measure(reference)
    subject_runs, reference_runs = [], []
    for _ in range(runs):
        subject_runs.append(measure(subject))
        reference_runs.append(measure(reference))
    seconds = statistics.median(run.cpu if cpu else run.wall for run in subject_runs)
    baseline = statistics.median(run.cpu if cpu else run.wall for run in reference_runs)
    ratio_line(label + (" (CPU)" if cpu else ""), seconds, baseline, target)
    return seconds, max(run.peak for run in subject_runs)


MISSED: list[str] = []  # the lines whose ratio is over its target, said again at the end


def ratio_line(label: str, seconds: float, baseline: float, target: float | None) -> None:
    ratio = seconds / baseline
    aim = f"target <= {target:g}" if target is not None else "for comparing runs"
    verdict = "" if target is None else " met" if ratio <= target else " NOT MET"
    if target is not None and ratio > target:
        MISSED.append(f"{label}: {ratio:.2f} > {target:g}")
    print(f"{label}: {seconds:.3f} s vs reference {baseline:.3f} s = "
          f"ratio {ratio:.2f} ({aim}){verdict}", flush=True)


def in_process(code: str, runs: int = RUNS) -> list[float]:
    """Seconds of ``code``'s own timing (it prints them last), each run in a fresh interpreter."""
    script = f"import time\n{code}\n"
    values = []
    for _ in range(max(3, runs)):
        out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout
        values.append(float(out.strip().splitlines()[-1]))
    return values


def stress_tileset(folder: Path, tiles: int) -> Path:
    """A square tileset of ``STRESS_DESIGNS`` tunnel designs sharing ``tiles`` copies."""
    edges = ["N", "E", "S", "W"]
    shapes = ["N-S", "N-E", "E-S-W", "N-E-S-W", "S", "N-E, S-W", "N-S, E-W", "E-W"]
    lines = ["game: stress", "title: Stress Test", "size: 1.5in", "tiles:"]
    per_design, extra = divmod(tiles, STRESS_DESIGNS)
    for index in range(STRESS_DESIGNS):
        paths = shapes[index % len(shapes)]
        rotated = ", ".join(
            "-".join(edges[(edges.index(p) + index // len(shapes)) % 4] for p in path.split("-"))
            for path in paths.split(", "))
        count = per_design + (1 if index < extra else 0)
        lines += [f"  - name: design-{index:02d}", f"    count: {count}",
                  f"    paths: [{rotated}]"]
    path = folder / f"stress-{tiles}.yaml"
    path.write_text("\n".join(lines) + "\n")
    return path


def reference_spec(folder: Path, name: str, papers: list[str], sheets: list[dict],
                   texts: list[str] | None = None) -> list[str]:
    """The command that runs bench/reference.py on this work."""
    spec = folder / f"{name}.json"
    spec.write_text(json.dumps({"out": str(folder / f"reference-{name}"), "papers": papers,
                                "sheets": sheets, "texts": texts or []}))
    return [*REFERENCE, str(spec)]


def game_work(games: tuple[str, ...]) -> tuple[list[dict], list[str]]:
    """What a build of ``games`` prints, as plain sheets and rulebook texts for the reference.

    Tiles become one sheet per game (its copies, designs and size), and one more for
    a variant's extra tiles; cards and tokens one sheet each at their own size.
    Rulebooks become their template's text.
    """
    from pnp.input.catalog import resolve
    from pnp.input.tileset import load_tileset
    from pnp.rulebook.templates import template_path

    sheets: list[dict] = []
    texts: list[str] = []
    for game in games:
        tileset = load_tileset(resolve(game))
        sheets.append({"name": f"{game}-tiles", "tiles": tileset.tile_count,
                       "designs": sum(1 for tile in tileset.tiles if tile.count),
                       "size": tileset.size})
        for variant, more in tileset.extras():
            sheets.append({"name": f"{game}-{variant.name}-extras",
                           "tiles": sum(count for _, count in more), "designs": len(more),
                           "size": tileset.size})
        for kind in ("card", "token"):
            pieces = [c for c in tileset.components if c.kind == kind and c.count]
            if pieces:
                sheets.append({"name": f"{game}-{kind}s", "tiles": sum(c.count for c in pieces),
                               "designs": len(pieces), "size": max(pieces[0].width,
                                                                   pieces[0].height)})
        template = tileset.rulebook or template_path(tileset.rules_game)
        if template.is_file():
            texts.append(str(template))
    return sheets, texts


def installed_like() -> None:
    """Compile pnp's bytecode first and let every child keep it, as an installed pnp has.

    pip compiles a wheel's modules when it installs them. A checkout run with
    PYTHONDONTWRITEBYTECODE set (as some shells and CI images do) would instead
    compile a changed module from source in every timed run, some 40 ms that
    no user pays.
    """
    import compileall

    compileall.compile_dir(ROOT / "pnp", quiet=1)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


def main() -> None:
    print(f"pnp benchmarks: medians of {RUNS} runs, {os.cpu_count()} cores\n")
    installed_like()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        out = folder / "out"
        start_up()
        sheets_and_books(folder, out)
        stress(folder, out)
        others()
        print("\nreference: protograf ~60 s and 1.2 GB for 9,800 simple tiles")
    print("\ntargets not met on this run (a busy machine misses some): "
          + ("; ".join(MISSED) if MISSED else "none"))


def start_up() -> None:
    """(b) Commands whose cost is mostly start-up, against bare imports of what they need."""
    compare("pnp --help", [*PNP, "--help"], [*PYTHON, "-c", "import click"], 1.5)
    for game in GAMES:
        compare(f"pnp validate {game}", [*PNP, "validate", game],
                [*PYTHON, "-c", "import yaml, click"], 1.5)


def sheets_and_books(folder: Path, out: Path) -> None:
    """(a, c) Real builds against bench/reference.py doing the same placements and text."""
    sheets, _ = game_work(("demon-mine",))
    # The floor places as many copies of as many designs, fronts and backs, as forms
    # (the four-player extras included). pnp also writes the tile and back SVGs, a
    # manifest and the reference card, and draws page headers, crop marks and the
    # check bar.
    compare(f"demon-mine tile sheets ({sheets[0]['tiles']} tiles), Letter, vs the bare "
            "reportlab floor",
            [*PNP, "build", "demon-mine", "--no-rulebook", "--paper", "letter", "--out", str(out)],
            reference_spec(folder, "demon-mine", ["letter"], sheets), 2.0)
    sheets, texts = game_work(GAMES)
    # The reference sets each rulebook's text as plain paragraphs in one pass: no
    # cover, contents, diagrams or generated tables, and no board or player aids.
    reference = reference_spec(folder, "all", ["letter", "a4"], sheets, texts)
    compare("every game, Letter + A4, every sheet + rulebook (all cores), vs bare reportlab "
            "in one process", [*PNP, "build", "--out", str(out)], reference, 4.0, 3, cpu=True)
    compare("every game, Letter + A4, every sheet + rulebook (--jobs 1), vs bare reportlab",
            [*PNP, "build", "--jobs", "1", "--out", str(out)], reference, None, 3)
    rulebooks = in_process(
        "from pathlib import Path\n"
        "from pnp.assemble.jobs import plan_jobs, run_jobs\n"
        "from pnp.input.catalog import shipped_games, resolve\n"
        "from pnp.input.tileset import load_tileset\n"
        "from pnp.model.options import BuildOptions\n"
        "from pnp.rulebook.exporter import Rulebooks\n"
        "options = BuildOptions()\n"
        "tilesets = [load_tileset(resolve(game)) for game in shipped_games()]\n"
        "jobs = plan_jobs(tilesets, (Rulebooks(),), options)\n"
        "start = time.perf_counter()\n"
        "run_jobs(jobs, options, processes=1)\n"
        "print(time.perf_counter() - start)")
    plain = in_process(
        "import sys\n"
        f"sys.path.insert(0, {str(ROOT / 'bench')!r})\n"
        "from pathlib import Path\n"
        "import tempfile\n"
        "from reference import text\n"
        f"texts = {texts!r}\n"
        "folder = Path(tempfile.mkdtemp())\n"
        "start = time.perf_counter()\n"
        "for paper in ('letter', 'a4'):\n"
        "    for number, source in enumerate(texts):\n"
        "        text(folder / f'{number}-{paper}.pdf', paper, Path(source))\n"
        "print(time.perf_counter() - start)")
    ratio_line("all rulebooks, Letter + A4 (in process) vs their text as plain paragraphs",
               statistics.median(rulebooks), statistics.median(plain), 3.0)


def stress(folder: Path, out: Path) -> None:
    """(a) The 9,800-tile stress build against the reference placing as many copies."""
    sizes = {}
    for tiles in (4900, 9800):
        tileset = stress_tileset(folder, tiles)
        args = [*PNP, "build", str(tileset), "--paper", "letter", "--out", str(out)]
        if tiles == 9800:
            reference = reference_spec(folder, "stress", ["letter"], [
                {"name": "stress", "tiles": tiles, "designs": STRESS_DESIGNS, "size": 108.0}])
            _, peak = compare(f"stress {tiles} tiles ({STRESS_DESIGNS} designs), Letter, "
                              "vs bare reportlab", args, reference, 1.1)
            print(f"{'':<4}peak {peak:.0f} MiB: {peak / 100:.2f} x target 100 MiB; "
                  f"PDF {(out / 'stress' / 'stress-tiles-letter.pdf').stat().st_size / 1024:.0f}"
                  " KiB")
        else:
            measure(args)
        sizes[tiles] = (out / "stress" / "stress-tiles-letter.pdf").stat().st_size
    per_tile = (sizes[9800] - sizes[4900]) / 4900
    print(f"bytes of PDF per extra tile (front + back): {per_tile:.1f} B "
          f"({per_tile / 60:.2f} x target 60 B)", flush=True)


def others() -> None:
    """Measurements with no reference of their own, in seconds as before."""
    link = in_process(
        "from pnp.rules.demon_mine.links import Supply, best_link\n"
        "start = time.perf_counter()\n"
        "for _ in range(20):\n"
        "    best_link((0, 0), (7, 7), Supply(60, 60, 80))\n"
        "print((time.perf_counter() - start) / 20)")
    print(f"exact link search, 200-tile mix (in process): {statistics.median(link):.3f} s "
          "(target 0.05 s)", flush=True)
    for kind in ("png", "tts", "cut"):
        seconds, peak = median_of([*PNP, "export", kind, "--out", str(EXPORTS)], 3)
        click, _ = median_of([*PYTHON, "-c", "import click"], 3)
        print(f"pnp export {kind}, every game (all cores): {seconds:.2f} s, peak {peak:.0f} MiB "
              f"(target a few seconds; python -c 'import click' {click:.3f} s)", flush=True)
    seconds, _ = median_of([*PNP, "simulate", "mattock", "--games", "1000"], 3)
    print(f"pnp simulate mattock --games 1000: {seconds:.2f} s (target 10 s)")
    for game in ("demon-mine", "dynamine", "gold-mine"):
        seconds, _ = median_of([*PNP, "simulate", game, "--games", "200"], 3)
        print(f"pnp simulate {game} --games 200, one core: {seconds:.2f} s, "
              f"{200 / seconds:.0f} games a second (1,000 on two cores: target 60 s; "
              "against an older commit: bench/versus.py REV --command 'simulate ...')",
              flush=True)
    mattock_turns()


def mattock_positions(count: int, seed: int) -> list[str]:
    """Mid-game Mattock positions as JSON lines: random legal games stopped part-way."""
    import random

    from pnp.input.catalog import resolve
    from pnp.input.tileset import load_tileset
    from pnp.rules import Setup
    from pnp.rules import mattock as m

    board, opening = m.starting_position(Setup(load_tileset(resolve("mattock")), 2))
    rng = random.Random(seed)
    lines = []
    while len(lines) < count:
        state, _ = m.random_game(board, opening, rng, turns=rng.randrange(8, 40))
        lines.append(json.dumps({
            "side": board.side, "to_move": m.PLAYERS[state.player],
            "tiles": board.cells_of(state.tiles),
            "miners": {name: board.cells_of(state.miners[n]) for n, name in enumerate(m.PLAYERS)},
            "in_hand": {name: state.reserve[n] for n, name in enumerate(m.PLAYERS)}}))
    return lines


def mattock_turns() -> None:
    """`pnp turns mattock` on 1000 mid-game positions, against bare json on the same data.

    The reference parses the same positions and writes the same listing with the
    json module alone: the cost of the input and output, with no rules at all.
    """
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        positions = folder / "positions.jsonl"
        positions.write_text("\n".join(mattock_positions(1000, 7)) + "\n")
        listing = folder / "turns.jsonl"
        with listing.open("w") as out:
            subprocess.run([*PNP, "turns", "mattock", str(positions)], cwd=ROOT, check=True,
                           stdout=out)
        turns = removing = 0
        with listing.open() as lines:
            for line in lines:
                found = json.loads(line)["turns"]
                turns += len(found)
                removing += sum(1 for turn in found if turn["removed"])
        reference = [*PYTHON, "-c", (
            "import json, sys\n"
            f"[json.loads(line) for line in open({str(positions)!r})]\n"
            f"for line in open({str(listing)!r}):\n"
            "    sys.stdout.write(json.dumps(json.loads(line)) + '\\n')\n")]
        print(f"pnp turns mattock: 1000 positions, {turns} turns, {removing} removing a miner")
        compare("pnp turns mattock (1000 positions) vs bare json of the same data",
                [*PNP, "turns", "mattock", str(positions)], reference, 10.0, 3)


if __name__ == "__main__":
    main()
