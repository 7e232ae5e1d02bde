"""Starter files for ``pnp new``: a tileset or mix that plays as written and explains itself.

A newcomer learns the format from the file in front of them, so every starter
opens with a guide to each top-level field. The guide is written from the
same schema that reads the file (as the tables in ``docs/`` are), so it can
never describe a field the reader does not accept, or miss one it does.
The body below the guide is a small working example with a comment on each
line that a designer is likely to change.
"""

from __future__ import annotations

import re
import textwrap

from pnp.input.mix import MIX
from pnp.input.schema import Record
from pnp.input.schema_docs import default_text
from pnp.input.tileset import TILESET
from pnp.model.tileset import Tileset

WIDTH = 88  # the project's line length, so the file reads well in any editor
LINK = re.compile(r"\[([^\]]+)\]\(([^)]+)\)")


def field_guide(record: Record) -> list[str]:
    """One comment paragraph per field: its name, whether it is needed, what it holds."""
    lines = []
    for field in record.fields:
        value = field.kind.doc() + (f"; {field.help}" if field.help else "")
        need = "required" if field.required else "optional"
        default = default_text(field)
        text = f"{field.name} ({need}): {value}." + (f" Left out: {default}." if default else "")
        text = LINK.sub(lambda match: f"docs/{match[2]}", text).replace(" (below)", "")
        text = text.replace("`", "'")
        lines += textwrap.wrap(text, WIDTH - 2, initial_indent="#  ",
                               subsequent_indent="#      ", break_on_hyphens=False)
    return lines


def title_of(name: str) -> str:
    """A readable title from a kebab-case name: ``deep-dig`` becomes ``Deep Dig``."""
    return " ".join(word.capitalize() for word in name.split("-"))


CARD_LIST_SECTION = """
# Cards kept in a spreadsheet: each row of {name}-cards.csv is one card, with the
# columns name, count, title, text and icon. Open it in any spreadsheet, add rows,
# and save it as CSV (UTF-8); docs/tileset-format.md says more.
card-lists:
  - {{rows: {name}-cards.csv, kind: card, size: 63mm x 88mm}}
"""

CARD_LIST_ROWS = (
    "name,count,title,text,icon\r\n"
    'lantern,2,Lantern,"Look at the top tile of the pile, then put it back.",torch\r\n'
    'blasting-powder,1,Blasting Powder,"Take away one tunnel tile next to your crew, '
    'then discard this card.",barrel\r\n'
    'old-map,1,Old Map,"Lay two tiles this turn instead of one.",plan\r\n'
)


def new_card_list(name: str) -> tuple[str, str]:
    """The card list ``pnp new NAME --cards`` starts: its file name and its rows (CSV with
    the line ends spreadsheets write, so one opens it as it saved it)."""
    return f"{name}-cards.csv", CARD_LIST_ROWS


def new_tileset(name: str, cards: bool = False) -> str:
    """A small original square-tile game called ``name``, with the format explained (and
    with ``cards``, a card list read from the spreadsheet file :func:`new_card_list`)."""
    head = [
        f"# {name}.yaml: a tileset of your own, started by `pnp new {name}`.",
        "#",
        "# Lines starting with '#' are comments: pnp skips them, so keep, change or",
        "# delete them as you like. After each change, see what it did:",
        f"#     pnp validate {name}.yaml    checks the tiles and their counts",
        f"#     pnp build {name}.yaml       prints sheets into output/{name}/",
        f"#     pnp watch {name}.yaml       does both again each time you save",
        "# pnp knows no rules for a game it has not met, so validate warns that it",
        "# ran only the general checks: tunnel tiles with no opening, two designs",
        "# that are one tile turned round, and how many sheets the tiles fill.",
        "# Every field, with examples, is described in docs/tileset-format.md.",
        "#",
        "# The top-level fields (those flush with the left margin):",
        *field_guide(TILESET),
        "",
    ]
    body = TILESET_BODY.format(name=name, title=title_of(name))
    return "\n".join(head) + body + (CARD_LIST_SECTION.format(name=name) if cards else "")


