"""The cut stage: :mod:`.cut` cuts each face out through its own four corners, rectified
(its evaluation is the lab's :mod:`cubecam_lab.crop.evaluate`)."""
