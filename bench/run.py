"""`make bench`: wall time, peak memory and PDF size of real runs, as medians.

Every command is timed as a whole `pnp` process, start-up included, because
that is what a user waits for; peak memory comes from the kernel's rusage of
that one child (os.wait4). Pieces without a command of their own (the link
search, the rulebooks) are timed inside one process. Nothing here is
asserted: numbers are printed next to their targets, and the ratio says how
far inside (below 1) or outside each target we are.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PNP = [sys.executable, "-m", "pnp"]
RUNS = int(os.environ.get("BENCH_RUNS", "5"))
STRESS_DESIGNS = 40


def measure(args: list[str], cwd: Path = ROOT) -> tuple[float, float]:
    """Seconds and peak MiB of one process (exit status 0 or 1 both count as done)."""
    start = time.perf_counter()
    process = subprocess.Popen(args, cwd=cwd, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"benchmark command failed: {' '.join(args)}\n"
                         f"{process.stderr.read().decode() if process.stderr else ''}")
    return elapsed, usage.ru_maxrss / 1024.0


def median_of(args: list[str], runs: int = RUNS) -> tuple[float, float]:
    measure(args)  # warm the file cache and .pyc files
    times, peaks = zip(*(measure(args) for _ in range(runs)), strict=True)
    return statistics.median(times), max(peaks)


def in_process(code: str) -> float:
    """Median seconds of ``code``'s own timing, run in a fresh interpreter."""
    script = f"import time\n{code}\n"
    values = []
    for _ in range(max(3, RUNS)):
        out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout
        values.append(float(out.strip().splitlines()[-1]))
    return statistics.median(values)


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


def report(label: str, seconds: float, peak: float | None, target: float | None) -> None:
    memory = f"{peak:6.0f} MiB" if peak is not None else " " * 10
    ratio = f"  {seconds / target:5.2f} x target {target:g} s" if target else ""
    print(f"{label:<46} {seconds * 1000:8.1f} ms  {memory}{ratio}")


def main() -> None:
    print(f"pnp benchmarks: medians of {RUNS} runs, {os.cpu_count()} cores\n")
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "out"
        report("pnp --help", *median_of([*PNP, "--help"]), 0.2)
        report("demon-mine tiles, Letter + A4, PDFs and SVGs",
               *median_of([*PNP, "build", "demon-mine", "--no-rulebook", "--out", str(out)]),
               0.6)
        report("every game, Letter + A4, every sheet + rulebook",
               *median_of([*PNP, "build", "--out", str(out)], 3), 3.0)
        rulebooks = in_process(
            "from pathlib import Path\n"
            "from pnp.build.jobs import plan_jobs, run_jobs\n"
            "from pnp.input.catalog import shipped_games, resolve\n"
            "from pnp.input.tileset import load_tileset\n"
            "from pnp.model.options import BuildOptions\n"
            "from pnp.rulebook.exporter import Rulebooks\n"
            "options = BuildOptions()\n"
            "tilesets = [load_tileset(resolve(game)) for game in shipped_games()]\n"
            "jobs = plan_jobs(tilesets, (Rulebooks(),), options)\n"
            "start = time.perf_counter()\n"
            "run_jobs(jobs, options)\n"
            "print(time.perf_counter() - start)")
        report("all rulebooks, Letter + A4 (as pnp builds them)", rulebooks, None, 2.0)
        for game in ("demon-mine", "dynamine", "gold-mine", "mattock"):
            report(f"pnp validate {game}", *median_of([*PNP, "validate", game]), 0.3)
        link = in_process(
            "from pnp.rules.links import Supply, best_link\n"
            "start = time.perf_counter()\n"
            "for _ in range(20):\n"
            "    best_link((0, 0), (7, 7), Supply(60, 60, 80))\n"
            "print((time.perf_counter() - start) / 20)")
        report("exact link search, 200-tile mix (in process)", link, None, 0.05)
        report("pnp simulate mattock --games 1000",
               *median_of([*PNP, "simulate", "mattock", "--games", "1000"], 3), 10.0)
        sizes = {}
        for tiles in (4900, 9800):
            tileset = stress_tileset(Path(scratch), tiles)
            seconds, peak = median_of([*PNP, "build", str(tileset), "--paper", "letter",
                                       "--out", str(out)])
            sizes[tiles] = (out / "stress" / "stress-tiles-letter.pdf").stat().st_size
            if tiles == 9800:
                report(f"stress {tiles} tiles ({STRESS_DESIGNS} designs), Letter", seconds,
                       peak, 1.0)
                print(f"{'':<46} peak {peak:.0f} MiB: {peak / 100:.2f} x target 100 MiB; "
                      f"PDF {sizes[tiles] / 1024:.0f} KiB")
        per_tile = (sizes[9800] - sizes[4900]) / 4900
        print(f"{'bytes of PDF per extra tile (front + back)':<46} {per_tile:8.1f} B   "
              f"{per_tile / 60:5.2f} x target 60 B")
        print("\nreference: protograf ~60 s and 1.2 GB for 9,800 simple tiles; a bare "
              "reportlab script drawing each design once ~0.25 s")


if __name__ == "__main__":
    main()
