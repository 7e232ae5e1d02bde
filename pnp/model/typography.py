"""Quotation marks and apostrophes as a printer sets them.

The rulebooks' Markdown gets curly quotes from its typographer; text that
reaches a page another way (a diagram's caption, a card's rules, an aid's
rows, the board's assembly guide) was set with the typewriter's straight
marks, beside curly ones in the same book. This is the same change for them:
a pure function of the text, so it sits with the model, below every layer that
prints.
"""

from __future__ import annotations

import re

_APOSTROPHE = re.compile(r"(?<=\w)'|'(?=s\b)")  # don't, players', the '90s
_OPENING_SINGLE = re.compile(r"(?<![\w\u2019])'(?=\w)")  # a quotation's opening mark
_OPENING_DOUBLE = re.compile(r'(?:(?<=^)|(?<=[\s(\[\u2014\u2013/]))"')


def curly_quotes(text: str) -> str:
    """``text`` with its straight quotes and apostrophes turned as a printer turns them:
    an apostrophe and a closing single quote become \u2019, an opening one \u2018;
    a double quote opens (\u201c) at the start of a word and closes (\u201d) elsewhere."""
    if "'" not in text and '"' not in text:
        return text
    text = _APOSTROPHE.sub("\u2019", text)
    text = _OPENING_SINGLE.sub("\u2018", text)
    text = text.replace("'", "\u2019")
    text = _OPENING_DOUBLE.sub("\u201c", text)
    return text.replace('"', "\u201d")


# articles and short prepositions: they lead the word after them, and a line ending on
# one reads as broken by mistake
ARTICLES_AND_PREPOSITIONS = frozenset({"a", "an", "the", "no", "to", "of", "by", "in", "on",
                                       "at"})
# short words a line should not end on when what they lead is carried to the next line:
# those, and the determiners a caption's last words may hang on
LEADING_WORDS = ARTICLES_AND_PREPOSITIONS | {"its", "your", "their", "his", "her", "any",
                                             "each", "every"}


def last_words_together(text: str) -> str:
    """``text`` with its last two words joined by a no-break space, so a centred caption
    never ends on a line of one word ("sides.", "be fine." alone under a block of four
    lines read as a slip); a text of under four words is left as it is.

    A short word that leads them ("the", "a", "no", "by") is joined to them too: carried
    down alone, the pair had left it ending the line above ("the / victim chooses.",
    "no / miner action."), which reads as a break made by hand."""
    words = text.rstrip().split(" ")
    if len(text.split()) < 4 or len(words) < 2:
        return text
    bound = 2
    if len(words) >= 5 and words[-3].lower() in LEADING_WORDS:
        bound = 3
    return " ".join(words[:-bound]) + " " + "\u00a0".join(words[-bound:])
