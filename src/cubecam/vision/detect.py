"""Find the cubes' top faces in a photo.

A top face is a near-square patch of one colour with a glyph on it, bounded by darker side
faces, gaps or the table. Candidates are the square-ish outlines found by thresholding the
grey level and the colour saturation at many levels (both ways round, for dark cubes with
light letters too); then the ones that agree in size and colour with most others are kept.
An outline holding several candidates is a tray or a board, not a cube; a square holding
exactly one much smaller square is a face whose glyph (an O, the joker's frame) is square.
Outlines a little too big to be a face (a cube's side face taken in) and a tray's outline
are thresholded again on their own, more finely, for the faces inside them.
Where the faces' colour is the colour of every printed face (a Scrabble board's squares are
not), touching cubes no threshold parted are cut on their lattice, and a lattice is grown to
printed faces one step from found ones when the glyph reader confirms them (from a face
touching no other, only a face lit like it, where its own outline is found).
Where the faces found are longer one way than the other (a photo resized to a square, a
table seen from low down), the photo is looked at again squeezed along that axis, so that
faces square on the table are square again, and the look that finds more faces is kept.
Where the glyphs, spots on a lattice, give more faces than the outlines did (dark cubes
touching, see :mod:`~cubecam.vision.glyph_faces`), a face is placed around each of them.

>>> import numpy as np, cv2
>>> table = np.full((300, 300, 3), 60, np.uint8)
>>> for x in (40, 160):
...     _ = cv2.rectangle(table, (x, 100), (x + 80, 180), (220, 230, 235), -1)
>>> sorted(round(q.center[0]) for q in find_faces(table))
[80, 200]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace

import cv2
import numpy as np

from cubecam.vision.glyph_faces import faces_from_glyphs, glyph_spots
from cubecam.vision.quad import Quad, Verifier, order_corners

LEVELS = 10
MIN_AREA = 0.0004
MAX_AREA = 0.2
_KERNEL = np.ones((3, 3), np.uint8)
CUT = 1
INKED = 40
"""The grey spread in a face's middle above which it carries a glyph."""
PRINT_INK = 120
"""The grey spread of dark print on a light face (or light on dark), not of a table's grain."""
TWO_TONES = 0.8
"""How cleanly print and face split a close-up's grey levels (noise splits at 0.75)."""
GROW_STEPS = (1.0, 1.15, 1.3)
"""Steps (in face sides) to a neighbour's centre tried where no two found faces touch."""
LIT_LIKE = 9
"""The colour distance (Lab) within which a face grown from a lone face is lit like it."""
ALIKE = 0.8
"""How closely faces' turns agree (mean resultant length of four times their angles) where
they lie on a lattice; faces turned at random give about one over the root of their count."""
INK_LIKE = 1.35
"""A face grown next to found ones has at most this many times their usual ink (more is a
gap, a rim or a side face's shadow taken in)."""
APART = 0.7
"""Two cubes' top faces lie at least this many face sides apart, centre to centre."""
LIT = 1.4
"""Touching faces lit more than this many times brighter or darker are a top and a side."""
TOUCHING = 1.05
"""Faces whose centres are nearer than this many sides are on touching cubes."""
GLYPH_ONLY = 0.7
"""An outline less than this share of the side of a face found around its glyph is the glyph's."""
SQUARE_ENOUGH = 1.1
"""Faces whose sides along the photo's two axes differ by less than this are seen square."""
SQUEEZE = 0.75
"""How much the photo is squeezed along the axis its faces look stretched in."""


def _outline(contour: np.ndarray, area: float) -> tuple[np.ndarray, float] | None:
    """A square-ish quadrilateral for a contour and how square it is (0–1), or None."""
    rect = cv2.minAreaRect(contour)
    w, h = rect[1]
    if min(w, h) < 6:
        return None
    aspect = max(w, h) / min(w, h)
    fill = area / (w * h)
    if aspect > 1.35 or fill < 0.8:
        return None
    hull = cv2.convexHull(contour)
    poly = cv2.approxPolyDP(hull, 0.04 * cv2.arcLength(hull, True), True)
    corners = poly.reshape(-1, 2) if len(poly) == 4 else cv2.boxPoints(rect)
    return order_corners(corners), fill * (1.0 - 0.5 * (aspect - 1.0))


