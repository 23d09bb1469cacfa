import pytest

from cubecam.cli.photo_input import (
    add_left_over,
    apply_fixes,
    by_player,
    describe,
    layout_from,
    unseen_note,
)
from cubecam.cubesets import load_cubeset
from cubecam.errors import InputError
from cubecam.grid_format import format_grid, parse_grid
from cubecam.layout import Face, LayoutKind
from tests.conftest import SAMPLES


def test_fixes_count_from_one_and_follow_the_grid():
    layout = parse_grid("..W\nCAT\nunused: E")
    fixed = apply_fixes(layout, ["2,3=B", "1,3=.", "2,1=e"])
    assert format_grid(fixed) == "eAB\nunused: E"
    tray = apply_fixes(parse_grid("kind: tray\nAB\nCD"), ["1,1=qu"], lowercase_is_wildcard=False)
    assert tray.at(0, 0) == Face("Qu")


@pytest.mark.parametrize("fix", ["2-3=E", "0,5=E", "1,1=3"])
def test_bad_fixes_are_clear_errors(fix):
    with pytest.raises(InputError):
        apply_fixes(parse_grid("CAT"), [fix])


def test_a_layout_comes_from_exactly_one_source():
    with pytest.raises(InputError, match="one of them"):
        layout_from(None, None, kind="crossword", cubeset=None)
    with pytest.raises(InputError, match="one of them"):
        layout_from(
            SAMPLES / "game-one.grid",
            SAMPLES / "game-one-crossword.jpg",
            kind="crossword",
            cubeset=None,
        )


def test_photo_is_read_and_corrected():
    layout, reading = layout_from(
        None, SAMPLES / "game-one-crossword.jpg", kind="crossword", cubeset=None, fixes=["2,1=P"]
    )
    assert reading is not None and reading.layout.at(1, 0) == Face("T")
    assert layout.at(1, 0) == Face("P")


def test_cubes_left_over_are_added_as_faces_of_the_set():
    layout = add_left_over(parse_grid("CAT\nunused: E"), ["s", "[BLANK]"])
    assert format_grid(layout) == "CAT\nunused: E s [BLANK]"
    assert layout.unused[1].is_wildcard  # lower case is a wildcard in a crossword
    game_one = load_cubeset("scrabble-crossword-cubes")
    with pytest.raises(InputError, match="--left-over 'Ö': the Scrabble Crossword Cubes set"):
        add_left_over(parse_grid("CAT"), ["Ö"], cubeset=game_one)
    with pytest.raises(InputError, match="--left-over '3'"):
        add_left_over(parse_grid("CAT"), ["3"])
    with pytest.raises(InputError, match="give the letter the cube shows"):
        add_left_over(parse_grid("CAT"), [" "], cubeset=game_one)


def test_the_note_on_cubes_not_shown_says_what_to_do():
    adlib = load_cubeset("adlib")
    assert unseen_note(0, adlib, from_photo=True) == ""
    photo = unseen_note(2, adlib, from_photo=True)
    assert "photo shows 11 of the Duplicate Ad-Lib Crossword Cubes set's 13 cubes" in photo
    assert "--left-over LETTER" in photo
    assert "'unused:' line" in unseen_note(2, adlib, from_photo=False)
    bo = unseen_note(1, adlib, from_photo=True, player="Bo")
    assert "--left-over Bo:LETTER (or --fix Bo:ROW,COL=LETTER" in bo


def test_a_correction_of_two_players_is_shared_out_by_name_or_place():
    shares = by_player(
        "--fix", ["Bo:1,2=E", "1:2,2=.", "Ann:3,1=[JOKER]", " 2 :4,4=S"], ["Ann", "Bo"]
    )
    assert shares == {"Ann": ["2,2=.", "3,1=[JOKER]"], "Bo": ["1,2=E", "4,4=S"]}
    assert by_player("--left-over", ["A:B:T"], ["A:B", "C"]) == {"A:B": ["T"], "C": []}


@pytest.mark.parametrize("value", ["1,2=E", "Cy:1,2=E", "3:1,2=E", ":T"])
def test_a_correction_that_names_no_player_is_refused(value):
    with pytest.raises(InputError, match="say whose crossword it is, as PLAYER:"):
        by_player("--fix", [value], ["Ann", "Bo"])


@pytest.mark.parametrize("fix", ["9,9=E", "3,1=E", "1,5=S", "0,1=.", "2,4=."])
def test_a_fix_further_out_than_beside_the_grid_is_refused(fix):
    with pytest.raises(InputError, match="is outside the grid, which has 1 row and 3 columns"):
        apply_fixes(parse_grid("CAT"), [fix])


def test_a_fix_beside_the_grid_adds_a_cube_the_camera_missed():
    grown = apply_fixes(parse_grid("CAT\nunused: E"), ["2,1=O", "1,4=S", "0,3=?"])
    assert format_grid(grown) == "..?.\nCATS\nO...\nunused: E"
    # every fix counts on the grid as printed, before any of them
    assert format_grid(apply_fixes(parse_grid("CAT"), ["1,0=S", "1,1=B"])) == "SBAT"


def test_fixes_count_on_the_grid_as_printed():
    layout = parse_grid(".....\n..CAT")
    assert format_grid(layout) == "CAT"
    assert format_grid(apply_fixes(layout, ["1,1=B"])) == "BAT"


def test_an_unsure_cube_is_named_by_its_square_not_its_pixels():
    from cubecam.reading import CubeReading, Reading

    cubes = [
        CubeReading(
            symbol="W", confidence=0.62, alternatives=[("M", 0.2)], center=(657, 588), row=0, col=3
        ),
        CubeReading(symbol="T", confidence=0.5, center=(100, 80)),
    ]
    text = describe(Reading(kind=LayoutKind.CROSSWORD, cubes=cubes, image_size=(800, 600)))
    assert "unsure: the cube at row 1, column 4 reads W (62% sure); it could be M (20%)" in text
    assert "unsure: a cube left over reads T (50% sure); nothing else fits" in text
    assert "657" not in text and "588" not in text


def test_a_cube_no_face_was_found_for_is_named_as_unseen():
    from cubecam.reading import CubeReading, Reading

    cube = CubeReading(symbol="BLANK", confidence=0.97, center=(50, 50), row=2, col=2, unseen=True)
    text = describe(Reading(kind=LayoutKind.TRAY, cubes=[cube], image_size=(100, 100)))
    assert (
        "unsure: the cube at row 3, column 3 reads BLANK (97% sure) (no face was found there:"
        " read where the tray holds a cube); nothing else fits"
    ) in text


def test_a_cube_doubted_as_a_cube_says_how_sure_the_reader_is_that_one_is_there():
    from cubecam.reading import CubeReading, Reading

    cubes = [
        CubeReading(symbol="BLANK", confidence=0.99, center=(50, 50), row=0, col=1, presence=0.7),
        CubeReading(symbol="E", confidence=0.6, center=(10, 50), row=0, col=0, presence=0.95),
    ]
    text = describe(Reading(kind=LayoutKind.CROSSWORD, cubes=cubes, image_size=(100, 100)))
    assert (
        "unsure: the cube at row 1, column 2 reads BLANK (99% sure),"
        " if a cube is there at all (70% sure); nothing else fits"
    ) in text
    assert "unsure: the cube at row 1, column 1 reads E (60% sure); nothing else fits" in text
