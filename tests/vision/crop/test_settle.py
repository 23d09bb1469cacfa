"""Cutting again once the kind is known."""

import numpy as np

from cubecam.layout import LayoutKind
from cubecam.vision.crop.cut import cut_views
from cubecam.vision.crop.faces import CutFaces
from cubecam.vision.crop.settle import squared
from cubecam.vision.lattice import LatticeSettings, fit_lattice
from cubecam.vision.load.decode import LoadedImage
from cubecam.vision.quad import Quad

BEYOND = LatticeSettings.load().square_beyond


def _skewed_face_on_a_lattice() -> CutFaces:
    """Four faces on one lattice, the last outline sheared across its square."""

    def face(x: float, y: float, shear: float = 0.0) -> Quad:
        corners = [[x + shear, y], [x + 40 + shear, y], [x + 40, y + 40], [x, y + 40]]
        return Quad(np.array(corners, float))

    image = np.random.default_rng(0).integers(0, 255, (300, 300, 3), dtype=np.uint8)
    quads = [face(100, 100), face(142, 100), face(184, 100), face(142, 142, shear=12)]
    lattice = fit_lattice(quads)
    assert None not in lattice.cells
    loaded = LoadedImage(image, (300, 300), 1.0)
    return CutFaces(loaded, quads, lattice, cut_views(image, quads))


def test_a_sheared_outline_on_a_crossword_is_cut_through_its_square_but_a_loose_die_its_own():
    faces = _skewed_face_on_a_lattice()
    cut, again = squared(faces, LayoutKind.CROSSWORD, BEYOND)
    assert again.tolist() == [False, False, False, True]
    assert cut.quads[:3] == faces.quads[:3]
    assert np.abs(cut.quads[3].corners - faces.quads[3].corners).max() > 5
    assert not np.array_equal(cut.views[3], faces.views[3])
    loose, again = squared(faces, LayoutKind.LOOSE, BEYOND)
    assert loose is faces and not again.any()
