"""Synthetic photos of letter cubes with exact labels, for building and measuring the vision side.

- :mod:`cubecam_lab.synth.face`: one cube face as an image (:func:`render_face`).
- :mod:`cubecam_lab.synth.fonts`: the named fonts faces are printed in (or every usable one).
- :mod:`cubecam_lab.synth.configs`: named scene configurations (how widely a scene varies).
- :mod:`cubecam_lab.synth.plan`: what lies on the table (crosswords of real words, trays, dice).
- :mod:`cubecam_lab.synth.scene`: a plan drawn as a photo of 3D cubes (with
  :mod:`~cubecam_lab.synth.camera`, :mod:`~cubecam_lab.synth.background`, :mod:`~cubecam_lab.synth.photo`).
- :mod:`cubecam_lab.synth.dataset`: labelled photo sets (``cubecam-lab synth``).
- :mod:`cubecam_lab.synth.crops`: face crops cut from rendered photos, for training.
"""

from __future__ import annotations

from typing import Any

__all__ = ["available_fonts", "render_face"]


def __getattr__(name: str) -> Any:
    """``render_face`` and ``available_fonts``, imported when first asked for (they load
    OpenCV, which the package's lighter modules, such as the configurations, do not need)."""
    if name == "render_face":
        from cubecam_lab.synth.face import render_face

        return render_face
    if name == "available_fonts":
        from cubecam_lab.synth.fonts import available_fonts

        return available_fonts
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
