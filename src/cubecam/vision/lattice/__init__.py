"""The lattice stage: fit the table's plane, each face's square on one integer lattice
(:mod:`~cubecam.vision.lattice.fit`), and its evaluation on labelled photos
(:mod:`~cubecam_lab.lattice.evaluate`)."""

from cubecam.vision.lattice.fit import (
    Lattice,
    LatticeSettings,
    Placement,
    fit_lattice,
    from_origin,
    place_faces,
    turned,
)

__all__ = [
    "Lattice",
    "LatticeSettings",
    "Placement",
    "fit_lattice",
    "from_origin",
    "place_faces",
    "turned",
]
