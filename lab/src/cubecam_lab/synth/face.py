"""One cube's top face as an image: the glyph a camera must read.

:func:`render_face` draws a face square-on, filling the whole image: a letter (``"A"``,
``"Å"``), a multi-letter face (``"Qu"``), a blank (``"BLANK"``), the Ad-Lib joker
(``"JOKER"``, a diamond inside a small square), the solid square of 6×6 dice (``"BLOCK"``)
or a wildcard mark (``"?"``), with an
optional small value digit in the bottom-right corner (Scrabble style) and an optional
bar under the letter (real dice mark M W Z N that way so they are not read upside down).

>>> image = render_face("Å", 48, rotation=90)
>>> image.shape, image.dtype.name
((48, 48, 3), 'uint8')
>>> bool((render_face("BLANK", 32) == render_face("BLANK", 32)).all())
True
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw

from cubecam.errors import InputError
from cubecam.layout import BLANK, BLOCK, JOKER, canonical_symbol
from cubecam_lab.synth.fonts import load_font, scene_fonts

Colour = tuple[int, int, int]
"""A BGR colour, as OpenCV orders it."""

IVORY: Colour = (208, 232, 242)
BLACK_INK: Colour = (30, 30, 30)
UNDERLINED = frozenset("MWZN")
"""Letters that some sets underline so that M/W and Z/N are not mistaken."""

_DEFAULT_FONTS = ("DejaVuSans-Bold", "LiberationSans-Bold", "FreeSansBold")
_SUPERSAMPLE_BELOW = 96
_CAP_HEIGHT = 0.56
_MAX_WIDTH = 0.80


def default_font() -> Path:
    """A plain bold sans-serif font of the named set: the one :func:`render_face` uses when
    given none."""
    fonts = scene_fonts()
    by_stem = {path.stem: path for path in fonts}
    return next((by_stem[name] for name in _DEFAULT_FONTS if name in by_stem), fonts[0])


def render_face(
    symbol: str,
    size: int = 64,
    *,
    font: str | Path | None = None,
    face_colour: Colour = IVORY,
    ink_colour: Colour = BLACK_INK,
    rotation: float = 0.0,
    value_digit: int | None = None,
    underline: bool = False,
    rng: np.random.Generator | None = None,
) -> np.ndarray:
    """The top face showing ``symbol``, as a ``size`` × ``size`` BGR ``uint8`` image.

    - ``symbol``: a face symbol as :class:`cubecam.layout.Face` spells it (any case:
      ``"qu"`` and ``"joker"`` work too).
    - ``font``: a TrueType/OpenType file; ``None`` is :func:`default_font`. Any path from
      :func:`cubecam_lab.synth.fonts.scene_fonts` or ``available_fonts`` prints every face.
    - ``face_colour``, ``ink_colour``: BGR colours of the face and of the printing.
    - ``rotation``: degrees counter-clockwise as the image is displayed, e.g. ``90 + 3.5``;
      the glyph turns inside the square face, corners filled with the face colour.
      Multiples of 90 are exact.
    - ``value_digit``: a small number printed in the bottom-right corner (before rotation).
    - ``underline``: a bar under the letter, drawn only for M, W, Z and N.
    - ``rng``: when given, the glyph is placed a little off centre and a little larger or
      smaller (as printing varies between cubes); ``None`` draws it exactly centred.

    For a grey image use ``cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)``. Glyph drawings are
    cached, so rendering many faces with a few fonts and sizes is fast.
    """
    if size < 8:
        raise InputError(f"a face needs at least 8 pixels, not {size}")
    symbol = canonical_symbol(symbol)
    font_path = Path(font) if font is not None else default_font()
    scale = 2 if size < _SUPERSAMPLE_BELOW else 1
    canvas = size * scale
    mask = _glyph_mask(
        str(font_path), symbol, canvas, value_digit, underline and symbol in UNDERLINED
    )

    zoom, dx, dy = 1.0, 0.0, 0.0
    if rng is not None:
        zoom = float(rng.uniform(0.9, 1.08))
        dx, dy = (float(v) for v in rng.normal(0.0, 0.025 * canvas, 2))
    quarter_turns, rest = divmod(rotation, 90.0)
    if rest > 45.0:
        quarter_turns, rest = quarter_turns + 1, rest - 90.0
    if zoom != 1.0 or dx or dy or rest:
        centre = ((canvas - 1) / 2.0, (canvas - 1) / 2.0)
        matrix = cv2.getRotationMatrix2D(centre, rest, zoom)
        matrix[:, 2] += (dx, dy)
        mask = cv2.warpAffine(mask, matrix, (canvas, canvas), flags=cv2.INTER_LINEAR)
    mask = np.rot90(mask, int(quarter_turns) % 4)
    if scale > 1:
        mask = cv2.resize(mask, (size, size), interpolation=cv2.INTER_AREA)

    alpha = (mask.astype(np.float32) / 255.0)[..., None]
    face = np.array(face_colour, np.float32)
    ink = np.array(ink_colour, np.float32)
    image = face + alpha * (ink - face)
    return np.clip(image + 0.5, 0, 255).astype(np.uint8)


@cache
def _glyph_mask(
    font_path: str, symbol: str, canvas: int, value_digit: int | None, underline: bool
) -> np.ndarray:
    """The ink of a face, 0–255, upright and centred (read-only: it is shared)."""
    image = Image.new("L", (canvas, canvas), 0)
    draw = ImageDraw.Draw(image)
    if symbol == JOKER:
        _draw_joker(draw, canvas)
    elif symbol == BLOCK:
        draw.rectangle((canvas * 0.16, canvas * 0.16, canvas * 0.84, canvas * 0.84), fill=255)
    elif symbol != BLANK:
        _draw_text(draw, font_path, symbol, canvas, underline)
    if value_digit is not None:
        font = load_font(font_path, max(6, round(canvas * 0.19)))
        draw.text(
            (canvas * 0.86, canvas * 0.86), str(value_digit), fill=255, font=font, anchor="rs"
        )
    mask = np.asarray(image, dtype=np.uint8).copy()
    mask.flags.writeable = False
    return mask


def _draw_text(
    draw: ImageDraw.ImageDraw, font_path: str, text: str, canvas: int, underline: bool
) -> None:
    reference = load_font(font_path, 100)
    cap = reference.getbbox("H", anchor="ls")
    pixels = 100 * _CAP_HEIGHT * canvas / max(1, cap[3] - cap[1])
    left, top, right, bottom = load_font(font_path, round(pixels)).getbbox(text, anchor="ls")
    if right - left > _MAX_WIDTH * canvas:
        pixels *= _MAX_WIDTH * canvas / (right - left)
    font = load_font(font_path, max(4, round(pixels)))
    left, top, right, bottom = font.getbbox(text, anchor="ls")
    bar = round(canvas * 0.05) if underline else 0
    gap = round(canvas * 0.05) if underline else 0
    height = bottom - top + gap + bar
    x = (canvas - (right - left)) / 2.0 - left
    y = (canvas - height) / 2.0 - top
    draw.text((x, y), text, fill=255, font=font, anchor="ls")
    if underline:
        y0 = y + bottom + gap
        draw.rectangle((x + left, y0, x + right, y0 + bar - 1), fill=255)


def _draw_joker(draw: ImageDraw.ImageDraw, canvas: int) -> None:
    centre = canvas / 2.0
    half = canvas * 0.27
    line = max(1, round(canvas * 0.045))
    draw.rectangle(
        (centre - half, centre - half, centre + half, centre + half), outline=255, width=line
    )
    d = half * 0.72
    draw.polygon(
        [
            (centre, centre - d),
            (centre + d * 0.75, centre),
            (centre, centre + d),
            (centre - d * 0.75, centre),
        ],
        fill=255,
    )
