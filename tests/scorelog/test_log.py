import contextlib
import random
import threading

import pytest

from cubecam.errors import InputError
from cubecam.grid_format import parse_grid
from cubecam.scorelog import ScoreLog, SheetMoved
from cubecam.scorelog.log import seat_sides
from tests.rules.test_game_two import PRINTED_ROUND, TOSS_A, TOSS_B

A, B = parse_grid(TOSS_A), parse_grid(TOSS_B)
CAT = parse_grid("CAT\nunused: E")  # 5 - 1 = 4


@pytest.fixture
def log(tmp_path):
    with ScoreLog(tmp_path / "scores.sqlite3") as opened:
        yield opened


def test_game_one_enforces_turn_order_and_ends_at_the_round_that_reaches_the_target(log):
    game = log.new_game("scrabble-cubes", ["Ann", "Bo"], target=8)
    with pytest.raises(InputError, match="not Bo's turn: Ann to play"):
        log.record_turn(game.id, "Bo", CAT)
    with pytest.raises(InputError, match="'Cy' does not play"):
        log.record_turn(game.id, "Cy", CAT)
    log.record_turn(game.id, "ann", CAT)
    assert log.turns(game.id)[0].player == "Ann"
    log.record_turn(game.id, "Bo", CAT)
    done = log.record_turn(game.id, "Ann", CAT)
    assert (
        done.standing.totals_by_name() == {"Ann": 8, "Bo": 4} and not done.standing.over
    )  # Bo plays too
    done = log.record_turn(game.id, "Bo", parse_grid("CAT\nunused: Z"))
    assert done.standing.over and done.standing.winner == "Ann"
    assert done.standing.status() == "Game over: Ann wins with 8"
    with pytest.raises(InputError, match="is over"):
        log.record_turn(game.id, "Ann", CAT)


def test_game_one_default_target_and_agreed_rounds(log):
    assert log.new_game("scrabble-cubes", ["Ann", "Bo"]).target == 200
    game = log.new_game("scrabble-cubes", ["Ann", "Bo"], rounds=1)
    log.record_turn(game.id, "Ann", CAT)
    done = log.record_turn(game.id, "Bo", CAT)
    assert (
        done.standing.over
        and done.standing.winners == ("Ann", "Bo")
        and done.standing.winner is None
    )
    assert "a tie between Ann and Bo" in done.standing.status()


def test_each_turn_keeps_its_grid_photo_and_tally(log, tmp_path):
    game = log.new_game("scrabble-cubes", ["Ann"])
    log.record_turn(
        game.id,
        "Ann",
        parse_grid("...W.\nTIGER\nOF.A.\nN..V.\n...E.\nunused: T U"),
        photo=tmp_path / "p.jpg",
    )
    (turn,) = log.turns(game.id)
    assert turn.score == 22 and turn.tally["final"] == 22 and turn.tally["deduction"] == 2
    assert parse_grid(turn.grid).at(1, 0).symbol == "T" and turn.photo == str(tmp_path / "p.jpg")


def test_a_grid_for_another_game_is_refused(log):
    game = log.new_game("scrabble-cubes", ["Ann"])
    with pytest.raises(InputError, match="the grid says 'game: adlib'"):
        log.record_turn(game.id, "Ann", parse_grid("game: adlib\nCAT"))


def test_game_two_round_of_103_on_the_sheet(log):
    game = log.new_game("scrabble-cubes-two", ["Ann", "Bo"], target=100)
    assert game.target == 100
    first = log.record_turn(game.id, "Ann", A)
    assert "Lengths left in the round: 2, 3, 4, 5, 6" in first.text
    assert first.standing.lengths_left == {0: (2, 3, 4, 5, 6), 1: (2, 3, 4, 5, 6, 7, 8)}
    log.record_turn(game.id, "Bo", B)
    done = log.record_turn(game.id, "Ann", B)
    assert done.text.endswith(PRINTED_ROUND)
    # Ann's round is over: Bo tosses on alone until he passes (after his second toss).
    assert done.standing.to_play == (1,) and not done.standing.over
    log.record_turn(game.id, "Bo", parse_grid("DETAINS\nunused: Z"))
    done = log.record_pass(game.id, "Bo")
    sheet = log.sheet(game.id)
    assert (
        sheet.over and sheet.winner == "Ann" and sheet.totals() == {"Ann": 103, "Bo": 30 + 8 - 10}
    )
    assert sheet.rounds[0].lines[0] == PRINTED_ROUND.splitlines()
    assert sheet.rounds[0].lines[1][-2:] == ["Passed", "Total: 28"]


