"""The studio's server without a browser: who it answers, what it serves, how it edits and saves.

Every edit goes through the real HTTP API of a studio running on a private
copy of a shipped tileset; the file on disk is then compared with the
original text line by line, read by `pnp validate` and built by `pnp build`.
"""

from __future__ import annotations

import difflib
import io
import json
import os
import re
import socket
import subprocess
import sys

import pytest
from click.testing import CliRunner
from PIL import Image
from studio_support import call, copy_tileset, edit, request, running
from support import ROOT

from pnp.cli import main
from pnp.draw.art import design_tile
from pnp.export.svg import to_svg
from pnp.input.tileset import load_tileset
from pnp.studio.document import Document


def changed_lines(before: str, after: str) -> list[str]:
    """The lines a diff adds or removes, without its headers."""
    return [line for line in difflib.unified_diff(before.splitlines(), after.splitlines(),
                                                  lineterm="", n=0)
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]


@pytest.fixture
def demon(tmp_path):
    path = copy_tileset(tmp_path, "demon-mine")
    with running(path) as server:
        yield server, path


# --- who the server answers ---------------------------------------------------------------

def test_it_listens_on_the_loopback_address_only(demon):
    server, _ = demon
    assert server.server_address[0] == "127.0.0.1"
    assert server.url == f"http://127.0.0.1:{server.port}/"
    others = {info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None,
                                                        socket.AF_INET)}
    for address in sorted(others - {"127.0.0.1"}):
        if address.startswith("127."):
            continue
        with pytest.raises(OSError), socket.create_connection((address, server.port), 2):
            pass


@pytest.mark.parametrize("host", ["evil.example:{port}", "127.0.0.1:1", "localhost",
                                  "192.168.1.5:{port}", ""])
def test_a_request_naming_another_host_is_refused(demon, host):
    server, _ = demon
    status, payload, _ = request(server, "GET", "/api/state",
                                 headers={"Host": host.format(port=server.port)})
    assert status == 403
    assert b"tiles" not in payload


@pytest.mark.parametrize("origin", ["http://evil.example", "http://127.0.0.1:1", "null",
                                    "https://127.0.0.1:{port}"])
def test_a_request_from_another_origin_is_refused_and_changes_nothing(demon, origin):
    server, path = demon
    before = path.read_bytes()
    for method, where, body in (("POST", "/api/edit", {"op": "set-count", "tile": "elbow",
                                                       "count": 3}),
                                ("POST", "/api/save", {}), ("GET", "/api/state", None)):
        status, _, _ = request(server, method, where, body,
                               headers={"Origin": origin.format(port=server.port)})
        assert status == 403
    assert call(server, "GET", "/api/state")["dirty"] is False
    assert path.read_bytes() == before


def test_its_own_address_and_origin_are_answered(demon):
    server, _ = demon
    for host in (f"127.0.0.1:{server.port}", f"localhost:{server.port}"):
        status, _, headers = request(server, "GET", "/api/state", headers={
            "Host": host, "Origin": f"http://{host}"})
        assert status == 200
        assert "script-src 'self'" in headers["Content-Security-Policy"]


def test_edits_must_be_small_json(demon):
    server, _ = demon
    status, _, _ = request(server, "POST", "/api/edit", b"op=set-count",
                           headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 415
    status, _, _ = request(server, "POST", "/api/edit", b"{" + b" " * 70_000 + b"}")
    assert status == 413
    status, _, _ = request(server, "POST", "/api/edit", b"[1, 2]")
    assert status == 400


# --- what it serves -----------------------------------------------------------------------

def test_the_page_and_its_modules_are_served(demon):
    server, _ = demon
    status, page, headers = request(server, "GET", "/")
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    for module in re.findall(rb'src="/static/([a-z]+\.js)"', page):
        status, _, headers = request(server, "GET", f"/static/{module.decode()}")
        assert status == 200 and headers["Content-Type"].startswith("text/javascript")
    assert b"http" not in page.replace(b"http-equiv", b"")  # nothing fetched from elsewhere


@pytest.mark.parametrize("where", [
    "/static/../server.py", "/static/%2e%2e/server.py", "/static/..%2fsession.py",
    "/files/../secret.png", "/files/..%2fsecret.png", "/files/%2e%2e/secret.png",
    "/files//etc/passwd", "/files/%2fetc%2fpasswd", "/files/link.png",
    "/files/demon-mine.yaml", "/files/file:%2f%2f%2fetc%2fpasswd", "/etc/passwd",
])
def test_nothing_outside_its_assets_and_the_tilesets_folder_is_served(tmp_path, where):
    folder = tmp_path / "mine"
    folder.mkdir()
    (tmp_path / "secret.png").write_bytes(b"\x89PNG secret")
    (folder / "link.png").symlink_to(tmp_path / "secret.png")
    path = copy_tileset(folder, "demon-mine")
    with running(path) as server:
        status, payload, _ = request(server, "GET", where)
    assert status == 404
    assert b"secret" not in payload and b"root:" not in payload and b"import" not in payload


def test_art_inside_the_tilesets_folder_is_served(tmp_path):
    path = copy_tileset(tmp_path, "demon-mine")
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "rock.png").write_bytes(b"\x89PNG picture")
    with running(path) as server:
        status, payload, headers = request(server, "GET", "/files/art/rock.png")
    assert (status, payload) == (200, b"\x89PNG picture")
    assert headers["Content-Type"] == "image/png"


