"""What lies on the table: crosswords of real words, trays, loose dice."""

from __future__ import annotations

import numpy as np
import pytest

from cubecam.errors import InputError
from cubecam.layout import LayoutKind
from cubecam.lexicon import Lexicon
from cubecam_lab.synth.plan import crossword_layout, plan_crossword, plan_loose, plan_tray


def runs(rows: list[list[str | None]]) -> list[str]:
    """Every maximal run of two or more cubes, across and down, as lower-case letters."""
    found = []
    for grid in (rows, [list(col) for col in zip(*rows, strict=True)]):
        for row in grid:
            word = ""
            for symbol in [*row, None]:
                if symbol is None:
                    if len(word) > 1:
                        found.append(word)
                    word = ""
                else:
                    word += symbol.lower()
    return found


@pytest.mark.parametrize("seed", range(6))
def test_a_crossword_is_made_of_real_words(seed: int, en: Lexicon) -> None:
    layout = crossword_layout(np.random.default_rng(seed), "en", cubes=14, wildcards=0)
    rows = [[None if f is None else f.symbol for f in row] for row in layout.rows()]
    words = runs(rows)
    assert words and all(word in en for word in words), words
    assert len(layout.groups()) == 1
    assert len(layout.faces()) <= 14 and layout.unused
    assert layout.bounds()[:2] == (0, 0)


@pytest.mark.parametrize("seed", range(3))
def test_a_swedish_crossword_uses_swedish_words(seed: int, sv: Lexicon) -> None:
    layout = crossword_layout(np.random.default_rng(seed), "sv", cubes=13, wildcards=0)
    rows = [[None if f is None else f.symbol for f in row] for row in layout.rows()]
    assert all(word in sv for word in runs(rows))


def test_wildcards_replace_letters_of_the_grid() -> None:
    layouts = [
        crossword_layout(np.random.default_rng(seed), "en", wildcard="JOKER", wildcards=2)
        for seed in range(12)
    ]
    counts = [sum(f.symbol == "JOKER" for f in layout.cells.values()) for layout in layouts]
    assert max(counts) >= 1 and max(counts) <= 2
    assert all(f.symbol != "JOKER" for layout in layouts for f in layout.unused)


def test_crossword_cubes_touch_and_left_overs_lie_apart() -> None:
    rng = np.random.default_rng(3)
    plan = plan_crossword(rng, crossword_layout(rng, "en"))
    on_grid = [c for c in plan.cubes if c.row is not None]
    apart = [c for c in plan.cubes if c.row is None]
    assert len(on_grid) == len(plan.layout.cells) and len(apart) == len(plan.layout.unused)
    for cube in on_grid:
        assert cube.x == pytest.approx(cube.col * plan.pitch, abs=0.1)
        assert cube.y == pytest.approx(-cube.row * plan.pitch, abs=0.1)
        assert abs(cube.yaw) < 12
    for cube in apart:
        nearest = min(np.hypot(cube.x - o.x, cube.y - o.y) for o in plan.cubes if o is not cube)
        assert nearest > 1.5


@pytest.mark.parametrize("size", [4, 5, 6])
def test_a_tray_is_square_and_its_dice_turn_by_quarters(size: int) -> None:
    plan = plan_tray(np.random.default_rng(size), size=size, lang="sv")
    assert plan.layout.kind is LayoutKind.TRAY
    assert [len(row) for row in plan.layout.rows()] == [size] * size
    assert len(plan.cubes) == size * size
    for cube in plan.cubes:
        off = (cube.yaw + 45) % 90 - 45
        assert abs(off) < 20


def test_tray_dice_come_from_the_cube_set() -> None:
    from cubecam.cubesets import load_cubeset

    dice = [set(cube) for cube in load_cubeset("classic-4x4").faces]
    plan = plan_tray(np.random.default_rng(0), size=4, cubeset="classic-4x4")
    for cube in plan.cubes:
        assert any({cube.symbol, *cube.sides} <= die for die in dice)


def test_given_faces_are_used() -> None:
    rows = [["Qu", "Å"], ["BLANK", "JOKER"]]
    plan = plan_tray(np.random.default_rng(0), rows=rows)
    assert [[f.symbol for f in row] for row in plan.layout.rows()] == rows
    loose = plan_loose(np.random.default_rng(0), faces=["Ö", "Qu", "JOKER"])
    assert sorted(f.symbol for f in loose.layout.unused) == ["JOKER", "Qu", "Ö"]


def test_loose_dice_do_not_touch() -> None:
    plan = plan_loose(np.random.default_rng(1), count=14)
    points = np.array([(c.x, c.y) for c in plan.cubes])
    distances = np.hypot(*(points[:, None] - points[None]).transpose(2, 0, 1))
    assert distances[~np.eye(14, dtype=bool)].min() > 1.5


def test_clustered_dice_line_up_but_turn_their_letters_any_way() -> None:
    plan = plan_loose(np.random.default_rng(2), count=20, arrangement="clusters")
    quarters = set()
    for i, a in enumerate(plan.cubes):
        for b in plan.cubes[i + 1 :]:
            if np.hypot(a.x - b.x, a.y - b.y) < 1.3:  # touching side by side
                turn = (a.yaw - b.yaw) % 360
                assert abs((turn + 45) % 90 - 45) < 10
                quarters.add(round(turn / 90) % 4)
    assert len(quarters) >= 3


def test_dice_in_rows_stand_apart_in_lines_turned_any_way() -> None:
    plan = plan_loose(np.random.default_rng(3), count=12, arrangement="rows")
    points = np.array([(c.x, c.y) for c in plan.cubes])
    distances = np.hypot(*(points[:, None] - points[None]).transpose(2, 0, 1))
    nearest = np.sort(distances, axis=1)[:, 1]
    assert (nearest > 1.05).all() and (nearest < 2.0).all()
    turns = {round((c.yaw - plan.cubes[0].yaw) / 90) % 4 for c in plan.cubes}
    assert all(abs((c.yaw - plan.cubes[0].yaw + 45) % 90 - 45) < 25 for c in plan.cubes)
    assert len(turns) >= 3
    assert plan.layout.kind is LayoutKind.LOOSE and len(plan.layout.faces()) == 12


def test_an_unknown_arrangement_is_a_clear_error() -> None:
    with pytest.raises(InputError, match="unknown arrangement 'heap'"):
        plan_loose(np.random.default_rng(3), arrangement="heap")
