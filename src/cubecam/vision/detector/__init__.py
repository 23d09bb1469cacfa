"""The learned top-face detector: a small network that finds every cube's top face, a
verifier that asks of each find whether it is one, and a refiner of each find's corners.

:mod:`.find` runs the shipped model (``model.onnx``) and decodes its output
(:mod:`.encoding`) into :class:`~cubecam.vision.quad.Quad` outlines; :mod:`.patches` is what
the verifier (:mod:`.verify`, ``verifier.onnx``) and the refiner (:mod:`.refine`,
``refiner.onnx``) see. Their datasets, training and evaluation are the lab's
(:mod:`cubecam_lab.detector`).
"""
