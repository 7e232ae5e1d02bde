"""`pnp simulate --report`: one page of charts whose every figure is the JSON report's,
that needs nothing to open and runs nothing, drawn right in a real browser."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner
from support import ROOT

from pnp.cli import main
from pnp.export.sim_report import report_page


class Marks(HTMLParser):
    """Every chart mark's data- attributes, by its class, and the page's text."""

    def __init__(self) -> None:
        super().__init__()
        self.marks: dict[str, list[dict[str, str]]] = {}
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self.tags.append((tag, found))
        data = {name[5:]: value or "" for name, value in attrs if name.startswith("data-")}
        if data:
            self.marks.setdefault(str(found.get("class")), []).append(data)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def simulated(game: str, folder: Path, games: int = 40) -> tuple[dict, Marks, str]:
    """The JSON report and the page of the same games (the same seed)."""
    runner = CliRunner()
    page = folder / f"{game}.html"
    shown = runner.invoke(main, ["simulate", game, "--games", str(games), "--json"])
    assert shown.exit_code == 0, shown.output
    report = json.loads(shown.stdout)
    drawn = runner.invoke(main, ["simulate", game, "--games", str(games), "--report",
                                 str(page)])
    assert drawn.exit_code == 0, drawn.output
    text = page.read_text(encoding="utf-8")
    marks = Marks()
    marks.feed(text)
    return report, marks, text


def figure(value: object) -> str:
    """A JSON figure as the page's data- attributes write it."""
    return json.dumps(value) if value is None or isinstance(value, bool) else str(value)


@pytest.mark.parametrize("game", ["demon-mine", "dynamine", "gold-mine", "mattock"])
def test_every_figure_on_the_page_is_the_json_reports(game, tmp_path):
    report, marks, _ = simulated(game, tmp_path)
    shares = {mark["name"]: mark for mark in marks.marks["share"]}
    for name, key in ((report.get("ended_label", "games end"), "ended_share"),
                      ("linked", "linked_share")):
        if key not in report:
            continue
        own = shares.pop(name)
        for part in ("share", "low", "high"):
            assert own[part] == figure(report[key][part])
    assert ("linked_share" in report) == (game == "demon-mine")
    assert shares.keys() == report["win_share"].keys()
    for side, share in report["win_share"].items():
        for part in ("share", "low", "high", "games"):
            assert shares[side][part] == figure(share[part])
    measures = [chart["measure"] for chart in marks.marks["histogram"]]  # in page order
    assert sorted(measures) == sorted(key for key, value in report.items()
                                      if isinstance(value, dict) and "histogram" in value)
    assert ("turns" in measures) == (game in ("demon-mine", "mattock"))
    bars = marks.marks["bar"]
    expected = [{"from": figure(bar["from"]), "to": figure(bar["to"]),
                 "games": figure(bar["games"])}
                for key in measures for bar in report[key]["histogram"]]
    assert bars == expected
    assert sum(int(bar["games"]) for bar in report[measures[0]]["histogram"]) > 0
    sentence = report["verdict"][0].upper() + report["verdict"][1:] + "."
    assert sentence in "".join(marks.text)
    kinds = report.get("tile_kinds", {})
    assert {row["kind"]: (row["copies"], row["laid"], row["per-copy"], row["never"])
            for row in marks.marks.get("kind", [])} == \
        {name: (figure(kind["copies"]), figure(kind["laid_per_game"]),
                figure(kind["laid_per_copy"]), figure(kind["never_laid"]["share"]))
         for name, kind in kinds.items()}
    assert game != "demon-mine" or {"straight", "elbow", "tee", "cross"} <= kinds.keys()
    stuck = [mark["stuck"] for mark in marks.marks.get("None", []) if "stuck" in mark]
    assert sorted(stuck) == sorted(figure(kind["stuck_per_game"]) for kind in kinds.values()
                                   if "stuck_per_game" in kind)
    assert bool(stuck) == (game in ("demon-mine", "gold-mine"))


def test_the_page_needs_nothing_else_and_loads_nothing(tmp_path):
    _, marks, text = simulated("demon-mine", tmp_path, 20)
    tags = {tag for tag, _ in marks.tags}
    assert "script" not in tags and "img" not in tags and "link" not in tags
    assert not any(name in attributes for _, attributes in marks.tags
                   for name in ("src", "href", "xlink:href"))
    assert "http://" not in text and "https://" not in text
    policy = next(attributes["content"] for tag, attributes in marks.tags
                  if tag == "meta" and attributes.get("http-equiv") ==
                  "Content-Security-Policy")
    assert policy is not None and policy.startswith("default-src 'none'")


