"""The studio's play-test: random games of the mix being edited, the very report
`pnp simulate` prints, given up when the mix changes or the games take too long."""

from __future__ import annotations

from studio_support import call, copy_tileset, edit, running
from support import ROOT, tileset_from_text

from pnp.input.tileset import load_tileset
from pnp.rules import Setup, rules_for
from pnp.studio.playtest import GAMES, SEED, play_test


def test_the_play_test_is_the_report_pnp_simulate_gives_for_the_mix_as_edited(tmp_path):
    path = copy_tileset(tmp_path, "mattock")
    with running(path) as server:
        before = call(server, "GET", "/api/playtest")
        status, _ = edit(server, op="set-count", tile="tile", count=60)
        assert status == 200
        after = call(server, "GET", "/api/playtest")
    rules = rules_for("mattock")
    assert rules is not None and rules.simulate is not None
    shipped = load_tileset(ROOT / "tilesets" / "mattock.yaml")
    assert before["available"] and before["games"] == GAMES and before["seed"] == SEED
    assert before["report"] == rules.simulate(Setup(shipped, 2), GAMES, SEED, None, 1)
    edited = load_tileset(path)  # not saved: the studio plays its own text
    assert edited.tile("tile").count != 60
    assert after["report"] != before["report"]
    assert after["report"]["tiles_placed"]["max"] <= 60 + 12


def test_a_play_test_is_given_up_when_the_mix_changes_under_it():
    tileset = load_tileset(ROOT / "tilesets" / "mattock.yaml")
    asked = []

    def still_current() -> bool:
        asked.append(True)
        return len(asked) < 5  # an edit lands during the fifth game

    assert play_test(tileset, 2, still_current) == {"available": True, "superseded": True}
    assert len(asked) == 5


def test_a_play_test_past_its_time_says_so_and_a_game_without_a_simulator_has_none():
    tileset = load_tileset(ROOT / "tilesets" / "mattock.yaml")
    assert play_test(tileset, 2, lambda: True, seconds=-1.0) == \
        {"available": True, "too_slow": True, "seconds": -1.0}
    homebrew = tileset_from_text("game: homebrew\ntitle: Homebrew\nsize: 1.5in\ntiles:\n"
                                 "  - {name: straight, count: 4, paths: [N-S]}\n")
    assert play_test(homebrew, 2, lambda: True) == {"available": False}


def test_a_mix_changed_during_the_last_game_is_not_answered_as_current():
    tileset = load_tileset(ROOT / "tilesets" / "mattock.yaml")
    asked = []

    def still_current() -> bool:
        asked.append(True)
        return len(asked) <= GAMES  # true before every game, false once they are played

    assert play_test(tileset, 2, still_current) == {"available": True, "superseded": True}


def test_a_mix_the_simulator_cannot_set_up_says_why_and_the_page_gets_an_answer(tmp_path):
    path = copy_tileset(tmp_path, "mattock")
    with running(path) as server:
        assert edit(server, op="set-count", tile="tile", count=2)[0] == 200
        answer = call(server, "GET", "/api/playtest")
    assert answer["available"] and "setup spaces" in answer["unplayable"]


def test_asking_again_for_the_same_mix_gets_the_games_already_played(tmp_path, monkeypatch):
    import pnp.studio.session as studio_session
    from pnp.studio.session import Session

    played = []
    real = studio_session.play_test

    def counted(*args, **kwargs):
        played.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(studio_session, "play_test", counted)
    session = Session(copy_tileset(tmp_path, "mattock"))
    first = session.play_test()
    assert session.play_test() is first and len(played) == 1
    session.choose_players(2)  # the same mix and count: still the same games
    assert session.play_test() is first and len(played) == 1
