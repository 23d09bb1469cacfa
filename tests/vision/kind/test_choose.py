from dataclasses import replace

import numpy as np
import pytest

from cubecam.cubesets import load_cubeset
from cubecam.layout import LayoutKind
from cubecam.vision.kind import KindSettings, choose_kind, crossword_lattice, one_way, tray_size
from cubecam.vision.kind.choose import SETTINGS_PATH
from cubecam.vision.lattice import fit_lattice
from cubecam.vision.quad import Quad
from cubecam_lab.kind.evaluate import (
    AGREEMENTS,
    EVIDENCES,
    LEAST_SIDES,
    TRAY_AGREEMENTS,
    TRAY_FILLS,
    TRAY_HOLDS,
    TURNED_AWAYS,
)

SETTINGS = KindSettings(
    tray_fill=0.5, tray_agreement=0.9, least_side=0.6, agreement=0.7, turned_away=0.01
)


def face(x: float, y: float, side: float = 40.0, turn: float = 0.0) -> Quad:
    """A square face ``side`` pixels wide, its top-left corner at (x, y) before it is turned
    ``turn`` degrees about its centre."""
    a = np.deg2rad(turn)
    corners = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], float) * side / 2
    corners = corners @ np.array([[np.cos(a), np.sin(a)], [-np.sin(a), np.cos(a)]])
    return Quad(corners + np.array([x, y]) + side / 2)


def grid(cells: list[tuple[int, int]], pitch: float, side: float = 40.0):
    """The lattice of square faces ``side`` pixels wide on ``cells`` ``pitch`` apart."""
    return fit_lattice([face(100 + c * pitch, 100 + r * pitch, side) for r, c in cells])


def test_a_full_tray_is_a_tray_whichever_way_its_letters_turn() -> None:
    tray = grid([(r, c) for r in range(4) for c in range(4)], 48)
    assert choose_kind(tray, 1.0, SETTINGS) is LayoutKind.TRAY
    assert choose_kind(tray, 0.3, SETTINGS) is LayoutKind.TRAY


def test_most_of_a_tray_turned_every_way_is_a_tray() -> None:
    cells = [(r, c) for r in range(4) for c in range(4)][:11]
    assert choose_kind(grid(cells, 48), 0.4, SETTINGS) is LayoutKind.TRAY


def test_a_few_dice_pushed_together_with_their_letters_every_way_are_loose() -> None:
    cluster = grid([(0, 0), (0, 1), (1, 0), (1, 1)], 41)
    assert choose_kind(cluster, 0.4, SETTINGS) is LayoutKind.LOOSE
    assert choose_kind(cluster, 1.0, SETTINGS) is LayoutKind.CROSSWORD  # or a tiny crossword


def test_dice_lying_in_rows_far_apart_are_loose() -> None:
    cells = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 1), (2, 2), (3, 3)]
    assert choose_kind(grid(cells, 48), 0.5, SETTINGS) is LayoutKind.TRAY
    assert choose_kind(grid(cells, 80), 0.5, SETTINGS) is LayoutKind.LOOSE
    assert choose_kind(grid(cells, 80), 1.0, SETTINGS) is LayoutKind.LOOSE


def test_half_a_window_of_dice_with_more_beside_it_off_the_lattice_is_loose() -> None:
    half = [face(100 + c * 48, 100 + r * 48) for r in range(2) for c in range(4)]
    beside = [face(120 + 48 * k, 226 + 9 * k, turn=30 + 7 * k) for k in range(5)]
    holding = replace(SETTINGS, tray_holds=0.9)
    assert choose_kind(fit_lattice(half), 0.5, holding) is LayoutKind.TRAY
    assert choose_kind(fit_lattice(half + beside), 0.5, holding) is LayoutKind.LOOSE
    assert choose_kind(fit_lattice(half + beside), 0.5, SETTINGS) is LayoutKind.TRAY  # 0: any


