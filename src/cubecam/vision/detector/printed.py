"""Letters printed on a flat page (a screenshot of the phone page, a scan, a printed sheet) are
not cubes: the detector may take a printed letter for a cube's top, so a find round which a
good share of the photo is one exact grey level, and next to none a level or three off it, is
dropped: only a page's flat ground is that flat.

A photo of cubes never is: sensor noise and the cubes' own shading spread the grey levels
round every face, so even where one level is common its neighbours are nearly as common. The
two bounds were chosen by measuring, in the box round each face found (30% wider than the face),
the share of its commonest grey level and that share over the share within three levels of it:
on the real photos of ``../shared/realdata`` (5,691 faces) at most 0.15 and 0.59; on 4,711 faces
of rendered seeds (141414, 131313, 515151) at most 0.54, and 0.88 where the share passes 0.3;
on text drawn or screenshotted (68 finds) at least 0.56 and 0.99.

>>> page = np.full((200, 200, 3), 250, np.uint8)
>>> cv2.putText(page, "T", (80, 130), cv2.FONT_HERSHEY_SIMPLEX, 2, (20, 20, 20), 5)[0, 0].tolist()
[250, 250, 250]
>>> letter = Quad(np.array([[70, 70], [130, 70], [130, 135], [70, 135]], float))
>>> is_printed(page[..., 0], letter)
True
>>> noisy = np.random.default_rng(0).normal(page, 4).clip(0, 255).astype(np.uint8)
>>> is_printed(noisy[..., 0], letter)
False
"""

from __future__ import annotations

import cv2
import numpy as np

from cubecam.vision.detector.find import Finds
from cubecam.vision.quad import Quad

FLAT_SHARE = 0.4
"""The least share of one grey level round a printed find."""
FLAT_PURITY = 0.97
"""The least share of that level among those within :data:`NEAR` of it round a printed find."""
NEAR = 3
MARGIN = 0.3
"""How much wider than the face the box looked at is, on each side, in face sides."""


def is_printed(gray: np.ndarray, quad: Quad) -> bool:
    """Whether the find ``quad`` in the grey photo ``gray`` (its pixels) lies on a flat page."""
    low, high = quad.corners.min(axis=0), quad.corners.max(axis=0)
    reach = MARGIN * (high - low)
    x0, y0 = np.maximum(np.floor(low - reach), 0).astype(int)
    x1, y1 = np.ceil(high + reach).astype(int)
    box = gray[y0 : y1 + 1, x0 : x1 + 1]
    if not box.size:
        return False
    counts = np.bincount(box.ravel(), minlength=256)
    level = int(counts.argmax())
    near = counts[max(level - NEAR, 0) : level + NEAR + 1].sum()
    return bool(counts[level] >= FLAT_SHARE * box.size and counts[level] >= FLAT_PURITY * near)


def without_printed(found: Finds, image: np.ndarray) -> tuple[Finds, int]:
    """The finds less those printed on a flat page (set among the doubted, which
    ``--annotate`` draws rejected), and how many were."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    faces: list[Quad] = []
    faint: list[Quad] = []
    printed: list[Quad] = []
    for quads, kept in ((found.faces, faces), (found.faint, faint)):
        for quad in quads:
            (printed if is_printed(gray, quad) else kept).append(quad)
    if not printed:
        return found, 0
    believed = [(q, odds) for q, odds in found.believed if not is_printed(gray, q)]
    doubted = [*found.doubted, *printed]
    return found._replace(faces=faces, faint=faint, doubted=doubted, believed=believed), len(
        printed
    )