TILESET_BODY = """
format: 1
# the game's id names its output folder and every file in it; the title is
# printed on each page and on the backs
game: {name}
title: {title}
notes: >
  Two rival crews dig from their camps towards the mother lode in the middle of
  the table. Take turns to draw a tile and lay it so that its tunnels meet the
  tunnels beside it; the first crew whose tunnels reach the lode wins.
shape: square            # square | hex-flat | hex-pointy
size: 1.5in              # the side of a tile: 1.5in, 38mm and 108pt all work
rotatable: true          # tiles may be turned as they are laid
players: [2, 3]          # the player counts the game is meant for
# 60 tiles fill two sheets of 30 on Letter and on A4, wasting no card

backs:                   # one design printed behind every tile
  - name: camp-back
    title: {title}
    subtitle: tiles
    motif: pickaxes      # any icon name from docs/tileset-format.md

palette:                 # optional colours, each a quoted "#rrggbb"
  rock: "#8a7a68"
  floor: "#efe6d2"

variants:                # other mixes of the same tiles, built with --variant NAME
  - name: long-dig
    description: More straight tunnels and fewer forks, for a longer race.
    counts: {{straight: 20, fork: 8}}

tiles:
  # Bases: laid at the start, one camp in each corner and the lode between them.
  - name: camp
    count: 2
    role: base           # tunnel | base | event | special
    paths: [{{ports: N-E-S-W, junction: true}}]   # a round chamber with four exits
    features:
      - {{icon: headframe}}
      - {{label: CAMP}}  # a label sits at the bottom unless 'at' says otherwise
  - name: mother-lode
    count: 1
    role: base
    paths: [{{ports: N-E-S-W, junction: true}}]
    features:
      - {{icon: vein}}
      - {{label: MOTHER LODE}}

  # Tunnels: the edges each one opens are N, E, S and W, clockwise from the top.
  - name: straight
    count: 12
    paths: [N-S]
  - name: bend
    count: 16
    paths: [N-E]         # a curve from the top edge to the right edge
  - name: fork
    count: 10
    paths: [E-S-W]
  - name: crossroads
    count: 5
    paths: [N-E-S-W]
  - name: twin-bends
    count: 4
    paths: [N-E, S-W]    # two tunnels on one tile, walled apart
  - name: dead-end
    count: 4
    paths: [S]

  # Events: no tunnels, just a picture and a name; the rules say what they do.
  - name: cave-in
    count: 4
    role: event
    features:
      - {{icon: rubble}}
      - {{label: CAVE-IN}}
  - name: lucky-strike
    count: 2
    role: event
    features:
      - {{icon: nugget}}
      - {{label: LUCKY STRIKE}}
"""


def new_mix(name: str, base: Tileset) -> str:
    """A mix of the shipped game ``base`` that changes nothing yet, with the format explained."""
    game = base.game
    edges = base.shape.edges
    head = [
        f"# {name}.yaml: a mix of {base.title}, started by `pnp new {name} --from {game}`.",
        "#",
        f"# A mix keeps everything of {game} (art, backs, cards, rules) and changes only",
        "# the tile counts, and may add tile kinds of your own. Lines starting with '#'",
        "# are comments: pnp skips them. After each change, see what it did:",
        f"#     pnp validate {name}.yaml    checks the mix against {base.title}'s rules",
        f"#     pnp build {name}.yaml       prints sheets into output/{game}-{name}/",
        f"#     pnp watch {name}.yaml       does both again each time you save",
        "# The format is described in docs/mix-format.md.",
        "#",
        "# The top-level fields:",
        *field_guide(MIX),
        "",
        "format: 1",
        f"base: {game}",
        f"name: {name}    # the output folder is output/{game}-{name}/",
        "",
        f"# Every tile of {game} at its shipped count. Change a number to print more or",
        "# fewer copies; 0 leaves the tile out. Tiles you do not name keep their count,",
        "# so you may also delete the lines you leave alone.",
        "counts:",
        *(f"  {tile.name}: {tile.count}{' ' * max(1, 28 - len(tile.name))}# {tile.role}"
          for tile in base.tiles),
        "",
        "# New tile kinds are written exactly as in a tileset (docs/tileset-format.md)",
        "# and need names of their own. Remove the '# ' in front of these lines to",
        f"# add one; the edges of a {base.shape.name} tile are {' '.join(edges)}.",
        "# tiles:",
        f"#   - name: {name}-twin",
        "#     count: 4",
        f"#     paths: [{edges[0]}-{edges[1]}, {edges[2]}-{edges[3]}]"
        "   # two tunnels, walled apart",
    ]
    return "\n".join(head) + "\n"
