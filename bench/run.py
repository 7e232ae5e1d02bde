"""`make bench`: wall time, peak memory and PDF size of real builds, as medians.

Every measurement is a whole `pnp` process, start-up included, because that is
what a user waits for. Peak memory comes from the kernel's rusage of that one
child (os.wait4). Nothing here is asserted: the numbers are printed next to
their targets, and the ratio says how far inside (or outside) each one we are.
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
RUNS = int(os.environ.get("BENCH_RUNS", "7"))
STRESS_DESIGNS = 40


def measure(args: list[str], cwd: Path = ROOT) -> tuple[float, float]:
    """Seconds and peak MiB of one process."""
    start = time.perf_counter()
    process = subprocess.Popen(args, cwd=cwd, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"benchmark command failed: {' '.join(args)}\n"
                         f"{process.stderr.read().decode() if process.stderr else ''}")
    return elapsed, usage.ru_maxrss / 1024.0


def median_of(args: list[str]) -> tuple[float, float]:
    measure(args)  # warm the file cache and .pyc files
    times, peaks = zip(*(measure(args) for _ in range(RUNS)), strict=True)
    return statistics.median(times), max(peaks)


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


def report(label: str, seconds: float, peak: float, target: float | None) -> None:
    ratio = f"  {seconds / target:5.2f} x target {target:.2f} s" if target else ""
    print(f"{label:<44} {seconds * 1000:8.0f} ms  {peak:6.0f} MiB{ratio}")


def main() -> None:
    print(f"pnp benchmarks: median of {RUNS} runs, whole process, {os.cpu_count()} cores\n")
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "out"
        seconds, peak = median_of(PNP + ["--help"])
        report("pnp --help", seconds, peak, 0.2)
        seconds, peak = median_of(PNP + ["build", "demon-mine", "--out", str(out)])
        report("demon-mine, Letter + A4, PDFs and SVGs", seconds, peak, 0.6)
        seconds, peak = median_of(PNP + ["build", "--out", str(out)])
        report("every shipped game, Letter + A4, all sheets", seconds, peak, 3.0)
        sizes = {}
        for tiles in (4900, 9800):
            tileset = stress_tileset(Path(scratch), tiles)
            seconds, peak = median_of(PNP + ["build", str(tileset), "--paper", "letter",
                                             "--out", str(out)])
            pdf = out / "stress" / "stress-tiles-letter.pdf"
            sizes[tiles] = pdf.stat().st_size
            if tiles == 9800:
                report(f"stress {tiles} tiles ({STRESS_DESIGNS} designs), Letter", seconds,
                       peak, 1.0)
                print(f"{'':<44} peak {peak:.0f} MiB: {peak / 100:.2f} x target 100 MiB; "
                      f"PDF {sizes[tiles] / 1024:.0f} KiB")
        per_tile = (sizes[9800] - sizes[4900]) / 4900
        print(f"{'bytes of PDF per extra tile (front + back)':<44} {per_tile:8.1f} B   "
              f"{per_tile / 60:5.2f} x target 60 B")
        print("\nreference: protograf ~60 s and 1.2 GB for 9,800 simple tiles; a bare "
              "reportlab script drawing each design once ~0.25 s")


if __name__ == "__main__":
    main()