def test_game_two_log_enforces_four_tosses_and_pass_after_the_second(log):
    game = log.new_game("scrabble-cubes-two", ["Ann", "Bo"], rounds=1)
    log.record_turn(game.id, "Ann", parse_grid("ME"))
    log.record_turn(game.id, "Bo", CAT)
    with pytest.raises(InputError, match="only after the second toss"):
        log.record_pass(game.id, "Ann")
    for ann, bo in (("TOY", "BONE"), ("BONE", "DOG")):
        log.record_turn(game.id, "Ann", parse_grid(ann))
        log.record_turn(game.id, "Bo", parse_grid(bo))
    log.record_turn(game.id, "Ann", parse_grid("TIMER"))
    sheet = log.sheet(game.id)
    assert [len(r["tosses"]) for r in sheet.rounds[0].detail.values()] == [4, 3]
    assert sheet.to_play == (1,) and 0 not in sheet.lengths_left  # Ann has had four tosses
    with pytest.raises(InputError, match=r"Ann's round is over \(4 tosses taken\): Bo to play"):
        log.record_turn(game.id, "Ann", CAT)
    with pytest.raises(InputError, match="has no passes"):
        log.record_pass(log.new_game("scrabble-cubes", ["Ann"]).id, "Ann")
    log.record_turn(game.id, "Bo", parse_grid("DETAIN"))
    assert log.sheet(game.id).over


def test_partnerships_score_on_one_line(log):
    game = log.new_game(
        "scrabble-cubes-two",
        ["Ann", "Bo", "Cy", "Di"],
        {"Red": ["Ann", "Cy"], "Blue": ["Bo", "Di"]},
    )
    assert [(s.name, s.members) for s in game.sides] == [
        ("Red", ("Ann", "Cy")),
        ("Blue", ("Bo", "Di")),
    ]
    log.record_turn(game.id, "cy", A)  # either partner plays for the partnership
    with pytest.raises(InputError, match="not Red's turn: Blue to play"):
        log.record_turn(game.id, "Ann", B)
    log.record_turn(game.id, "Di", parse_grid("ME"))
    done = log.record_turn(game.id, "Ann", B)
    assert done.standing.totals_by_name() == {"Red": 103, "Blue": 4}
    assert [t.player for t in log.turns(game.id)] == ["Cy", "Di", "Ann"]


def test_undo_removes_the_last_toss_only(log):
    game = log.new_game("scrabble-cubes-two", ["Ann", "Bo"])
    log.record_turn(game.id, "Ann", A)
    log.record_turn(game.id, "Bo", B)
    (removed,) = log.undo(game.id)
    assert removed.player == "Bo" and removed.score == 30
    sheet = log.sheet(game.id)
    assert sheet.totals() == {"Ann": 23, "Bo": 0} and sheet.to_play == (1,)
    log.undo(game.id)
    with pytest.raises(InputError, match="no turns to undo"):
        log.undo(game.id)


def test_a_turn_recorded_after_an_undo_takes_its_number_but_never_its_entry(log):
    game = log.new_game("hunt", ["Ann", "Bo"])
    (turn,) = log.record_turn(log.new_game("scrabble-cubes", ["Cy"]).id, "Cy", CAT).turns
    board = parse_grid("kind: tray\nRAKT\nEMDL\nOÅNE\nSTIG")
    first = log.record_round(game.id, {"Ann": 2, "Bo": 1}, board=board).turns
    assert len({t.entry for t in first}) == 1 and first[0].entry != turn.entry
    assert [t.entry for t in log.undo(game.id)] == [t.entry for t in first]
    again = log.record_round(game.id, {"Ann": 2, "Bo": 1}, board=board).turns
    assert again[0].seq == first[0].seq and again[0].entry != first[0].entry
    assert [t.entry for t in log.turns(game.id)] == [t.entry for t in again]


def test_adlib_two_rounds_and_the_letters_check(log):
    game = log.new_game("adlib", ["Ann", "Bo"])
    ann1, bo1 = parse_grid("CAT\nunused: E"), parse_grid("DOG\nunused: S")
    log.record_turn(game.id, "Bo", bo1)  # both play at once: any order within a round
    with pytest.raises(InputError, match="Bo has played round 1"):
        log.record_turn(game.id, "Bo", bo1)
    done = log.record_turn(game.id, "Ann", ann1)
    assert done.standing.round == 2 and done.standing.to_play == (0, 1)
    log.record_turn(game.id, "Ann", parse_grid("GODS"))  # Bo's round-1 letters
    done = log.record_turn(game.id, "Bo", parse_grid("ACT\nunused: X"))  # E became X
    sheet = log.sheet(game.id)
    assert sheet.over and sheet.totals() == {"Ann": 4 + 6, "Bo": 4 + 5 - 8}
    assert sheet.winner == "Ann"
    assert "Ann (round 1) has E that Bo (round 2) does not" in "\n".join(sheet.notes)
    assert "Bo (round 2) has X that Ann (round 1) does not" in "\n".join(sheet.notes)
    assert not any("Bo (round 1)" in n for n in sheet.notes)
    with pytest.raises(InputError, match="is over"):
        log.record_turn(game.id, "Ann", ann1)