def test_a_tray_set_makes_a_tray_of_a_few_of_its_dice() -> None:
    cells = [(0, 0), (0, 1), (1, 1), (2, 1)]
    lattice = grid(cells, 48)
    cubeset = load_cubeset("classic-4x4")
    assert choose_kind(lattice, 0.5, SETTINGS) is LayoutKind.LOOSE
    assert choose_kind(lattice, 0.5, SETTINGS, cubeset) is LayoutKind.TRAY
    assert tray_size(lattice, cubeset) == 4


@pytest.mark.parametrize("cells", [[(0, 0), (0, 1)], [(r, c) for r in range(5) for c in range(4)]])
def test_the_tray_size_is_the_smallest_that_holds_the_faces(cells) -> None:
    assert tray_size(grid(cells, 48), None) == (4 if len(cells) == 2 else 5)


def test_the_shipped_settings_are_among_those_the_evaluation_tries() -> None:
    shipped = KindSettings.load(SETTINGS_PATH)
    assert shipped.tray_fill in TRAY_FILLS and shipped.tray_agreement in TRAY_AGREEMENTS
    assert shipped.least_side in LEAST_SIDES and shipped.agreement in AGREEMENTS
    assert shipped.turned_away in TURNED_AWAYS and shipped.tray_holds in TRAY_HOLDS
    assert shipped.evidence in EVIDENCES


UPRIGHT, TWO_WAYS, SIDEWAYS = [1.0, 0, 0, 0], [0.5, 0, 0.5, 0], [0, 1.0, 0, 0]
"""A letter's probabilities of the four turns: read upright; an H or an N, upright or upside
down; turned a quarter."""


def test_letters_that_each_read_two_ways_bear_out_one_turn_less_than_upright_ones() -> None:
    upright, two_ways = one_way(np.array([UPRIGHT] * 2)), one_way(np.array([TWO_WAYS] * 2))
    assert upright > two_ways > 0.0
    assert one_way(np.array([UPRIGHT, SIDEWAYS])) < 0.0  # one of two turned away: no word
    assert one_way(np.array([UPRIGHT] * 6 + [SIDEWAYS])) > upright  # one odd cube of seven
    assert one_way(np.array([[0.25] * 4] * 3)) == pytest.approx(0.0)  # blanks tell nothing


def test_touching_dice_whose_letters_bear_out_no_turn_enough_are_loose_dice() -> None:
    pair = grid([(0, 0), (0, 1)], 41)
    wary = replace(SETTINGS, evidence=2.0)
    upright, two_ways = one_way(np.array([UPRIGHT] * 2)), one_way(np.array([TWO_WAYS] * 2))
    assert choose_kind(pair, 1.0, wary, evidence=upright) is LayoutKind.CROSSWORD
    assert choose_kind(pair, 1.0, wary, evidence=two_ways) is LayoutKind.LOOSE
    assert choose_kind(pair, 1.0, SETTINGS, evidence=two_ways) is LayoutKind.CROSSWORD


def test_a_board_full_of_words_is_a_crossword_not_a_tray() -> None:
    rows = [(r, c) for r in range(0, 10, 2) for c in range(10)]
    board = grid(rows + [(r, 0) for r in range(1, 10, 2)], 41)
    assert choose_kind(board, 1.0, SETTINGS) is LayoutKind.CROSSWORD


def test_a_cube_turned_away_from_a_crossword_is_left_over() -> None:
    word = grid([(0, c) for c in range(5)] + [(1, 2)], 41)
    shares = np.array([1.0, 0.8, 1.0, 0.5, 1.0, 0.002])  # the last turned away, the T leaning
    kept = crossword_lattice(word, shares, SETTINGS)
    assert kept.touching() == [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), None]
    assert crossword_lattice(word, np.ones(6), SETTINGS).touching() == word.touching()
    ends_alone = crossword_lattice(word, np.array([1, 1, 0.0, 1, 1, 1]), SETTINGS)
    assert ends_alone.touching() == [(0, 0), (0, 1), None, (0, 3), (0, 4), None]  # two groups
