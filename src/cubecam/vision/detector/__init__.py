"""The learned top-face detector: a small network that finds every cube's top face, and a
verifier that asks of each find whether it is one.

One folder for the stage, as the glyph reader has: :mod:`.dataset` (labelled photos and the
training targets), :mod:`.train` (PyTorch, writes ``model.onnx``), :mod:`.find` (runs the
shipped model and decodes its output into :class:`~cubecam.vision.quad.Quad` outlines),
:mod:`.patches`, :mod:`.verify`, :mod:`.verifier_dataset` and :mod:`.train_verifier` (the
verifier: what it sees, running it, its training data, and its training, writing
``verifier.onnx``) and :mod:`.evaluate` (found and placed faces against labels).
"""
