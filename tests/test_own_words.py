"""The project speaks in its own words: no nine-word run is taken from a source rulebook.

The source rulebooks (the "seeds") are kept beside the checkout, in
``<parent of the checkout>/shared/seeds``, or wherever ``PNP_SEEDS`` points.
Every text file of the project is cut into overlapping runs of nine words
(shingles) and compared with the same runs of every seed. Words are runs of
letters, digits and apostrophes, lower-cased, so Markdown, YAML and Python
punctuation, line breaks and capitals make no difference. A shared run is
reported with its file, its line and the phrase, to be rewritten, not quoted.

When no seeds are found (a fresh clone with nothing beside it) the test is
skipped and says where it looked.
"""

from __future__ import annotations

import html
import os
import re
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pytest
from support import ROOT, SHIPPED_GAMES

RUN = 9
WORD = re.compile(r"[a-z0-9']+")
TAG = re.compile(r"<[^>]{1,80}>")
# Which files are the project's text: everything a reader or a user sees.
# Only the shipped tilesets: a user's own files in tilesets/ are not the project's text.
PATTERNS = ("README.md", "docs/**/*", "templates/**/*", "pnp/**/*.py", "tests/**/*.py",
            "scripts/**/*.py", "bench/**/*.py",
            *(f"tilesets/{game}.yaml" for game in SHIPPED_GAMES))
TEXT_SUFFIXES = {"", ".md", ".yaml", ".yml", ".py", ".txt", ".json", ".csv"}


def seed_folder() -> tuple[Path | None, list[Path]]:
    """The folder of source rulebooks, or None, with every place that was tried."""
    tried = []
    override = os.environ.get("PNP_SEEDS")
    if override:
        tried.append(Path(override))
    tried.append(ROOT.parent / "shared" / "seeds")
    for folder in tried:
        if folder.is_dir() and any(folder.glob("*.txt")):
            return folder, tried
    return None, tried


def words(text: str) -> Iterator[tuple[str, int]]:
    """Each word of ``text``, normalised, with the (1-based) line it starts on."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").lower()
    line, seen = 1, 0
    for match in WORD.finditer(text):
        word = match.group().strip("'")
        if not word:
            continue
        line += text.count("\n", seen, match.start())
        seen = match.start()
        yield word, line


def seed_text(path: Path) -> str:
    """A seed's text with HTML tags and entities (left over from extraction) removed."""
    raw = path.read_text(encoding="utf-8", errors="replace")
    return html.unescape(TAG.sub(" ", raw))


def shingles(text: str) -> Iterator[tuple[tuple[str, ...], int]]:
    """Every run of RUN consecutive words, with the line its first word is on."""
    found = list(words(text))
    for start in range(len(found) - RUN + 1):
        yield tuple(word for word, _ in found[start:start + RUN]), found[start][1]


def project_files() -> list[Path]:
    """The project's text files, each once (the package data links are followed once)."""
    seen: dict[Path, Path] = {}
    for pattern in PATTERNS:
        for path in sorted(ROOT.glob(pattern)):
            if not path.is_file() or path.suffix not in TEXT_SUFFIXES:
                continue
            if any(part.startswith(".") or part == "__pycache__" for part in path.parts):
                continue
            seen.setdefault(path.resolve(), path)
    return sorted(seen.values())


def shared_runs(text: str, seeds: dict[tuple[str, ...], str]) -> list[tuple[int, str, str]]:
    """(line, phrase, seed file) for each stretch of ``text`` copied from a seed.

    Overlapping runs are joined, so a copied sentence is reported once, whole,
    at the line where it starts.
    """
    found = list(words(text))
    stretches: list[tuple[int, int, str]] = []  # first word, last word, seed
    for start in range(len(found) - RUN + 1):
        source = seeds.get(tuple(word for word, _ in found[start:start + RUN]))
        if source is None:
            continue
        if stretches and start <= stretches[-1][1] and stretches[-1][2] == source:
            stretches[-1] = (stretches[-1][0], start + RUN - 1, source)
        else:
            stretches.append((start, start + RUN - 1, source))
    return [(found[first][1], " ".join(word for word, _ in found[first:last + 1]), source)
            for first, last, source in stretches]


