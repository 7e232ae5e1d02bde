"""Straight quotes turned as a printer turns them, for text set outside the Markdown."""

from __future__ import annotations

import pytest

from pnp.model.typography import curly_quotes


@pytest.mark.parametrize(("written", "printed"), [
    ("one player's mine", "one player\u2019s mine"),
    ("the players' tiles", "the players\u2019 tiles"),
    ("don't", "don\u2019t"),
    ('He said "go" now.', "He said \u201cgo\u201d now."),
    ('"Start" here', "\u201cStart\u201d here"),
    ("a 'quoted' word", "a \u2018quoted\u2019 word"),
    ("no quotes at all", "no quotes at all"),
])
def test_quotes_and_apostrophes_turn_as_in_print(written, printed):
    assert curly_quotes(written) == printed


@pytest.mark.slow  # reads the text of every book, card sheet and aid: about 6 s
def test_no_pdf_of_a_shipped_game_prints_a_straight_apostrophe(shipped_build):
    """Dynamine's captions ("one player's mine entrance"), its cards ("your rival's") and
    aids ("round token's") printed typewriter marks beside the book's curly ones."""
    from support import pdf_page_texts  # read once per process, shared with other tests

    # the books, cards and aids: the sheets of tiles and tokens print names, not prose
    paths = sorted(path for path in shipped_build.glob("*/*-letter.pdf")
                   if not path.parent.name.startswith(".")  # a build's versioned folders
                   and not any(kind in path.name for kind in ("tiles", "tokens", "board",
                                                              "extras")))
    assert len(paths) == 9
    for path in paths:
        for number, text in enumerate(pdf_page_texts(path), start=1):
            assert "'" not in text and '"' not in text, (path.name, number)


@pytest.mark.parametrize(("written", "printed"), [
    # the pair is bound; a short word that leads it goes down with it, so no line above
    # ends on "the", "no" or "by" ("the / victim chooses." had read as a break by hand)
    ("The attacker names and the victim chooses.",
     "The attacker names and the\u00a0victim\u00a0chooses."),
    ("The white die shows no miner action.", "The white die shows no\u00a0miner\u00a0action."),
    ("It is turned by the opponent", "It is turned by\u00a0the\u00a0opponent"),
    ("Pass your own miners, never an enemy's.", "Pass your own miners, never an\u00a0enemy's."),
    ("Tied? Neither player scores.", "Tied? Neither player\u00a0scores."),  # four words
    ("A short one", "A short one"),
])
def test_a_texts_last_words_and_the_short_word_leading_them_stay_together(written, printed):
    from pnp.model.typography import last_words_together

    assert last_words_together(written) == printed
