"""The studio page in headless Chromium, against a real `pnp studio` process.

Run alone with `pytest -m browser`. They need Debian's chromium and
chromium-driver; without them they are skipped, except under CI (where
`.ci/run` installs both), where a missing browser is a failure.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from studio_support import copy_tileset

from pnp.cli import main

pytestmark = pytest.mark.browser

WAIT = 60  # seconds a condition may take on a busy machine before the test fails


@pytest.fixture
def studio(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[tuple[str, Path]]:
    """A `pnp studio` process on a copy of the game named by the test's parameter."""
    path = copy_tileset(tmp_path, request.param)
    process = subprocess.Popen([sys.executable, "-m", "pnp", "studio", str(path),
                                "--no-browser", "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        found = re.fullmatch(r"pnp studio: (http://127\.0\.0\.1:\d+/)\n", first)
        assert found, first
        yield found.group(1), path
    finally:
        process.terminate()
        process.wait(timeout=30)


def wait(browser, condition):
    """Until ``condition()`` holds. The page draws a tile again after each edit, so an
    element found a moment ago may be gone when it is read: that is asked again, not
    taken for a failure (CI once failed here with a stale element)."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(browser, WAIT, ignored_exceptions=(StaleElementReferenceException,)) \
        .until(lambda _: condition())


def find(browser, selector):
    return browser.find_element("css selector", selector)


def verdict(browser) -> str:
    return str(find(browser, "[data-test=verdict]").text)


def edge(browser, tile, name):
    return find(browser, f'[data-test=tile][data-tile="{tile}"] [data-test=edge]'
                         f'[data-edge="{name}"]')


def set_count(browser, tile, count):
    from selenium.webdriver.common.keys import Keys

    field = find(browser, f'[data-test=tile][data-tile="{tile}"] [data-test=count]')
    field.send_keys(Keys.CONTROL, "a")  # typed over, as a person would
    field.send_keys(str(count), Keys.TAB)
    settle(browser)


def settle(browser):
    """Wait until the page has the server's answer to the last change and has redrawn."""
    wait(browser, lambda: "busy" not in (find(browser, "body").get_attribute("class") or ""))


def count_is(browser, tile, count):
    return find(browser, f'[data-tile="{tile}"] [data-test=count]').get_attribute("value") \
        == str(count)


def save(browser, path):
    find(browser, "[data-test=save]").click()
    wait(browser, lambda: find(browser, "#status").text.startswith(f"saved {path.name}"))


def comments(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip().startswith("#")]


@pytest.mark.parametrize("studio", ["demon-mine"], indirect=True)
def test_demon_mine_open_an_edge_change_counts_and_save(driver, studio):
    url, path = studio
    original = path.read_text(encoding="utf-8")
    driver.get(url)
    wait(driver, lambda: verdict(driver).startswith("playable"))
    assert len(driver.find_elements("css selector", "[data-test=tile]")) == 10
    assert driver.find_elements("css selector", "#link-board svg .dug")  # the link is drawn

    assert edge(driver, "straight", "E").get_attribute("aria-pressed") == "false"
    edge(driver, "straight", "E").click()
    settle(driver)
    wait(driver, lambda: edge(driver, "straight", "E").get_attribute("aria-pressed") == "true")

    for turning in ("elbow", "tee", "cross"):
        set_count(driver, turning, 0)
        wait(driver, lambda turning=turning: count_is(driver, turning, 0))
    wait(driver, lambda: verdict(driver).startswith("not playable"))
    assert not driver.find_elements("css selector", "#link-board svg .dug")

    save(driver, path)
    saved = path.read_text(encoding="utf-8")
    assert comments(saved) == comments(original)
    assert "    paths: [N-S, E]\n" in saved
    assert saved.count("    count: 0\n") == original.count("    count: 0\n") + 3
    assert path.with_name("demon-mine.yaml.bak").read_text(encoding="utf-8") == original
    done = CliRunner().invoke(main, ["validate", str(path)])
    assert done.exit_code == 1  # not playable, as the page said
    assert "demon-mine: not playable with 2 players" in done.output


@pytest.mark.parametrize("studio", ["demon-mine"], indirect=True)
def test_an_invalid_count_shows_the_command_lines_error_and_never_reaches_the_file(
        driver, studio):
    url, path = studio
    original = path.read_bytes()
    driver.get(url)
    wait(driver, lambda: verdict(driver).startswith("playable"))
    set_count(driver, "elbow", 200000)
    wait(driver, lambda: find(driver, "#error").is_displayed())
    lines = original.decode().splitlines()
    elbow = next(number for number, line in enumerate(lines) if "name: elbow" in line)
    line = next(number for number in range(elbow, len(lines)) if "count:" in lines[number]) + 1
    assert find(driver, "#error").text == (
        f"{path}, line {line}: field 'tiles[6].count': this count is out of range. "
        "Found 200000. Allowed: a whole number from 0 to 100000.")
    wait(driver, lambda: count_is(driver, "elbow", 28))  # the page shows the accepted value
    save(driver, path)
    assert path.read_bytes() == original


@pytest.mark.parametrize("studio", ["demon-mine"], indirect=True)
def test_edges_toggle_from_the_keyboard(driver, studio):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    url, _ = studio
    driver.get(url)
    wait(driver, lambda: verdict(driver).startswith("playable"))
    control = edge(driver, "elbow", "S")
    assert control.get_attribute("aria-pressed") == "false"
    driver.execute_script("arguments[0].focus()", control)
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    wait(driver, lambda: edge(driver, "elbow", "S").get_attribute("aria-pressed") == "true")
    focused = driver.switch_to.active_element  # focus comes back to the same control
    assert (focused.get_attribute("data-edge"), focused.get_attribute("aria-pressed")) == \
        ("S", "true")
    ActionChains(driver).send_keys(Keys.SPACE).perform()
    wait(driver, lambda: edge(driver, "elbow", "S").get_attribute("aria-pressed") == "false")


@pytest.mark.parametrize("studio", ["mattock"], indirect=True)
def test_mattock_hex_edges_counts_and_save(driver, studio):
    url, path = studio
    original = path.read_text(encoding="utf-8")
    driver.get(url)
    wait(driver, lambda: verdict(driver).startswith("playable"))
    first = find(driver, "[data-test=tile]").get_attribute("data-tile")
    edges = [element.get_attribute("data-edge") for element in driver.find_elements(
        "css selector", f'[data-tile="{first}"] [data-test=edge]')]
    assert edges == ["NE", "E", "SE", "SW", "W", "NW"]
    closed = next(name for name in edges
                  if edge(driver, first, name).get_attribute("aria-pressed") == "false")
    edge(driver, first, closed).click()
    settle(driver)
    wait(driver, lambda: edge(driver, first, closed).get_attribute("aria-pressed") == "true")
    old = int(find(driver, f'[data-tile="{first}"] [data-test=count]').get_attribute("value"))
    set_count(driver, first, old + 1)
    wait(driver, lambda: count_is(driver, first, old + 1))
    wait(driver, lambda: verdict(driver).startswith(("playable", "not playable")))
    page_verdict = verdict(driver)
    save(driver, path)
    saved = path.read_text(encoding="utf-8")
    assert comments(saved) == comments(original)
    from pnp.input.tileset import load_tileset

    tile = load_tileset(path).tile(first)
    assert closed in tile.ports and tile.count == old + 1
    done = CliRunner().invoke(main, ["validate", str(path)])
    word = "not playable" if page_verdict.startswith("not") else "playable"
    assert f"mattock: {word} with" in done.output
    assert done.exit_code == (1 if word == "not playable" else 0)


def elbow_count(browser):
    return find(browser, '[data-tile="elbow"] [data-test=count]').get_attribute("value")


@pytest.mark.parametrize("studio", ["demon-mine"], indirect=True)
def test_undo_and_redo_by_button_and_by_keyboard(driver, studio):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    url, _ = studio
    driver.get(url)
    wait(driver, lambda: verdict(driver).startswith("playable"))
    assert not find(driver, "[data-test=undo]").is_enabled()
    set_count(driver, "elbow", 30)
    set_count(driver, "elbow", 31)
    find(driver, "[data-test=undo]").click()
    wait(driver, lambda: elbow_count(driver) == "30")
    driver.execute_script("document.activeElement.blur()")  # keys go to the page, not a field
    ActionChains(driver).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
    wait(driver, lambda: elbow_count(driver) == "28")
    wait(driver, lambda: not find(driver, "[data-test=undo]").is_enabled())
    ActionChains(driver).key_down(Keys.CONTROL).key_down(Keys.SHIFT).send_keys("z") \
        .key_up(Keys.SHIFT).key_up(Keys.CONTROL).perform()
    wait(driver, lambda: elbow_count(driver) == "30")
    find(driver, "[data-test=redo]").click()
    wait(driver, lambda: elbow_count(driver) == "31")
    wait(driver, lambda: not find(driver, "[data-test=redo]").is_enabled())


def conflict(driver, studio, theirs) -> Path:
    """Open the page, change the elbows to 30, let another program write ``theirs(text)``
    over the file, and press Save: the conflict dialog is up."""
    url, path = studio
    driver.get(url)
    wait(driver, lambda: verdict(driver).startswith("playable"))
    set_count(driver, "elbow", 30)
    path.write_text(theirs(path.read_text(encoding="utf-8")), encoding="utf-8")
    find(driver, "[data-test=save]").click()
    wait(driver, lambda: find(driver, "[data-test=conflict]").is_displayed())
    return path


@pytest.mark.parametrize("studio", ["demon-mine"], indirect=True)
def test_a_save_conflict_shows_the_files_changes_and_keeps_mine_with_a_backup(driver, studio):
    path = conflict(driver, studio, lambda text: text + "# their note\n")
    theirs = path.read_text(encoding="utf-8")
    assert "+# their note" in find(driver, "[data-test=conflict-changes]").text
    find(driver, "[data-test=keep-mine]").click()
    wait(driver, lambda: find(driver, "#status").text.startswith(f"saved {path.name}"))
    assert not find(driver, "[data-test=conflict]").is_displayed()
    assert "    count: 30\n" in path.read_text(encoding="utf-8")
    assert path.with_name(f"{path.name}.bak").read_text(encoding="utf-8") == theirs


@pytest.mark.parametrize("studio", ["demon-mine"], indirect=True)
def test_a_save_conflict_can_load_the_files_text_and_undo_brings_mine_back(driver, studio):
    conflict(driver, studio, lambda text: text.replace("count: 28", "count: 27", 1))
    find(driver, "[data-test=load-disk]").click()
    wait(driver, lambda: elbow_count(driver) == "27")
    assert not find(driver, "[data-test=conflict]").is_displayed()
    find(driver, "[data-test=undo]").click()
    wait(driver, lambda: elbow_count(driver) == "30")


@pytest.mark.parametrize("studio", ["demon-mine"], indirect=True)
def test_closing_the_page_with_unsaved_edits_keeps_a_recovery_copy(driver, studio):
    url, path = studio
    before = path.read_text(encoding="utf-8")
    driver.get(url)
    wait(driver, lambda: verdict(driver).startswith("playable"))
    set_count(driver, "elbow", 30)
    driver.execute_script("window.onbeforeunload = null")
    driver.get("about:blank")  # the page goes away: pagehide sends the beacon
    copy = path.with_name("demon-mine.recovered.yaml")
    wait(driver, copy.exists)
    wait(driver, lambda: "    count: 30\n" in copy.read_text(encoding="utf-8"))
    assert path.read_text(encoding="utf-8") == before


@pytest.mark.parametrize("studio", ["mattock"], indirect=True)
def test_the_play_test_draws_the_mix_as_edited_and_again_after_an_edit(driver, studio):
    url, _ = studio
    driver.get(url)
    wait(driver, lambda: "random games:" in find(driver, "[data-test=playtest-text]").text)

    def shares() -> dict[str, str]:
        return {bar.get_attribute("data-name"): bar.get_attribute("data-share")
                for bar in driver.find_elements("css selector",
                                                "[data-test=playtest-chart] g.share")}

    first = shares()
    assert set(first) == {"games end", "blue", "red"}
    widths = driver.execute_script(
        "return [...document.querySelectorAll('[data-test=playtest-chart] g.share')].map(g =>"
        " [g.dataset.share, g.querySelector('rect.value').getBBox().width,"
        " g.querySelector('rect.track').getBBox().width])")
    for share, width, track in widths:
        assert width == pytest.approx(track * float(share) / 100, abs=0.2)
    set_count(driver, "tile", 30)  # a box that runs out: the games end otherwise
    wait(driver, lambda: shares() and shares() != first)


@pytest.mark.parametrize("studio", ["mattock"], indirect=True)
def test_the_play_test_draws_each_measure_as_the_reports_histogram(driver, studio):
    url, _ = studio
    driver.get(url)
    wait(driver, lambda: "random games:" in find(driver, "[data-test=playtest-text]").text)
    answer = driver.execute_async_script(
        "fetch('/api/playtest').then(r => r.json()).then(arguments[0])")
    report = answer["report"]
    drawn = driver.execute_script(
        "return [...document.querySelectorAll('[data-test=playtest-chart] figure')].map(f =>"
        " [f.dataset.measure, f.querySelector('figcaption').textContent,"
        "  [...f.querySelectorAll('rect.bar')].map(r =>"
        "   [r.dataset.from, r.dataset.to, r.dataset.games, r.getBBox().height])])")
    assert sorted(key for key, _, _ in drawn) == sorted(answer["titles"])
    assert {"turns", "tiles_placed", "miners_removed"} <= set(answer["titles"])
    for key, caption, bars in drawn:
        measure = report[key]
        assert caption.startswith(answer["titles"][key])
        assert f"median {measure['median']}" in caption
        assert [(int(a), int(b), int(n)) for a, b, n, _ in bars] == \
            [(bar["from"], bar["to"], bar["games"]) for bar in measure["histogram"]]
        most = max(bar["games"] for bar in measure["histogram"])
        for _, _, games, height in bars:
            assert height == pytest.approx(56 * int(games) / most, abs=0.2)


@pytest.mark.parametrize("studio", ["gold-mine"], indirect=True)
def test_gold_mines_play_test_counts_development_stages_and_the_mine_staying_open(driver,
                                                                                 studio):
    url, _ = studio
    driver.get(url)
    wait(driver, lambda: "random development stages:" in
         find(driver, "[data-test=playtest-text]").text)
    names = [bar.get_attribute("data-name") for bar in
             driver.find_elements("css selector", "[data-test=playtest-chart] g.share")]
    assert names == ["the mine stays open"]  # no wins: the production stage is not played