def test_each_tile_is_the_svg_the_renderer_draws(demon):
    server, path = demon
    state = call(server, "GET", "/api/state")
    tileset = load_tileset(path)
    assert [tile["name"] for tile in state["tiles"]] == [tile.name for tile in tileset.tiles]
    for shown, tile in zip(state["tiles"], tileset.tiles, strict=True):
        assert shown["svg"] == to_svg(design_tile(tileset, tile))
        assert shown["count"] == tile.count
    assert state["shape"]["edges"] == ["N", "E", "S", "W"]
    assert state["shape"]["ports"]["E"] == [1.0, 0.5]


def test_the_preview_is_the_first_sheet_page_at_paper_size(demon):
    server, _ = demon
    for paper, size in (("letter", (510, 660)), ("a4", (497, 702))):
        status, png, headers = request(server, "GET", f"/api/preview.png?paper={paper}")
        assert status == 200 and headers["Content-Type"] == "image/png"
        image = Image.open(io.BytesIO(png)).convert("RGB")
        assert image.size == size  # 60 dpi: 8.5 x 11 in; 210 x 297 mm, rounded up
        # tiles are printed on it: the rock colour covers a good part of the page
        rock = sum(count for count, (r, g, b) in image.getcolors(size[0] * size[1])
                   if abs(r - 0x8a) < 30 and abs(g - 0x7a) < 30 and abs(b - 0x68) < 30)
        assert rock > 0.15 * size[0] * size[1]
    status, pdf, _ = request(server, "GET", "/api/preview.pdf?paper=a4")
    assert status == 200 and pdf.startswith(b"%PDF")


# --- edits --------------------------------------------------------------------------------

def test_an_invalid_edit_is_refused_with_the_command_lines_paragraph(demon, tmp_path):
    server, path = demon
    original = path.read_text(encoding="utf-8")
    status, answer = edit(server, op="set-count", tile="elbow", count=100_001)
    assert status == 422
    assert call(server, "GET", "/api/state")["dirty"] is False
    assert path.read_text(encoding="utf-8") == original
    call(server, "POST", "/api/save", {})  # saving now writes the accepted text only
    assert path.read_text(encoding="utf-8") == original
    # The same text on disk, read by `pnp validate`, gives the very same paragraph.
    path.write_text(original.replace("count: 28", "count: 100001"), encoding="utf-8")
    done = CliRunner().invoke(main, ["validate", str(path)])
    assert done.exit_code == 2
    assert done.stderr.strip() == f"pnp: error: {answer['error']}"


@pytest.mark.parametrize("fields", [
    {"op": "toggle-edge", "tile": "elbow", "edge": "NE"},
    {"op": "toggle-edge", "tile": "no-such-tile", "edge": "N"},
    {"op": "set-count", "tile": "elbow", "count": "many"},
    {"op": "add-feature", "tile": "elbow", "kind": "icon", "value": "unicorn"},
    {"op": "format-disk"},
])
def test_a_malformed_edit_is_refused_and_changes_nothing(demon, fields):
    server, _ = demon
    status, answer = edit(server, **fields)
    assert status == 400 and answer["error"]
    assert call(server, "GET", "/api/state")["dirty"] is False


