"""The glyph reader's lab: its crops, rendered and real (:mod:`.dataset`), its training
(:mod:`.train`, writes the ONNX model :mod:`cubecam.vision.glyphs.read` runs) and its
evaluation (:mod:`.evaluate`)."""
