"""The cut stage: :mod:`.cut` cuts each face out through its own four corners, rectified,
and :mod:`.evaluate` reads the cuts of labelled photos, from the labels and from the faces
found."""