def test_a_rename_that_breaks_a_reference_is_refused(demon):
    server, _ = demon
    status, answer = edit(server, op="rename", tile="mine-entrance", name="entrance")
    assert status == 422
    assert "mine-entrance" in answer["error"]  # the four-player variant still names it


def paths_of(server, name):
    tiles = call(server, "GET", "/api/state")["tiles"]
    return [path["ports"] for path in next(t for t in tiles if t["name"] == name)["paths"]]


def test_edges_open_close_join_and_split(demon):
    server, _ = demon
    assert edit(server, op="toggle-edge", tile="elbow", edge="S")[0] == 200
    assert paths_of(server, "elbow") == [["N", "E"], ["S"]]
    edit(server, op="join", tile="elbow", edge="S", **{"with": "N"})
    assert paths_of(server, "elbow") == [["N", "E", "S"]]
    edit(server, op="split", tile="elbow", edge="N")
    assert paths_of(server, "elbow") == [["E", "S"], ["N"]]
    edit(server, op="toggle-edge", tile="elbow", edge="N")
    assert paths_of(server, "elbow") == [["E", "S"]]
    edit(server, op="set-path", tile="elbow", edge="E", junction=True)
    tile = next(t for t in call(server, "GET", "/api/state")["tiles"] if t["name"] == "elbow")
    assert tile["paths"] == [{"ports": ["E", "S"], "junction": True, "style": "tunnel"}]


def test_the_verdict_follows_the_edits(demon):
    server, _ = demon
    state = call(server, "GET", "/api/state")
    assert state["verdict"]["text"].startswith("playable")
    assert len(state["verdict"]["links"]["links"][0]["cells"]) == 13
    for turning in ("elbow", "tee", "cross"):
        status, state = edit(server, op="set-count", tile=turning, count=0)
        assert status == 200
    assert state["verdict"]["text"] == "not playable with 2 players (1 error(s))"
    assert state["verdict"]["links"]["links"] == []
    state = call(server, "POST", "/api/validate", {"players": 4})
    assert state["players"] == 4
    assert state["verdict"]["text"].startswith("not playable")


def test_four_players_on_the_shipped_counts_are_offered_the_four_player_variant(demon):
    """Players = 4 had said only "not playable"; the game has a variant for four."""
    server, _ = demon
    state = call(server, "POST", "/api/validate", {"players": 4})
    assert state["verdict"]["text"] == ("not playable with 4 players (2 error(s)); playable "
                                        "as the four-player variant (--variant four-player)")


# --- saving -------------------------------------------------------------------------------

def test_save_changes_only_the_edited_values_and_keeps_a_backup(demon, tmp_path):
    server, path = demon
    original = path.read_text(encoding="utf-8")
    edit(server, op="set-count", tile="elbow", count=30)
    edit(server, op="toggle-edge", tile="straight", edge="E")
    edit(server, op="set-flag", tile="tee", flag="rotatable", value=False)
    answer = call(server, "POST", "/api/save", {})
    assert answer == {**answer, "saved": "demon-mine.yaml", "backup": "demon-mine.yaml.bak"}
    saved = path.read_text(encoding="utf-8")
    assert changed_lines(original, saved) == [
        "-    paths: [N-S]", "+    paths: [N-S, E]",  # straight
        "-    count: 28", "+    count: 30",  # elbow
        "+    rotatable: false",  # tee
    ]
    assert saved.count("#") == original.count("#")
    assert (tmp_path / "demon-mine.yaml.bak").read_text(encoding="utf-8") == original
    assert not [name for name in os.listdir(tmp_path) if name.endswith(".tmp")]
    assert call(server, "GET", "/api/state")["dirty"] is False
    done = CliRunner().invoke(main, ["validate", str(path), "--json"])
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["ok"] is True
    tileset = load_tileset(path)
    assert tileset.tile("elbow").count == 30
    assert tileset.tile("straight").ports == {"N", "S", "E"}
    assert tileset.tile("tee").rotatable is False


def test_the_saved_file_builds(demon, tmp_path):
    server, path = demon
    edit(server, op="set-count", tile="dead-end", count=3)
    call(server, "POST", "/api/save", {})
    out = tmp_path / "out"
    done = CliRunner().invoke(main, ["build", str(path), "--paper", "letter", "--no-rulebook",
                                     "--out", str(out)])
    assert done.exit_code == 0, done.output
    manifest = json.loads((out / "demon-mine" / "manifest.json").read_text())
    sheet = next(s for s in manifest["sheets"] if s["kind"] == "tiles")
    placed = [p for p in sheet["placements"] if p.get("tile") == "dead-end" and
              p["side"] == "front"]
    assert len(placed) == 3


