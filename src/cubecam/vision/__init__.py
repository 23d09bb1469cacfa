"""The camera side: read a photo of letter cubes into a :class:`~cubecam.reading.Reading`
(every cube's reading, and the :class:`~cubecam.layout.Layout` they make).

The stages, one module or folder each, in the order a photo goes through them (a stage's
folder keeps its evaluation on labelled photos beside it, as ``evaluate.py``):

- :mod:`~cubecam.vision.load`: load the photo (EXIF orientation, bad files refused);
- :mod:`~cubecam.vision.detector`: find the cubes' top faces (a learned detector, verified);
- :mod:`~cubecam.vision.lattice`: fit the table's plane, each face's square on one lattice;
- :mod:`~cubecam.vision.crop` and :mod:`~cubecam.vision.glyphs`: read each face
  (:func:`read_face` reads one crop);
- :mod:`~cubecam.vision.knowledge` and :mod:`~cubecam.vision.looks`: use what is known
  about the cube set;
- :mod:`~cubecam.vision.pipeline`: :func:`read_photo`, all of the above;
- :mod:`~cubecam.vision.annotate`: draw the reading on the photo.
"""

from cubecam.vision.annotate import annotate
from cubecam.vision.glyphs.read import read_face
from cubecam.vision.load.decode import load_image
from cubecam.vision.pipeline import read_photo

__all__ = ["annotate", "load_image", "read_face", "read_photo"]
