from dataclasses import replace

import numpy as np
import pytest

from cubecam.vision.lattice import Lattice, LatticeSettings, fit_lattice, place_faces
from cubecam.vision.quad import Quad, order_corners
from cubecam_lab.lattice.evaluate import labelled_squares, layout_squares, same_squares
from cubecam_lab.synth.camera import Camera
from tests.vision.scenes import tilted

SQUARE = np.array([[-1, 1], [1, 1], [1, -1], [-1, -1]], float) / 2
"""A face's corners about its centre in table units (y away from the viewer)."""


def photographed(
    faces: list[tuple[float, float, float]], tilt: float, roll: float, noise: float, seed: int
) -> list[Quad]:
    """Faces (x, y, turn in degrees; table units, side 0.9) seen by a camera ``tilt`` degrees
    off vertical, turned ``roll`` degrees, in a 1000 × 750 photo, each corner moved by
    Gaussian ``noise`` (a share of a face's side in the photo) as a detector would give."""
    rng = np.random.default_rng(seed)
    points = np.array([(x, y) for x, y, _ in faces])
    middle = tuple(points.mean(axis=0))
    camera = Camera.looking_at(middle, distance=12.0, tilt=tilt, yaw=roll, focal=700.0)
    camera = camera.with_intrinsics(700.0, (500.0, 375.0))
    homography = camera.table_homography()
    quads = []
    for x, y, turn in faces:
        theta = np.radians(turn)
        rotation = np.array([[np.cos(theta), -np.sin(theta)], [np.sin(theta), np.cos(theta)]])
        table = SQUARE * 0.9 @ rotation.T + (x, y)
        pixels = np.column_stack([table, np.ones(4)]) @ homography.T
        corners = pixels[:, :2] / pixels[:, 2:]
        side = np.linalg.norm(corners[1] - corners[0])
        corners += rng.normal(0, noise * side, corners.shape)
        quads.append(Quad(order_corners(corners), score=float(rng.uniform(0.5, 1.0))))
    return quads


@pytest.mark.parametrize("roll", [0.0, 30.0, 135.0])
def test_a_tray_at_45_degrees_with_faces_missing_and_an_outlier(roll):
    rng = np.random.default_rng(1)
    pitch = 1.15  # a tray holds its dice apart
    cells = [(r, c) for r in range(5) for c in range(5) if (r, c) not in ((1, 2), (3, 3))]
    faces = [
        (c * pitch, -r * pitch, float(rng.choice([0, 90, 180, 270]) + rng.normal(0, 3)))
        for r, c in cells
    ]
    faces.append((1.6 * pitch, -1.5 * pitch, 30.0))  # a false find between squares
    quads = photographed(faces, tilt=45.0, roll=roll, noise=0.02, seed=2)
    order = rng.permutation(len(quads))
    lattice = fit_lattice([quads[i] for i in order])
    want = [cells[i] if i < len(cells) else None for i in order]
    squares = lattice.tray(5)
    assert squares[list(order).index(len(cells))] is None
    assert same_squares(squares, want)
    assert lattice.best_tray((4, 5, 6))[0] == 5


def test_a_tray_at_45_degrees_gets_its_missing_dice_back_where_they_stand():
    pitch = 1.15
    every = [(r, c) for r in range(5) for c in range(5)]
    missing = [(0, 0), (2, 2), (4, 1)]
    faces = [(c * pitch, -r * pitch, 0.0) for r, c in every]
    seen = photographed(faces, tilt=45.0, roll=30.0, noise=0.0, seed=5)
    found = [q for cell, q in zip(every, seen, strict=True) if cell not in missing]
    quads, lattice = fit_lattice(found).filled(found, 5)
    assert len(quads) == 25 and quads[:22] == found
    assert same_squares(lattice.tray(5), [c for c in every if c not in missing] + missing)
    hidden = [seen[every.index(cell)] for cell in missing]
    for made in quads[22:]:
        distance = [np.linalg.norm(np.subtract(made.center, q.center)) for q in hidden]
        want = hidden.pop(int(np.argmin(distance))).corners
        assert made.score == 0.0
        assert (
            np.abs(np.sort(made.corners, axis=0) - np.sort(want, axis=0)).max() < 0.05 * made.side
        )


def test_a_tray_is_not_filled_where_its_place_is_unsure():
    pitch = 1.15
    rows_seen = [(r, c) for r in range(4) for c in range(5)]  # a 5 × 5 tray's last row unseen
    quads = photographed([(c * pitch, -r * pitch, 0.0) for r, c in rows_seen], 30.0, 0.0, 0.0, 6)
    lattice = fit_lattice(quads)
    assert lattice.filled(quads, 5) == (quads, lattice)
    assert len(lattice.filled(quads, 4)[0]) == len(quads)  # a 4 × 4 window is full already