def test_save_refuses_to_overwrite_a_file_changed_by_someone_else(demon):
    server, path = demon
    edit(server, op="set-count", tile="elbow", count=30)
    path.write_text(path.read_text(encoding="utf-8") + "# their note\n", encoding="utf-8")
    status, payload, _ = request(server, "POST", "/api/save", {})
    assert status == 409
    assert path.read_text(encoding="utf-8").endswith("# their note\n")
    assert not path.with_name("demon-mine.yaml.bak").exists()
    # what the other program changed, for the page to show
    assert "+# their note" in json.loads(payload)["conflict"]


def test_a_conflict_is_left_by_keeping_mine_with_a_backup_of_theirs(demon):
    server, path = demon
    edit(server, op="set-count", tile="elbow", count=30)
    theirs = path.read_text(encoding="utf-8") + "# their note\n"
    path.write_text(theirs, encoding="utf-8")
    answer = call(server, "POST", "/api/keep-mine", {})
    assert answer["backup"] == "demon-mine.yaml.bak" and not answer["state"]["dirty"]
    assert path.with_name("demon-mine.yaml.bak").read_text(encoding="utf-8") == theirs
    assert "count: 30" in path.read_text(encoding="utf-8")
    assert "# their note" not in path.read_text(encoding="utf-8")


def test_a_conflict_is_left_by_loading_the_files_text_which_undo_takes_back(demon):
    server, path = demon
    edit(server, op="set-count", tile="elbow", count=30)
    path.write_text(path.read_text(encoding="utf-8").replace("count: 16", "count: 17", 1),
                    encoding="utf-8")
    state = call(server, "POST", "/api/load-disk", {})
    counts = {tile["name"]: tile["count"] for tile in state["tiles"]}
    assert counts["elbow"] == 28 and counts["straight"] == 17 and not state["dirty"]
    state = call(server, "POST", "/api/undo", {})  # my edit is one step back
    assert {t["name"]: t["count"] for t in state["tiles"]}["elbow"] == 30 and state["dirty"]


def test_undo_and_redo_step_through_every_edit_and_a_new_edit_ends_the_redo(demon):
    server, _ = demon

    def count(state, name="elbow"):
        return next(tile["count"] for tile in state["tiles"] if tile["name"] == name)

    start = call(server, "GET", "/api/state")
    assert start["history"] == {"undo": False, "redo": False}
    for value in (20, 21, 22):
        edit(server, op="set-count", tile="elbow", count=value)
    edit(server, op="toggle-edge", tile="straight", edge="E")
    state = call(server, "POST", "/api/undo", {})  # the edge comes off again
    straight = next(tile for tile in state["tiles"] if tile["name"] == "straight")
    assert all("E" not in path["ports"] for path in straight["paths"]) and count(state) == 22
    for expected in (21, 20, 28):
        state = call(server, "POST", "/api/undo", {})
        assert count(state) == expected
    assert state["history"] == {"undo": False, "redo": True} and not state["dirty"]
    assert request(server, "POST", "/api/undo", {})[0] == 409  # nothing left to undo
    assert count(call(server, "POST", "/api/redo", {})) == 20
    edit(server, op="set-count", tile="elbow", count=5)
    state = call(server, "GET", "/api/state")
    assert state["history"] == {"undo": True, "redo": False}
    assert count(state) == 5


def test_leaving_with_unsaved_edits_keeps_a_recovery_copy_and_never_the_file(demon):
    server, path = demon
    before = path.read_text(encoding="utf-8")
    assert call(server, "POST", "/api/leave", {}) == {"recovery": None}  # nothing unsaved
    edit(server, op="set-count", tile="elbow", count=30)
    assert call(server, "POST", "/api/leave", {}) == {"recovery": "demon-mine.recovered.yaml"}
    assert "count: 30" in path.with_name("demon-mine.recovered.yaml").read_text("utf-8")
    assert path.read_text(encoding="utf-8") == before


