"""A photo through the first stages: its faces found, placed on their lattice and cut."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from cubecam.vision.lattice import Lattice
from cubecam.vision.load.decode import LoadedImage
from cubecam.vision.quad import Quad


@dataclass(frozen=True)
class CutFaces:
    """A photo through the first stages: at working size, its faces' outlines (corners
    numbered the lattice's way), the lattice they lie on, each face's grey patches in
    each of the crop's views (the first as cut), the finds the verifier or the lattice
    rejected, those of them the lattice took for a side of the cube beside (see
    :class:`~cubecam.vision.lattice.fit.Placement`), and the direction of the camera's foot
    in the photo the verifier was told (see :class:`~cubecam.vision.detector.find.Finds`)."""

    loaded: LoadedImage
    quads: list[Quad]
    lattice: Lattice
    views: np.ndarray
    rejected: list[Quad] = field(default_factory=list)
    sides: list[Quad] = field(default_factory=list)
    toward: np.ndarray | None = None

    def keeping(self, keep: np.ndarray) -> CutFaces:
        """These faces where ``keep`` is true, the others rejected."""
        return replace(
            self,
            quads=[q for q, k in zip(self.quads, keep, strict=True) if k],
            lattice=self.lattice.keeping(keep),
            views=self.views[keep],
            rejected=[*self.rejected, *(q for q, k in zip(self.quads, keep, strict=True) if not k)],
        )

    @property
    def size(self) -> tuple[int, int]:
        """The photo's (width, height) at working size."""
        width, height = self.loaded.image.shape[1::-1]
        return width, height
