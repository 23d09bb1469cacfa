"""Find the top faces in a photo with the shipped detector (``model.onnx``).

The photo is scaled to :data:`DetectorSettings.input_side` on its long side; the network's centre
heat is taken at its local peaks above the threshold, and each peak's corner offsets give
that face's outline. Where the faces found are small there (dice far off in a wide frame), or
none are found, the photo is looked at again at twice the size, where the network sees them as
it learnt (a face found so where none was needs more heat); where few or none are found (a
close-up's faces may be bigger than it learnt), it is looked at again shrunk into a grey frame,
and the faces found there are added. Then the verifier (:mod:`.verify`) looks at each find
with what lies round it, and those it doubts are set aside; last, the refiner
(:mod:`.refine`) sets the corners of each face kept on the face's own edges.

>>> find_faces(np.full((240, 320, 3), 128, np.uint8))
[]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import cv2
import numpy as np

from cubecam.vision.detector.encoding import OFFSET_SCALE, STRIDE, turned
from cubecam.vision.detector.refine import REFINER_PATH, refine_corners
from cubecam.vision.detector.verify import VERIFIER_PATH, top_odds
from cubecam.vision.lattice.camera import toward_camera
from cubecam.vision.onnx_model import cached_model
from cubecam.vision.quad import Quad, order_corners
from cubecam.vision.stage_settings import StageSettings

MODEL_PATH = Path(__file__).with_name("model.onnx")
SETTINGS_PATH = Path(__file__).with_name("detector.toml")
MULTIPLE = 32
"""The network halves the photo five times: its sides must divide by this."""
CANVAS = 128
"""The grey a shrunk photo is framed in."""
FAINTEST = 0.1
"""The faintest peak the verifier learnt from: none fainter is ever asked of it."""


@dataclass(frozen=True)
class Networks:
    """The files of the detector's three networks: the face finder ``model``, its
    ``verifier`` and its ``refiner`` (the shipped ones unless named)."""

    model: Path = MODEL_PATH
    verifier: Path = VERIFIER_PATH
    refiner: Path = REFINER_PATH


SHIPPED = Networks()


@dataclass(frozen=True)
class DetectorSettings(StageSettings):
    """How the detector is run: the photo's long side, the heat a face needs, below what
    median face side (network pixels) the photo is looked at again twice as large, and
    where fewer than ``shrink_below`` faces are found (a close-up's faces may be too big for
    the network) the shares of the input side it is looked at again shrunk to, and the heat a
    face found there needs (where the shrunk photo's own edges can pass for a face's); and the
    heat a face needs in a photo where none is found, looked at again twice as large (cubes
    too small to see at the input side; 0: never); and the verifier's probability that a
    find is a top face (:mod:`.verify`) that it needs to be kept (0: never asked); and a
    fainter peak's heat above ``sure_heat`` is kept all the same where the verifier is more
    sure than ``sure_verify`` that it is a top face (a blurred or blank face the network
    barely sees, that the verifier, seeing what lies round it, knows; 0: never); and how
    many times the refiner (:mod:`.refine`) sets the corners of the faces kept (0: never)."""

    input_side: int
    threshold: float
    zoom_below: float = 0.0
    shrink_below: int = 0
    shrink: tuple[float, ...] = ()
    shrink_threshold: float = 0.0
    zoom_none_threshold: float = 0.0
    verify_threshold: float = 0.0
    sure_heat: float = 0.0
    sure_verify: float = 1.0
    refine_passes: int = 0
    PATH = SETTINGS_PATH


def network_input(
    image: np.ndarray, side: int, share: float = 1.0
) -> tuple[np.ndarray, float, np.ndarray]:
    """``image`` (BGR) scaled to ``side`` on its long side and padded to the network's
    multiple, as a 1 × 3 × H × W float batch; the scale applied, and where the photo's
    top-left lies. With a ``share`` below 1 the photo is shrunk to that share of ``side``
    in the middle of a grey canvas of the same size, where faces too big for the network
    are seen at a size it knows."""
    height, width = image.shape[:2]
    scale = side / max(height, width)
    frame = (
        -(-round(height * scale) // MULTIPLE) * MULTIPLE,
        -(-round(width * scale) // MULTIPLE) * MULTIPLE,
    )
    scale *= share
    small = cv2.resize(
        image,
        (max(1, round(width * scale)), max(1, round(height * scale))),
        interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR,
    )
    h, w = small.shape[:2]
    offset = np.array([(frame[1] - w) // 2, (frame[0] - h) // 2]) if share < 1 else np.zeros(2, int)
    padded = np.full((*frame, 3), CANVAS if share < 1 else 0, np.uint8)
    padded[offset[1] : offset[1] + h, offset[0] : offset[0] + w] = small
    batch = padded[..., ::-1].transpose(2, 0, 1)[None].astype(np.float32) / 255.0
    return batch, scale, offset


def decode(heat: np.ndarray, shape: np.ndarray, threshold: float) -> list[Quad]:
    """Faces from one photo's network output (heat logits 1 × H × W, shapes 10 × H × W),
    in network-input pixels, likeliest first; a weaker peak inside a face kept is dropped."""
    probability = 1.0 / (1.0 + np.exp(-heat[0].astype(np.float32)))
    peaks = (probability >= cv2.dilate(probability, np.ones((3, 3), np.uint8))) & (
        probability > threshold
    )
    ys, xs = np.nonzero(peaks)
    order = np.argsort(-probability[ys, xs])
    faces = []
    for y, x in zip(ys[order], xs[order], strict=True):
        centre = np.array([(x + 0.5) * STRIDE, (y + 0.5) * STRIDE])
        turn = np.arctan2(shape[1, y, x], shape[0, y, x]) / 4
        points = centre + turned(shape[2:, y, x].reshape(4, 2) * OFFSET_SCALE, turn)
        # the shape loss lets the network give the corners in any cyclic order
        faces.append(Quad(order_corners(points), float(probability[y, x])))
    return distinct([quad for quad in faces if quad.side >= 2])


def distinct(faces: list[Quad], beside: Sequence[Quad] = ()) -> list[Quad]:
    """``faces`` likeliest first, less one whose centre lies inside a likelier one kept or
    inside one of ``beside``."""
    kept: list[Quad] = []
    for quad in sorted(faces, key=lambda q: -q.score):
        if not any(k.contains(quad.center) for k in (*beside, *kept)):
            kept.append(quad)
    return kept


@dataclass(frozen=True)
class Look:
    """The peaks found in one view of a photo, in the photo's pixels, likeliest first, and
    the scale of the view (its pixels per photo pixel)."""

    peaks: list[Quad]
    scale: float

    def split(self, heat: float) -> tuple[list[Quad], list[Quad]]:
        """The peaks above ``heat``, and the others."""
        return [q for q in self.peaks if q.score > heat], [q for q in self.peaks if q.score <= heat]


class Views:
    """One photo as the network sees it at each size it is looked at (each view run once,
    each heat decoded once: the evaluation tries many settings on the same views)."""

    def __init__(self, image: np.ndarray, networks: Networks = SHIPPED) -> None:
        self.image = image
        self.networks = networks
        self.toward: np.ndarray | None = None
        """The direction of the camera's foot in the photo, once :meth:`face_camera` has
        read it: the verifier sees each find turned so that it lies below."""
        self._outputs: dict[tuple[int, float], tuple[dict[str, np.ndarray], float, np.ndarray]] = {}
        self._looks: dict[tuple[int, float, float], Look] = {}
        self._odds: dict[tuple[float, tuple[float, float]], float] = {}
        self._refined: dict[tuple[float, tuple[float, float], int], Quad] = {}

    def look(self, side: int, heat: float, share: float = 1.0) -> Look:
        """The peaks above ``heat`` with the photo at ``side`` (shrunk to ``share`` of it)."""
        key = (side, share)
        if key not in self._outputs:
            batch, scale, offset = network_input(self.image, side, share)
            self._outputs[key] = (cached_model(self.networks.model).run(batch), scale, offset)
        if (*key, heat) not in self._looks:
            outputs, scale, offset = self._outputs[key]
            peaks = decode(outputs["heat"][0], outputs["shape"][0], heat)
            in_photo = [Quad((q.corners - offset) / scale, q.score) for q in peaks]
            self._looks[(*key, heat)] = Look(in_photo, scale)
        return self._looks[(*key, heat)]

    def face_camera(self, faces: list[Quad]) -> None:
        """Read which way the camera stood from the first ``faces`` found, before the
        verifier is asked of any."""
        if not self._odds:
            self.toward = toward_camera(np.array([q.corners for q in faces]))

    def odds(self, quads: list[Quad]) -> np.ndarray:
        """The verifier's probability that each of ``quads`` is a top face (those not asked
        before asked in one batch)."""
        fresh = [q for q in quads if (q.score, q.center) not in self._odds]
        for quad, odds in zip(
            fresh, top_odds(self.image, fresh, self.networks.verifier, self.toward), strict=True
        ):
            self._odds[(quad.score, quad.center)] = float(odds)
        return np.array([self._odds[(q.score, q.center)] for q in quads])

    def refined(self, quads: list[Quad], passes: int) -> list[Quad]:
        """``quads`` with their corners refined ``passes`` times (those not refined before
        refined in one batch)."""
        fresh = [q for q in quads if (q.score, q.center, passes) not in self._refined]
        for quad, better in zip(
            fresh, refine_corners(self.image, fresh, passes, self.networks.refiner), strict=True
        ):
            self._refined[(quad.score, quad.center, passes)] = better
        return [self._refined[(q.score, q.center, passes)] for q in quads]

    def sift(self, quads: list[Quad], above: float) -> tuple[list[Quad], list[Quad]]:
        """``quads`` the verifier believes (its probability above ``above``), and those it
        doubts; every one believed where ``above`` is 0 (the verifier never asked)."""
        if above <= 0 or not quads:
            return quads, []
        top = (self.odds(quads) > above).tolist()
        return [q for q, t in zip(quads, top, strict=True) if t], [
            q for q, t in zip(quads, top, strict=True) if not t
        ]


class Finds(NamedTuple):
    """What the detector finds in a photo: the top faces, the fainter peaks the lattice may
    confirm, the faces (above the threshold) the verifier doubted, and the peaks fainter
    still that the verifier believes once their corners are refined (for the lattice to take
    beside a face), each with its probability; and the direction of the camera's foot in the
    photo as the verifier was told it (None where it could not be told)."""

    faces: list[Quad]
    faint: list[Quad]
    doubted: list[Quad]
    believed: list[tuple[Quad, float]]
    toward: np.ndarray | None = None


def find_faces(image: np.ndarray, settings: DetectorSettings | None = None) -> list[Quad]:
    """The top faces in ``image`` (BGR), in its pixels, likeliest first."""
    return find_candidates(image, 1.0, settings).faces


def find_candidates(
    image: np.ndarray,
    floor: float,
    settings: DetectorSettings | None = None,
    networks: Networks = SHIPPED,
    believe_above: float = 1.0,
) -> Finds:
    """The top faces in ``image`` (as :func:`find_faces`), the weaker peaks whose heat
    lies between ``floor`` and the threshold (faces too faint to keep on their own, for the
    lattice to confirm where the plane expects a face), the faces the verifier doubted, and
    the peaks fainter than ``floor`` down to :data:`FAINTEST` that the verifier believes
    above ``believe_above`` (none where it is 1)."""
    views = Views(image, networks)
    return candidates_in(views, settings or DetectorSettings.load(), floor, believe_above)


def candidates_in(
    views: Views, settings: DetectorSettings, floor: float = 1.0, believe_above: float = 1.0
) -> Finds:
    """What the detector finds (as :func:`find_candidates`) in a photo's ``views``, looked
    at as ``settings`` say, in photo pixels. The verifier sifts each look's faces before
    they are counted, so a look of only doubted faces counts as none found (their size
    still tells whether the cubes are too small to see). Fainter peaks the verifier is sure
    of are kept from the look at the input side, or at twice it where the faces are small,
    never from a look that guards against mere grain (none found) or a frame's edges. Last,
    the corners of the faces kept and of the faint peaks are refined, and of the peaks
    fainter still in the same look down to :data:`FAINTEST` (where ``believe_above`` is
    under 1), those the verifier then believes above ``believe_above``."""
    side, threshold, verify = settings.input_side, settings.threshold, settings.verify_threshold
    sure = settings.sure_heat or 1.0
    asked = min(floor, threshold, sure)
    look = views.look(side, _looked_down_to(asked, believe_above))
    found = look.split(threshold)[0]
    views.face_camera(found)
    if verify > 0:  # asked in one batch: most photos need no other look
        views.odds([q for q in look.peaks if q.score > asked])
    faces, faint, doubted, fainter = _sifted(
        views, look, threshold, floor, settings, sure, believe_above
    )
    small = found and np.median([q.side for q in found]) * look.scale < settings.zoom_below
    unseen = not faces and settings.zoom_none_threshold > 0
    if (small or unseen) and max(views.image.shape[:2]) > side:
        heat = threshold if small else max(threshold, settings.zoom_none_threshold)
        sure_there, believe_there = (sure, believe_above) if small else (1.0, 1.0)
        zoomed = views.look(2 * side, _looked_down_to(min(floor, heat, sure_there), believe_there))
        more = _sifted(views, zoomed, heat, floor, settings, sure_there, believe_there)
        if small or more.faces:
            faces, faint, doubted, fainter = more
    if len(faces) < settings.shrink_below:
        heat = max(threshold, settings.shrink_threshold)
        for share in settings.shrink:
            shrunk = views.look(side, min(floor, heat), share)
            more = _sifted(views, shrunk, heat, floor, settings, 1.0)
            faces, faint, doubted = faces + more.faces, faint + more.faint, doubted + more.doubted
        faces = distinct(faces)
        faint = distinct(faint, beside=faces)
        doubted = distinct(doubted, beside=faces)
        fainter = distinct(fainter, beside=faces)
    passes = settings.refine_passes
    faint = views.sift(faint, verify)[0]
    refined = views.refined
    fainter = refined(fainter, passes)
    believed = [
        (quad, odds)
        for quad, odds in zip(fainter, views.odds(fainter).tolist(), strict=True)
        if odds > believe_above
    ]
    return Finds(refined(faces, passes), refined(faint, passes), doubted, believed, views.toward)


def _looked_down_to(heat: float, believe_above: float) -> float:
    """The heat a look is decoded down to: ``heat``, or :data:`FAINTEST` where fainter
    peaks are to be shown to the verifier (``believe_above`` under 1)."""
    return min(heat, FAINTEST) if believe_above < 1 else heat


class _Sifted(NamedTuple):
    """One look's peaks as :func:`_sifted` sorts them."""

    faces: list[Quad]
    faint: list[Quad]
    doubted: list[Quad]
    fainter: list[Quad]


def _sifted(
    views: Views,
    look: Look,
    heat: float,
    floor: float,
    settings: DetectorSettings,
    sure: float,
    believe_above: float = 1.0,
) -> _Sifted:
    """A look's peaks above ``heat`` the verifier believes with those above ``sure`` it is
    sure of, its other peaks above ``floor``, those above ``heat`` it doubted, and (where
    ``believe_above`` is under 1) those fainter than ``floor``, for the verifier to judge
    once refined."""
    found, fainter = look.split(heat)
    faces, doubted = views.sift(found, settings.verify_threshold)
    kept = views.sift([q for q in fainter if q.score > sure], settings.sure_verify)[0]
    rest = [q for q in fainter if not any(q is k for k in kept)]
    faint = [q for q in rest if q.score > floor]
    fainter_still = [q for q in rest if q.score <= floor] if believe_above < 1 else []
    return _Sifted(faces + kept, faint, doubted, fainter_still)
