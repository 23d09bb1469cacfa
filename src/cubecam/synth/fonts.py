"""The TrueType/OpenType fonts on this machine that can print every cube face.

Fonts come from Debian packages (``scripts/setup.sh`` installs a dozen families). A font
is usable when it has real glyphs for A–Z, Å Ä Ö and the digits, and is upright (no
italic or oblique cut: cube faces are printed upright).

>>> fonts = available_fonts()
>>> fonts == sorted(fonts) and all(path.suffix in (".ttf", ".otf") for path in fonts)
True
"""

from __future__ import annotations

import os
import re
from functools import cache
from pathlib import Path

import numpy as np
from PIL import ImageFont

FONT_DIRS = ("/usr/share/fonts", "/usr/local/share/fonts", "~/.fonts", "~/.local/share/fonts")
NEEDED_GLYPHS = "ABCDEFGHIJKLMNOPQRSTUVWXYZÅÄÖu0123456789"
_SLANTED_OR_ODD = re.compile(
    r"italic|oblique|ita\b|bdita|thin|hairline|light|symbol|dingbat|emoji|music|math|"
    r"D050000L|Z003|mono|condensed|narrow",
    re.IGNORECASE,
)
_MISSING = "\U0010fffd"


@cache
def available_fonts() -> list[Path]:
    """Every usable font file, sorted by path (the order is stable between runs).

    ``CUBECAM_FONT_DIRS`` (paths separated by ``os.pathsep``) replaces the folders searched.
    """
    dirs = os.environ.get("CUBECAM_FONT_DIRS")
    roots = dirs.split(os.pathsep) if dirs else FONT_DIRS
    found = []
    for root in roots:
        folder = Path(root).expanduser()
        if not folder.is_dir():
            continue
        for path in folder.rglob("*"):
            usable_name = path.suffix.lower() in (".ttf", ".otf")
            if usable_name and not _SLANTED_OR_ODD.search(path.stem) and _has_glyphs(path):
                found.append(path)
    return sorted(found)


@cache
def load_font(path: str | Path, pixels: int) -> ImageFont.FreeTypeFont:
    """The font at ``path`` at a size of ``pixels`` (cached)."""
    return ImageFont.truetype(str(path), pixels)


def _has_glyphs(path: Path) -> bool:
    try:
        font = ImageFont.truetype(str(path), 32)
    except OSError:
        return False
    missing = _mask(font, _MISSING)
    for ch in NEEDED_GLYPHS:
        mask = _mask(font, ch)
        if not mask.any() or (mask.shape == missing.shape and np.array_equal(mask, missing)):
            return False
    return True


def _mask(font: ImageFont.FreeTypeFont, text: str) -> np.ndarray:
    mask = font.getmask(text)
    return np.asarray(mask, dtype=np.uint8).reshape(mask.size[1], mask.size[0])