def test_adlib_is_two_players_and_two_rounds(log):
    with pytest.raises(InputError, match="played by 2 players"):
        log.new_game("adlib", ["Ann", "Bo", "Cy"])
    with pytest.raises(InputError, match="two rounds, with no target"):
        log.new_game("adlib", ["Ann", "Bo"], target=100)


def test_hunt_rounds_until_someone_reaches_the_target(log):
    game = log.new_game("hunt", ["Anna", "Bo"])
    assert game.target == 100 and game.lang == "sv"
    with pytest.raises(InputError, match="record them as rounds"):
        log.record_turn(game.id, "Anna", CAT)
    with pytest.raises(InputError, match="missing Bo"):
        log.record_round(game.id, {"Anna": 3})
    log.record_round(game.id, {"Anna": 60, "Bo": 40})
    done = log.record_round(game.id, {"Anna": 40, "Bo": 60})
    assert not done.standing.over and done.standing.round == 3  # 100 each: a tie plays on
    done = log.record_round(game.id, {"Anna": 12, "Bo": 5})
    assert (
        done.standing.over
        and done.standing.winner == "Anna"
        and done.standing.totals_by_name()["Anna"] == 112
    )
    with pytest.raises(InputError, match="is over"):
        log.record_round(game.id, {"Anna": 1, "Bo": 1})
    assert {t.seq for t in log.undo(game.id)} == {3}
    assert not log.sheet(game.id).over


def test_seating_of_partnerships_and_bad_names():
    sides = seat_sides(["Ann", "Bo", "Cy"], {"Two": ["Bo", "Di"]})
    assert [(s.name, s.players) for s in sides] == [
        ("Ann", ("Ann",)),
        ("Two", ("Bo", "Di")),
        ("Cy", ("Cy",)),
    ]
    with pytest.raises(InputError, match="its own name"):
        seat_sides(["Ann", "Ann"], {})
    with pytest.raises(InputError, match="its own name: 'Anna'"):
        seat_sides(["Anna", "anna"], {})
    with pytest.raises(InputError, match="two partnerships"):
        seat_sides([], {"X": ["Ann", "Bo"], "Y": ["Ann", "Cy"]})
    with pytest.raises(InputError, match="two or more"):
        seat_sides(["Ann"], {"X": ["Ann"]})


def test_hunt_round_from_word_lists_and_the_fast_variant(log):
    board = parse_grid("kind: tray\nH A K T\nD R E M\nY L A O\nT A S Å")
    words = {"anna": ["rakt", "hakrem"], "Bo": ["rakt"]}
    plain = log.new_game("hunt", ["Anna", "Bo"])
    done = log.record_hunt_round(plain.id, board, words)
    assert done.standing.totals_by_name() == {
        "Anna": 5,
        "Bo": 0,
    }  # rakt was written by both: cancelled
    fast = log.new_game("hunt", ["Anna", "Bo"], options={"fast": True})
    done = log.record_hunt_round(fast.id, board, words, photo="/photos/tray.jpg")
    assert done.standing.totals_by_name() == {"Anna": 2 + 5, "Bo": 2}
    assert [t.photo for t in log.turns(fast.id)] == ["/photos/tray.jpg"] * 2
    assert [t.photo for t in log.turns(plain.id)] == [None, None]
    assert log.turns(fast.id)[0].tally["accepted"][0] == {"word": "rakt", "points": 2}
    with pytest.raises(InputError, match="not a word hunt"):
        log.record_hunt_round(log.new_game("adlib", ["A", "B"]).id, board, words)
    with pytest.raises(InputError, match="from 0 to 100,000"):
        log.record_round(plain.id, {"Anna": -1, "Bo": 2})


def test_a_hunt_agreed_with_the_block_wild_scores_words_through_it(log):
    board = parse_grid("kind: tray\nÅ R A\nÖ [BLOCK] Ä\nS K A", lowercase_is_wildcard=False)
    words = {"Anna": ["äta", "åra"], "Bo": []}
    plain = log.new_game("hunt", ["Anna", "Bo"])
    wild = log.new_game("hunt", ["Anna", "Bo"], options={"block_wild": True})
    assert log.record_hunt_round(plain.id, board, words).standing.totals_by_name()["Anna"] == 1
    assert log.record_hunt_round(wild.id, board, words).standing.totals_by_name()["Anna"] == 2