def test_a_crossword_at_40_degrees_keeps_its_groups_and_leaves_loners_over():
    rng = np.random.default_rng(3)
    #  TIGER, OF, TON, IF, WEAVE (the rulebook's Game One) and a second group of two
    grid = ["...W.", "TIGER", "OF.A.", "N..V.", "...E."]
    cells = [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch != "."]
    second = [(7, 0), (7, 1)]
    pitch = 1.04
    faces = [
        (c * pitch + rng.normal(0, 0.02), -r * pitch + rng.normal(0, 0.02), rng.normal(0, 2.5))
        for r, c in cells + second
    ]
    faces += [(2.3, -7.3, 35.0), (-3.0, -6.0, 10.0)]  # left over: turned its own way; far off
    quads = photographed(faces, tilt=40.0, roll=20.0, noise=0.015, seed=4)
    del quads[cells.index((4, 3))]  # one cube the detector missed: WEAVE's last E
    want = [s for s in cells + second if s != (4, 3)] + [None, None]
    got = fit_lattice(quads).touching()
    assert same_squares(got, want)


def test_side_faces_at_a_slant_are_rejected_and_a_faint_top_in_a_gap_is_confirmed():
    # DOG?E over AT at 40°: the near side faces of G and the blank, which have no cube in
    # front, were found too (about as large as a top, nearer the camera, just in front of
    # it); the blank's top (row 0, column 3) gave only a faint peak
    tops = [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 0), (1, 1)]
    pitch = 1.02
    camera = Camera.looking_at((2.0, -0.5), distance=12.0, tilt=40.0, yaw=10.0, focal=700.0)
    camera = camera.with_intrinsics(700.0, (500.0, 375.0))
    rng = np.random.default_rng(9)

    def seen(points: np.ndarray, score: float) -> Quad:
        corners = camera.project(points)
        corners += rng.normal(0, 0.015 * np.linalg.norm(corners[1] - corners[0]), corners.shape)
        return Quad(order_corners(corners), score=score)

    def top(r: int, c: int) -> np.ndarray:
        x, y = c * pitch, -r * pitch
        return np.array(
            [
                [x - 0.45, y + 0.45, 0],
                [x + 0.45, y + 0.45, 0],
                [x + 0.45, y - 0.45, 0],
                [x - 0.45, y - 0.45, 0],
            ]
        )

    def near_side(r: int, c: int) -> np.ndarray:
        x, y = c * pitch, -r * pitch
        return np.array(
            [
                [x - 0.45, y - 0.45, 0],
                [x + 0.45, y - 0.45, 0],
                [x + 0.45, y - 0.5, -0.9],
                [x - 0.45, y - 0.5, -0.9],
            ]
        )

    found = [seen(top(r, c), 0.9) for r, c in tops if (r, c) != (0, 3)]
    sides = [seen(near_side(0, 2), 0.7), seen(near_side(0, 3), 0.7)]
    faint = seen(top(0, 3), 0.5)
    placed = place_faces(found + sides, [faint], LatticeSettings(2.0, 0.4, 0.2, 2.0), (1000, 750))
    assert len(placed.rejected) == len(sides)
    assert all(any(q is side for side in sides) for q in placed.rejected)
    assert placed.faces[-1] is faint
    want = [s for s in tops if s != (0, 3)] + [(0, 3)]
    assert same_squares(placed.lattice.touching(), want)
    # without settling, the side faces take the squares in front of their cubes
    assert not same_squares(fit_lattice(found + sides).touching(), want[:-1] + [None] * 2)


@pytest.mark.parametrize("tilt", [0.0, 20.0])
@pytest.mark.parametrize("dx", [-0.4, 0.0])
def test_a_loose_die_turned_a_half_quarter_in_front_of_another_is_no_side_of_it(tilt, dx):
    # loose dice a little turned, and a die at 45° just in front of one (as a real photo
    # of twelve dice has it): far off every square, but no side of a die shows there
    dice = [(0, 0, 3), (1.6, 0.1, -8), (0, 1.7, 10), (1.7, 1.6, -4), (3.4, 0.2, 6), (3.3, 1.8, 2)]
    quads = photographed([*dice, (1.6 + dx, -1.0, 45.0)], tilt=tilt, roll=0.0, noise=0.01, seed=3)
    placed = place_faces(quads, (), LatticeSettings(2.0, 0.3, 0.0, 0.5), (1000, 750))
    assert placed.rejected == []
    assert len(placed.faces) == len(quads)


