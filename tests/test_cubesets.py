import itertools
import json
import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cubecam.cubesets import (
    available_cubesets,
    load_cubeset,
    new_set_base,
    readable_cubesets,
    write_user_set,
)
from cubecam.errors import InputError
from cubecam.layout import BLANK, BLOCK, JOKER, Face, Layout
from tests.conftest import REPO, SAMPLES


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


def deeply_nested(depth: int) -> str:
    return "[" * depth + "]" * depth


BROKEN = {
    "invalid": ("name = 'invalid'\ncubes = = 3\n", "cannot read cube set .*invalid.toml: Invalid"),
    "latin1": ("name = 'l\xe4tin'\ncubes = 3\n".encode("latin-1"), "latin1.toml is not UTF-8"),
    "lost": ("name = 'lost'\nlike = 'nonexistent'\n", "lost.toml is like 'nonexistent'"),
    "many": ("name = 'many'\ncubes = 'many'\n", "cubes must be a whole number, not 'many'"),
    "minus": ("name = 'minus'\ncubes = -5\n", "cubes must be at least 1, not -5"),
    "none": ("name = 'none'\ncubes = 0\n", "cubes must be at least 1, not 0"),
    "wild": ("name = 'wild'\ncubes = 3\nwildcards = -3\n", "wildcards must be at least 0"),
    "values": ("name = 'values'\ncubes = 3\nvalues = [1, 2]\n", "values must be a table"),
    "faces": ("name = 'faces'\ncubes = 2\nfaces = [[1, 2], [3]]\n", "faces must be lists of"),
    "joker": ("name = 'joker'\ncubes = 2\nwildcard = 7\n", "wildcard must be text in quotes"),
    "symbol": ("name = 'symbol'\ncubes = 2\nsymbols = ['A', '7']\n", "unknown face symbol '7'"),
    "deep": (f"name = 'deep'\ncubes = 2\nfaces = {deeply_nested(5000)}\n", "nests too deeply"),
}


@pytest.fixture
def broken_sets(sets_folder):
    """Every way a set file can be broken, each in a file of its own name, beside a good set."""
    for name, (text, _) in BROKEN.items():
        write = (sets_folder / f"{name}.toml").write_bytes
        write(text if isinstance(text, bytes) else text.encode())
    (sets_folder / "dangling.toml").symlink_to(sets_folder / "gone.toml")
    (sets_folder / "zero.toml").symlink_to("/dev/zero")
    (sets_folder / "folder.toml").mkdir()
    with (sets_folder / "huge.toml").open("wb") as huge:
        huge.truncate(60_000_000)  # 60 MB, sparse
    (sets_folder / "good.toml").write_text("name = 'good'\nlike = 'adlib'\n")
    return sets_folder


MORE_BROKEN = {
    "dangling": "cube set not found: .*dangling.toml",
    "zero": "zero.toml is not a regular file",
    "folder": "folder.toml is a folder",
    "huge": "huge.toml is too large",
}


@pytest.mark.parametrize(
    ("name", "message"),
    [*((name, message) for name, (_, message) in BROKEN.items()), *MORE_BROKEN.items()],
)
def test_a_broken_set_file_is_a_one_line_error_naming_it(broken_sets, name, message):
    with pytest.raises(InputError, match=message) as refused:
        load_cubeset(name)
    assert f"{name}.toml" in str(refused.value) and "\n" not in str(refused.value)


def test_broken_sets_are_left_out_each_named_once_and_the_others_still_load(broken_sets, caplog):
    readable = {cubes.name for cubes in readable_cubesets()}
    assert {"good", "adlib", "classic-4x4"} <= readable
    assert readable.isdisjoint([*BROKEN, *MORE_BROKEN])
    said = [record.getMessage() for record in caplog.records]
    assert len(said) == len(BROKEN) + len(MORE_BROKEN)
    for name in [*BROKEN, *MORE_BROKEN]:
        assert sum(f"the cube set {name} is left out: " in line for line in said) == 1


def test_a_grid_is_scored_beside_broken_sets_each_named_once_on_stderr(broken_sets):
    scored = subprocess.run(
        [sys.executable, "-m", "cubecam", "score", "--grid", str(SAMPLES / "game-one.grid")],
        capture_output=True,
        text=True,
        env={
            **os.environ,
            "PYTHONPATH": str(REPO / "src"),
            "CUBECAM_DATA": str(broken_sets.parent),
        },
        check=False,
        timeout=120,
    )
    assert scored.returncode == 0, scored.stderr
    assert scored.stdout.splitlines()[-1] == "Final score: 22"
    warned = [line for line in scored.stderr.splitlines() if " warning: " in line]
    assert len(warned) == len(BROKEN) + len(MORE_BROKEN), scored.stderr  # besides any notes
    assert all(line.startswith("cubecam: warning: the cube set ") for line in warned)
    assert {line.split()[5] for line in warned} == {*BROKEN, *MORE_BROKEN}
    assert "error" not in scored.stderr and "Traceback" not in scored.stderr


TEXTS = st.sampled_from(["adlib", "A", "Qu", "BLANK", "JOKER", "?", ""]) | st.text(max_size=4)
TOML_VALUES = st.recursive(
    st.integers(-(2**63), 2**63 - 1) | st.booleans() | st.floats(allow_nan=False) | TEXTS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXTS, inner, max_size=4),
    max_leaves=12,
)
NUMBERS = st.integers(-3, 40)
SET_KEYS = {  # each key's likely values, or anything
    "name": TEXTS,
    "title": TEXTS,
    "cubes": NUMBERS,
    "kind": st.sampled_from(["crossword", "tray"]),
    "lang": st.sampled_from(["en", "sv"]),
    "wildcard": TEXTS,
    "wildcards": NUMBERS,
    "values": st.dictionaries(TEXTS, NUMBERS, max_size=5),
    "faces": st.lists(st.lists(TEXTS, max_size=6), max_size=4),
    "size": NUMBERS,
    "like": TEXTS,
    "symbols": st.lists(TEXTS, max_size=5),
}


def toml(value: object) -> str:
    """``value`` written as TOML (a table inline)."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return f"[{', '.join(map(toml, value))}]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{toml(k)} = {toml(v)}" for k, v in value.items()) + "}"
    return "inf" if value == float("inf") else "-inf" if value == float("-inf") else repr(value)


SET_FILES = st.fixed_dictionaries(
    {}, optional={key: likely | TOML_VALUES for key, likely in SET_KEYS.items()}
).map(lambda keys: "".join(f"{key} = {toml(value)}\n" for key, value in keys.items())) | st.text(
    max_size=200
)


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=SET_FILES)
def test_the_set_reader_gives_a_set_or_one_line_error_for_any_file(sets_folder, text):
    path = sets_folder / f"fuzz-{next(FUZZED)}.toml"
    path.write_text(text, "utf-8", errors="surrogatepass")
    try:
        cubes = load_cubeset(str(path))
    except InputError as error:
        assert "\n" not in str(error).strip()
        return
    assert cubes.count >= 1 and cubes.wildcards >= 0
    assert all(isinstance(v, int) and v >= 0 for v in cubes.values.values())
    assert isinstance(cubes.face_names(), list)


FUZZED = itertools.count()
