"""Synthetic photos of letter cubes with exact labels, for building and measuring the vision side.

- :mod:`cubecam.synth.face`: one cube face as an image (:func:`render_face`).
- :mod:`cubecam.synth.fonts`: the fonts on this machine that print every face.
- :mod:`cubecam.synth.plan`: what lies on the table (crosswords of real words, trays, dice).
- :mod:`cubecam.synth.scene`: a plan drawn as a photo of 3D cubes (with
  :mod:`~cubecam.synth.camera`, :mod:`~cubecam.synth.background`, :mod:`~cubecam.synth.photo`).
- :mod:`cubecam.synth.dataset`: labelled photo sets (``cubecam synth``).
- :mod:`cubecam.synth.crops`: face crops cut from rendered photos, for training.
"""

from cubecam.synth.face import render_face
from cubecam.synth.fonts import available_fonts

__all__ = ["available_fonts", "render_face"]