def _channels(image: np.ndarray) -> list[np.ndarray]:
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    saturation = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)[..., 1]
    channels = []
    for channel in (gray, saturation):
        channel = cv2.GaussianBlur(channel, (3, 3), 0)
        channels += [channel, 255 - channel]
    return channels


def _masks(
    image: np.ndarray, levels: int = LEVELS
) -> Iterator[tuple[tuple[int, int, int], np.ndarray, int]]:
    """Every thresholded mask: (its key, the mask, how much its outlines must grow back).

    Each threshold is also tried with the image's edges cut out, so that faces touching
    along a faint line come apart; their outlines grow back by what the cut took.
    """
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    edges = (cv2.dilate(cv2.Canny(gray, 40, 100), _KERNEL) == 0).astype(np.uint8)
    for c, channel in enumerate(_channels(image)):
        lo, hi = np.percentile(channel, (3, 99))
        if hi - lo < 10:
            continue
        for i, level in enumerate(np.linspace(lo, hi, levels + 2)[1:-1]):
            binary = cv2.morphologyEx((channel > level).astype(np.uint8), cv2.MORPH_OPEN, _KERNEL)
            yield (c, i, 0), binary, 0
            yield (c, i, 1), binary & edges, CUT


def candidates(image: np.ndarray) -> list[Quad]:
    """Every square-ish outline in any mask (overlapping ones included)."""
    area_total = image.shape[0] * image.shape[1]
    low, high = MIN_AREA * area_total, MAX_AREA * area_total
    found: list[Quad] = []
    for key, mask, grow in _masks(image):
        found += _outlines(mask, low, high, grow, key)
    return found


def _outlines(
    mask: np.ndarray, low: float, high: float, grow: int, key: tuple[int, int, int]
) -> list[Quad]:
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    found = []
    for contour in contours:
        if len(contour) < 4:
            continue
        _, _, w, h = cv2.boundingRect(contour)
        if not low < w * h < 2.2 * high or max(w, h) > 1.6 * min(w, h):
            continue
        area = cv2.contourArea(contour)
        if not low < area < high or area < 0.45 * w * h:
            continue
        outline = _outline(contour, area)
        if outline is None:
            continue
        corners, score = outline
        if grow:
            centre = corners.mean(axis=0)
            side = np.linalg.norm(corners - np.roll(corners, 1, axis=0), axis=1).mean()
            corners = centre + (corners - centre) * (side + 2 * grow) / side
        found.append(Quad(corners, score, key))
    return found


def _suppress(quads: list[Quad]) -> list[Quad]:
    """The best of each group of outlines around the same centre."""
    if not quads:
        return []
    best: dict[tuple[int, int, int], Quad] = {}
    for quad in quads:
        cell = (round(quad.center[0] / 3), round(quad.center[1] / 3), round(quad.side / 3))
        if cell not in best or best[cell].score < quad.score:
            best[cell] = quad
    quads = sorted(best.values(), key=lambda q: -q.score)
    centres = np.array([q.center for q in quads])
    sides = np.array([q.side for q in quads])
    distance = np.sqrt(((centres[:, None] - centres[None, :]) ** 2).sum(axis=2))
    near = distance < 0.45 * np.minimum(sides[:, None], sides[None, :])
    suppressed = np.zeros(len(quads), bool)
    kept = []
    for i in range(len(quads)):
        if not suppressed[i]:
            kept.append(quads[i])
            suppressed |= near[i]
    return kept


def _drop_containers(quads: list[Quad]) -> list[Quad]:
    """Drop trays and boards (outlines holding several faces) and glyphs inside faces."""
    drop: set[int] = set()
    for i, outer in enumerate(quads):
        inside = [
            j
            for j, q in enumerate(quads)
            if j != i and outer.contains(q.center) and q.side < 0.8 * outer.side
        ]
        if len(inside) >= 2:
            drop.add(i)
        elif len(inside) == 1:
            drop.add(inside[0])
    return [q for i, q in enumerate(quads) if i not in drop]


