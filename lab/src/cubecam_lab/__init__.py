"""The cubecam lab: what builds and measures the camera side, beside the runtime package
:mod:`cubecam` and never shipped in it.

The same stage folders as :mod:`cubecam.vision`, each with its dataset, training and
evaluation: :mod:`.detector` (the top-face detector, its verifier and refiner),
:mod:`.glyphs` (the glyph reader), and the evaluations of :mod:`.load`, :mod:`.lattice`,
:mod:`.kind`, :mod:`.crop` and :mod:`.knowledge`; :mod:`.synth`, the renderer of labelled
photos; :mod:`.labels`, :mod:`.evaluation` and :mod:`.tally`, what the evaluations share;
:mod:`.cli`, the ``cubecam-lab`` command.
"""