def test_kinds_are_added_copied_and_removed_keeping_comments(demon):
    server, path = demon
    original = path.read_text(encoding="utf-8")
    edit(server, op="copy", tile="lodestone")
    edit(server, op="add")
    edit(server, op="remove", tile="miner")
    edit(server, op="set-count", tile="new-kind", count=2)
    call(server, "POST", "/api/save", {})
    saved = path.read_text(encoding="utf-8")
    tileset = load_tileset(path)
    names = [tile.name for tile in tileset.tiles]
    assert names[:5] == ["mine-entrance", "beetle-hive", "tunnel-collapse", "lodestone",
                         "lodestone-copy"]
    assert names[-1] == "new-kind" and "miner" not in names
    assert tileset.tile("lodestone-copy").features == tileset.tile("lodestone").features
    assert tileset.tile("new-kind").ports == {"N", "S"} and tileset.tile("new-kind").count == 2
    comments = [line.strip() for line in original.splitlines() if line.strip().startswith("#")]
    assert [line.strip() for line in saved.splitlines()
            if line.strip().startswith("#")] == comments
    # the copy sits before the comment that opens the tunnel tiles
    assert saved.index("lodestone-copy") < saved.index("# Tunnels:")


def test_an_aid_row_follows_its_tile_when_renamed_and_keeps_its_words_when_removed(demon):
    """Demon Mine's reference sheet shows its event tiles: renaming the miner event keeps
    its row pointing at it; removing the tunnel collapse keeps the row's words without
    the picture, so the file still reads."""
    server, path = demon
    edit(server, op="rename", tile="miner", name="digger")
    edit(server, op="remove", tile="tunnel-collapse")
    call(server, "POST", "/api/save", {})
    tileset = load_tileset(path)
    rows = {row.name: row for aid in tileset.aids for section in aid.sections
            for row in section.rows}
    assert rows["Miner event"].tile == "digger"
    assert rows["Tunnel collapse"].tile == "" and rows["Tunnel collapse"].text


def test_icons_and_labels_come_from_the_icon_set(demon):
    server, path = demon
    state = call(server, "GET", "/api/state")
    assert "headframe" in state["icons"] and "hive" in state["icons"]
    edit(server, op="set-feature", tile="miner", index=0, value="mattock")
    edit(server, op="add-feature", tile="miner", kind="label", value="DIGER")
    edit(server, op="set-feature", tile="miner", index=1, value="DIGGER")
    edit(server, op="add-feature", tile="elbow", kind="icon", value="vein")
    edit(server, op="add-feature", tile="lodestone", kind="label", value="LODESTONE")
    edit(server, op="remove-feature", tile="lodestone", index=0)
    call(server, "POST", "/api/save", {})
    tileset = load_tileset(path)
    assert [(f.kind, f.value) for f in tileset.tile("miner").features] == [
        ("icon", "mattock"), ("label", "DIGGER")]
    assert [(f.kind, f.value) for f in tileset.tile("elbow").features] == [("icon", "vein")]
    assert [(f.kind, f.value) for f in tileset.tile("lodestone").features] == [
        ("label", "LODESTONE")]


@pytest.mark.parametrize(("label", "quoted"), [("Yes", True), ("off", True), ("~", True),
                                               ("12:30", True), ("1e3", False),
                                               ("DIGGER", False)])
def test_a_label_typed_in_the_studio_reads_back_as_the_same_text(demon, label, quoted):
    """The studio writes YAML 1.2 and pnp reads YAML 1.1: "Yes" once came back as true
    and the file was refused; now it is saved quoted where it must be, plain where not."""
    server, path = demon
    edit(server, op="add-feature", tile="elbow", kind="label", value=label)
    edit(server, op="add-feature", tile="miner", kind="label", value="MINER")
    edit(server, op="set-feature", tile="miner", index=1, value=label)
    call(server, "POST", "/api/save", {})
    tileset = load_tileset(path)
    assert (("label", label) in [(f.kind, f.value) for f in tileset.tile("elbow").features])
    assert tileset.tile("miner").features[1].value == label
    # quoted only where YAML 1.1 would read something else (12:30 is a sexagesimal 750)
    assert (f'"{label}"' in path.read_text(encoding="utf-8")) == quoted