def _common_size(image: np.ndarray, quads: list[Quad]) -> list[Quad]:
    """The outlines whose size agrees with most others, printed ones counting most (a
    table's patches of light come in sizes too, but carry no glyph)."""
    if len(quads) < 3:
        return quads
    sides = np.array([q.side for q in quads])
    inked = np.array([_face_stats(image, q)[1] > INKED for q in quads], np.float64)
    ratio = sides[:, None] / sides[None, :]
    support = ((ratio > 0.77) & (ratio < 1.3)) @ (0.002 + inked)
    reference = np.median(sides[support == support.max()])
    return [q for q in quads if 0.7 < q.side / reference < 1.45]


def _refine(
    image: np.ndarray, quads: list[Quad], faces: list[Quad], verify: Verifier | None
) -> list[Quad]:
    """Top faces inside outlines too big to be one, found by thresholds of that patch
    alone: in one a little too big (a cube seen from low down, its side face taken in)
    that holds no found face, the best outline of the faces' size; in a tray's (one holding
    found faces), every such outline that ``verify`` reads as a glyph. Each must be printed
    in the faces' colour."""
    if len(faces) < 3:
        return []
    side = float(np.median([q.side for q in faces]))
    reference = np.median([_face_stats(image, q)[0] for q in faces], axis=0)
    centres = np.array([q.center for q in faces])

    def printed(quad: Quad) -> bool:
        colour, ink = _face_stats(image, quad)
        return ink > INKED and np.linalg.norm((colour - reference) * (0.5, 1.0, 1.0)) < 18

    found: list[Quad] = []
    for outer in quads:
        holds = sum(outer.contains(tuple(c)) for c in centres)
        if holds == 0 and 1.2 < outer.side / side < 2.3:
            inner = [q for q in _local_outlines(image, outer, side) if outer.contains(q.center)]
            found += [q for q in sorted(inner, key=lambda q: -q.score) if printed(q)][:1]
        elif holds >= 2 and outer.side > 2.5 * side and verify is not None:
            inner = [q for q in _local_outlines(image, outer, side) if outer.contains(q.center)]
            inner = [q for q in _suppress(inner) if printed(q)]
            found += [q for q, ok in zip(inner, verify(image, inner), strict=True) if ok]
    return found


def _local_outlines(image: np.ndarray, region: Quad, side: float) -> list[Quad]:
    """Outlines of about ``side`` found by thresholding the patch around ``region`` alone,
    at finer levels than the whole photo gets."""
    height, width = image.shape[:2]
    x0, y0 = np.maximum(region.corners.min(axis=0).astype(int) - 2, 0)
    x1, y1 = region.corners.max(axis=0).astype(int) + 3
    patch = image[y0 : min(y1, height), x0 : min(x1, width)]
    offset = np.array([x0, y0], np.float64)
    return [
        Quad(q.corners + offset, q.score, q.mask)
        for key, mask, grow in _masks(patch, 3 * LEVELS)
        for q in _outlines(mask, (0.75 * side) ** 2, (1.25 * side) ** 2, grow, key)
        if 0.85 < q.side / side < 1.2
    ]


def _face_stats(image: np.ndarray, quad: Quad) -> tuple[np.ndarray, float]:
    """The median Lab colour of a face, and how much ink it has (grey spread in its middle)."""
    target = np.float32([[0, 0], [23, 0], [23, 23], [0, 23]])
    matrix = cv2.getPerspectiveTransform(quad.corners.astype(np.float32), target)
    patch = cv2.warpPerspective(image, matrix, (24, 24))
    lab = cv2.cvtColor(patch, cv2.COLOR_BGR2LAB).astype(np.float32)
    middle = lab[5:-5, 5:-5, 0]
    ink = float(np.percentile(middle, 95) - np.percentile(middle, 5))
    return np.median(lab.reshape(-1, 3), axis=0), ink