def test_a_sheared_outline_stays_on_its_square_and_a_turned_die_does_not():
    block = [(c, -r, 0.0) for r in range(3) for c in range(3) if (r, c) != (2, 2)]
    turned_die = photographed([*block, (2.0, -2.0, 25.0)], tilt=10.0, roll=0.0, noise=0, seed=5)
    assert fit_lattice(turned_die).cells[-1] is None
    square = photographed([*block, (2.0, -2.0, 0.0)], tilt=10.0, roll=0.0, noise=0, seed=5)
    corners = square[-1].corners.copy()
    corners[:, 0] += np.tan(np.radians(24)) * (corners[:, 1] - corners[:, 1].mean())
    sheared = [*square[:-1], Quad(order_corners(corners), score=0.9)]  # two edges turned 24°
    assert fit_lattice(sheared).cells[-1] == fit_lattice(square).cells[-1] is not None


def test_a_tray_with_many_dice_missing_keeps_its_size():
    # 16 of a 5 × 5 tray's dice found, the first four rows and a die of the last: a 4 × 4
    # window would hold 13 of them
    cells = [(r, c) for r in range(4) for c in range(4)] + [(4, 4), (2, 4), (0, 4)]
    quads = photographed([(c * 1.15, -r * 1.15, 0.0) for r, c in cells], 30.0, 10.0, 0.01, 8)
    n, squares = fit_lattice(quads).best_tray((4, 5, 6))
    assert n == 5
    assert same_squares(squares, cells)


def test_loose_dice_turned_every_way_make_no_lattice():
    rng = np.random.default_rng(5)
    faces = [(x, y, float(rng.uniform(0, 90))) for x, y in rng.uniform(0, 8, (12, 2))]
    faces = [(x, y, t) for x, y, t in faces if not 10 < t % 90 < 80] or faces[:1]
    quads = photographed(faces, tilt=30.0, roll=0.0, noise=0.01, seed=6)
    assert fit_lattice(quads).touching() == [None] * len(quads)


def test_faces_are_numbered_the_lattice_way():
    # a 2 × 2 block photographed rolled 45°: the detector numbers corners by its own rule
    faces = [(c * 1.02, -r * 1.02, 0.0) for r in range(2) for c in range(2)]
    quads = photographed(faces, tilt=20.0, roll=45.0, noise=0.0, seed=7)
    lattice = fit_lattice(quads)
    aligned = lattice.aligned(quads)
    directions = [q.corners[1] - q.corners[0] for q in aligned]
    for d in directions:
        assert np.dot(d, directions[0]) > 0.9 * np.linalg.norm(d) * np.linalg.norm(directions[0])


@pytest.mark.parametrize(
    ("kind", "tilt", "roll"), [("tray", 45.0, 30.0), ("crossword", 40.0, -15.0)]
)
def test_rendered_photos_at_a_slant_fit_from_their_faces(kind, tilt, roll):
    # the faces' outlines as the renderer labels them (what a good detector finds)
    _, label = tilted(kind, 11, tilt, roll)
    quads = [Quad(order_corners(np.array(cube["corners"]))) for cube in label["cubes"]]
    assert same_squares(layout_squares(fit_lattice(quads), label), labelled_squares(label))


def test_no_faces_no_lattice():
    lattice = fit_lattice([])
    assert lattice.cells == [] and lattice.lines([]) == []


def test_a_faint_blank_that_ends_a_word_at_a_slant_is_taken_beside_it_only():
    # TIGE? at 40°: the blank that ends the word gives a faint peak, and so does an empty
    # square of the table two squares past it, beside no cube
    pitch = 1.04
    faces = [(c * pitch, 0.0, 0.0) for c in range(5)] + [(7 * pitch, 0.0, 0.0)]
    *word, blank, far = photographed(faces, tilt=40.0, roll=15.0, noise=0.01, seed=5)
    faint = [Quad(blank.corners, 0.35), Quad(far.corners, 0.35)]
    never, beside = LatticeSettings(3.0, 0.4, 0.1, 2.0), LatticeSettings(3.0, 0.4, 0.1, 0.3)
    assert len(place_faces(word, faint, never, (1000, 750)).faces) == 4
    placed = place_faces(word, faint, beside, (1000, 750))
    assert len(placed.faces) == 5 and placed.faces[-1] is faint[0]
    assert sorted(placed.lattice.cells)[-1][1] - sorted(placed.lattice.cells)[0][1] == 4