@pytest.fixture(scope="module")
def seed_runs() -> dict[tuple[str, ...], str]:
    folder, tried = seed_folder()
    if folder is None:
        pytest.skip("source rulebooks not found (looked in "
                    + ", ".join(str(path) for path in tried)
                    + "); set PNP_SEEDS to their folder to run this check")
    runs: dict[tuple[str, ...], str] = {}
    for path in sorted(folder.glob("*.txt")):
        for run, _ in shingles(seed_text(path)):
            runs.setdefault(run, path.name)
    assert runs, f"no text in the seeds at {folder}"
    return runs


def test_the_check_finds_a_copied_run(seed_runs: dict[tuple[str, ...], str]) -> None:
    """A phrase lifted from a seed is caught across line breaks, capitals and Markdown."""
    phrase = next(iter(seed_runs))
    disguised = "Our text.\n\n> **" + " ".join(phrase).upper().replace(" ", "\n  ", 4) + "**\n"
    hits = shared_runs(disguised, seed_runs)
    assert [line for line, _, _ in hits] == [3]
    assert hits[0][1] == " ".join(phrase)
    assert shared_runs("Entirely our own sentence, and nothing more.", seed_runs) == []


def test_every_project_file_is_in_our_own_words(seed_runs: dict[tuple[str, ...], str]) -> None:
    files = project_files()
    assert any(path.name == "rulebook.md" for path in files), "the templates were not found"
    problems = []
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        for line, phrase, source in shared_runs(text, seed_runs):
            problems.append(f"{path.relative_to(ROOT)}:{line}: \"{phrase}\" (as in {source})")
    if problems:
        pytest.fail(f"{len(problems)} passage(s) share {RUN} or more words in a row with the "
                    "source rulebooks; rewrite them in our own words:\n" + "\n".join(problems),
                    pytrace=False)


# --- our readings are marked, and listed -------------------------------------

READING_NOTE = re.compile(r"^> \*\*Our reading\.\*\*", re.MULTILINE)


READINGS_CHAPTER = re.compile(r"^# Our readings\n.*?^```pnp readings\n```",
                              re.MULTILINE | re.DOTALL)


@pytest.mark.parametrize("template", sorted((ROOT / "templates").glob("*/rulebook.md")),
                         ids=lambda path: path.parent.name)
def test_every_book_marks_its_readings_and_gathers_them_at_the_back(template: Path) -> None:
    """Each book marks its readings with notes, and has a chapter '# Our readings' that
    gathers them (the readings directive), after every note: the notes leave the teaching
    for the back of the book."""
    text = template.read_text(encoding="utf-8")
    notes = [match.start() for match in READING_NOTE.finditer(text)]
    chapter = READINGS_CHAPTER.search(text)
    assert notes, f"{template.parent.name}: no '> **Our reading.**' note"
    assert chapter is not None, f"{template.parent.name}: no '# Our readings' chapter " \
                                "holding a readings directive"
    assert max(notes) < chapter.start(), f"{template.parent.name}: a note after the chapter"


def quotes_side_by_side(text: str) -> list[str]:
    """The opening words of each quote that follows another quote with nothing between.

    The typesetter draws such quotes as one box, so a reading note would run into
    the note before it.
    """
    blocks = text.split("\n\n")
    return [after[:60] for before, after in pairwise(blocks)
            if before.lstrip().startswith(">") and after.lstrip().startswith(">")]


@pytest.mark.parametrize("template", sorted((ROOT / "templates").glob("*/rulebook.md")),
                         ids=lambda path: path.parent.name)
def test_each_note_stands_in_its_own_box(template: Path) -> None:
    text = template.read_text(encoding="utf-8")
    assert quotes_side_by_side(text) == [], \
        f"{template.parent.name}: put text between these quotes or they print as one box"


def test_reading_notes_and_their_chapter_are_found() -> None:
    """The check itself: a note in a quote is found, and the chapter with its directive."""
    book = ("# Rules\n\n> **Our reading.** We chose A.\n> *Other reading:* B.\n\n"
            "> A tip, not a reading.\n\n# Our readings\n\nWhy.\n\n```pnp readings\n```\n")
    assert len(READING_NOTE.findall(book)) == 1
    assert READINGS_CHAPTER.search(book) is not None
    assert READINGS_CHAPTER.search("# Our readings\n\n- **A**\n") is None
    assert quotes_side_by_side("> one\n\n> two\n\ntext\n\n> three\n") == ["> two"]
