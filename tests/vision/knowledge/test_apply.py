import itertools
import math

import numpy as np
import pytest

from cubecam.cubesets import CubeSet, load_cubeset
from cubecam.vision.knowledge.apply import alphabet, apply_cubeset, surplus


def test_set_alphabet_from_faces_or_values():
    assert "Qu" in alphabet(load_cubeset("classic-4x4"))
    adlib = alphabet(load_cubeset("adlib"))
    assert "JOKER" in adlib and "BLANK" not in adlib


def test_symbol_outside_the_set_is_corrected():
    assert apply_cubeset([{"BLANK": 0.7, "JOKER": 0.3}], load_cubeset("adlib")) == ["JOKER"]


def test_matching_fixes_the_least_likely_impossible_reading():
    # classic-4x4 has a single Qu face: two Qu cannot both be right
    cubes = [{"Qu": 0.95, "O": 0.05}, {"Qu": 0.55, "O": 0.45}]
    assert apply_cubeset(cubes, load_cubeset("classic-4x4")) == ["Qu", "O"]


def test_explainable_readings_are_left_alone():
    cubes = [{"A": 0.6, "R": 0.4}, {"E": 0.9, "F": 0.1}]
    assert apply_cubeset(cubes, load_cubeset("classic-4x4")) == ["A", "E"]


def test_close_call_goes_to_the_symbol_more_faces_show():
    # classic-4x4 shows E on ten faces and F on two
    assert apply_cubeset([{"F": 0.52, "E": 0.48}], load_cubeset("classic-4x4")) == ["E"]
    assert apply_cubeset([{"F": 0.9, "E": 0.1}], load_cubeset("classic-4x4")) == ["F"]


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
        probabilities = [
            dict(zip("ABCD", p.tolist(), strict=True)) for p in rng.dirichlet(np.ones(4), size=3)
        ]
        read = apply_cubeset(probabilities, cubeset)

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


def test_no_face_is_surplus_where_the_set_has_cubes_enough():
    adlib = load_cubeset("adlib")
    faces = [{"A": 1.0}] * adlib.count
    assert surplus(faces, [0.01] * adlib.count, adlib) == []


def test_the_face_least_likely_a_cube_is_surplus():
    adlib = load_cubeset("adlib")
    faces = [{"E": 0.9, "F": 0.1}] * (adlib.count + 1)
    presence = [0.99] * adlib.count + [0.99]
    presence[4] = 0.3
    assert surplus(faces, presence, adlib) == [4]


def test_a_face_the_set_cannot_show_is_surplus_before_a_faint_one():
    # a board's square read BLANK beside an Ad-Lib crossword (its wildcard is a joker)
    adlib = load_cubeset("adlib")
    faces = [{"S": 1.0}] * adlib.count + [{"BLANK": 0.98, "O": 0.02}]
    presence = [0.99] * adlib.count + [0.9]
    presence[0] = 0.6
    assert surplus(faces, presence, adlib) == [adlib.count]


def test_the_surplus_is_chosen_jointly_with_the_cubes():
    # one cube shows only A, the other only B: of two faces reading A one is none, since
    # the B face (the one least likely a cube) is the only one the B cube can be
    pair = CubeSet("pair", "a pair", count=2, faces=(("A",) * 6, ("B",) * 6))
    faces = [{"A": 1.0}, {"A": 1.0}, {"B": 1.0}]
    assert surplus(faces, [0.99, 0.45, 0.3], pair) == [1]


def test_a_face_surely_a_cube_is_never_surplus():
    # more cubes than the set has, each surely there: another set's, for the user to settle
    adlib = load_cubeset("adlib")
    faces = [{"E": 0.9, "F": 0.1}] * (adlib.count + 2)
    presence = [0.99] * adlib.count + [0.97, 0.4]
    assert surplus(faces, presence, adlib) == [adlib.count + 1]


def test_no_more_cubes_read_as_the_wildcard_than_the_set_has():
    # two blanks in the set: of three read blank, the one likeliest a letter reads it
    cubes = [{"BLANK": 0.9, "I": 0.1}, {"BLANK": 0.6, "O": 0.4}, {"BLANK": 0.99, "E": 0.01}]
    scrabble = load_cubeset("scrabble-crossword-cubes")
    assert apply_cubeset(cubes, scrabble) == ["BLANK", "O", "BLANK"]
    assert apply_cubeset(cubes[:2], scrabble) == ["BLANK", "BLANK"]


def test_a_cube_read_only_as_the_wildcard_keeps_it():
    cubes = [{"BLANK": 1.0}, {"BLANK": 0.6, "O": 0.4}, {"BLANK": 1.0}]
    assert apply_cubeset(cubes, load_cubeset("scrabble-crossword-cubes")) == [
        "BLANK",
        "O",
        "BLANK",
    ]
    assert (
        apply_cubeset([{"BLANK": 1.0}] * 3, load_cubeset("scrabble-crossword-cubes"))
        == ["BLANK"] * 3
    )
