"""A simulation report as one page a designer reads at a glance: `pnp simulate --report`.

The page is a single HTML file that needs nothing else: its charts are SVG
written into it, its style is in it, and its Content-Security-Policy lets it
load nothing at all, so it opens from a file, offline, and shows the same
wherever it is sent. The charts are drawn in greys with their numbers
written beside them, so a page printed in black and white reads the same.

Every figure comes from the report ``pnp simulate --json`` prints, and each
chart's marks carry their figures as ``data-`` attributes: the tests hold the
page to the JSON number by number.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

from pnp.rules.comparison import measure_words
from pnp.rules.measures import figure_words, is_length, share_words

# what each measure is called on the page; a game's own measures not named here are
# called by their key, in words
TITLES = {"turns": "How long the games that end last, in turns",
          "tiles_placed": "Tiles placed in a game", "miners_removed": "Miners removed in a game",
          "score": "Each player's final score, in VP (a bar counts players, all games)",
          "winning_score": "The winner's score, in VP",
          "margin": "How far the winner finished ahead of the next player, in VP",
          "depth": "How deep each player's mine reached, in levels (a bar counts players)",
          "tiles_built": "Tiles each player built (a bar counts players)",
          "first_link": "The turn after which tunnels first joined an entrance to a hive",
          "open_ends": "Open ends left for the production stage",
          "chambers_reached": "Gold chambers miners can walk to from the entrance",
          "caverns_laid": "Caverns laid", "tiles_set_aside": "Tiles that fit nowhere, set aside",
          "phantom_arrives": "The tile that brings the Phantom in (of 20; the cavern held "
                             "back for it is the 20th)",
          "phantom_to_entrance": "The Phantom's steps from its cavern to the entrance"}
SHARE_TITLES = {"ended_share": "Games that end", "win_share": "Wins, of the games that end",
                "linked_share": "Games whose tunnels joined an entrance to a hive",
                "phantom_absent_share": "Stages the Phantom never came into"}
# a game's own shares, beside the two every report has: each drawn as one bar, so named
OWN_SHARES = {"linked_share": "linked", "phantom_absent_share": "no Phantom"}

WIDTH = 720.0  # points across a chart
BAR = 22.0  # a share bar's height
FIGURES = 230.0  # room right of a share bar for its figures
LETTER = 7.2  # a letter's width at the charts' 13 px, near enough to leave room for a name
HISTOGRAM_HEIGHT = 180.0
INK, BAR_GREY, OTHER_GREY, TRACK_GREY = "#222222", "#8a8a8a", "#4a4a4a", "#e4e4e4"

STYLE = """
body { font-family: system-ui, sans-serif; color: #222; max-width: 46em; margin: 2em auto;
       padding: 0 1em; line-height: 1.45; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; }
