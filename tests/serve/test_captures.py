"""The captures kept in memory: bounded by bytes, the least recently used forgotten first."""

from __future__ import annotations

import numpy as np
import pytest

from cubecam.grid_format import parse_grid
from cubecam.serve.captures import OVERHEAD_BYTES, Capture, CaptureStore, cubes_of_layout

MB = 1024**2


def capture(store: CaptureStore, image_mb: int) -> Capture:
    layout = parse_grid("CAT")
    image = np.zeros((image_mb * MB // 3, 1, 3), np.uint8)
    return Capture(
        store.new_id(), "scrabble-cubes", "en", layout, cubes_of_layout(layout), image=image
    )


def test_the_store_keeps_what_fits_in_its_bytes_least_recently_used_out_first() -> None:
    store = CaptureStore(max_bytes=3 * MB + 3 * OVERHEAD_BYTES + 100)
    first, second, third = (store.add(capture(store, 1)) for _ in range(3))
    assert store.get(first.id) is first  # used again: now the most recent
    store.add(capture(store, 1))
    assert store.get(first.id) is first and store.get(third.id) is third
    with pytest.raises(LookupError, match="take the photo again"):
        store.get(second.id)


def test_a_capture_larger_than_the_store_is_still_kept_alone() -> None:
    store = CaptureStore(max_bytes=MB)
    small = store.add(capture(store, 0))
    big = store.add(capture(store, 2))
    assert store.get(big.id) is big
    with pytest.raises(LookupError):
        store.get(small.id)
