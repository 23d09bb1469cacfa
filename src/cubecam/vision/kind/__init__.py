"""The layout-kind stage: whether the faces make a crossword, a tray or loose dice
(:mod:`~cubecam.vision.kind.choose`), and its evaluation on labelled photos
(:mod:`~cubecam_lab.kind.evaluate`)."""

from cubecam.vision.kind.choose import (
    TRAY_SIZES,
    KindSettings,
    choose_kind,
    crossword_lattice,
    one_way,
    tray_size,
)

__all__ = ["TRAY_SIZES", "KindSettings", "choose_kind", "crossword_lattice", "one_way", "tray_size"]
