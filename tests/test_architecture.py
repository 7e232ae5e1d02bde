"""The package's shape: one-way layers, no import cycles, light start-up, one icon vocabulary.

The layer contract itself is import-linter's (pyproject.toml), run by CI;
these tests check what it cannot say: that nothing imports in a circle
(imports inside functions included), that the commands which only read
files never load a drawing or PDF library, that each command loads only what
its outputs need, and that the model's icon names and the drawn icon set are
the same list.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys

import grimp
import pytest
from support import ROOT, SHIPPED_GAMES

from pnp.draw.icons import ICONS
from pnp.model.icons import ICON_NAMES

DRAWING_LIBRARIES = ("reportlab", "cairosvg", "svglib", "PIL", "pypdf")
# the picture stack: cairosvg's bindings parse their C declarations at import (pycparser)
PICTURE_STACK = ("cairosvg", "cairocffi", "cffi", "pycparser")
TEXT_STACK = ("uharfbuzz", "fontTools", "markdown_it", "svgwrite")  # shaping, books, SVG


def test_no_module_imports_in_a_circle():
    graph = grimp.build_graph("pnp")
    circles = []
    for importer in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            back = graph.find_shortest_chain(importer=imported, imported=importer)
            if back is not None:
                circles.append(" -> ".join((importer, *back)))
    assert circles == []


def test_a_planted_circle_would_be_found():
    graph = grimp.build_graph("pnp")
    graph.add_import(importer="pnp.geometry.shapes", imported="pnp.assemble",
                     line_number=1, line_contents="import pnp.assemble")
    assert graph.find_shortest_chain(importer="pnp.assemble", imported="pnp.geometry.shapes")
    assert graph.find_shortest_chain(importer="pnp.geometry.shapes", imported="pnp.assemble")


def modules_after(code: str) -> set[str]:
    """Modules loaded once ``code`` has run in a fresh interpreter."""
    code += "\nimport json, sys\nprint(json.dumps(sorted(sys.modules)), file=sys.stderr)\n"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def loaded_after(*args: str) -> set[str]:
    """Modules loaded by one run of the ``pnp`` command (its entry point) in a fresh
    interpreter."""
    return modules_after("import sys\nfrom pnp.launch import main\n"
                         f"sys.argv = ['pnp', *{list(args)!r}]\n"
                         "try:\n    main()\nexcept SystemExit:\n    pass\n")


def libraries(names: set[str]) -> set[str]:
    return {name.split(".")[0] for name in names}


@pytest.mark.parametrize("args", [
    ("validate", "mattock"),
    ("validate", "mattock", "--variant", "short"),
    ("simulate", "mattock", "--games", "2"),
    ("list",),
])
def test_commands_that_only_read_load_no_drawing_or_pdf_library(args):
    loaded = libraries(loaded_after(*args))
    assert "pnp" in loaded
    assert loaded.isdisjoint(DRAWING_LIBRARIES)
    assert "multiprocessing" not in loaded  # only a build forks workers


@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_validate_measures_text_without_a_drawing_pdf_or_font_library(game):
    """Every game's validate, the overlap check's label widths included (they come from
    the metrics bundled beside the fonts)."""
    modules = loaded_after("validate", game)
    loaded = libraries(modules)
    assert "pnp" in loaded
    assert loaded.isdisjoint((*DRAWING_LIBRARIES, *PICTURE_STACK, *TEXT_STACK))
    assert "multiprocessing" not in loaded
    # what only a mistake, a card list or a print shop needs waits for one
    assert modules.isdisjoint({"difflib", "csv", "pnp.input.card_lists", "pnp.model.shops"})


def test_watchs_check_of_a_mix_loads_no_drawing_library():
    """What pnp watch runs on every save before it rebuilds: the verdict and findings."""
    loaded = libraries(modules_after(
        "from pnp.cli.common import check_mix\n"
        "from pnp.input.catalog import resolve\n"
        "from pnp.input.tileset import load_tileset\n"
        "from pnp.rules import Setup\n"
        "tileset = load_tileset(resolve('dynamine'))\n"
        "assert check_mix(Setup(tileset, tileset.players[0])) is not None\n"))
    assert "pnp" in loaded and "yaml" in loaded
    assert loaded.isdisjoint((*DRAWING_LIBRARIES, *PICTURE_STACK, *TEXT_STACK))


def test_the_workers_warm_up_loads_what_every_job_draws_with_and_no_picture_stack():
    loaded = libraries(modules_after("from pnp.assemble.jobs import warm_up\n"
                                     "from pnp.model.options import BuildOptions\n"
                                     "warm_up(BuildOptions())\n"))
    assert {"reportlab", "markdown_it"} <= loaded
    assert loaded.isdisjoint((*PICTURE_STACK, "pypdf"))


@pytest.mark.slow
def test_a_build_loads_only_what_its_outputs_need(tmp_path):
    """In one process (--jobs 1), so every import a job makes is seen: sheets and books
    need no picture stack and no PDF reader; a booklet's imposition reads PDFs; a
    shop that takes pictures makes them."""
    def build(*args: str) -> set[str]:
        return libraries(loaded_after("build", "demon-mine", "--jobs", "1", "--paper", "letter",
                                      "--out", str(tmp_path / "out"), *args))

    sheets = build("--no-rulebook")
    assert "reportlab" in sheets
    assert sheets.isdisjoint((*PICTURE_STACK, "pypdf", "markdown_it"))
    books = build()
    assert "markdown_it" in books
    assert books.isdisjoint((*PICTURE_STACK, "pypdf"))
    assert build("--print-shop", "generic").isdisjoint(PICTURE_STACK)
    assert "pypdf" in build("--booklet")
    assert "cairosvg" in build("--print-shop", "thegamecrafter")


def test_help_loads_nothing_of_pnp_beyond_the_command_line():
    loaded = loaded_after("--help")
    ours = {name for name in loaded if name.startswith("pnp")}
    commands = {name for name in ours if name == "pnp.cli" or name.startswith("pnp.cli.")}
    # the options' choices: the papers and duplex modes, owned by pnp.model.paper (plain
    # named tuples and lengths, no value-type library), the cutters and the print shops
    assert ours - commands <= {"pnp", "pnp.launch", "pnp.errors", "pnp.model", "pnp.model.paper",
                               "pnp.model.cutters", "pnp.model.shops", "pnp.units"}
    assert "multiprocessing" not in loaded
    assert "yaml" not in loaded
    assert "msgspec" not in loaded  # the value types' library: the model's, not the help's


def test_rendering_does_load_a_drawing_library(tmp_path):
    """The start-up test above would pass vacuously if loaded_after missed imports."""
    loaded = {name.split(".")[0] for name in loaded_after(
        "render", "demon-mine", "elbow", "-o", str(tmp_path / "elbow.png"))}
    assert (tmp_path / "elbow.png").exists()
    assert "cairosvg" in loaded


def test_every_icon_a_tileset_may_name_is_drawn_and_no_other():
    assert tuple(sorted(ICONS)) == ICON_NAMES


MOST_LINES = 700  # a module longer than this holds more than one idea


def test_no_module_is_longer_than_one_idea_needs():
    lengths = {path.relative_to(ROOT).as_posix(): len(path.read_text().splitlines())
               for path in (ROOT / "pnp").rglob("*.py")}
    assert len(lengths) > 100
    assert {name: n for name, n in lengths.items() if n > MOST_LINES} == {}


GAME_MODULES = ("model", "check")  # what every game package has, under the same names


def test_every_game_is_a_package_with_the_same_module_names():
    from pnp.rules import GAME_MODULES as GAMES

    for game, module in GAMES.items():
        folder = ROOT / module.replace(".", "/")
        assert (folder / "__init__.py").is_file(), game
        assert {f"{name}.py" for name in GAME_MODULES} <= {p.name for p in folder.iterdir()}, game


# Where an import may sit inside a function: the command line's commands, the
# entry point, exporters' export() and applies(), the jobs' and the zygote's entry
# points, the optional heavy features (a tileset's own SVG art, drawn and
# checked; text written right to left or without spaces), and the overlap check that only tiles
# with two features need (its fonts), each commented where it is.
DEFERRED_IMPORTS_MAY_BE_IN = {
    # the overlap check's drawing code, and the shipped tileset it may compare with
    "pnp/export/findings.py": {"validate_findings", "draws_as_shipped", "_shipped"},
    "pnp/launch.py": {"main", "zygote_for"},
    "pnp/assemble/jobs.py": {"run_job", "new_designs", "warm_up"},
    "pnp/export/pdfdraw.py": {"_picture"},
    # right to left (Hebrew and Arabic); line breaks of Chinese and Japanese (uniseg)
    "pnp/input/faces.py": {"_pieces"},
    "pnp/input/direction.py": {"_levels", "_mirror", "_arabic_shaper"},
    "pnp/input/files.py": {"_svg"},
    "pnp/shipped.py": {"data_dir"},  # importlib.resources only for a zipped package
    "pnp/export/reportlab_private.py": {"stacked_height"},  # Platypus only to lay out text
    "pnp/export/shop_files.py": {"shop_files"},  # PDF/X or pictures: the shop's own writer
    "pnp/rules/playing.py": {"play_all"},  # processes only for a run on several cores
    # validate's start-up: difflib for a mistyped name, the CSV reader for a tileset with
    # card lists, the shop catalogue for a named --print-shop
    "pnp/errors.py": {"did_you_mean"},
    "pnp/input/schema.py": {"_unknown"},
    "pnp/input/tileset.py": {"from_data"},
    "pnp/model/options.py": {"_shop"},
}
ENTRY_METHODS = {"export", "applies"}


def _deferred_imports(path) -> set[str]:
    import ast

    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and any(
                isinstance(inner, ast.Import | ast.ImportFrom)
                for statement in node.body for inner in ast.walk(statement)):
            found.add(node.name)
    return found


def test_imports_inside_functions_are_only_at_entry_points():
    misplaced = {}
    for path in sorted((ROOT / "pnp").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name.startswith("pnp/cli/"):
            continue  # every command is an entry point
        allowed = DEFERRED_IMPORTS_MAY_BE_IN.get(name, set()) | ENTRY_METHODS
        extra = _deferred_imports(path) - allowed
        if extra:
            misplaced[name] = sorted(extra)
    assert misplaced == {}
    assert _deferred_imports(ROOT / "pnp" / "assemble" / "jobs.py")  # the check can fail


MOST_TYPE_IGNORES = 20


def test_few_type_checks_are_silenced_and_each_says_why():
    """A silenced check hides the next real error on its line too; each names why it
    cannot be typed (an untyped library, a base class chosen at run time), after it."""
    silenced = [(path.relative_to(ROOT).as_posix(), line)
                for path in sorted((ROOT / "pnp").rglob("*.py"))
                for line in path.read_text(encoding="utf-8").splitlines()
                if "type: ignore" in line]
    assert len(silenced) <= MOST_TYPE_IGNORES
    unexplained = [(path, line.strip()) for path, line in silenced
                   if not re.search(r"type: ignore\[[^\]]+\]\s+#\s*\S", line)]
    assert unexplained == []


def test_a_print_shops_order_is_planned_without_drawing_anything():
    """The counts, warnings and file names an order needs come from the plan, which the
    build's main process makes before any worker draws."""
    loaded = modules_after(
        "from pnp.impose.shop_plan import plan_products\n"
        "from pnp.input.catalog import resolve\n"
        "from pnp.input.tileset import load_tileset\n"
        "from pnp.model.shops import shop_named\n"
        "plans = plan_products(load_tileset(resolve('dynamine')), shop_named('thegamecrafter'))\n"
        "assert [plan.family for plan in plans][:1] == ['tile'] and len(plans) > 1\n")
    assert not {name for name in loaded if name.startswith("pnp.draw")}
    assert libraries(loaded).isdisjoint((*DRAWING_LIBRARIES, *PICTURE_STACK))