def _play_at_random(log, game, rng: random.Random, turns: int) -> None:
    """Record ``turns`` random turns, tosses, passes, rounds and undos, checking after each that
    the standing kept beside the last turn is the one the turns replay to."""
    grids = [CAT, parse_grid("ME"), parse_grid("DOG\nunused: S"), parse_grid("QXZ")]
    grids += [A, B, parse_grid("DETAINS\nunused: Z")] if game.kind != "adlib" else []
    for _ in range(turns):
        standing = log.standing(game)
        if standing.over:
            break
        if rng.random() < 0.1 and log.turns(game.id):
            log.undo(game.id)
        elif game.kind == "hunt":
            log.record_round(game.id, {s.name: rng.randrange(0, 12) for s in game.sides})
        else:
            seat = rng.choice(standing.to_play)
            player = rng.choice(game.sides[seat].players)
            if game.kind == "scrabble-cubes-two" and rng.random() < 0.3:
                with contextlib.suppress(InputError):  # a pass before the second toss
                    log.record_pass(game.id, player)
                    continue
            log.record_turn(game.id, player, rng.choice(grids))
        kept, sheet = log.standing(game), log.sheet(game.id)
        rounds = [sum(r.scores.get(s.seat, 0) for r in sheet.rounds) for s in game.sides]
        assert kept == sheet.standing and list(kept.totals) == rounds


@pytest.mark.parametrize("kind", ["scrabble-cubes", "scrabble-cubes-two", "adlib", "hunt"])
def test_the_kept_standing_is_the_replayed_one_through_a_long_random_game(log, kind):
    rng = random.Random(kind)
    players = ["Ann", "Bo"] if kind == "adlib" else ["Ann", "Bo", "Cy", "Di"]
    teams = {"Red": ["Bo", "Di"]} if kind == "scrabble-cubes-two" else {}
    for _ in range(3 if kind == "adlib" else 1):
        game = log.new_game(kind, players, teams, target=10**6 if kind != "adlib" else None)
        _play_at_random(log, game, rng, 120)
        assert len(log.turns(game.id)) > (3 if kind == "adlib" else 60)


def test_a_log_kept_before_standings_replays_its_turns_once(log):
    game = log.new_game("scrabble-cubes-two", ["Ann", "Bo"])
    log.record_turn(game.id, "Ann", A)
    log.db.execute("UPDATE turns SET state = NULL")
    done = log.record_turn(game.id, "Bo", B)
    assert done.standing.totals_by_name() == {"Ann": 23, "Bo": 30}
    assert log.standing(game) == log.sheet(game.id).standing


def test_a_write_against_a_sheet_that_moved_on_is_refused_and_says_what_changed(log):
    game = log.new_game("scrabble-cubes", ["Ann", "Bo"])
    start = log.version(game.id)
    log.record_turn(game.id, "Ann", CAT, seen={start})
    after_ann = log.version(game.id)
    assert after_ann != start and log.last_played(game.id) == "Ann's turn in round 1 (4)"
    with pytest.raises(SheetMoved, match=r"^Ann's turn in round 1 \(4\) was recorded from an"):
        log.record_turn(game.id, "Bo", CAT, seen={start})
    with pytest.raises(SheetMoved, match="Ann's turn"):
        log.undo(game.id, seen={start})
    assert len(log.turns(game.id)) == 1 and log.version(game.id) == after_ann

    log.record_turn(game.id, "Bo", CAT)  # the command line sends no version: no check
    with pytest.raises(SheetMoved, match=r"^Bo's turn in round 1 \(4\) was recorded"):
        log.undo(game.id, seen={after_ann})
    log.undo(game.id)
    assert log.version(game.id) == after_ann  # the sheet is again the one seen
    log.record_turn(game.id, "Bo", parse_grid("DOGE\nunused: S"), seen={after_ann})
    with pytest.raises(SheetMoved, match=r"^a turn was undone from another phone"):
        log.undo(game.id, seen={"2-0000000000000000"})
    assert [t.seat for t in log.turns(game.id)] == [0, 1]


def test_a_word_hunt_round_recorded_from_two_phones_at_once_is_recorded_once(log, tmp_path):
    game = log.new_game("hunt", ["Ann", "Bo"])
    seen = {log.version(game.id)}
    board = parse_grid("kind: tray\nR A K T\nE M D L\nO Å N E\nS T I G")
    words = {"Ann": ["rakt"], "Bo": ["xyz"]}
    outcomes: list[str] = []

    def record() -> None:
        with ScoreLog(tmp_path / "scores.sqlite3") as own:  # each phone its own connection
            try:
                own.record_hunt_round(game.id, board, words, seen=seen)
                outcomes.append("recorded")
            except SheetMoved as moved:
                outcomes.append(str(moved))

    threads = [threading.Thread(target=record) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    refused = [said for said in outcomes if said != "recorded"]
    assert len(outcomes) == 2 and len(refused) == 1
    assert refused[0].startswith("round 1 (Ann 2, Bo 0) was recorded from another phone")
    assert len(log.turns(game.id)) == 2
