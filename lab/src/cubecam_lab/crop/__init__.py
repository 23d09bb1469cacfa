"""The evaluation of the cut stage (:mod:`cubecam.vision.crop`) on labelled photos."""