p.verdict { font-size: 1.2em; font-weight: 600; margin-top: 0.4em; }
h2 { font-size: 1.1em; margin: 1.6em 0 0.4em; }
svg { display: block; max-width: 100%; height: auto; }
svg text { font-family: system-ui, sans-serif; font-size: 13px; fill: #222; }
table { border-collapse: collapse; margin-top: 0.6em; }
td, th { padding: 0.15em 0.8em 0.15em 0; text-align: left; }
th { font-weight: 600; }
p.note { color: #555; font-size: 0.9em; }
p.setting { color: #555; margin-top: 0; }
"""


def report_page(report: Mapping[str, Any], title: str,
                compared: Mapping[str, Any] | None = None, setting: str = "") -> str:
    """The page for one simulation ``report`` (as ``pnp simulate --json`` prints it) of
    the game called ``title``, played as ``setting`` says (the mix, its changes, the
    players, the variant); with ``compared`` (another mix's report, the differences and
    their sentence), the two side by side and the differences first."""
    theirs = compared["other_report"] if compared is not None else None
    who = (str(compared["this"]), str(compared["other"])) if compared is not None else None
    played = str(report.get("played", "games"))  # what one run plays: a game, or a stage
    parts = [f"<h1>{_text(title)}: {report['games']} random {_text(played)}</h1>",
             f'<p class="setting">{_text(setting)}</p>' if setting else "",
             f'<p class="verdict">{_text(_sentence(str(report.get("verdict", ""))))}</p>']
    if compared is not None and who is not None:
        parts.append(_differences_section(compared))
        parts.append(_legend(who))
    parts += _share_sections(report, theirs, who)
    parts += _distributions(report, theirs, who)
    if isinstance(report.get("tile_kinds"), Mapping):
        parts.append(_kinds_section(report["tile_kinds"], who[0] if who else ""))
    parts.append(f'<p class="note">Seed {_text(str(report.get("seed", "")))}: the same seed '
                 "plays the same games. Each share shows its 95% interval: where the true "
                 "share lies, given this many games.</p>")
    return ("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
            "style-src 'unsafe-inline'\">\n"
            f"<title>{_text(title)}: simulated games</title>\n<style>{STYLE}</style>\n"
            "</head>\n<body>\n" + "\n".join(parts) + "\n</body>\n</html>\n")


def measure_title(key: str) -> str:
    """What a measure of a report is called wherever it is drawn (this page, the
    studio's play-test): its title, or its key in words."""
    return TITLES.get(key, _words(key))


def _share_sections(report: Mapping[str, Any], theirs: Mapping[str, Any] | None,
                    who: tuple[str, str] | None) -> list[str]:
    """The charts of shares: games that end (or what the report counts instead), each
    side's wins, and the game's own shares; the other mix's under each bar."""
    ended = str(report.get("ended_label", "games end"))  # what "ended" means in this game
    sections = [_share_section("ended_share", _rows(
        [(ended, report.get("ended_share"))],
        [(ended, theirs.get("ended_share"))] if theirs is not None else None, who),
        None if ended == "games end" else _sentence(ended)[:-1])]
    wins = report.get("win_share") or {}
    their_wins = theirs.get("win_share") or {} if theirs is not None else None
    sections.append(_share_section("win_share", _rows(
        sorted(wins.items()), sorted(their_wins.items()) if their_wins is not None else None,
        who)))
    sections += [_share_section(key, _rows(
        [(name, report[key])], [(name, theirs.get(key))] if theirs is not None else None, who))
        for key, name in OWN_SHARES.items() if isinstance(report.get(key), Mapping)]
    return sections


# a share bar's name, its figures, the mix it measures ("" alone), and whether that is the
# second of two compared
Row = tuple[str, Any, str, bool]


def _distributions(report: Mapping[str, Any], theirs: Mapping[str, Any] | None,
                   who: tuple[str, str] | None) -> list[str]:
    """A histogram of each length the report measures, the other mix's under it on the
    same scale: the same values across, the same count up, so the two read at a glance."""
    sections = []
    for key, value in report.items():
        if not is_length(value):
            continue
        other = theirs.get(key) if theirs is not None else None
        if who is None or not isinstance(other, Mapping):
            sections.append(_distribution_section(key, value, "", _scale([value])))
            continue
        scale = _scale([value, other])
        sections.append(_distribution_section(key, value, who[0], scale))
        sections.append(_distribution_section(key, other, who[1], scale))
    return sections


Scale = tuple[int, int, int]  # the lowest value, the highest (exclusive), the most games


def _scale(measures: Sequence[Mapping[str, Any]]) -> Scale:
    """The span of values and the tallest bar over the histograms drawn side by side."""
    bars = [bar for measure in measures for bar in measure.get("histogram") or []]
    if not bars:
        return 0, 1, 1
    return (min(int(bar["from"]) for bar in bars), max(int(bar["to"]) for bar in bars),
            max(int(bar["games"]) for bar in bars) or 1)


def _rows(ours: Sequence[tuple[str, Any]], theirs: Sequence[tuple[str, Any]] | None,
          who: tuple[str, str] | None) -> list[Row]:
    """The bars of one chart: each name's share, and with a comparison the other mix's
    share of the same name under it."""
    if theirs is None or who is None:
        return [(name, share, "", False) for name, share in ours if isinstance(share, Mapping)]
    mine, others = dict(ours), dict(theirs)
    names = [*mine, *(name for name in others if name not in mine)]
    return [row for name in names for row in (
        (name, mine.get(name), who[0], False), (name, others.get(name), who[1], True))
        if isinstance(row[1], Mapping)]


def _differences_section(compared: Mapping[str, Any]) -> str:
    """The comparison's sentence and every difference with its interval, in a table."""
    rows = []
    for entry in compared["differences"]:
        gap = ("too few games" if entry["difference"] is None else
               f"{entry['difference']:+g} ({entry['low']:g} to {entry['high']:g})")
        data = " ".join(f'data-{key.replace("_", "-")}="{_datum(entry[key])}"'
                        for key in ("measure", "name", "this", "other", "difference", "low",
                                    "high", "beyond_chance"))
        rows.append(f'<tr class="difference" {data}><td>{_text(measure_words(entry))}</td>'
                    f'<td>{_text(figure_words(entry["this"]))}</td>'
                    f'<td>{_text(figure_words(entry["other"]))}</td><td>{_text(gap)}</td>'
                    f'<td>{"yes" if entry["beyond_chance"] else "no"}</td></tr>')
    head = (f'<tr><th>measure</th><th>{_text(str(compared["this"]))}</th>'
            f'<th>{_text(str(compared["other"]))}</th><th>difference (95%)</th>'
            "<th>beyond chance</th></tr>")
    return (f"<h2>Compared with {_text(str(compared['other']))}</h2>\n"
            f'<p class="verdict">{_text(_sentence(str(compared["summary"])))}</p>\n'
            f'<table class="differences">{head}{"".join(rows)}</table>')


def _share_section(key: str, rows: Sequence[Row], title: str | None = None) -> str:
    """Horizontal bars from 0 to 100%, one per share, each with its interval as a
    whisker and its figures written at the right; the names get the room they need
    (up to half the chart). ``title`` names the chart where the report's own words
    for it replace the usual ones."""
    if not rows:
        return ""
    label = min(WIDTH / 2, max(120.0, max(LETTER * len(_label(row)) + 12 for row in rows)))
    span = WIDTH - label - FIGURES
    height = BAR * 1.8 * len(rows) + 24.0
    marks = [_share_bar(row, 8.0 + index * BAR * 1.8, (label, span))
             for index, row in enumerate(rows)]
    scale = "".join(
        f'<text x="{label + span * tick / 100:.1f}" y="{height - 4:.1f}" '
        f'text-anchor="middle">{tick}%</text>' for tick in (0, 50, 100))
    return (f"<h2>{_text(title or SHARE_TITLES.get(key, _words(key)))}</h2>\n"
            f'<svg class="shares" data-measure="{_attribute(key)}" viewBox="0 0 {WIDTH:g} '
            f'{height:.1f}" width="{WIDTH:g}" height="{height:.1f}" role="img">'
            + "".join(marks) + scale + "</svg>")


def _label(row: Row) -> str:
    """A bar's name: the side's or the measure's (the legend says which mix is which)."""
    return row[0]


def _legend(who: tuple[str, str]) -> str:
    """Which bars are which mix's, in the two greys they are drawn in."""
    swatch = ('<svg width="14" height="12" style="display:inline;vertical-align:middle">'
              '<rect width="14" height="12" fill="{}"/></svg>')
    return (f'<p class="legend">{swatch.format(BAR_GREY)} {_text(who[0])} &#160; '
            f'{swatch.format(OTHER_GREY)} {_text(who[1])}</p>')


def _share_bar(row: Row, y: float, room: tuple[float, float]) -> str:
    """One share's bar, whisker and figures; with two mixes compared, the bar names its
    mix, and the second mix's bars are the darker. ``room`` is the names' width and the
    bars' length at 100%."""
    name, share, who, second = row
    start, span = room
    label = _label(row)
    value, low, high = (share.get(part) for part in ("share", "low", "high"))
    data = " ".join(f'data-{part}="{_datum(share.get(part))}"'
                    for part in ("share", "low", "high", "games") if part in share)
    mark = (f'<g class="share" data-name="{_attribute(name)}" data-mix="{_attribute(who)}" '
            f'{data}><text x="{start - 8:.1f}" y="{y + BAR * 0.7:.1f}" text-anchor="end">'
            f"{_text(label)}</text>"
            f'<rect class="track" x="{start:.1f}" y="{y:.1f}" width="{span:.1f}" '
            f'height="{BAR:.1f}" fill="{TRACK_GREY}"/>')
    if value is None or low is None or high is None:
        return mark + f'<text x="{start + 6:.1f}" y="{y + BAR * 0.7:.1f}">no games</text></g>'
    mark += (f'<rect class="value" x="{start:.1f}" y="{y:.1f}" '
             f'width="{span * float(value) / 100:.1f}" height="{BAR:.1f}" '
             f'fill="{OTHER_GREY if second else BAR_GREY}"/>')
    left, right = (start + span * float(low) / 100, start + span * float(high) / 100)
    middle = y + BAR / 2
    mark += (f'<path class="interval" d="M{left:.1f} {middle:.1f}H{right:.1f}'
             f'M{left:.1f} {y + 4:.1f}V{y + BAR - 4:.1f}M{right:.1f} {y + 4:.1f}'
             f'V{y + BAR - 4:.1f}" stroke="{INK}" stroke-width="2" fill="none"/>')
    games = (f", {share['games']} game{'' if share['games'] == 1 else 's'}"
             if "games" in share else "")
    words = f"{share_words(share)}{games}"
    return mark + (f'<text x="{start + span + 8:.1f}" y="{y + BAR * 0.7:.1f}">'
                   f"{_text(words)}</text></g>")


def _distribution_section(key: str, measure: Mapping[str, Any], who: str,
                          scale: Scale) -> str:
    """A histogram of one measure on ``scale``, with its middle figures in a table;
    ``who`` names the mix when two are compared."""
    bars: list[Mapping[str, Any]] = list(measure.get("histogram") or [])
    title = f"<h2>{_text(measure_title(key))}{_text(f', {who}' if who else '')}</h2>\n"
    if not bars:
        return title + "<p>No game to measure.</p>"
    low, high, tallest = scale
    room = HISTOGRAM_HEIGHT - 40.0
    across = (WIDTH - 40.0) / (high - low)  # points for each unit of the measure
    marks = []
    for bar in bars:
        x = 20.0 + (int(bar["from"]) - low) * across
        step = (int(bar["to"]) - int(bar["from"])) * across
        tall = room * int(bar["games"]) / tallest
        top = 16.0 + room - tall
        marks.append(
            f'<g class="bar" data-from="{_attribute(str(bar["from"]))}" '
            f'data-to="{_attribute(str(bar["to"]))}" data-games="{_attribute(str(bar["games"]))}">'
            f'<rect x="{x + 2:.1f}" y="{top:.1f}" width="{step - 4:.1f}" height="{tall:.1f}" '
            f'fill="{BAR_GREY}" stroke="{INK}" stroke-width="0.8"/>'
            f'<text x="{x + step / 2:.1f}" y="{top - 3:.1f}" text-anchor="middle">'
            f'{bar["games"]}</text>'
            f'<text x="{x + step / 2:.1f}" y="{16.0 + room + 16:.1f}" text-anchor="middle">'
            f'{_span(int(bar["from"]), int(bar["to"]) - 1)}</text></g>')
    chart = (f'<svg class="histogram" data-measure="{_attribute(key)}" '
             f'data-mix="{_attribute(who)}" viewBox="0 0 {WIDTH:g} '
             f'{HISTOGRAM_HEIGHT:g}" width="{WIDTH:g}" height="{HISTOGRAM_HEIGHT:g}" '
             f'role="img"><line x1="20" y1="{16.0 + room:.1f}" x2="{WIDTH - 20:g}" '
             f'y2="{16.0 + room:.1f}" stroke="{INK}"/>' + "".join(marks) + "</svg>")
    return title + chart + _figures(measure)


def _kinds_section(kinds: Mapping[str, Any], who: str) -> str:
    """Each tile kind: its copies in the mix, how many of it a game lays (in all and per
    copy), how many a game leaves stuck where the game can, and in how many games none
    is laid."""
    stuck = any("stuck_per_game" in kind for kind in kinds.values())
    rows = "".join(
        f'<tr class="kind" data-kind="{_attribute(str(name))}" '
        f'data-copies="{_datum(kind.get("copies"))}" '
        f'data-laid="{_datum(kind.get("laid_per_game"))}" '
        f'data-per-copy="{_datum(kind.get("laid_per_copy"))}" '
        f'data-never="{_datum((kind.get("never_laid") or {}).get("share"))}">'
        f"<td>{_text(str(name))}</td><td>{_text(figure_words(kind.get('copies')))}</td>"
        f"<td>{_text(figure_words(kind.get('laid_per_game')))}</td>"
        f"<td>{_text(figure_words(kind.get('laid_per_copy')))}</td>"
        + (f'<td data-stuck="{_datum(kind.get("stuck_per_game"))}">'
           f"{_text(figure_words(kind.get('stuck_per_game')))}</td>" if stuck else "")
        + f"<td>{_text(share_words(kind.get('never_laid') or {}))}</td></tr>"
        for name, kind in kinds.items())
    return (f"<h2>Tiles laid, by kind{_text(f', {who}' if who else '')}</h2>\n"
            '<table class="kinds"><tr><th>kind</th><th>copies</th>'
            "<th>laid in a game, on average</th><th>per copy</th>"
            + ("<th>stuck in a game</th>" if stuck else "")
            + f"<th>games where none is laid</th></tr>{rows}</table>")


def _figures(measure: Mapping[str, Any]) -> str:
    """The measure's middle and spread in a table: its median, mean, quartiles, and the
    tenth and ninetieth percentiles, with its extremes. The words fit every measure (a
    game's turns, a player's score), so they name no unit."""
    cuts = measure.get("percentiles") or {}
    rows = [("median", measure.get("median")), ("mean", measure.get("mean")),
            ("middle half", f"{cuts.get('25')} to {cuts.get('75')}" if cuts else None),
            ("four in five", f"{cuts.get('10')} to {cuts.get('90')}" if cuts else None),
            ("lowest and highest", f"{measure.get('min')} and {measure.get('max')}")]
    cells = "".join(f"<tr><th>{_text(name)}</th><td>{_text(str(value))}</td></tr>"
                    for name, value in rows if value is not None)
    return f'<table class="figures">{cells}</table>'


def _datum(figure: object) -> str:
    """A figure as a data- attribute holds it: as JSON writes it (null, true, 58.3)."""
    if figure is None or isinstance(figure, bool):
        return {None: "null", True: "true", False: "false"}[figure]
    return _attribute(str(figure))


def _span(first: int, last: int) -> str:
    return str(first) if first == last else f"{first}-{last}"


def _sentence(words: str) -> str:
    return (words[:1].upper() + words[1:] + ".") if words else ""


def _words(key: str) -> str:
    return key.replace("_", " ").capitalize()


def _text(value: str) -> str:
    return html.escape(value, quote=False)


def _attribute(value: str) -> str:
    return html.escape(value, quote=True)