def test_a_mix_file_changes_base_counts_and_edits_its_own_tiles(tmp_path):
    path = tmp_path / "mix.yaml"
    text = ("# my mix\nbase: demon-mine\ntiles:\n  - name: double-elbow  # two bends\n"
            "    count: 4\n    paths: [N-E, S-W]\n")
    path.write_text(text, encoding="utf-8")
    with running(path) as server:
        state = call(server, "GET", "/api/state")
        editable = {tile["name"]: tile["editable"] for tile in state["tiles"]}
        assert editable["double-elbow"] is True and editable["elbow"] is False
        edit(server, op="set-count", tile="elbow", count=40)
        edit(server, op="join", tile="double-elbow", edge="N", **{"with": "S"})
        assert edit(server, op="toggle-edge", tile="elbow", edge="S")[0] == 400
        call(server, "POST", "/api/save", {})
    saved = path.read_text(encoding="utf-8")
    assert saved == ("# my mix\nbase: demon-mine\ncounts: {elbow: 40}\ntiles:\n"
                     "  - name: double-elbow  # two bends\n    count: 4\n"
                     "    paths: [N-E-S-W]\n")
    done = CliRunner().invoke(main, ["validate", str(path)])
    assert done.exit_code == 0, done.output


@pytest.mark.parametrize("game", ["demon-mine", "dynamine", "gold-mine", "mattock"])
def test_every_shipped_tileset_is_written_back_exactly_as_read(game):
    text = (ROOT / "tilesets" / f"{game}.yaml").read_text(encoding="utf-8")
    assert Document(text).text() == text


