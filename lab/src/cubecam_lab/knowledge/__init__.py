"""The evaluation of applying the cube set (:mod:`cubecam.vision.knowledge`) on labelled photos."""
