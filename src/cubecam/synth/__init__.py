"""Synthetic photos of letter cubes with exact labels, for building and measuring the vision side.

- :mod:`cubecam.synth.face`: one cube face as an image (:func:`render_face`).
- :mod:`cubecam.synth.fonts`: the fonts on this machine that print every face.
"""

from cubecam.synth.face import render_face
from cubecam.synth.fonts import available_fonts

__all__ = ["available_fonts", "render_face"]
