"""The fonts cube faces are printed in: a fixed, named set, or every usable font installed.

:data:`SCENE_FONTS` names the font files, by the Debian package that ``scripts/setup.sh``
installs them from; rendered scenes use that set (:func:`scene_fonts`), so a machine with
more fonts renders the same scenes. Training may opt in to every usable font installed
(:func:`available_fonts`). A font is usable when it has real glyphs for A–Z, Å Ä Ö and the
digits, and is upright (no italic or oblique cut: cube faces are printed upright).

>>> fonts = scene_fonts()
>>> len(fonts) == sum(len(files) for files in SCENE_FONTS.values()) and fonts == sorted(fonts)
True
"""

from __future__ import annotations

import os
import re
from functools import cache
from pathlib import Path

import numpy as np
from PIL import ImageFont

from cubecam.errors import InputError

FONT_DIRS = ("/usr/share/fonts", "/usr/local/share/fonts", "~/.fonts", "~/.local/share/fonts")
NEEDED_GLYPHS = "ABCDEFGHIJKLMNOPQRSTUVWXYZÅÄÖu0123456789"
_SLANTED_OR_ODD = re.compile(
    r"italic|oblique|ita\b|bdita|thin|hairline|light|symbol|dingbat|emoji|music|math|"
    r"D050000L|Z003|mono|condensed|narrow",
    re.IGNORECASE,
)
_MISSING = "\U0010fffd"

SCENE_FONTS: dict[str, tuple[str, ...]] = {
    "fonts-cantarell": (
        "opentype/cantarell/Cantarell-Bold.otf",
        "opentype/cantarell/Cantarell-ExtraBold.otf",
        "opentype/cantarell/Cantarell-Regular.otf",
    ),
    "fonts-comic-neue": (
        "opentype/comic-neue/ComicNeue-Bold.otf",
        "opentype/comic-neue/ComicNeue-Regular.otf",
    ),
    "fonts-league-spartan": tuple(
        f"opentype/league-spartan/LeagueSpartan-{weight}.otf"
        for weight in ("Black", "Bold", "ExtraBold", "Medium", "Regular", "SemiBold")
    ),
    "fonts-urw-base35": tuple(
        f"opentype/urw-base35/{name}.otf"
        for name in (
            "C059-Bold",
            "C059-Roman",
            "NimbusRoman-Bold",
            "NimbusRoman-Regular",
            "NimbusSans-Bold",
            "NimbusSans-Regular",
            "P052-Bold",
            "P052-Roman",
            "URWBookman-Demi",
            "URWGothic-Book",
            "URWGothic-Demi",
        )
    ),
    "fonts-crosextra-caladea": (
        "truetype/crosextra/Caladea-Bold.ttf",
        "truetype/crosextra/Caladea-Regular.ttf",
    ),
    "fonts-crosextra-carlito": (
        "truetype/crosextra/Carlito-Bold.ttf",
        "truetype/crosextra/Carlito-Regular.ttf",
    ),
    "fonts-dejavu-core": tuple(
        f"truetype/dejavu/{name}.ttf"
        for name in ("DejaVuSans-Bold", "DejaVuSans", "DejaVuSerif-Bold", "DejaVuSerif")
    ),
    "fonts-freefont-ttf": tuple(
        f"truetype/freefont/{name}.ttf"
        for name in ("FreeSans", "FreeSansBold", "FreeSerif", "FreeSerifBold")
    ),
    "fonts-hack": ("truetype/hack/Hack-Bold.ttf", "truetype/hack/Hack-Regular.ttf"),
    "fonts-lato": tuple(
        f"truetype/lato/Lato-{weight}.ttf"
        for weight in ("Black", "Bold", "Heavy", "Medium", "Regular", "Semibold")
    ),
    "fonts-liberation": tuple(
        f"truetype/liberation/{name}.ttf"
        for name in (
            "LiberationSans-Bold",
            "LiberationSans-Regular",
            "LiberationSerif-Bold",
            "LiberationSerif-Regular",
        )
    ),
    "fonts-noto-core": tuple(
        f"truetype/noto/{family}-{weight}.ttf"
        for family in ("NotoSans", "NotoSansDisplay", "NotoSerif", "NotoSerifDisplay")
        for weight in ("Bold", "Regular")
    ),
    "fonts-open-sans": tuple(
        f"truetype/open-sans/OpenSans-{weight}.ttf"
        for weight in ("Bold", "CondBold", "ExtraBold", "Regular", "Semibold")
    ),
    "fonts-roboto-unhinted": tuple(
        f"truetype/roboto/unhinted/RobotoTTF/Roboto-{weight}.ttf"
        for weight in ("Black", "Bold", "Medium", "Regular")
    ),
}
"""The fonts of rendered scenes: each package's files, relative to ``/usr/share/fonts``."""


@cache
def scene_fonts() -> list[Path]:
    """The files of :data:`SCENE_FONTS`, sorted by path; a clear error names the package of
    any that is missing (``CUBECAM_FONT_DIRS`` replaces ``/usr/share/fonts`` as its root)."""
    dirs = os.environ.get("CUBECAM_FONT_DIRS")
    roots = [Path(root).expanduser() for root in (dirs.split(os.pathsep) if dirs else FONT_DIRS)]
    found = []
    for package, files in SCENE_FONTS.items():
        for name in files:
            path = next((root / name for root in roots if (root / name).is_file()), None)
            if path is None:
                raise InputError(
                    f"font {name} is missing: install {package} (bash scripts/setup.sh)"
                )
            found.append(path)
    return sorted(found)


@cache
def available_fonts() -> list[Path]:
    """Every usable font file installed, sorted by path (the order is stable between runs):
    more fonts for training, but a different set on another machine.

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