def test_only_the_rules_reach_into_a_games_own_rules():
    """A game's abilities are parts of its GameRules (pnp.rules.rules_for): the book, the
    studio and the commands ask for them, and reach into no game's package."""
    games = {path.name for path in (ROOT / "pnp" / "rules").iterdir()
             if (path / "__init__.py").is_file()}
    assert {"demon_mine", "dynamine", "gold_mine", "mattock"} <= games
    reaching = []
    for path in sorted((ROOT / "pnp").rglob("*.py")):
        if path.is_relative_to(ROOT / "pnp" / "rules"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            module = node.module if isinstance(node, ast.ImportFrom) else None
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
            for name in [module or "", *names]:
                if name.split(".")[:2] == ["pnp", "rules"] and len(name.split(".")) > 2 \
                        and name.split(".")[2] in games:
                    reaching.append(f"{path.relative_to(ROOT)}: {name}")
    assert reaching == []


def test_the_writers_emit_set_lines_and_decide_no_direction():
    """Which way a line reads, its display order and its words as written are decided
    once (pnp.input.faces.set_line); the SVG and PDF writers only emit them."""
    for name in ("svg", "pdfdraw"):
        tree = ast.parse((ROOT / "pnp" / "export" / f"{name}.py").read_text(encoding="utf-8"))
        imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert "pnp.input.direction" not in imported, name
        assert "bidi" not in {module.split(".")[0] for module in imported if module}, name
