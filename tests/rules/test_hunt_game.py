"""Scoring a round: each rule of the Swedish rulebook, with real Swedish words."""

import re

import pytest
from pydantic_core import to_jsonable_python

from cubecam.errors import InputError
from cubecam.lexicon import load_lexicon
from cubecam.rules.hunt import Board, EnglishHunt, Hunt, parse_word_list

SWEDISH = load_lexicon("sv")
BOARD = Board.from_text("H A K T\nD R E M\nY L A O\nT A S Å")


def score(players, rules=None, board=BOARD, lexicon=SWEDISH):
    return (rules or Hunt()).score(board, lexicon, players)


def accepted(tally, name):
    player = next(p for p in tally.players if p.name == name)
    return {w.word: w.points for w in player.accepted}


def rejected(tally, name):
    player = next(p for p in tally.players if p.name == name)
    return {w.word: w.reason for w in player.rejected}


@pytest.mark.parametrize(
    ("word", "points"),
    [("rak", 1), ("rakt", 2), ("drake", 3), ("hakrem", 5), ("åsamkad", 7), ("hakremmar", 10)],
)
def test_swedish_points_by_length(word, points):
    assert Hunt().points(word) == points


@pytest.mark.parametrize(
    ("word", "points"), [("cat", 1), ("quit", 1), ("quiet", 2), ("quiets", 3), ("fifteen", 5)]
)
def test_english_boggle_points(word, points):
    assert EnglishHunt().points(word) == points
    assert Hunt.in_language("en").points(word) == points


def test_the_rulebook_words_score_by_their_length():
    tally = score({"Anna": ["rakt", "hakrem", "drake", "talare", "ylar"]})
    assert accepted(tally, "Anna") == {"rakt": 2, "hakrem": 5, "drake": 3, "talare": 5, "ylar": 2}
    assert tally.players[0].total == 17
    assert tally.winner == "Anna"


def test_rejections_say_why():
    tally = score({"Anna": ["ok", "mor", "raku", "tram", "drake"]})
    reasons = rejected(tally, "Anna")
    assert reasons["ok"] == "too short (fewer than 3 letters)"
    assert reasons["mor"] == (
        "not on the board: MO can be formed, but no R touches the O at row 3, column 4"
    )
    assert reasons["raku"].startswith("not on the board: RAK can be formed")
    assert accepted(tally, "Anna") == {"drake": 3}


def test_mor_scores_where_the_r_touches_the_o():
    tally = score({"Anna": ["mor"]}, board=Board.from_text("M O R\nA T S\nK E L"))
    assert accepted(tally, "Anna") == {"mor": 1}


def test_a_word_not_in_the_word_list_gives_the_lexicons_reason():
    tally = score({"Anna": ["anna", "anka"]}, board=Board.from_text("A N K\nN A L\nS E R"))
    assert rejected(tally, "Anna") == {
        "anna": "not in the word list: a proper noun (only written with a capital)"
    }
    assert accepted(tally, "Anna") == {"anka": 2}


def test_a_die_used_twice_is_not_on_the_board():
    tally = score({"Anna": ["kör", "kök"]}, board=Board.from_text("K Ö R\nA T S\nL E N"))
    assert accepted(tally, "Anna") == {"kör": 1}
    assert "already used" in rejected(tally, "Anna")["kök"]


def test_å_ä_ö_and_qu():
    board = Board.from_text("Å R A\nÖ T Ä\nS K A")
    tally = score({"Anna": ["åra", "öra", "äta", "ara"]}, board=board)
    assert accepted(tally, "Anna") == {"åra": 1, "öra": 1, "äta": 1}
    assert rejected(tally, "Anna")["ara"].startswith("not on the board")
    tally = score({"Bo": ["quiz"]}, board=Board.from_text("Qu I Z\nE T S\nA R N"))
    assert accepted(tally, "Bo") == {"quiz": 2}


def test_a_word_through_the_block_scores_only_where_the_block_is_wild():
    grid = "Å R A\nÖ [BLOCK] Ä\nS K A"
    words = {"Anna": ["äta", "åra"]}
    tally = score(words, board=Board.from_text(grid))
    assert accepted(tally, "Anna") == {"åra": 1}
    assert rejected(tally, "Anna")["äta"] == "not on the board: Ä can be formed, but no die shows T"
    tally = score(words, board=Board.from_text(grid, block_wild=True))
    assert accepted(tally, "Anna") == {"äta": 1, "åra": 1}


