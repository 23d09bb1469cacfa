import pytest

from cubecam.cubesets import available_cubesets, load_cubeset, new_set_base, write_user_set
from cubecam.errors import InputError
from cubecam.layout import BLANK, BLOCK, JOKER, Face, Layout


def test_shipped_sets():
    sets = available_cubesets()
    assert {"scrabble-crossword-cubes", "adlib", "classic-4x4"} <= set(sets)
    scrabble = load_cubeset("scrabble-crossword-cubes")
    assert (scrabble.count, scrabble.wildcard, scrabble.wildcards) == (14, BLANK, 2)
    adlib = load_cubeset("adlib")
    assert (adlib.count, adlib.wildcard, adlib.wildcards) == (13, JOKER, 2)


def test_values_reproduce_the_rulebook():
    values = load_cubeset("scrabble-crossword-cubes")
    assert [values.value(Face(ch)) for ch in "WEAVE"] == [4, 1, 1, 4, 1]
    assert values.value(Face("F")) == 1
    assert values.value(Face(BLANK)) == 0 and values.value(Face(BLANK, declared="Z")) == 0


def test_too_many_cubes_or_wildcards():
    cubes = load_cubeset("adlib")
    assert cubes.check(Layout.from_rows(["ABCDEFGHIJKLM"])) == []
    assert "14 cubes" in cubes.check(Layout.from_rows(["ABCDEFGHIJKLMN"]))[0]
    assert "3 wildcards" in cubes.check(Layout.from_rows(["???"]))[0]
    assert "lower-case" not in cubes.check(Layout.from_rows(["???"]))[0]


def test_too_many_wildcards_typed_in_lower_case_are_explained():
    typed = Layout({(0, c): Face("?", declared=letter) for c, letter in enumerate("cat")})
    (problem,) = load_cubeset("scrabble-crossword-cubes").check(typed)
    assert problem.startswith("3 wildcards, but the Scrabble Crossword Cubes set has 2 blanks")
    assert "a lower-case letter is a wildcard" in problem


def test_a_wildcard_of_another_kind_is_no_face_of_the_set():
    adlib, scrabble = load_cubeset("adlib"), load_cubeset("scrabble-crossword-cubes")
    assert adlib.check(Layout.from_rows(["CAT"], unused=[Face(JOKER), Face("?")])) == []
    assert adlib.check(Layout.from_rows(["CAT"], unused=[Face(BLANK)]))[0].startswith(
        "the Duplicate Ad-Lib Crossword Cubes set has no face BLANK (its faces: A B C"
    )
    assert (
        "has no face JOKER" in scrabble.check(Layout.from_rows(["C", "A"], unused=[Face(JOKER)]))[0]
    )


def test_matching_against_known_faces():
    dice = load_cubeset("classic-4x4")
    assert dice.unexplained(["Qu", "A", "A"]) == []
    assert dice.unexplained(["X", "X"]) == ["X"]


def test_the_6x6_set_shows_two_letter_faces_and_the_block():
    dice = load_cubeset("super-big-boggle-6x6")
    assert (dice.kind, dice.size, dice.count, dice.faces) == ("tray", 6, 36, None)
    assert {"Qu", "Th", "Er", "In", "An", "He", BLOCK} <= dice.symbols
    assert "Q" not in dice.symbols and len(dice.symbols) == 25 + 7


def test_unknown_set():
    with pytest.raises(InputError, match="unknown cube set"):
        load_cubeset("no-such-set")


@pytest.fixture
def sets_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("CUBECAM_DATA", str(tmp_path))
    folder = tmp_path / "sets"
    folder.mkdir()
    return folder


def test_a_set_like_another_takes_its_letters_and_values_and_may_change_them(sets_folder):
    (sets_folder / "ours.toml").write_text('name = "ours"\nlike = "adlib"\n[values]\nA = 2\n')
    (sets_folder / "theirs.toml").write_text('name = "theirs"\nlike = "ours"\ntitle = "Theirs"\n')
    adlib, ours, theirs = (load_cubeset(name) for name in ("adlib", "ours", "theirs"))
    assert (ours.title, ours.like, ours.count, ours.wildcard) == ("ours", "adlib", 13, JOKER)
    assert ours.value(Face("A")) == 2 and ours.value(Face("Q")) == adlib.value(Face("Q")) == 10
    assert (theirs.title, theirs.like, theirs.value(Face("A"))) == ("Theirs", "adlib", 2)


def test_the_users_set_wins_over_a_shipped_one_of_the_same_name(sets_folder):
    (sets_folder / "adlib.toml").write_text('name = "adlib"\ncubes = 12\n')
    assert load_cubeset("adlib").count == 12
    assert available_cubesets()["adlib"] == sets_folder / "adlib.toml"


def test_a_calibration_folder_wins_over_the_users_sets_and_the_shipped_ones(
    sets_folder, tmp_path, monkeypatch
):
    (sets_folder / "adlib.toml").write_text('name = "adlib"\ncubes = 12\n')
    extra = tmp_path / "more-sets"
    extra.mkdir()
    (extra / "adlib.toml").write_text('name = "adlib"\ncubes = 11\n')
    monkeypatch.setenv("CUBECAM_CALIBRATION", str(extra))
    assert load_cubeset("adlib").count == 11
    assert available_cubesets()["adlib"] == extra / "adlib.toml"


def test_a_set_like_itself_or_an_unknown_set_is_a_clear_error(sets_folder):
    (sets_folder / "loop.toml").write_text('name = "loop"\nlike = "round"\n')
    (sets_folder / "round.toml").write_text('name = "round"\nlike = "loop"\n')
    (sets_folder / "lost.toml").write_text('name = "lost"\nlike = "nowhere"\n')
    with pytest.raises(InputError, match="is like itself"):
        load_cubeset("loop")
    with pytest.raises(InputError, match="unknown cube set 'nowhere'"):
        load_cubeset("lost")


def test_a_new_set_is_like_the_set_given_or_the_one_its_name_contains(sets_folder):
    assert new_set_base("my-big-boggle-5x5", None) == "big-boggle-5x5"
    assert new_set_base("grandmas", "classic-4x4") == "classic-4x4"
    assert new_set_base("adlib", None) is None
    path = write_user_set("grandmas", "classic-4x4")
    assert path == sets_folder / "grandmas.toml"
    assert load_cubeset("grandmas").faces == load_cubeset("classic-4x4").faces
    for name, like, message in (
        ("grandmas", "adlib", "a cube set already"),
        ("mine", None, "say which set your cubes mine are like"),
        ("mine", "nowhere", "unknown cube set"),
        ("../mine", "adlib", "a set name is letters"),
    ):
        with pytest.raises(InputError, match=message):
            new_set_base(name, like)


def test_cubes_of_the_set_a_layout_does_not_show():
    game_one = load_cubeset("scrabble-crossword-cubes")
    assert game_one.unseen(Layout.from_rows(["TIGER", "OF..."], unused=[Face("T")])) == 6
    assert game_one.unseen(Layout.from_rows(["ABCDEFG", "HIJKLMN"])) == 0
    assert game_one.unseen(Layout.from_rows(["ABCDEFGHIJKLMNO"])) == 0  # too many: check's