def test_names_in_a_report_are_written_as_text_never_as_markup():
    page = report_page({"games": 3, "seed": 1, "verdict": "<b>bold</b> & more",
                        "ended_share": {"share": 100.0, "low": 43.9, "high": 100.0},
                        "win_share": {"<script>x</script>": {"games": 3, "share": 100.0,
                                                             "low": 43.9, "high": 100.0}}},
                       'Mine "<i>"')
    assert "<script>" not in page and "<b>" not in page and "<i>" not in page
    assert "&lt;script&gt;x&lt;/script&gt;" in page and "&amp; more" in page


@pytest.mark.parametrize(("name", "says"), [
    ("report.txt", "a file name ending in .html"),
    ("templates/mattock/report.html", "would write over what the game reads"),
    ("no/such/folder/report.html", "the report's folder cannot be written"),
])
def test_a_report_that_cannot_be_written_is_refused_before_any_game(name, says, tmp_path):
    target = ROOT / name if name.startswith("templates/") else tmp_path / name
    result = CliRunner().invoke(main, ["simulate", "mattock", "--games", "1", "--report",
                                       str(target)])
    assert result.exit_code == 2
    assert says in result.output
    assert "simulated" not in result.output
    assert not (tmp_path / "no").exists()


@pytest.mark.browser
def test_the_page_draws_each_share_as_long_as_its_figure_in_a_browser(driver, tmp_path):
    """In Chromium, from the file: every bar's drawn length is its share of the track,
    and the histogram's tallest bar is the bar of the most games."""
    report, _, _ = simulated("demon-mine", tmp_path, 60)
    driver.get((tmp_path / "demon-mine.html").as_uri())
    assert driver.title.startswith("Demon Mine")
    drawn = driver.execute_script(
        "return [...document.querySelectorAll('g.share')].map(g => [g.dataset.name,"
        " g.dataset.share, g.querySelector('rect.value').getBBox().width,"
        " g.querySelector('rect.track').getBBox().width])")
    assert len(drawn) == 2 + len(report["win_share"])  # games end, the wins, linked
    for name, share, width, track in drawn:
        assert track > 200 and width == pytest.approx(track * float(share) / 100, abs=0.11), name
    heights = driver.execute_script(
        "return [...document.querySelectorAll('g.bar rect')].map(r => r.getBBox().height)")
    counts = [bar["games"] for bar in report["turns"]["histogram"]]
    assert heights.index(max(heights)) == counts.index(max(counts))
    assert driver.execute_script(
        "return document.querySelector('p.verdict').getBoundingClientRect().height") > 0


FEWER_TUNNELS = ("--set", "straight=4", "--set", "cross=2")  # games end far less often


def test_compare_plays_both_mixes_from_one_seed_and_names_what_is_beyond_chance(tmp_path):
    runner = CliRunner()
    page = tmp_path / "compared.html"
    shown = runner.invoke(main, ["simulate", "demon-mine", "--games", "40", *FEWER_TUNNELS,
                                 "--compare", "demon-mine", "--json", "--report", str(page)])
    assert shown.exit_code == 0, shown.output
    compared = json.loads(shown.stdout)
    alone = json.loads(runner.invoke(main, ["simulate", "demon-mine", "--games", "40",
                                            "--json"]).stdout)
    assert compared["other"] == alone  # the other mix plays the very games it plays alone
    ended = compared["differences"][0]
    assert ended["measure"] == "ended_share" and ended["beyond_chance"]
    this = compared["this"]
    assert ended["difference"] == round(100 * (this["ended"] / this["games"] -
                                               alone["ended"] / alone["games"]), 1)
    assert "demon-mine with straight=4, cross=2 differs from demon-mine in games that " \
        "end, % -" in compared["summary"]  # fewer tunnels: fewer games end
    marks = Marks()
    marks.feed(page.read_text(encoding="utf-8"))
    rows = marks.marks["difference"]
    assert [(row["measure"], row["name"], row["difference"], row["low"], row["high"],
             row["beyond-chance"]) for row in rows] == \
        [(entry["measure"], entry["name"], figure(entry["difference"]), figure(entry["low"]),
          figure(entry["high"]), figure(entry["beyond_chance"]))
         for entry in compared["differences"]]
    mixes = {mark["mix"] for mark in marks.marks["share"]}
    assert mixes == {"demon-mine with straight=4, cross=2", "demon-mine"}


def test_a_mix_of_another_game_is_refused_before_any_game():
    result = CliRunner().invoke(main, ["simulate", "demon-mine", "--games", "1",
                                       "--compare", "mattock"])
    assert result.exit_code == 2
    assert "plays another game" in result.output and "simulated" not in result.output


