"""The evaluation of the layout-kind stage (:mod:`cubecam.vision.kind`) on labelled photos."""
