"""The evaluation of the lattice stage (:mod:`cubecam.vision.lattice`) on labelled photos."""
