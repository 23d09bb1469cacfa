from dataclasses import replace

import pytest
from pydantic_core import to_jsonable_python

from cubecam.cubesets import load_cubeset
from cubecam.errors import InputError
from cubecam.grid_format import parse_grid
from cubecam.lexicon import load_lexicon
from cubecam.rules.adlib import AdLib
from cubecam.rules.crossword import GameOne
from cubecam.rules.games import find_game

EXAMPLE = "...W.\nTIGER\nOF.A.\nN..V.\n...E.\nunused: T U"
PRINTED = """\
Across: TIGER, 1+1+2+1+1 = 6
Across: OF, 1+1 = 2
Down: TON, 1+1+1 = 3
Down: IF, 1+1 = 2
Down: WEAVE, 4+1+1+4+1 = 11
Total score: 24
2 cubes left over (1+1): −2
Final score: 22"""


def test_game_one_example_prints_line_for_line(en):
    tally = GameOne().score(parse_grid(EXAMPLE), en)
    assert tally.render() == PRINTED
    assert (tally.total, tally.deduction, tally.final) == (24, 2, 22)


def test_crossing_letters_count_in_both_words(en):
    tally = GameOne().score(parse_grid("CAT\nA..\nB.."), en)
    assert [w.score for w in tally.words] == [5, 7]  # CAT 3+1+1, CAB 3+1+3: C counted twice


def test_blank_inferred_scores_zero(en):
    tally = GameOne().score(parse_grid("...W.\nTIGER\nOF.A.\nN..V.\n...?.\nunused: T U"), en)
    assert tally.wildcards == {(4, 3): "E"}
    weave = tally.words[-1]
    assert weave.word == "WEAVE" and weave.values == [4, 1, 1, 4, 0] and weave.valid
    assert tally.final == 21


def test_shared_blank_is_one_letter_in_both_words(en):
    # The blank ends CA? across and starts ?AB down: one letter must make both words.
    tally = GameOne().score(parse_grid("CA?\n..A\n..B"), en)
    assert all(w.valid for w in tally.words)
    letter = tally.wildcards[(0, 2)]
    assert f"CA{letter}" in en and f"{letter}AB" in en


def test_declared_wildcard_letter_is_used(en):
    tally = GameOne().score(parse_grid("Ct\nunused: ?"), en)
    assert tally.words[0].word == "CT" and not tally.words[0].valid
    assert tally.wildcards == {}


def test_unused_wildcard_costs_nothing(en):
    tally = GameOne().score(parse_grid("TO\nunused: ? ?"), en)
    assert tally.deduction == 0 and tally.final == 2


def test_impossible_wildcards_say_which_words_fail(en):
    tally = GameOne().score(parse_grid("XQ?\nunused: Z"), en)
    assert not tally.words[0].valid
    assert tally.words[0].reason
    assert tally.final < 0


def test_invalid_word_scores_nothing_and_its_cubes_are_deducted_once(en):
    # CXQ down is no word and crosses CAT.
    tally = GameOne().score(parse_grid("CAT\nX..\nQ.."), en)
    cat, cxq = tally.words
    assert cat.valid and cat.score == 5
    assert not cxq.valid and cxq.score == 0
    # C, X, Q are deducted once each, C included (rule 9: its letters count as unused).
    assert tally.deduction == 3 + 8 + 10
    assert tally.final == 5 - 21


def test_second_group_is_a_violation_and_counts_as_unused(en):
    tally = GameOne().score(parse_grid("CAT..\n.....\n...TO"), en)
    assert len(tally.violations) == 1 and "only one grouping" in tally.violations[0]
    assert [w.word for w in tally.words] == ["CAT"]
    assert tally.deduction == 2 and tally.final == 3
    assert "Rule violation" in tally.render()


def test_swedish_letters_score_and_check_with_a_set_that_has_them(sv):
    scrabble = load_cubeset("scrabble-crossword-cubes")
    swedish = replace(scrabble, title="Swedish cubes", values={**scrabble.values, "Ä": 4, "Ö": 4})
    tally = GameOne(swedish).score(parse_grid("ÄLG\n..Ö"), sv)
    assert tally.words[0].word == "ÄLG" and tally.words[0].valid
    assert tally.words[0].values == [4, 1, 2]
    with pytest.raises(InputError, match="the Scrabble Crossword Cubes set has no face Ä Ö"):
        GameOne(scrabble).score(parse_grid("ÄLG\n..Ö"), sv)


def test_proper_noun_in_a_crossword_is_not_allowed(en):
    tally = GameOne().score(parse_grid("PARIS"), en)
    assert not tally.words[0].valid and "proper noun" in tally.words[0].reason


def test_too_many_cubes_or_wildcards_is_an_error(en):
    with pytest.raises(InputError, match="15 cubes"):
        GameOne().score(parse_grid("TIGERS\nunused: A B C D E F G H I"), en)
    with pytest.raises(InputError, match="3 wildcards"):
        AdLib().score(parse_grid("T??\nunused: [JOKER]"), en)


def test_cubes_of_the_set_not_shown_are_counted_not_deducted(en):
    short = EXAMPLE.replace("unused: T U", "unused: T")  # 13 of the 14 cubes
    tally = GameOne().score(parse_grid(short), en)
    assert (tally.unseen, tally.deduction, tally.final) == (1, 1, 23)
    assert "1 cube of the set not shown: not deducted\nFinal score: 23" in tally.render()
    assert to_jsonable_python(tally)["unseen"] == 1
    whole = GameOne().score(parse_grid(EXAMPLE), en)
    assert whole.unseen == 0 and "not shown" not in whole.render()
    assert AdLib().score(parse_grid("CAT"), en).unseen == 10


def test_adlib_uses_its_own_set_and_game_lookup():
    assert find_game("adlib")().cubeset == load_cubeset("adlib")
    with pytest.raises(InputError, match="unknown game"):
        find_game("chess")


def test_json_has_the_promised_keys(en):
    data = to_jsonable_python(GameOne().score(parse_grid(EXAMPLE), en))
    assert {"words", "wildcards", "unused", "deduction", "total", "final", "violations"} <= set(
        data
    )
    assert data["words"][0] == {
        "word": "TIGER",
        "direction": "across",
        "squares": [[2, 1], [2, 2], [2, 3], [2, 4], [2, 5]],  # row 2 of the printed grid
        "values": [1, 1, 2, 1, 1],
        "score": 6,
        "valid": True,
        "reason": None,
    }
    assert data["unused"] == ["T", "U"] and data["final"] == 22


def test_user_word_list_replaces_the_dictionary(tmp_path):
    path = tmp_path / "list.txt"
    path.write_text("tiger\nof\nton\nif\n", "utf-8")
    tally = GameOne().score(parse_grid(EXAMPLE), load_lexicon("en", path))
    assert [w.valid for w in tally.words] == [True, True, True, True, False]
