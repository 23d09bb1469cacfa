"""One cube face as an image: every face type, options, fonts."""

from __future__ import annotations

import numpy as np
import pytest

from cubecam.errors import InputError
from cubecam_lab.synth.face import BLACK_INK, IVORY, default_font, render_face
from cubecam_lab.synth.fonts import available_fonts

SYMBOLS = [*"ABCDEFGHIJKLMNOPQRSTUVWXYZÅÄÖ", "Qu", "?"]


def ink(image: np.ndarray) -> np.ndarray:
    """Where the face is printed (pixels far from the face colour)."""
    return np.abs(image.astype(int) - np.array(IVORY)).sum(axis=2) > 150


def test_fonts_are_listed_in_a_stable_order_and_print_every_face() -> None:
    fonts = available_fonts()
    assert len(fonts) >= 3
    assert fonts == sorted(fonts)
    assert default_font() in fonts


@pytest.mark.parametrize("symbol", SYMBOLS)
def test_every_letter_is_printed_in_the_middle_of_the_face(symbol: str) -> None:
    image = render_face(symbol, 48)
    assert image.shape == (48, 48, 3) and image.dtype == np.uint8
    printed = ink(image)
    assert printed.sum() > 40
    ys, xs = np.nonzero(printed)
    assert 14 < xs.mean() < 34 and 12 < ys.mean() < 36


def test_blank_has_no_ink_and_the_joker_is_a_framed_diamond() -> None:
    assert not ink(render_face("BLANK", 48)).any()
    joker = ink(render_face("JOKER", 64))
    assert joker[32, 32]  # the diamond's middle is filled
    row = joker[32]
    assert row[14:18].all() and row[46:50].all()  # the square's sides
    assert not row[19:22].any() and not row[0:12].any()  # a gap inside, a margin outside


def test_the_block_is_a_solid_square_inside_a_margin() -> None:
    block = ink(render_face("BLOCK", 64))
    assert block[12:52, 12:52].all()  # solid: ink everywhere inside
    assert not block[:8].any() and not block[:, 58:].any()  # the face's colour all round


def test_each_letter_looks_different() -> None:
    images = {s: ink(render_face(s, 40)) for s in ["A", "Å", "Ä", "O", "Ö", "Qu", "Q"]}
    seen = list(images.values())
    assert all(not np.array_equal(a, b) for i, a in enumerate(seen) for b in seen[i + 1 :])


def test_quarter_turns_are_exact_and_turn_counter_clockwise() -> None:
    upright = render_face("L", 40)
    assert np.array_equal(render_face("L", 40, rotation=90), np.rot90(upright))
    assert np.array_equal(render_face("L", 40, rotation=180), np.rot90(upright, 2))
    turned = ink(render_face("L", 40, rotation=7))
    assert turned.sum() == pytest.approx(ink(upright).sum(), rel=0.25)
    assert not np.array_equal(turned, ink(upright))


def test_options_change_the_face() -> None:
    plain = render_face("M", 64)
    assert not np.array_equal(render_face("M", 64, underline=True), plain)
    assert np.array_equal(render_face("A", 64, underline=True), render_face("A", 64))
    digit = ink(render_face("M", 64, value_digit=3)) & ~ink(plain)
    assert digit[40:, 40:].sum() > 10 and not digit[:32].any()
    black = render_face("A", 32, face_colour=(0, 0, 0), ink_colour=(255, 255, 255))
    assert black[0, 0].tolist() == [0, 0, 0] and black.max() == 255
    assert render_face("A", 32)[0, 0].tolist() == list(IVORY)
    assert BLACK_INK != IVORY


def test_jitter_comes_from_the_generator_only() -> None:
    a = render_face("K", 48, rng=np.random.default_rng(5))
    b = render_face("K", 48, rng=np.random.default_rng(5))
    c = render_face("K", 48, rng=np.random.default_rng(6))
    assert np.array_equal(a, b) and not np.array_equal(a, c)


def test_every_font_prints_the_swedish_letters() -> None:
    for font in available_fonts()[::7]:
        assert ink(render_face("Å", 32, font=font)).sum() > 20


def test_a_face_too_small_or_an_unknown_symbol_is_refused() -> None:
    with pytest.raises(InputError):
        render_face("A", 4)
    with pytest.raises(InputError):
        render_face("3", 32)
