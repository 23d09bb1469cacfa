import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cubecam.errors import GridSyntaxError, InputError
from cubecam.grid_format import format_grid, parse_grid
from cubecam.layout import BLANK, BLOCK, JOKER, WILD, Face, LayoutKind

EXAMPLE = "...W.\nTIGER\nOF.A.\nN..V.\n...E.\nunused: T U"


def test_rulebook_example_round_trips():
    layout = parse_grid(EXAMPLE)
    assert len(layout.cells) == 12
    assert [f.symbol for f in layout.unused] == ["T", "U"]
    assert format_grid(layout) == EXAMPLE
    assert parse_grid(format_grid(layout)) == layout


def test_comments_headers_and_blank_lines():
    layout = parse_grid(
        "# a comment\ngame: adlib\nset: adlib\n\nAB  # trailing\n\nunused: [Qu] ?\n"
    )
    assert layout.headers == {"game": "adlib", "set": "adlib"}
    assert [f.symbol for f in layout.unused] == ["Qu", WILD]


def test_wildcards_multi_letter_faces_and_swedish_letters():
    layout = parse_grid("?e[Qu]ÅÄÖ[JOKER][BLANK]")
    faces = [layout.at(0, c) for c in range(8)]
    assert faces[0] == Face(WILD)
    assert faces[1] == Face(WILD, declared="E")
    assert faces[2].symbol == "Qu" and faces[2].letters == "QU"
    assert [f.symbol for f in faces[3:6]] == ["Å", "Ä", "Ö"]
    assert faces[6].symbol == JOKER and faces[7].symbol == BLANK


def test_the_solid_face_of_6x6_dice_round_trips():
    layout = parse_grid("kind: tray\nA [BLOCK] Th\nBLOCK e Qu\nI N S")
    assert layout.at(0, 1) == Face(BLOCK) == layout.at(1, 0)
    assert layout.at(0, 1).letters == "" and not layout.at(0, 1).is_wildcard
    assert "A[BLOCK][Th]" in format_grid(layout).splitlines()
    assert parse_grid(format_grid(layout)) == layout


def test_tray_rows_with_spaces_and_lower_case_letters():
    layout = parse_grid("kind: tray\nr a k t\nQu e m o\nd r a k\ny l a r")
    assert layout.kind is LayoutKind.TRAY
    assert layout.at(0, 0) == Face("R") and layout.at(1, 0).symbol == "Qu"
    assert len(layout.cells) == 16


def test_loose_dice_are_all_unused():
    layout = parse_grid("unused: A B C")
    assert layout.kind is LayoutKind.LOOSE and not layout.cells and len(layout.unused) == 3


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        ("AB\nC3", 2, 2),
        ("AB\nC[Qu", 2, 2),
        ("AB\nunused: A 7", 2, None),
        ("not an image", 1, 1),
        ("gmae: x\nAB", 1, None),
        ("AB\nunused: A\nCD", 3, None),
        ("AB\ngame: adlib", 2, None),
    ],
)
def test_parse_errors_name_line_and_column(text, line, column):
    with pytest.raises(GridSyntaxError) as error:
        parse_grid(text)
    assert error.value.line == line
    if column is not None:
        assert error.value.column == column
        assert f"line {line}, column {column}" in str(error.value)


def test_empty_grid_and_unknown_kind():
    with pytest.raises(InputError, match="empty"):
        parse_grid("# nothing\n\n")
    with pytest.raises(InputError, match="unknown kind"):
        parse_grid("kind: spiral\nAB")


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        ("中文字", 1, 1),
        ("CAT\nSTRAßE", 2, 5),
        ("ﬁT", 1, 1),
        ("C[XY]T", 1, 2),
        ("kind: tray\nR A K T\nR A ı T", 3, 5),
        ("AB\nunused: A ß", 2, 11),
        ("AB\nunused: [Qu", 2, 9),
        ("kind: tray\n[Qu A K T", 2, 1),
        ("kind: tray\nQu] A K T", 2, 1),
        ("[Qu A K T", 1, 1),
        ("A[QuKT", 1, 2),
    ],
)
def test_a_symbol_no_cube_shows_or_a_lone_bracket_is_refused_where_it_is(text, line, column):
    with pytest.raises(GridSyntaxError, match=f"line {line}, column {column}: "):
        parse_grid(text)


def test_a_decomposed_letter_is_one_square():
    assert parse_grid("A\u030aLG").at(0, 0) == Face("Å")


def test_squares_count_from_the_top_left_cube():
    assert parse_grid("....\n.CAT\n....") == parse_grid("CAT")


# Grids in every row form: letters, wildcards, faces of letters, empty squares, spaces between.
SQUARE = st.sampled_from(["A", "e", "Å", "?", "[Qu]", "Qu", "[BLANK]", "[JOKER]", ".", "Z", "ö"])
GRIDS = st.builds(
    lambda kind, rows, spaced, unused: "\n".join(
        [
            *([f"kind: {kind}"] if kind else []),
            *((" " if spaced else "").join(row) for row in rows),
            *([f"unused: {' '.join(unused)}"] if unused else []),
        ]
    ),
    st.sampled_from([None, "crossword", "tray", "loose"]),
    st.lists(st.lists(SQUARE, min_size=1, max_size=6), max_size=6),
    st.booleans(),
    st.lists(SQUARE.filter(lambda s: s not in (".", "Qu")), max_size=4),
)


@settings(max_examples=300, deadline=None)
@given(GRIDS)
def test_format_then_parse_gives_the_same_layout(text):
    try:
        layout = parse_grid(text)
    except InputError:
        return
    assert parse_grid(format_grid(layout)) == layout


def test_a_dot_row_with_cubes_left_over_stays_a_crossword():
    layout = parse_grid(".\nunused: A B")
    assert layout.kind is LayoutKind.CROSSWORD
    assert parse_grid(format_grid(layout)) == layout


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=80) | GRIDS.map(lambda g: g + "]"))
def test_the_parser_raises_only_its_own_errors(text):
    with contextlib.suppress(InputError):
        parse_grid(text)