def test_cancellation_among_three_players():
    tally = score(
        {
            "Anna": ["rakt", "drake", "hakrem"],
            "Bo": ["rakt", "drake", "talare"],
            "Cilla": ["rakt", "ylar"],
        }
    )
    assert accepted(tally, "Anna") == {"hakrem": 5}
    assert accepted(tally, "Bo") == {"talare": 5}
    assert accepted(tally, "Cilla") == {"ylar": 2}
    assert rejected(tally, "Anna") == {
        "rakt": "written by another player (Bo, Cilla)",
        "drake": "written by another player (Bo)",
    }
    assert tally.winner is None
    assert tally.winners == ("Anna", "Bo")


def test_the_fast_variant_lets_shared_words_score():
    players = {"Anna": ["rakt", "drake", "hakrem"], "Bo": ["rakt", "drake"], "Cilla": ["rakt"]}
    tally = score(players, rules=Hunt(fast=True))
    assert tally.totals() == {"Anna": 10, "Bo": 5, "Cilla": 2}
    assert tally.winner == "Anna"
    assert "fast variant" in tally.render()


def test_a_word_written_twice_counts_once():
    tally = score({"Anna": ["rakt", "Rakt", " rakt ", "drake"]})
    assert tally.players[0].total == 5
    assert tally.players[0].duplicates == ("rakt",)
    assert [w.word for w in tally.players[0].accepted] == ["rakt", "drake"]


def test_a_word_on_the_board_twice_or_with_two_meanings_counts_once():
    board = Board.from_text("B U R E\nO T A N\nB U R E\nS K A N")  # buren twice
    assert board.path("buren") is not None
    tally = score({"Anna": ["buren", "buren"]}, board=board)
    assert accepted(tally, "Anna") == {"buren": 3}
    assert tally.players[0].total == 3


def test_only_written_words_count():
    tally = score({"Anna": ["rakt"], "Bo": []})
    assert tally.totals() == {"Anna": 2, "Bo": 0}
    assert len(Hunt().solve(BOARD, SWEDISH)) > 2


def test_compounds_count_only_with_the_compound_lexicon():
    board = Board.from_text("B I L H\nÅ B S U\nT E N A\nR O M K")
    strict = score({"Anna": ["bilhusbåt"]}, board=board)
    assert rejected(strict, "Anna")["bilhusbåt"].startswith("not in the word list")
    assert strict.lexicon == "hunspell sv_SE"
    compounds = load_lexicon("sv", compounds=True)
    loose = score({"Anna": ["bilhusbåt"]}, board=board, lexicon=compounds)
    assert accepted(loose, "Anna") == {"bilhusbåt": 10}
    assert "compounds" in loose.lexicon
    assert "compounds" in loose.render()


def test_the_english_variant_uses_the_english_lexicon_and_points():
    board = Board.from_text("Qu I Z\nE T S\nA R N")
    english = load_lexicon("en")
    tally = score({"Ann": ["quiet", "stare", "quiz"]}, EnglishHunt(), board, english)
    assert accepted(tally, "Ann") == {"quiet": 2, "stare": 2, "quiz": 1}


def test_render_and_json_agree():
    tally = score({"Anna": ["rakt", "mor"], "Bo": ["drake"]})
    data = to_jsonable_python(tally)
    assert data["winner"] == "Bo"
    assert data["players"][0] == {
        "name": "Anna",
        "total": 2,
        "accepted": [{"word": "rakt", "points": 2}],
        "rejected": [{"word": "mor", "reason": rejected(tally, "Anna")["mor"]}],
        "duplicates": [],
    }
    text = tally.render()
    assert "Round winner: Bo (3 points)" in text
    assert "hunspell sv_SE" in text


def test_word_lists_as_players_type_them():
    text = "  Rakt\n\nHAKREM  \n\t drake\nrakt\n"
    assert parse_word_list(text) == ["rakt", "hakrem", "drake", "rakt"]


def test_a_word_too_tangled_to_trace_is_rejected_with_that_reason():
    board = Board.from_text("B" + "A" * 5 + "\n" + ("A" * 6 + "\n") * 5)
    tally = score({"Anna": ["a" * 21 + "b"]}, board=board)
    assert rejected(tally, "Anna")["a" * 21 + "b"].startswith("could not be checked on the board")


@pytest.mark.parametrize("name", ["", "   ", "\t"])
def test_a_player_without_a_name_is_refused(name):
    with pytest.raises(InputError, match=re.escape(f"every player needs a name, not {name!r}")):
        score({"Anna": ["rakt"], name: ["hakrem"]})
