"""The evaluation of the load stage (:mod:`cubecam.vision.load`) on labelled photos."""