def test_a_blank_the_verifier_believes_is_taken_beside_a_word_only():
    # the same word at 40°, its blank's peak fainter than any faint floor, but believed by
    # the verifier, and so is a patch of table two squares past it
    pitch = 1.04
    faces = [(c * pitch, 0.0, 0.0) for c in range(5)] + [(7 * pitch, 0.0, 0.0)]
    *word, blank, far = photographed(faces, tilt=40.0, roll=15.0, noise=0.01, seed=5)
    believed = [Quad(blank.corners, 0.12), Quad(far.corners, 0.12)]
    placed = place_faces(word, [], LatticeSettings(3.0, 1.0, 0.1, 2.0), (1000, 750), 0.4, believed)
    assert len(placed.faces) == 5 and placed.faces[-1] is believed[0]
    assert placed.lattice.guessed == frozenset({4})
    assert len(place_faces(word, [], LatticeSettings(3.0, 1.0, 0.1, 2.0), (1000, 750)).faces) == 4


def test_a_weak_find_beside_a_tray_does_not_widen_it():
    # a 4 × 4 tray on a game board, and a board square beside it that only the verifier
    # vouched for (heat 0.3, below the detector's threshold)
    cells = [(r, c) for r in range(4) for c in range(4)] + [(1, 4)]
    quads = photographed([(c * 1.15, -r * 1.15, 0.0) for r, c in cells], 30.0, 10.0, 0.01, 8)
    quads = [*quads[:-1], Quad(quads[-1].corners, score=0.3)]
    settings = LatticeSettings(2.0, 0.3, 0.2, 2.0)
    plain = place_faces(quads, (), settings, (1000, 750))
    weighed = place_faces(quads, (), settings, (1000, 750), weak_below=0.45)
    assert plain.lattice.cells == weighed.lattice.cells and None not in plain.lattice.cells
    assert weighed.lattice.guessed == {len(cells) - 1} and not plain.lattice.guessed
    assert plain.lattice.best_tray((4, 5, 6))[0] == 5
    n, squares = weighed.lattice.best_tray((4, 5, 6))
    assert n == 4 and squares[-1] is None and None not in squares[:-1]


def test_a_dim_tray_found_faintly_keeps_its_size():
    # a 5 × 5 tray at 50° in dim light: its last row and column found below the detector's
    # threshold (kept on the verifier's word), one die of them missed
    cells = [(r, c) for r in range(5) for c in range(5)][:-1]
    faint = {i for i, (r, c) in enumerate(cells) if 4 in (r, c)}
    quads = photographed([(c * 1.15, -r * 1.15, 0.0) for r, c in cells], 50.0, 20.0, 0.01, 8)
    quads = [Quad(q.corners, 0.3 if i in faint else 0.9) for i, q in enumerate(quads)]
    placed = place_faces(
        quads, (), LatticeSettings(2.0, 0.3, 0.2, 2.0), (1000, 750), weak_below=0.45
    )
    assert placed.lattice.guessed == faint
    n, squares = placed.lattice.best_tray((4, 5, 6))
    assert n == 5
    assert same_squares(squares, cells)


def test_a_lattice_holding_no_face_is_the_smallest_tray_with_none_on_it():
    lattice = Lattice(None, [None, None])
    assert lattice.best_tray((4, 5, 6)) == (4, [None, None])


def test_keeping_some_faces_numbers_the_guessed_ones_anew():
    faces = [
        Quad(np.array([[x, 0], [x + 40, 0], [x + 40, 40], [x, 40]], float)) for x in (0, 42, 84)
    ]
    lattice = replace(fit_lattice(faces), guessed=frozenset({0, 2}))
    kept = lattice.keeping(np.array([False, True, True]))
    assert kept.cells == lattice.cells[1:]
    assert kept.guessed == frozenset({1})


def test_a_loose_die_beside_a_crossword_does_not_pull_its_lattice_askew():
    import cv2

    from cubecam.vision.detector.find import find_faces
    from tests.conftest import SAMPLES

    # the Ad-Lib sample cut so that its crossword stands at the photo's edge: grown from the
    # loose S, a lattice takes the R too but sets the crossword's faces off their squares
    photo = cv2.imread(str(SAMPLES / "adlib-crossword.jpg"))[:, 480:]
    quads = find_faces(photo)
    lattice = fit_lattice(quads)
    positions = cv2.perspectiveTransform(
        np.array([q.center for q in quads]).reshape(-1, 1, 2), np.linalg.inv(lattice.to_image)
    ).reshape(-1, 2)
    on = [i for i, cell in enumerate(lattice.cells) if cell is not None]
    off = [np.abs(positions[i] - np.array(lattice.cells[i][::-1]) - 0.5).max() for i in on]
    assert len(on) >= 10  # the crossword's ten cubes
    assert max(off) < 0.2
