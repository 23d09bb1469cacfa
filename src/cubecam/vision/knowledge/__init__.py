"""Applying the cube set: :mod:`.apply` gives each face read its own cube of the set, and
:mod:`.evaluate` counts the readings that changed right and wrong on labelled renders."""