def _common_colour(image: np.ndarray, quads: list[Quad]) -> list[Quad]:
    """The outlines sharing the colour of the group with the most printed faces (one set)."""
    if len(quads) < 3:
        return quads
    stats = [_face_stats(image, q) for q in quads]
    colours = np.array([colour for colour, _ in stats])
    inked = np.array([ink > INKED for _, ink in stats], np.float64)
    weights = np.array([0.5, 1.0, 1.0])
    distance = np.linalg.norm((colours[:, None] - colours[None, :]) * weights, axis=2)
    close = distance < 28
    seed = int(np.argmax(close @ (0.002 + inked)))
    members = distance[seed] < 40
    printed = members & (inked > 0)
    if printed.any():
        reference = np.median(colours[printed], axis=0)
        blank_like = np.linalg.norm((colours - reference) * weights, axis=1) < 15
        members &= (inked > 0) | blank_like
    return [q for q, keep in zip(quads, members, strict=True) if keep]


def _tiles(image: np.ndarray, faces: list[Quad]) -> list[Quad]:
    """Faces inside blobs of touching cubes that no threshold parted, cut on the lattice.

    The blobs come from the mask most faces were found in, and must have the faces'
    colour; each is tiled along its own outline's angle with squares of the faces' size,
    keeping the squares the blob covers.
    """
    if len(faces) < 2:
        return []
    key = Counter(q.mask for q in faces).most_common(1)[0][0]
    mask = next(m for k, m, _ in _masks(image) if k == key)
    side = float(np.median([q.side for q in faces]))
    colour = np.median([_face_stats(image, q)[0] for q in faces], axis=0)
    lab = cv2.cvtColor(image, cv2.COLOR_BGR2LAB)
    _, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    big = (stats[1:, 4] > 1.7 * side * side) & (stats[1:, 4] < 60 * side * side)
    tiles = []
    for index in np.flatnonzero(big) + 1:
        ys, xs = np.nonzero(labels == index)
        blob_colour = np.median(lab[ys, xs].astype(np.float32), axis=0)
        if np.linalg.norm((blob_colour - colour) * (0.5, 1.0, 1.0)) > 30:
            continue
        points = np.stack([xs, ys], axis=1).astype(np.float64)
        angle = _edge_angle((labels == index).astype(np.uint8))
        rotation = np.array([[np.cos(angle), np.sin(angle)], [-np.sin(angle), np.cos(angle)]])
        points = points @ rotation.T
        low = points.min(axis=0)
        extent = points.max(axis=0) - low
        cells = np.maximum(1, np.round(extent / side)).astype(int)
        pitch = extent / cells
        cell = np.minimum(((points - low) / pitch).astype(int), cells - 1)
        covered = np.bincount(cell[:, 1] * cells[0] + cell[:, 0], minlength=cells.prod())
        full = covered > 0.7 * pitch.prod()
        if covered[full].sum() < 0.9 * len(points) or not 0.75 < pitch[0] / pitch[1] < 1.33:
            continue
        squares = []
        for flat in np.flatnonzero(full):
            r, c = divmod(int(flat), int(cells[0]))
            square = low + pitch * np.array([[c, r], [c + 1, r], [c + 1, r + 1], [c, r + 1]])
            squares.append(Quad(order_corners(square @ rotation), 0.5, key))
        stats = [_face_stats(image, q) for q in squares]
        printed = [ink > INKED for _, ink in stats]
        if sum(printed) < 0.6 * len(squares):
            continue
        tiles += [
            q
            for q, (c, _), p in zip(squares, stats, printed, strict=True)
            if p or np.linalg.norm((c - colour) * (0.5, 1.0, 1.0)) < 15
        ]
    return tiles


def _edge_angle(blob: np.ndarray) -> float:
    """The direction (radians, modulo a quarter turn) of a blob's outline's straight edges."""
    contours, _ = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    outline = max(contours, key=cv2.contourArea)
    poly = cv2.approxPolyDP(outline, 2.0, True).reshape(-1, 2).astype(np.float64)
    edges = np.roll(poly, -1, axis=0) - poly
    lengths = np.linalg.norm(edges, axis=1)
    angles = 4 * np.arctan2(edges[:, 1], edges[:, 0])
    return float(np.arctan2((lengths * np.sin(angles)).sum(), (lengths * np.cos(angles)).sum()) / 4)


