"""Pictures set their text in the bundled faces, as the PDFs do (PNG and TTS exports).

cairo finds fonts through fontconfig; without our configuration a picture's
Lato text was drawn in whatever sans-serif the machine had (DejaVu here),
wider than the width the layout measured, so a card's rules ran to its edges
and the bytes of a PNG depended on the machine. The text is drawn in a fresh
process (fontconfig reads its configuration once), and its inked width is
held to the width the bundled face's own metrics give.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from pnp.input.faces import string_width

TEXT = "Light two squares of your tunnel"
SIZE = 20.0
SCALE = 4  # pixels a point

PROGRAM = f"""
import json
from pnp.draw.scene import Drawing, Text
from pnp.export.raster import render
role = __import__("sys").argv[1]
drawing = Drawing(500.0, 40.0, 0.0, (Text(10.0, 30.0, {TEXT!r}, {SIZE}, role, "start",
                                          "#000000"),))
image = render(drawing, (500 * {SCALE}, 40 * {SCALE})).getchannel("A")  # the ink
dark = [x for x in range(image.width) for y in range(0, image.height, 2)
        if image.getpixel((x, y)) > 128]
print(json.dumps([min(dark), max(dark)]))
"""


@pytest.mark.parametrize("role", ["regular", "bold", "display"])
def test_a_pictures_text_is_as_wide_as_its_bundled_face_measures_it(role):
    done = subprocess.run([sys.executable, "-c", PROGRAM, role], capture_output=True,
                          text=True, check=True, env={"PATH": "/usr/bin:/bin"})
    left, right = json.loads(done.stdout)
    inked = (right - left + 1) / SCALE
    measured = string_width(TEXT, role, SIZE)
    assert inked == pytest.approx(measured, rel=0.02), (role, inked, measured)  # was 12% off
