"""Table tops: every surface drawn at the size asked, at any scale."""

from __future__ import annotations

import numpy as np
import pytest

from cubecam_lab.synth.background import WIDE_SURFACES, table_texture


@pytest.mark.parametrize("surface", WIDE_SURFACES)
def test_every_surface_is_drawn_at_the_size_asked(surface: str) -> None:
    image = table_texture(np.random.default_rng(1), surface, 96, 64)
    assert image.shape == (64, 96, 3) and image.dtype == np.uint8
    assert image.std() > 0.5  # a texture, not one flat colour


def test_a_board_seen_nearly_edge_on_is_drawn_without_a_square_under_a_texel() -> None:
    """A table spanning thousands of cubes gives a board square far under a texel: its
    squares are drawn at two texels, not counted out one by one."""
    image = table_texture(np.random.default_rng(2), "board", 96, 64, texels_per_unit=0.001)
    assert image.shape == (64, 96, 3)
    lines = np.abs(np.diff(image.astype(float).mean(axis=2), axis=1)).mean()
    assert lines > 1.0