def _grow(image: np.ndarray, faces: list[Quad], verify: Verifier, rounds: int = 3) -> list[Quad]:
    """Faces next to found ones on their lattice that thresholds missed (a crossword's
    cube darker or lighter than its neighbours): a printed face of the set's colour one
    step from a found face, that ``verify`` reads as a glyph, is a cube. Next to a face
    that touches no other (a step's length unknown), it must also be lit like that face:
    a die's own side face is not; and it must not hold much more ink than faces do. Next to
    a lone face, or where the faces are turned every
    which way (tiles in a heap, on no lattice), it must have an outline of its own there."""
    printed = [(c, ink) for q in faces for c, ink in [_face_stats(image, q)] if ink > INKED]
    if len(printed) < 2:
        return faces
    reference = np.median([c for c, _ in printed], axis=0)
    most_ink = INK_LIKE * float(np.median([ink for _, ink in printed]))
    weights = np.array([0.5, 1.0, 1.0])
    faces = list(faces)
    centres = np.array([q.center for q in faces])
    side = float(np.median([q.side for q in faces]))
    distance = (
        np.linalg.norm(centres[:, None] - centres[None, :], axis=2) + np.eye(len(faces)) * 1e9
    )
    nearest = distance.min(axis=1)
    touching = nearest < 1.35 * side
    pitch = np.median(nearest[touching]) / side if touching.any() else None
    steps = GROW_STEPS if pitch is None else (float(np.clip(pitch, 1.0, 1.3)),)
    lone = {id(q) for q, near in zip(faces, touching, strict=True) if not near}
    on_lattice = _turned_alike(faces)
    frontier = faces
    for _ in range(rounds):
        centres = np.array([q.center for q in faces])
        side = float(np.median([q.side for q in faces]))
        slots: list[tuple[bool, list[tuple[float, Quad]]]] = []
        for quad in frontier:
            right = quad.corners[1] - quad.corners[0]
            down = quad.corners[3] - quad.corners[0]
            own = _face_stats(image, quad)[0] if id(quad) in lone else None
            for offset in (right, -right, down, -down):
                slot = []
                for step in steps:
                    candidate = Quad(quad.corners + offset * step, 0.4, quad.mask)
                    if np.linalg.norm(centres - candidate.center, axis=1).min() < 0.6 * side:
                        break
                    if not _inside(image, candidate):
                        continue
                    colour, ink = _face_stats(image, candidate)
                    distance = np.linalg.norm((colour - reference) * weights)
                    lit = own is None or np.linalg.norm((colour - own) * weights) < LIT_LIKE
                    if INKED < ink < most_ink and distance < 18 and lit:
                        slot.append((step, candidate))
                if slot:
                    slots.append((own is not None, slot))
        options = [candidate for _, slot in slots for _, candidate in slot]
        verdicts = iter(verify(image, options) if options else [])
        added: list[Quad] = []
        used: list[float] = []
        for from_lone, slot in slots:
            ok = [(step, q) for (step, q) in slot if next(verdicts)]
            if not ok:
                continue
            step, quad = ok[0]
            if from_lone or not on_lattice:
                quad = _snap(image, quad, side)
                if quad is None:
                    continue
            taken = np.array([q.center for q in added]).reshape(-1, 2)
            if len(taken) and np.linalg.norm(taken - quad.center, axis=1).min() < 0.6 * side:
                continue
            added.append(quad)
            used.append(step)
        if not added:
            break
        steps = (float(np.median(used)),)
        faces += added
        frontier = added
    return faces


def _turned_alike(faces: list[Quad]) -> bool:
    """Whether the faces are turned alike (modulo a quarter turn), as on a lattice."""
    turns = np.radians(4 * np.array([q.angle for q in faces]))
    return bool(np.hypot(np.cos(turns).mean(), np.sin(turns).mean()) > ALIKE)


def _snap(image: np.ndarray, quad: Quad, side: float) -> Quad | None:
    """The outline a face grown a guessed step away really has, or None if there is none."""
    region = Quad(quad.center + (quad.corners - quad.center) * 1.5)
    near = [
        q
        for q in _local_outlines(image, region, side)
        if np.linalg.norm(np.subtract(q.center, quad.center)) < 0.3 * side
    ]
    return max(near, key=lambda q: q.score, default=None)


def _unseen(quads: list[Quad], faces: list[Quad]) -> list[Quad]:
    """The outlines that lie on none of ``faces``."""
    return [q for q in quads if not any(face.contains(q.center) for face in faces)]


