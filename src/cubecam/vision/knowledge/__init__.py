"""Applying the cube set: :mod:`.apply` gives each face read its own cube of the set (its
evaluation on labelled renders is the lab's :mod:`cubecam_lab.knowledge.evaluate`)."""