def test_the_command_prints_its_address_first_and_serves_it(tmp_path):
    path = copy_tileset(tmp_path, "mattock")
    process = subprocess.Popen([sys.executable, "-m", "pnp", "studio", str(path),
                                "--no-browser", "--port", "0"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        found = re.fullmatch(r"pnp studio: http://127\.0\.0\.1:(\d+)/\n", first)
        assert found, first
        import http.client

        connection = http.client.HTTPConnection("127.0.0.1", int(found.group(1)), timeout=60)
        connection.request("GET", "/api/state")
        state = json.loads(connection.getresponse().read())
        assert state["shape"]["edges"] == ["NE", "E", "SE", "SW", "W", "NW"]
        assert state["verdict"]["text"].startswith("playable")
    finally:
        process.terminate()
        process.wait(timeout=30)


def _studio_run_stopped_with_edits(path, count: int) -> str:
    """Start ``pnp studio`` on ``path``, set its tile count, press Ctrl-C; its stderr."""
    import http.client
    import signal

    process = subprocess.Popen([sys.executable, "-m", "pnp", "studio", str(path),
                                "--no-browser", "--port", "0"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        port = int(re.search(r":(\d+)/", process.stdout.readline()).group(1))
        body = json.dumps({"op": "set-count", "tile": "tile", "count": count})
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        connection.request("POST", "/api/edit", body, {"Content-Type": "application/json"})
        assert connection.getresponse().status == 200
        process.send_signal(signal.SIGINT)
        _, said = process.communicate(timeout=60)
    finally:
        process.kill()
    return said


def test_ctrl_c_with_unsaved_edits_keeps_them_in_a_recovery_copy_and_says_where(tmp_path):
    """Ctrl-C had discarded unsaved edits without a word; then a second run's Ctrl-C wrote
    over the first run's copy. Each run keeps its own, and the next run names them."""
    path = copy_tileset(tmp_path, "mattock")
    before = path.read_text(encoding="utf-8")
    said = _studio_run_stopped_with_edits(path, 80)
    copy = tmp_path / "mattock.recovered.yaml"
    assert f"your unsaved edits are kept in {copy}" in said
    assert "count: 80" in copy.read_text(encoding="utf-8")
    assert path.read_text(encoding="utf-8") == before  # the file itself is untouched
    said = _studio_run_stopped_with_edits(path, 70)
    second = tmp_path / "mattock.recovered-2.yaml"
    assert f"unsaved edits of an earlier run are kept in {copy}" in said
    assert f"your unsaved edits are kept in {second}" in said
    assert "count: 80" in copy.read_text(encoding="utf-8")
    assert "count: 70" in second.read_text(encoding="utf-8")


def test_the_command_refuses_a_shipped_game_id_and_a_broken_file(tmp_path):
    done = CliRunner().invoke(main, ["studio", "demon-mine", "--no-browser"])
    assert done.exit_code == 2 and "the studio edits a tileset or mix file" in done.stderr
    # the way to edit one: a file of your own from it (`pnp list` prints no paths)
    assert "`pnp new my-mine --from demon-mine`" in done.stderr and "pnp list" not in done.stderr
    broken = tmp_path / "broken.yaml"
    broken.write_text("game: x\ntitle: X\nsize: 1.5in\ntiles: []\n", encoding="utf-8")
    done = CliRunner().invoke(main, ["studio", str(broken), "--no-browser"])
    assert done.exit_code == 2 and f"{broken}, line 4" in done.stderr


def test_help_lists_the_studio():
    done = CliRunner().invoke(main, ["--help"])
    assert re.search(r"^\s+studio\s+Edit the tiles", done.output, re.MULTILINE)


def test_a_mix_without_tiles_gets_a_tiles_list_in_the_usual_form(tmp_path):
    path = tmp_path / "mix.yaml"
    path.write_text("# mine\nbase: demon-mine  # the base\ncounts:\n  elbow: 30  # bends\n",
                    encoding="utf-8")
    with running(path) as server:
        assert edit(server, op="add")[0] == 200
        assert edit(server, op="copy", tile="new-kind")[0] == 200
        call(server, "POST", "/api/save", {})
    assert path.read_text(encoding="utf-8") == (
        "# mine\nbase: demon-mine  # the base\ncounts:\n  elbow: 30  # bends\ntiles:\n"
        "  - name: new-kind\n    count: 1\n    paths: [N-S]\n"
        "  - name: new-kind-copy\n    count: 1\n    paths: [N-S]\n")


def test_a_port_in_use_is_a_one_paragraph_error(tmp_path):
    path = copy_tileset(tmp_path, "demon-mine")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = CliRunner().invoke(main, ["studio", str(path), "--no-browser",
                                         "--port", str(port)])
    assert done.exit_code == 2
    assert done.stderr.startswith(f"pnp: error: command line: field '--port': the studio "
                                  f"cannot listen on this port. Found {port} (")
    assert done.stdout == ""  # no address is printed for a server that is not there


def test_an_undo_whose_text_no_longer_reads_is_refused_and_nothing_moves(tmp_path):
    """A card list changed on disk between an edit and its undo: the step is refused
    with the paragraph validate gives, and the history stays where it was."""
    path = tmp_path / "listed.yaml"
    path.write_text("game: listed\ntitle: Listed\nsize: 1.5in\ntiles:\n"
                    "  - {name: bend, count: 2, paths: [N-E]}\ncard-lists:\n"
                    "  - {rows: cards.csv, kind: card, size: 63mm x 88mm}\n", encoding="utf-8")
    (tmp_path / "cards.csv").write_text("name,count\ntorch,1\n", encoding="utf-8")
    with running(path) as server:
        edit(server, op="set-count", tile="bend", count=3)
        (tmp_path / "cards.csv").write_text("name,count\nBad Name,1\n", encoding="utf-8")
        status, payload, _ = request(server, "POST", "/api/undo", {})
        assert status == 422 and b"not a valid name" in payload
        state = call(server, "GET", "/api/state")
    assert state["history"] == {"undo": True, "redo": False}
    assert next(t for t in state["tiles"] if t["name"] == "bend")["count"] == 3


def test_the_recovery_copy_is_kept_when_the_file_itself_was_deleted(demon):
    server, path = demon
    edit(server, op="set-count", tile="elbow", count=30)
    path.unlink()
    assert call(server, "POST", "/api/leave", {}) == {"recovery": "demon-mine.recovered.yaml"}
    assert "count: 30" in path.with_name("demon-mine.recovered.yaml").read_text("utf-8")


@pytest.mark.parametrize("broken", [b"game: \xff\n", None], ids=["not-utf8", "deleted"])
def test_loading_a_file_that_no_longer_reads_is_refused_in_words(demon, broken):
    server, path = demon
    edit(server, op="set-count", tile="elbow", count=30)
    if broken is None:
        path.unlink()
    else:
        path.write_bytes(broken)
    status, payload, _ = request(server, "POST", "/api/load-disk", {})
    assert status == 422 and json.loads(payload)["error"]
    state = call(server, "GET", "/api/state")
    assert next(t for t in state["tiles"] if t["name"] == "elbow")["count"] == 30