def _inside(image: np.ndarray, quad: Quad) -> bool:
    height, width = image.shape[:2]
    x, y = quad.corners[:, 0], quad.corners[:, 1]
    return bool(x.min() >= 0 and y.min() >= 0 and x.max() < width and y.max() < height)


def find_faces(image: np.ndarray, verify: Verifier | None = None) -> list[Quad]:
    """The top faces of the cubes in a BGR image, in reading order (top to bottom).

    ``verify`` says which of some outlines show a glyph; given, faces next to found ones
    that no threshold picked out are looked for too, faces placed around glyphs on a
    lattice are taken where they outnumber the outlines (dark cubes touching), and a
    glyph on no face found is looked at for an outline of its own (dice in a clump). Where
    no face with a glyph is found (at most a glyph's dots), a near-square photo showing a
    glyph is one face close up.
    """
    quads = _squeezed_if_stretched(image, verify)
    if verify is not None:
        spots = glyph_spots(image)
        glyphed = faces_from_glyphs(image, spots, verify, outnumbering=len(quads))
        squeeze = quads[0].squeeze if quads else (1.0, 1.0)
        if glyphed:
            quads = _with_glyph_faces(image, quads, [replace(q, squeeze=squeeze) for q in glyphed])
        quads += [
            replace(q, squeeze=squeeze) for q in _faces_at_glyphs(image, spots, quads, verify)
        ]
        if len(quads) <= 2 and not any(verify(image, quads) if quads else []):
            quads = _close_up(image, verify) or quads
    return sorted(_top_faces_only(image, quads), key=lambda q: (q.center[1], q.center[0]))


def _close_up(image: np.ndarray, verify: Verifier) -> list[Quad]:
    """The whole photo as one face, where it is near square and shows a glyph (or ink as
    strong as print): a cube photographed so close that its top fills the frame, or a crop
    of one face."""
    height, width = image.shape[:2]
    inset = 0.02 * min(height, width)
    unit = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float64)
    whole = Quad(inset + unit * (width - 2 * inset, height - 2 * inset))
    if not 0.75 < width / height < 1.33:
        return []
    printed = _face_stats(image, whole)[1] > PRINT_INK and _two_toned(image)
    return [whole] if printed or verify(image, [whole])[0] else []


