"""Named scene configurations: how widely a rendered scene is randomised.

One registry, :data:`CONFIGS`, used by ``cubecam-lab synth --config NAME`` and by
``bench/vision.py`` (fresh seeds of each configuration, never used for tuning):

- ``wide``: everything randomised (the default of ``cubecam-lab synth``): camera tilt 0–55° at
  any roll, trays small in a wide frame and close-ups, one colour or each cube its own,
  plastic and wooden cubes, black, blue, red or white letters, touching clusters and loose
  rows of dice, clutter and hands over the layout, colour casts, dim light, hard shadows,
  glare, webcam and phone sensors, JPEG quality 40–95, motion blur;
- ``tilt-0-20``, ``tilt-20-55``: ``wide`` with the camera tilt in that range;
- ``one-colour``, ``mixed-colours``: ``wide`` with every cube one colour, or mixed colours;
- ``dark-cubes``: ``wide`` with dark cubes and light letters only;
- ``blank-faces``: ``wide`` with a third of the top faces blank;
- ``classic``: the look before widening (one colour a scene, tilt 0–35°, clutter clear of
  the cubes), drawn exactly as before: the default of :func:`~cubecam_lab.synth.dataset.make_scene`,
  so the bundled samples and the tests' scenes stay the same.

>>> config_named("tilt-20-55").tilt
(20.0, 55.0)
>>> sorted(CONFIGS) == sorted(config.name for config in CONFIGS.values())
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cubecam.errors import InputError


@dataclass(frozen=True)
class SceneConfig:
    """How a scene's look is drawn from its seed."""

    name: str
    summary: str
    widened: bool = True
    """False: the classic look, drawn exactly as before widening (the other fields unused)."""
    tilt: tuple[float, float] = (0.0, 55.0)
    """Degrees of camera tilt off straight down."""
    colours: str = "any"
    """``one`` (every cube alike), ``mixed`` (cubes of several colours) or ``any``."""
    dark: float = 0.3
    """The chance that a cube colour is dark with light letters."""
    blanks: float = 0.0
    """The share of top faces turned blank (a face with no glyph gives a detector the
    least to see: a blank tile, a word-hunt die's empty face)."""


WIDE = SceneConfig("wide", "everything randomised")
CLASSIC = SceneConfig(
    "classic", "the look before widening: one colour, tilt 0–35°, no hands", widened=False
)
CONFIGS: dict[str, SceneConfig] = {
    config.name: config
    for config in (
        WIDE,
        replace(WIDE, name="tilt-0-20", summary="camera tilt 0–20°", tilt=(0.0, 20.0)),
        replace(WIDE, name="tilt-20-55", summary="camera tilt 20–55°", tilt=(20.0, 55.0)),
        replace(WIDE, name="one-colour", summary="every cube one colour", colours="one"),
        replace(WIDE, name="mixed-colours", summary="cubes of several colours", colours="mixed"),
        replace(WIDE, name="dark-cubes", summary="dark cubes with light letters", dark=1.0),
        replace(WIDE, name="blank-faces", summary="a third of the top faces blank", blanks=1 / 3),
        CLASSIC,
    )
}


def config_named(name: str) -> SceneConfig:
    """The configuration called ``name``; a clear error lists the known ones."""
    if name not in CONFIGS:
        raise InputError(f"unknown scene configuration {name!r} (known: {', '.join(CONFIGS)})")
    return CONFIGS[name]