def test_a_mix_to_compare_that_is_not_there_is_named_as_the_compare_option():
    result = CliRunner().invoke(main, ["simulate", "demon-mine", "--games", "1",
                                       "--compare", "demon-mines"])
    assert result.exit_code == 2
    assert "field '--compare'" in result.output and "did you mean 'demon-mine'?" in result.output


def test_the_page_says_what_was_played_and_never_prints_none(tmp_path):
    page = tmp_path / "four.html"
    drawn = CliRunner().invoke(main, ["simulate", "demon-mine", "--games", "3", "--variant",
                                      "four-player", "--set", "straight=4", "--compare",
                                      "demon-mine", "--report", str(page)])
    assert drawn.exit_code == 0, drawn.output
    text = page.read_text(encoding="utf-8")
    assert "demon-mine with straight=4, 4 players, the four-player variant" in text
    assert "None" not in text and "None" not in drawn.output


def test_a_mix_no_game_of_which_can_be_set_up_is_said_in_a_line_not_a_traceback():
    runner = CliRunner()
    played = runner.invoke(main, ["simulate", "mattock", "--set", "tile=2", "--games", "3"])
    assert played.exit_code == 1
    assert played.exception is None or isinstance(played.exception, SystemExit)
    assert "no game can be played: the supply does not even cover the setup spaces" in \
        played.output and "Traceback" not in played.output
    checked = runner.invoke(main, ["validate", "mattock", "--set", "tile=2", "--simulate", "3"])
    assert checked.exit_code == 1, checked.output
    assert "[simulation] No game can be played" in checked.output


def test_two_mixes_histograms_share_one_scale_of_values_and_of_games():
    """Compared, a value sits at the same place across both charts and a count of games
    is as tall in both, whatever bins each mix's own spread gave it."""
    import re

    def lengths(bars):
        return {"median": 1, "mean": 1, "histogram": [
            {"from": start, "to": end, "games": games} for start, end, games in bars]}

    ours = {"games": 10, "seed": 1, "verdict": "", "turns": lengths([(10, 20, 4), (20, 30, 6)])}
    theirs = {"games": 10, "seed": 1, "verdict": "", "turns": lengths([(20, 40, 3), (40, 60, 7)])}
    page = report_page(ours, "Mine", {"other_report": theirs, "this": "a", "other": "b",
                                      "differences": [], "summary": ""})
    charts = re.findall(r'<svg class="histogram" data-measure="turns" data-mix="(\w)".*?</svg>',
                        page, re.S)
    assert charts == ["a", "b"]
    placed = {}
    for mix, chart in zip(charts, re.findall(r'<svg class="histogram".*?</svg>', page, re.S),
                          strict=True):
        for start, games, x, height in re.findall(
                r'data-from="(\d+)" data-to="\d+" data-games="(\d+)"><rect x="([\d.]+)" '
                r'y="[\d.]+" width="[\d.]+" height="([\d.]+)"', chart):
            placed[(mix, int(start))] = (float(x), float(height) / int(games))
    assert placed[("a", 20)][0] == placed[("b", 20)][0]  # value 20 at one place in both
    assert placed[("a", 10)][0] < placed[("a", 20)][0] < placed[("b", 40)][0]
    assert len({round(per_game, 2) for _, per_game in placed.values()}) == 1  # one count scale


def test_the_report_never_writes_over_the_mix_it_is_compared_with(tmp_path):
    other = tmp_path / "other.html"  # a tileset may have any name
    other.write_text((ROOT / "tilesets" / "mattock.yaml").read_text(encoding="utf-8"),
                     encoding="utf-8")
    before = other.read_bytes()
    result = CliRunner().invoke(main, ["simulate", "mattock", "--games", "2", "--compare",
                                       str(other), "--report", str(other)])
    assert result.exit_code == 2 and "it is the tileset" in result.output
    assert other.read_bytes() == before


def test_a_compared_mix_no_game_of_which_can_be_played_is_named_as_given(tmp_path):
    result = CliRunner().invoke(main, ["simulate", "mattock", "--games", "2", "--compare",
                                       "mattock", "--set", "tile=40"])
    assert result.exit_code == 0, result.output
    small = tmp_path / "small.yaml"
    small.write_text("base: mattock\ncounts: {tile: 2}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["simulate", "mattock", "--games", "2", "--compare",
                                       str(small)])
    assert result.exit_code == 1
    assert f"pnp: {small} (the mix to compare with): no game can be played" in result.output