def _two_toned(image: np.ndarray) -> bool:
    """Whether the grey levels split cleanly into print and face (Otsu's between-class share
    of the variance above :data:`TWO_TONES`), as a glyph's do and a table's grain does not."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).ravel().astype(np.float64)
    level, _ = cv2.threshold(gray.astype(np.uint8), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    dark, light = gray[gray <= level], gray[gray > level]
    if not len(dark) or not len(light) or not gray.var():
        return False
    between = len(dark) * len(light) / len(gray) ** 2 * (light.mean() - dark.mean()) ** 2
    return between / gray.var() > TWO_TONES


def _faces_at_glyphs(
    image: np.ndarray, spots: np.ndarray, faces: list[Quad], verify: Verifier
) -> list[Quad]:
    """Faces around glyphs (their ``spots``) lying on no found face (dice touching in a clump no threshold
    parted): where an outline of the faces' size is found there, of their colour, and
    ``verify`` reads a glyph on it."""
    if len(faces) < 3:
        return []
    side = float(np.median([q.side for q in faces]))
    centres = np.array([q.center for q in faces])
    reference = np.median([_face_stats(image, q)[0] for q in faces], axis=0)
    found: list[Quad] = []
    for spot in spots:
        taken = [q.center for q in found] + list(centres)
        if np.linalg.norm(np.subtract(taken, spot), axis=1).min() < 0.75 * side:
            continue
        square = Quad(spot + np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * side / 2)
        quad = _snap(image, square, side)
        if quad is None:
            continue
        colour, ink = _face_stats(image, quad)
        if ink > INKED and np.linalg.norm((colour - reference) * (0.5, 1.0, 1.0)) < 18:
            found.append(quad)
    return [q for q, ok in zip(found, verify(image, found) if found else [], strict=True) if ok]


def _top_faces_only(image: np.ndarray, quads: list[Quad]) -> list[Quad]:
    """Drop outlines that cannot be a cube's top face: one overlapping a likelier face (two
    cubes' tops lie :data:`APART` sides apart at least), and one just below a face it
    touches, of that face's colour but lit quite unlike it (the cube's own side face, seen
    from above at a slant)."""
    kept: list[Quad] = []
    for quad in sorted(quads, key=lambda q: -q.score):
        if all(_distance(quad, k) >= APART * max(quad.side, k.side) for k in kept):
            kept.append(quad)
    colours = {id(q): _face_stats(image, q)[0] for q in kept}

    def side_face(quad: Quad, above: Quad) -> bool:
        distance = _distance(quad, above)
        touching = distance < TOUCHING * max(quad.side, above.side)
        if not touching or quad.center[1] - above.center[1] < 0.5 * distance:
            return False
        (light, *hue), (light_above, *hue_above) = colours[id(quad)], colours[id(above)]
        ratio = (light + 1) / (light_above + 1)
        return np.linalg.norm(np.subtract(hue, hue_above)) < 12 and not 1 / LIT < ratio < LIT

    return [q for q in kept if not any(side_face(q, k) for k in kept if k is not q)]


def _distance(a: Quad, b: Quad) -> float:
    return float(np.linalg.norm(np.subtract(a.center, b.center)))


def _with_glyph_faces(image: np.ndarray, faces: list[Quad], glyphed: list[Quad]) -> list[Quad]:
    """``faces`` and the faces found around glyphs: a glyph face takes the place of outlines
    much smaller than it lying within it (the outlines of glyphs, not of faces), and is left
    out where it lies on or beside a face of its size (a glyph on that face's side), or is
    not of the colour most glyph faces have (a glyph on a side face seen over a tray's rim),
    or is much smaller than the faces found (glyphs of loose dice, on no lattice)."""
    if len(faces) >= 3:
        smallest = GLYPH_ONLY * float(np.median([f.side for f in faces]))
        glyphed = [q for q in glyphed if q.side > smallest]
        if not glyphed:
            return faces
    colours = np.array([_face_stats(image, q)[0] for q in glyphed])
    reference = np.median(colours, axis=0)
    alike = np.linalg.norm((colours - reference) * (0.5, 1.0, 1.0), axis=1) < 18
    faces = list(faces)
    for glyph in (q for q, ok in zip(glyphed, alike, strict=True) if ok):
        within = [f for f in faces if glyph.contains(f.center) and f.side < GLYPH_ONLY * glyph.side]
        faces = [f for f in faces if all(f is not w for w in within)]
        if all(_distance(glyph, f) > f.side for f in faces):
            faces.append(glyph)
    return faces


def _squeezed_if_stretched(image: np.ndarray, verify: Verifier | None) -> list[Quad]:
    """The faces as seen, or as seen squeezed where that finds more (see the module's doc)."""
    quads = _faces_as_seen(image, verify)
    stretch = float(np.median([q.stretch for q in quads])) if quads else 1.0
    if len(quads) >= 3 and 1 / SQUARE_ENOUGH < stretch < SQUARE_ENOUGH:
        return quads
    squeezes = [(SQUEEZE, 1.0), (1.0, SQUEEZE)]
    looks = squeezes if len(quads) < 3 else squeezes[stretch < 1 :][:1]
    for fx, fy in looks:
        squeezed = cv2.resize(image, None, fx=fx, fy=fy, interpolation=cv2.INTER_AREA)
        found = [
            Quad(order_corners(q.corners / (fx, fy)), q.score, q.mask, (fx, fy))
            for q in _faces_as_seen(squeezed, verify)
        ]
        if len(found) > max(len(quads), 2):  # two outlines alone may be grain
            quads = found
    return quads


def _faces_as_seen(image: np.ndarray, verify: Verifier | None) -> list[Quad]:
    """The top faces that are near square in the image as it is."""
    everything = _suppress(candidates(image))
    quads = _common_colour(image, _common_size(image, _drop_containers(everything)))
    more = _tiles(image, quads) + _unseen(_refine(image, everything, quads, verify), quads)
    if more:
        quads = _suppress(quads + more)
    if verify is not None:
        quads = _grow(image, quads, verify)
    return sorted(quads, key=lambda q: (q.center[1], q.center[0]))
