"""The learned top-face detector: a small network that finds every cube's top face.

One folder for the stage, as the glyph reader has: :mod:`.dataset` (labelled photos and the
training targets), :mod:`.train` (PyTorch, writes ``model.onnx``), :mod:`.find` (runs the
shipped model and decodes its output into :class:`~cubecam.vision.quad.Quad` outlines) and
:mod:`.evaluate` (found and placed faces against labels).
"""
