"""The press a print shop prints on, and our colours converted for it.

A print-shop PDF declares one printing condition (its output intent) and
carries its colours in that press's inks. The condition is FOGRA39, coated
paper on a sheet-fed offset press, which is what shops that ask for PDF/X
expect; the profile describing it ships with pnp (``pnp/data/icc``, CC0).

Colours go through the profile (sRGB to FOGRA39, relative colorimetric with
black-point compensation), as a shop's own prepress would, so a red prints
as the red on screen rather than as the plain formula's guess. Greys are the
exception, and so are near-neutrals (channels within 12 of each other, as the
warm near-black that sets text and outlines is): they print in black ink
alone, so text and fine lines never depend on four plates lining up.
"""

from __future__ import annotations

import functools
import io
from importlib.resources import files

from PIL import Image, ImageCms

# channels this close (of 255) make a neutral: our warm near-black #1f1a16 sets text and
# outlines, and four inks under small type would depend on the plates lining up
NEUTRAL = 12


@functools.cache
def profile_bytes() -> bytes:
    """The FOGRA39 output profile, as embedded in every print-shop PDF (read once)."""
    return (files("pnp") / "data" / "icc" / "FOGRA39L-coated.icc").read_bytes()


def within_ink(inks: tuple[float, float, float, float],
               limit: float) -> tuple[float, float, float, float]:
    """``inks`` (C, M, Y, K from 0 to 1) within ``limit`` total ink, the way prepress
    does it: the grey the three colours share is moved to black first (under-colour
    removal, which keeps the colour), and only what is still over is taken from the
    three colours in proportion."""
    cyan, magenta, yellow, black = inks
    over = cyan + magenta + yellow + black - limit
    if over <= 1e-9:
        return inks
    moved = min(min(cyan, magenta, yellow), over / 2, 1.0 - black)
    cyan, magenta, yellow, black = (cyan - moved, magenta - moved, yellow - moved,
                                    black + moved)
    colour = cyan + magenta + yellow
    over = colour + black - limit
    if over > 1e-9 and colour > 0:
        keep = max(0.0, (colour - over) / colour)
        cyan, magenta, yellow = cyan * keep, magenta * keep, yellow * keep
    return (round(cyan, 4), round(magenta, 4), round(yellow, 4), round(black, 4))


class Press:
    """Converts sRGB colours and pictures to the press's CMYK, each colour once, within
    the shop's total ink; a standard without transparency gets pictures flattened onto
    the paper.

    One is made per PDF; it holds littlecms's transform and the colours it has
    already converted, so nothing is shared between builds.
    """

    def __init__(self, ink_limit: float = 4.0, transparency: bool = True) -> None:
        self.ink_limit, self.transparency = ink_limit, transparency
        output = ImageCms.ImageCmsProfile(io.BytesIO(profile_bytes()))
        self._transform = ImageCms.buildTransform(
            ImageCms.createProfile("sRGB"), output, "RGB", "CMYK",
            renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
            flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
        self._made: dict[tuple[int, int, int], tuple[float, float, float, float]] = {}

    def cmyk(self, red: int, green: int, blue: int) -> tuple[float, float, float, float]:
        """Cyan, magenta, yellow and black (0 to 1) for an sRGB colour (0 to 255)."""
        key = (red, green, blue)
        if key not in self._made:
            if max(key) - min(key) <= NEUTRAL:  # a grey, or a near-black: black ink only
                lightness = 0.299 * red + 0.587 * green + 0.114 * blue
                self._made[key] = (0.0, 0.0, 0.0, round(1.0 - lightness / 255.0, 4))
            else:
                pixel = ImageCms.applyTransform(Image.new("RGB", (1, 1), key), self._transform)
                inks = pixel.getpixel((0, 0)) if pixel is not None else (0, 0, 0, 0)
                assert isinstance(inks, tuple)
                made = tuple(round(ink / 255.0, 4) for ink in inks)
                self._made[key] = within_ink(made, self.ink_limit)  # type: ignore[arg-type]  # 4 inks: CMYK
        return self._made[key]

    def picture(self, image: Image.Image) -> tuple[Image.Image, Image.Image | None]:
        """A picture in the press's CMYK, and its transparency (None when opaque)."""
        # an alpha channel, a palette's transparent entries, or a colour key (tRNS)
        alpha = image.convert("RGBA").getchannel("A") if image.has_transparency_data else None
        if alpha is not None and not self.transparency:  # PDF/X-1a: onto white paper
            paper = Image.new("RGBA", image.size, (255, 255, 255, 255))
            image, alpha = Image.alpha_composite(paper, image.convert("RGBA")), None
        converted = ImageCms.applyTransform(image.convert("RGB"), self._transform)
        assert converted is not None
        if self.ink_limit < 4.0:
            converted = _limited(converted, self.ink_limit)
        if alpha is not None and alpha.getextrema() == (255, 255):
            alpha = None
        return converted, alpha


def _limited(image: Image.Image, limit: float) -> Image.Image:
    """A CMYK picture with every pixel within ``limit`` total ink (:func:`within_ink`),
    each distinct pixel worked out once."""
    made: dict[bytes, bytes] = {}
    data = image.tobytes()
    out = bytearray(len(data))
    for at in range(0, len(data), 4):
        inks = data[at:at + 4]
        if inks not in made:
            ink = within_ink((inks[0] / 255.0, inks[1] / 255.0, inks[2] / 255.0,
                              inks[3] / 255.0), limit)
            made[inks] = bytes(round(v * 255.0) for v in ink)
        out[at:at + 4] = made[inks]
    return Image.frombytes("CMYK", image.size, bytes(out))
