"""`make versus REV=<commit>`: this checkout's build against an older commit's, side by side.

    python bench/versus.py REV [--rounds N] [PNP BUILD ARGUMENTS...]
    python bench/versus.py REV [--rounds N] --command "validate demon-mine --simulate"

Some targets are set against the code of a given commit ("half of today's
time"), and this machine's speed drifts by up to half within a minute, so two
separate runs cannot be compared. Here the two builds run in turn, round after
round, and each round gives one ratio: the report is the median of those
ratios and their quartiles, for wall time and for the CPU time of each
build's whole process tree (workers included).

The older commit is checked out into a temporary git worktree and run with
this virtualenv's Python. Packages its pyproject.toml asks for that this
virtualenv lacks (svgwrite, for commits before it was dropped) are installed
into the scratch folder for that run only. Both builds write to scratch
folders; nothing in the checkout changes. Without BUILD ARGUMENTS, every
game is built on both papers, with the default options.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import re
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def missing_packages(pyproject: str) -> list[str]:
    """Requirements of another commit's pyproject.toml that this environment lacks."""
    wanted = tomllib.loads(pyproject).get("project", {}).get("dependencies", [])
    missing = []
    for requirement in wanted:
        name = re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0]
        try:
            importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            missing.append(requirement)
    return missing


def checkout(revision: str, scratch: Path) -> tuple[Path, list[str]]:
    """A worktree of ``revision`` and the PYTHONPATH entries that run its code."""
    tree = scratch / "tree"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--force",
                    str(tree), revision], check=True, capture_output=True)
    paths = [str(tree)]
    missing = missing_packages((tree / "pyproject.toml").read_text(encoding="utf-8"))
    if missing:
        libs = scratch / "libs"
        print(f"installing for {revision} only: {', '.join(missing)}", flush=True)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet",
                        "--disable-pip-version-check", "--target", str(libs), *missing],
                       check=True)
        paths.append(str(libs))
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "pnp")], check=True)
    return tree, paths


def timed(command: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds and CPU seconds (every process of the run) of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"failed: {' '.join(command)}\n{done.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def summary(label: str, ours: list[float], theirs: list[float]) -> str:
    ratios = sorted(a / b for a, b in zip(ours, theirs, strict=True))
    low, middle, high = statistics.quantiles(ratios, n=4)
    return (f"{label}: this checkout {statistics.median(ours):.2f} s, the other "
            f"{statistics.median(theirs):.2f} s; ratio per round: median {middle:.3f}, "
            f"quartiles {low:.3f}-{high:.3f}, range {ratios[0]:.3f}-{ratios[-1]:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("revision", help="the commit to compare with, e.g. 81e6946")
    parser.add_argument("--rounds", type=int, default=15, help="rounds of both builds")
    parser.add_argument("--command", default=None,
                        help="time this pnp command instead of a build, as one string "
                        "(for example \"validate demon-mine --simulate\"); it gets no --out")
    # anything else is an argument of pnp build (default: every game, both papers)
    options, build_arguments = parser.parse_known_args()
    if options.rounds < 2:
        parser.error("--rounds must be at least 2")
    scratch = Path(tempfile.mkdtemp(prefix="pnp-versus-"))
    tree, paths = checkout(options.revision, scratch)
    try:
        ours_env = {**os.environ, "PYTHONPATH": str(ROOT)}
        theirs_env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
        for env in (ours_env, theirs_env):
            env.pop("PYTHONDONTWRITEBYTECODE", None)  # each tree keeps its compiled modules
        build = ["build", *build_arguments] if options.command is None else \
            shlex.split(options.command)

        def out(name: str) -> list[str]:
            return ["--out", str(scratch / name)] if options.command is None else []

        runs = {"ours": (ROOT, ours_env), "theirs": (tree, theirs_env)}
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in runs}
        for name, (cwd, env) in runs.items():  # warm the file cache once
            timed([sys.executable, "-m", "pnp", *build, *out(name)], cwd, env)
        for round_number in range(options.rounds):
            for name, (cwd, env) in runs.items():
                times[name].append(timed([sys.executable, "-m", "pnp", *build, *out(name)],
                                         cwd, env))
            print(f"round {round_number + 1}: {times['ours'][-1][0]:.2f} s against "
                  f"{times['theirs'][-1][0]:.2f} s", flush=True)
        print(f"\npnp {' '.join(build)}, {options.rounds} rounds, against {options.revision}")
        for index, label in ((0, "wall"), (1, "CPU")):
            print(summary(label, [t[index] for t in times["ours"]],
                          [t[index] for t in times["theirs"]]))
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                       capture_output=True)
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
