import itertools
import math

import numpy as np
import pytest

from cubecam.cubesets import CubeSet, load_cubeset
from cubecam.vision.knowledge import Guess, alphabet, apply_cubeset


def test_set_alphabet_from_faces_or_values():
    assert "Qu" in alphabet(load_cubeset("classic-4x4"))
    adlib = alphabet(load_cubeset("adlib"))
    assert "JOKER" in adlib and "BLANK" not in adlib


def test_symbol_outside_the_set_is_corrected_and_shown():
    guesses = [Guess({"BLANK": 0.7, "JOKER": 0.3})]
    (guess,) = apply_cubeset(guesses, load_cubeset("adlib"))
    assert guess.symbol == "JOKER"
    assert guess.corrected_from == "BLANK"


def test_matching_fixes_the_least_likely_impossible_reading():
    # classic-4x4 has a single Qu face: two Qu cannot both be right
    guesses = [Guess({"Qu": 0.95, "O": 0.05}), Guess({"Qu": 0.55, "O": 0.45})]
    first, second = apply_cubeset(guesses, load_cubeset("classic-4x4"))
    assert (first.symbol, first.corrected_from) == ("Qu", None)
    assert (second.symbol, second.corrected_from) == ("O", "Qu")


def test_explainable_readings_are_left_alone():
    guesses = [Guess({"A": 0.6, "R": 0.4}), Guess({"E": 0.9, "F": 0.1})]
    result = apply_cubeset(guesses, load_cubeset("classic-4x4"))
    assert [(g.symbol, g.corrected_from) for g in result] == [("A", None), ("E", None)]


def test_close_call_goes_to_the_symbol_more_faces_show():
    # classic-4x4 shows E on ten faces and F on two
    (guess,) = apply_cubeset([Guess({"F": 0.52, "E": 0.48})], load_cubeset("classic-4x4"))
    assert (guess.symbol, guess.corrected_from) == ("E", "F")
    (sure,) = apply_cubeset([Guess({"F": 0.9, "E": 0.1})], load_cubeset("classic-4x4"))
    assert (sure.symbol, sure.corrected_from) == ("F", None)


def test_the_joint_assignment_is_the_likeliest_one():
    # four cubes; each position shows a face of a different one, the likeliest way in all
    cubeset = CubeSet(
        name="four",
        title="four",
        count=4,
        faces=(("A", "B"), ("A", "C"), ("B", "D"), ("C", "D")),
    )
    rng = np.random.default_rng(7)
    for _ in range(20):
        guesses = []
        for p in rng.dirichlet(np.ones(4), size=3):
            guesses.append(Guess(dict(zip("ABCD", p.tolist(), strict=True))))
        probabilities = [dict(g.probabilities) for g in guesses]
        read = [g.symbol for g in apply_cubeset(guesses, cubeset)]

        def likelihood(symbols, probabilities=probabilities):
            return math.prod(p[s] for p, s in zip(probabilities, symbols, strict=True))

        best = max(
            (
                [
                    max(cubeset.faces[c], key=p.__getitem__)
                    for p, c in zip(probabilities, cubes, strict=True)
                ]
                for cubes in itertools.permutations(range(4), 3)
            ),
            key=likelihood,
        )
        assert not cubeset.unexplained(read)
        assert likelihood(read) == pytest.approx(likelihood(best))
