"""The phone page end to end: a real server, Debian's headless Chromium, a phone's viewport."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import time
from pathlib import Path

import pytest

from cubecam.errors import DictionaryMissing
from cubecam.grid_format import parse_grid
from cubecam.layout import Layout
from cubecam.lexicon import load_lexicon
from cubecam.lexicon.meanings import meaning
from cubecam.rules.crossword import GameOne
from cubecam.rules.hunt import Board, Hunt
from cubecam.scorelog import ScoreLog

MISREAD = "...W.\nTIGEP\nOF.A.\nN..V.\n...E.\nunused: T U"
SAMPLES = Path(__file__).resolve().parents[2] / "sample_images"
P_SQUARE = "#grid button[data-row='1'][data-col='4']"
BOARD = "R A K T\nE M D L\nO Å N E\nS T I G"


def open_page(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-ready=yes]")


def wait_until(page, expression: str, timeout: float = 15.0) -> None:
    """Wait for a JavaScript expression to be true, asking from outside the page: the page's
    Content-Security-Policy forbids the eval that ``page.wait_for_function`` polls with."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise AssertionError(f"still not true after {timeout} s: {expression}")
        time.sleep(0.05)


def final(grid: str) -> str:
    return str(GameOne().score(parse_grid(grid), load_lexicon("en")).final)


def start_logged_game(
    page,
    kind: str = "scrabble-cubes",
    players: str = "Ann, Bo",
    rounds: str = "",
    ticked: tuple[str, ...] = (),
) -> int:
    """Start a logged game (Game One for Ann and Bo) from the page, as a player would, with
    the boxes ``ticked`` (a word hunt's variants), and wait until the page has it open (a game
    open before keeps the player's label shown); its id."""
    before = page.input_value("#log-game")
    page.click("#new-game summary")
    page.select_option("#new-kind", kind)
    for box in ticked:
        page.check(box)
    page.fill("#new-players", players)
    page.fill("#new-rounds", rounds)
    page.click("#new-button")
    wait_until(page, f"document.querySelector('#log-game').value !== {before!r}")
    if kind != "hunt":  # a word hunt's players are its lists, not a menu
        page.wait_for_selector("#player-label:not([hidden])")
    return int(page.input_value("#log-game"))


def test_a_turn_is_scored_corrected_and_logged(live_server: str, chromium) -> None:
    page = chromium.new_page()
    open_page(page, live_server)
    start_logged_game(page)
    assert page.input_value("#player") == "Ann"

    page.click("#grid-entry summary")
    page.fill("#grid-text", MISREAD)
    page.click("#grid-button")
    page.wait_for_selector("#tally:not([hidden])")
    assert page.inner_text("#final") == final(MISREAD)
    assert "TIGEP" in page.inner_text("#words tr.invalid")

    page.click(P_SQUARE)
    page.wait_for_selector("#fix[open]")
    page.fill("#fix-symbol", "R")
    page.click("#fix-ok")
    fixed = final(MISREAD.replace("TIGEP", "TIGER"))
    wait_until(page, f"document.querySelector('#final').textContent === '{fixed}'")
    assert page.inner_text(P_SQUARE) == "R"
    assert page.query_selector("#words tr.invalid") is None

    page.click("#accept")
    page.wait_for_selector("#sheet:not([hidden])")
    sheet = page.inner_text("#sheet-table")
    assert "Bo to play" in page.inner_text("#sheet-status")
    assert page.inner_text("#sheet-table tfoot").split() == ["Total", fixed, "0"]
    page.click("#sheet-close")
    page.click("#sheet-button")
    page.wait_for_selector("#sheet:not([hidden])")
    assert page.inner_text("#sheet-table") == sheet
    assert page.input_value("#player") == "Bo"
    page.close()


def score_grid(page, grid: str) -> None:
    if not page.evaluate("document.querySelector('#grid-entry').open"):
        page.click("#grid-entry summary")
    page.fill("#grid-text", grid)
    page.click("#grid-button")
    page.wait_for_selector("#tally:not([hidden])")


def score_board(page) -> None:
    """Type the word-hunt BOARD and score it, as a player would."""
    page.select_option("#game", "hunt")
    type_board(page, BOARD)


def accept_round(page, db: Path, game_id: int) -> list[list[int]]:
    """Tap Accept: record the round; each player's points, round by round, as the log has them."""
    page.click("#accept-round")
    page.wait_for_selector("#sheet:not([hidden])")
    with ScoreLog(db) as log:
        sheet = log.sheet(game_id).record().model_dump(mode="json")
    return [p["rounds"] for p in sheet["players"]]


def type_board(page, board: str) -> None:
    """Type a word-hunt board into the page, as a player would."""
    page.click("#grid-entry summary")
    page.fill("#grid-text", board)
    page.click("#grid-button")
    page.wait_for_selector("#hunt:not([hidden])")


def in_view(page, selector: str) -> bool:
    """Whether the element is shown and wholly inside the phone's screen."""
    return page.evaluate(
        """(selector) => { const box = document.querySelector(selector).getBoundingClientRect();
        return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight; }""",
        selector,
    )


def test_a_stale_tab_follows_the_player_to_play_and_shows_the_games_status_in_full(
    live_server: str, chromium
) -> None:
    ann, stale = chromium.new_page(), chromium.new_page()
    open_page(ann, live_server)
    game_id = start_logged_game(ann, "scrabble-cubes", "Annabel Lee, Bo")
    open_page(stale, live_server)
    stale.select_option("#log-game", str(game_id))
    assert stale.input_value("#player") == "Annabel Lee"
    status = stale.locator("#log-status")
    said = status.inner_text()
    assert said.startswith(f"Game {game_id}: Scrabble Crossword Cubes, Game One, to ")
    assert said.endswith(". Annabel Lee to play (round 1).")
    box = status.bounding_box()
    assert box["x"] + box["width"] <= 390 and stale.evaluate(
        "(p => p.scrollWidth <= p.clientWidth)(document.querySelector('#log-status'))"
    )

    score_grid(ann, MISREAD)
    ann.click("#accept")
    ann.wait_for_selector("#sheet:not([hidden])")
    score_grid(stale, "CAT\nunused: E")  # the next player takes the photo on the stale tab
    wait_until(stale, "document.querySelector('#player').value === 'Bo'")
    assert status.inner_text().endswith("Bo to play (round 1).")
    ann.close()
    stale.close()


def test_accept_records_a_capture_once_and_undo_takes_it_back(live_server: str, chromium) -> None:
    page = chromium.new_page()
    open_page(page, live_server)
    start_logged_game(page)
    score_grid(page, MISREAD)
    page.click("#accept")
    page.wait_for_selector("#sheet:not([hidden])")
    assert page.is_disabled("#accept") and page.is_visible("#undo")
    assert "Recorded as Ann's turn in round 1" in page.inner_text("#accept-note")
    assert page.input_value("#player") == "Bo"

    again = page.evaluate(
        """async () => { const g = document.querySelector('#log-game').value;
        const r = await fetch(`/api/log/games/${g}/turns`, { method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ capture: capture.id, player: 'Bo' }) });
        return [r.status, (await r.json()).detail]; }"""
    )
    assert again[0] == 400 and "already recorded as Ann's turn" in again[1]
    assert "Bo to play" in page.inner_text("#sheet-status")

    asked: list[str] = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.click("#undo")
    wait_until(page, "document.querySelector('#sheet-note').textContent.startsWith('Undone')")
    assert asked == [
        f"Undo Ann's turn in round 1 ({final(MISREAD)})? It comes off the score sheet."
    ]
    assert page.is_enabled("#accept") and "Undone: Ann" in page.inner_text("#sheet-note")
    assert "Ann to play" in page.inner_text("#sheet-status")
    assert page.input_value("#player") == "Ann" and page.is_hidden("#undo")
    page.close()


def test_a_wrong_letter_is_refused_in_a_sentence_where_the_player_looks(
    live_server: str, chromium, tmp_path: Path
) -> None:
    page = chromium.new_page()
    open_page(page, live_server)
    score_grid(page, MISREAD)
    page.click(P_SQUARE)
    page.wait_for_selector("#fix[open]")
    page.fill("#fix-symbol", "7")
    page.click("#fix-ok")
    page.wait_for_selector("#fix-error:not([hidden])")
    said = page.inner_text("#fix-error")
    assert said.startswith("'7' is not a cube face: type a letter")
    assert "pattern" not in said and "\\" not in said
    assert in_view(page, "#fix-error")
    page.keyboard.press("Escape")
    assert page.inner_text(P_SQUARE) == "P"

    notes = tmp_path / "notes.txt"
    notes.write_text("not a photo")
    page.set_input_files("#photo", str(notes))
    wait_until(page, "document.querySelector('#message').textContent.includes('not a photo')")
    assert in_view(page, "#message") and page.is_hidden("#result")
    page.close()


def tap_cube(page, square: str, choice: str) -> None:
    """Tap the cube on ``square`` and choose #fix-``choice`` in its dialog."""
    page.click(square)
    page.wait_for_selector("#fix[open]")
    page.click(f"#fix-{choice}")
    wait_until(page, "!document.querySelector('#fix').open")


def wait_final(page, score: str) -> None:
    wait_until(
        page,
        f"!document.querySelector('#tally').hidden && "
        f"document.querySelector('#final').textContent === '{score}'",
    )


def square(row: int, col: int) -> str:
    return f"#grid button[data-row='{row}'][data-col='{col}']"


def test_a_cube_is_moved_removed_and_an_added_one_taken_back(live_server: str, chromium) -> None:
    page = chromium.new_page()
    open_page(page, live_server)
    score_grid(page, MISREAD)
    tap_cube(page, square(3, 0), "spare")
    off = "...W.\nTIGEP\nOF.A.\n...V.\n...E.\nunused: T U N"
    wait_final(page, final(off))
    assert page.inner_text(square(3, 0)) == "+"
    spare = page.eval_on_selector_all(
        "#unused-line button:not(.empty)", "bs => bs.map(b => b.textContent)"
    )
    assert sorted(spare) == ["N", "T", "U"]

    page.click("#unused-line button:has-text('U')")
    page.click("#fix-move")
    page.wait_for_selector("#move-note:not([hidden])")
    page.click(square(4, 4))
    wait_final(page, final(off.replace("...E.", "...EU").replace(" U", "")))
    assert page.inner_text(square(4, 4)) == "U"

    page.click("#unused-line button:has-text('T')")
    page.click("#fix-remove")
    fewer = off.replace("...E.", "...EU").replace(" T U", "")
    wait_final(page, final(fewer))
    page.click(square(-1, 3))
    page.fill("#fix-symbol", "S")
    page.click("#fix-ok")
    wait_until(page, f"document.querySelector(\"{square(-1, 3)}\").textContent === 'S'")
    tap_cube(page, square(-1, 3), "remove")
    wait_final(page, final(fewer))
    assert page.inner_text(square(-1, 3)) == "+"
    page.close()


def test_a_correction_shows_the_new_score_beside_the_board(live_server: str, chromium) -> None:
    page = chromium.new_page()
    open_page(page, live_server)
    score_grid(page, MISREAD)
    page.eval_on_selector("#grid", "grid => grid.scrollIntoView({ block: 'end' })")
    assert not in_view(page, "#final")  # the score card is off-screen, above
    page.click(P_SQUARE)
    page.fill("#fix-symbol", "R")
    page.click("#fix-ok")
    wait_until(page, f"document.querySelector(\"{P_SQUARE}\").textContent === 'R'")
    fixed = final(MISREAD.replace("TIGEP", "TIGER"))
    assert page.inner_text("#board-score") == f"Score {fixed} (was {final(MISREAD)})"
    assert in_view(page, "#board-score") and in_view(page, P_SQUARE)
    score = page.locator("#board-score").bounding_box()
    grid = page.locator("#grid").bounding_box()
    assert 0 <= grid["y"] - (score["y"] + score["height"]) < 40  # just above the board
    page.close()


@pytest.mark.parametrize(
    ("square_tapped", "typed", "said"),
    [
        (P_SQUARE, "Ä", "The Scrabble Crossword Cubes set has no face Ä"),
        ("#grid button[data-row='-1'][data-col='3']", "S", "15 cubes, but the Scrabble"),
    ],
)
def test_a_face_the_set_lacks_or_a_cube_too_many_is_refused_in_the_dialog(
    live_server: str, chromium, square_tapped: str, typed: str, said: str
) -> None:
    page = chromium.new_page()
    open_page(page, live_server)
    score_grid(page, MISREAD)
    board = page.inner_text("#grid")
    page.click(square_tapped)
    page.fill("#fix-symbol", typed)
    page.click("#fix-ok")
    page.wait_for_selector("#fix-error:not([hidden])")
    assert page.inner_text("#fix-error").startswith(said)
    assert page.evaluate("document.querySelector('#fix').open") and in_view(page, "#fix-error")
    assert page.is_hidden("#message")
    page.click("#fix button[value=cancel]")
    assert page.inner_text("#grid") == board and page.inner_text("#final") == final(MISREAD)
    assert page.inner_text("#warnings") == ""
    page.close()


def test_the_cube_dialog_speaks_the_pages_words(live_server: str, chromium) -> None:
    page = chromium.new_page()
    open_page(page, live_server)
    score_grid(page, MISREAD)
    page.click(P_SQUARE)
    page.fill("#fix-symbol", "ß")
    page.click("#fix-ok")
    page.wait_for_selector("#fix-error:not([hidden])")
    said = page.inner_text("#fix")
    assert "'ß' is not a cube face: type a letter, Qu, BLANK or JOKER." in said
    assert not re.search(r"--[a-z]|\[BLANK\]|'\.'|'\?'|unknown symbol", said)
    page.close()


def test_a_die_on_a_tray_is_changed_and_offered_nothing_else(live_server: str, chromium) -> None:
    page = chromium.new_page()
    open_page(page, live_server)
    score_board(page)
    page.click(square(0, 0))
    page.wait_for_selector("#fix[open]")
    assert page.is_hidden("#fix-remove") and page.is_hidden("#fix-spare")
    assert page.is_hidden("#fix-move")
    page.fill("#fix-symbol", "Ö")
    page.click("#fix-ok")
    wait_until(page, f"document.querySelector(\"{square(0, 0)}\").textContent === 'Ö'")
    page.close()


def test_a_cube_left_over_that_the_camera_missed_is_added_in_one_tap(
    live_server: str, chromium
) -> None:
    page = chromium.new_page()
    open_page(page, live_server)
    short = MISREAD.replace("unused: T U", "unused: T")  # 13 of the set's 14 cubes
    score_grid(page, short)
    wait_final(page, final(short))
    assert "1 cube of the set not in the layout" in page.inner_text("#warnings")
    page.click("#add-spare")
    page.wait_for_selector("#fix[open]")
    assert "missed left over" in page.inner_text("#fix-question")
    page.fill("#fix-symbol", "U")
    page.click("#fix-ok")
    wait_final(page, final(MISREAD))
    assert "not in the layout" not in page.inner_text("#warnings")
    spare = page.eval_on_selector_all(
        "#unused-line button:not(.empty)", "bs => bs.map(b => b.textContent)"
    )
    assert spare == ["T", "U"]
    page.close()


def test_the_score_comes_first_and_adds_up_on_screen(live_server: str, chromium) -> None:
    page = chromium.new_page()
    open_page(page, live_server)
    score_grid(page, MISREAD)
    assert in_view(page, "#final")
    points = page.eval_on_selector_all(
        "#words tr",
        """rows => rows.map(r => [r.className,
            Number(r.querySelector('.points').textContent.replace('\u2212', '-'))])""",
    )
    words = [p for cls, p in points if cls.startswith("word")]
    (total,) = [p for cls, p in points if cls == "sum"]
    deductions = [p for cls, p in points if cls == "deduction"]
    (score,) = [p for cls, p in points if cls == "final"]
    assert sum(words) == total and total + sum(deductions) == score
    assert str(score) == page.inner_text("#final") == final(MISREAD)
    assert len(deductions) == 2 and "TIGEP" in page.inner_text("#words tr.invalid")
    try:
        expected = meaning("WEAVE", "en")
    except DictionaryMissing:
        pytest.skip("WordNet is not installed")
    page.click("#words button[data-word='WEAVE']")
    wait_until(page, "!document.querySelector('#meaning').textContent.endsWith('…')")
    assert page.inner_text("#meaning") == f"WEAVE: {expected}"
    page.close()


def test_word_hunt_words_are_scored_with_cancellations(live_server: str, chromium) -> None:
    solved = Hunt().solve(Board.from_text(BOARD), load_lexicon("sv"))
    best = solved[0]
    page = chromium.new_page()
    open_page(page, live_server)
    score_board(page)
    names = page.query_selector_all(".hunt-name")
    words = page.query_selector_all(".hunt-words")
    names[0].fill("Anna")
    words[0].fill("rakt\nmor")
    names[1].fill("Bo")
    words[1].fill(f"RAKT\n{best.word}")
    page.click("#hunt-button")
    page.wait_for_selector(".hunt-player")
    text = page.inner_text("#hunt-result")
    assert f"Bo: {best.points}" in text and "Anna: 0" in text
    assert "written by another player (Bo)" in text
    assert "Winner: Bo" in text
    assert "Nobody found: " in text and f"{best.word} " not in text.split("Nobody found: ")[1]
    rows = page.eval_on_selector_all(
        ".round-sheet tbody tr", "rs => rs.map(r => [...r.cells].map(c => c.textContent))"
    )
    assert rows == [["Anna", "0 of 2", "0"], ["Bo", "1 of 2", str(best.points)]]
    page.close()


def test_a_logged_word_hunt_round_is_recorded_for_the_games_players(
    live_server: str, chromium, tmp_path: Path
) -> None:
    page = chromium.new_page()
    open_page(page, live_server)
    game_id = start_logged_game(page, "hunt", "Anna, Bo")
    assert page.input_value("#game") == "hunt" and page.is_hidden("#player-label")
    names = page.eval_on_selector_all(".hunt-name", "ns => ns.map(n => n.value)")
    assert names == ["Anna", "Bo"]  # a word hunt's players are the logged game's

    type_board(page, BOARD)
    page.wait_for_selector("#accept-round:not([hidden])")
    page.query_selector_all(".hunt-words")[0].fill("rakt")
    assert accept_round(page, tmp_path / "log.sqlite", game_id) == [[2], [0]]
    assert page.is_disabled("#accept-round")
    page.close()


def test_every_word_on_the_board_is_listed_and_its_path_drawn(live_server: str, chromium) -> None:
    board = Board.from_text(BOARD)
    solved = Hunt().solve(board, load_lexicon("sv"))
    page = chromium.new_page()
    open_page(page, live_server)
    score_board(page)
    page.click("#all-words-button")
    page.wait_for_selector("#all-words button.word")
    listed = page.eval_on_selector_all(
        "#all-words button.word", "bs => bs.map(b => b.dataset.word)"
    )
    assert listed == [w.word for w in solved]
    assert f"{sum(w.points for w in solved)} points" in page.inner_text("#all-words-note")

    word = solved[-1].word
    page.click(f"#all-words button[data-word='{word}']")
    steps = page.eval_on_selector_all(
        "#grid button.path",
        "bs => bs.map(b => [Number(b.dataset.step), Number(b.dataset.row), Number(b.dataset.col)])",
    )
    path = [board.square(die) for die in board.path(word)]
    assert [(r, c) for _, r, c in sorted(steps)] == path
    assert page.is_visible("#path-note") and in_view(page, "#grid")
    page.close()


def test_a_words_path_is_drawn_on_the_photo(live_server: str, chromium) -> None:
    page = chromium.new_page()
    open_page(page, live_server)
    page.select_option("#game", "hunt")
    page.set_input_files("#photo", str(SAMPLES / "swedish-tray.jpg"))
    page.wait_for_selector("#hunt:not([hidden])")
    page.click("#all-words-button")
    page.wait_for_selector("#all-words button.word")
    first = page.get_attribute("#all-words button.word", "data-word")
    page.click("#all-words button.word")
    points = page.get_attribute("#targets .path polyline", "points")
    assert len(points.split()) == page.locator("#grid button.path").count() == len(first)
    page.close()


def test_the_round_timer_ends_the_round_clearly(live_server: str, chromium) -> None:
    page = chromium.new_page()
    open_page(page, live_server)
    assert page.is_hidden("#timer")
    page.select_option("#game", "hunt")
    assert page.input_value("#minutes") == "3" and page.inner_text("#clock") == "3:00"
    page.fill("#minutes", "0.05")
    assert page.inner_text("#clock") == "0:03"
    page.click("#timer-start")
    assert page.is_hidden("#timer-start") and not page.is_hidden("#timer-stop")
    page.wait_for_selector("#timer.ended", timeout=10000)
    assert page.inner_text("#clock") == "Time's up! Pens down."
    assert page.is_visible("#timer-start")
    page.close()


def test_the_score_sheet_is_a_table_exported_with_words_and_kept_when_over(
    live_server: str, chromium, tmp_path: Path
) -> None:
    page = chromium.new_page()
    open_page(page, live_server)
    start_logged_game(page, "scrabble-cubes-two")
    score_grid(page, "CAT\nunused: E")
    page.click("#accept")
    page.wait_for_selector("#sheet:not([hidden])")
    game_id = int(page.input_value("#log-game"))
    with ScoreLog(tmp_path / "log.sqlite") as log:
        sheet = log.sheet(game_id).record().model_dump(mode="json")
    table = page.eval_on_selector_all(
        "#sheet-table tr", "rs => rs.map(r => [...r.cells].map(c => c.textContent))"
    )
    ann = sheet["players"][0]
    lengths = sheet["lengths_left"]
    assert list(lengths) == ["Ann", "Bo"] and len(lengths["Ann"]) == 6
    assert table == [
        ["Round", "Ann", "Bo to play"],
        ["1", str(ann["rounds"][0]), "–"],
        ["Lengths left in round 1", *(", ".join(map(str, left)) for left in lengths.values())],
        ["Total", str(ann["total"]), "0"],
    ]
    assert page.inner_text("#sheet-status") == "Bo to play (round 1)."
    with page.expect_download() as download:
        page.click("#export-csv")
    (row,) = csv.DictReader(io.StringIO(Path(download.value.path()).read_text()))
    assert (row["side"], row["words"], row["score"]) == ("Ann", "CAT", str(ann["total"]))

    start_logged_game(page, "scrabble-cubes", "Cy", rounds="1")
    score_grid(page, "CAT\nunused: E")
    page.click("#accept")
    wait_until(page, "document.querySelector('#sheet-status').textContent.startsWith('Game over')")
    finished = page.eval_on_selector_all(
        "#log-game optgroup[label=Finished] option", "os => os.map(o => o.value)"
    )
    assert finished == [page.input_value("#log-game")]
    assert page.is_hidden("#player-label") and "Cy wins" in page.inner_text("#sheet-status")
    page.select_option("#log-game", str(game_id))
    page.click("#sheet-button")
    wait_until(
        page, f"document.querySelector('#export-csv').href.endsWith('/{game_id}/export.csv')"
    )
    assert page.inner_text("#sheet-status") == "Bo to play (round 1)."
    page.close()


def test_letters_typed_in_lower_case_are_explained_as_wildcards(live_server: str, chromium) -> None:
    page = chromium.new_page()
    open_page(page, live_server)
    page.click("#grid-entry summary")
    page.fill("#grid-text", "cat")
    page.click("#grid-button")
    page.wait_for_selector("#warnings li")
    said = page.inner_text("#warnings")
    assert "3 wildcards, but the Scrabble Crossword Cubes set has 2 blanks" in said
    assert "a lower-case letter is a wildcard for that letter: write letters in capitals" in said
    page.close()


def test_a_bad_upload_gets_a_clear_message(live_server: str, chromium, tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a photo")
    page = chromium.new_page()
    open_page(page, live_server)
    page.set_input_files("#photo", str(notes))
    page.wait_for_selector("#message:not([hidden])")
    assert page.inner_text("#message").startswith("notes.txt is not a photo")
    page.close()


def test_a_photo_is_read_corrected_and_logged(live_server: str, chromium, tmp_path: Path) -> None:
    """The sample photo is read; every cube the reader got wrong or missed is put right by
    tapping it (or its empty square), as a player would; the tally is then the label's."""
    label = json.loads((SAMPLES / "game-one-crossword.json").read_text())
    truth = parse_grid(label["grid"])
    page = chromium.new_page()
    open_page(page, live_server)
    start_logged_game(page)

    page.set_input_files("#photo", str(SAMPLES / "game-one-crossword.jpg"))
    page.wait_for_selector("#tally:not([hidden])")
    wait_until(page, "document.querySelector('#annotated').naturalWidth > 0")
    capture = page.evaluate("capture")
    assert page.locator("#targets polygon").count() == len(capture["cubes"])
    unsure = sum(cube["unsure"] for cube in capture["cubes"])
    assert page.locator("#targets polygon.unsure").count() == unsure
    assert page.locator("#grid button.unsure, #unused-line button.unsure").count() == unsure
    assert page.inner_text("#final") == final(capture["grid"])
    for box in page.eval_on_selector_all(
        "#targets polygon", "ps => ps.map(p => p.getBoundingClientRect().toJSON())"
    ):
        assert box["width"] >= 44 and box["height"] >= 44
    assert not page.evaluate(LABEL_ON_A_CUBE)
    assert not any(re.search(r"\d+,\s*\d+", w) for w in capture["warnings"])

    read = parse_grid(capture["grid"])
    dr, dc = best_shift(read, truth)
    for (r, c), face in truth.cells.items():
        on_page = (r - dr + capture["origin"][0], c - dc + capture["origin"][1])
        seen = read.cells.get((r - dr, c - dc))
        if seen == face:
            continue
        square = f"#grid button[data-row='{on_page[0]}'][data-col='{on_page[1]}']"
        page.click(square)
        page.wait_for_selector("#fix[open]")
        page.fill("#fix-symbol", face.symbol)
        page.click("#fix-ok")
        wait_until(page, f"document.querySelector(\"{square}\").textContent === '{face.symbol}'")
    capture = page.evaluate("capture")
    corrected = parse_grid(capture["grid"])
    assert corrected.rows() == truth.rows()
    assert page.inner_text("#final") == final(capture["grid"])
    if sorted(f.symbol for f in corrected.unused) == sorted(label["unused"]):
        assert page.inner_text("#final") == final(label["grid"])

    page.evaluate("document.getElementById('result').scrollIntoView()")
    shot = page.screenshot(path=str(tmp_path / "phone-page.png"))
    assert shot.startswith(b"\x89PNG")
    if os.environ.get("CUBECAM_SCREENSHOTS"):
        (Path(os.environ["CUBECAM_SCREENSHOTS"]) / "phone-page.png").write_bytes(shot)

    page.click("#accept")
    page.wait_for_selector("#sheet:not([hidden])")
    assert "Bo to play" in page.inner_text("#sheet-status")
    page.close()


# Whether any letter label on the photo covers the middle half of any cube.
LABEL_ON_A_CUBE = """() => {
  const labels = [...document.querySelectorAll('#targets .label')].map(l => l.getBoundingClientRect());
  return [...document.querySelectorAll('#targets polygon')].some(p => {
    const b = p.getBoundingClientRect();
    const mid = { left: b.left + b.width / 4, right: b.right - b.width / 4,
                  top: b.top + b.height / 4, bottom: b.bottom - b.height / 4 };
    return labels.some(l => l.left < mid.right && l.right > mid.left
                         && l.top < mid.bottom && l.bottom > mid.top);
  });
}"""


def best_shift(read: Layout, truth: Layout) -> tuple[int, int]:
    """How far the reader's numbering of squares is from the label's (most faces agreeing)."""
    shifts = [(dr, dc) for dr in range(-2, 3) for dc in range(-2, 3)]
    return max(
        shifts,
        key=lambda s: sum(
            read.cells.get((r - s[0], c - s[1])) == f for (r, c), f in truth.cells.items()
        ),
    )


@pytest.mark.parametrize(
    ("photo", "chosen", "better"),
    [
        ("adlib-crossword.jpg", "scrabble-cubes", "adlib"),
        ("game-one-crossword.jpg", "hunt", "scrabble-cubes"),
    ],
)
def test_a_photo_of_another_game_offers_that_game_in_one_tap(
    live_server: str, chromium, photo: str, chosen: str, better: str
) -> None:
    label = json.loads((SAMPLES / photo.replace(".jpg", ".json")).read_text())
    page = chromium.new_page()
    open_page(page, live_server)
    page.select_option("#game", chosen)
    page.set_input_files("#photo", str(SAMPLES / photo))
    page.wait_for_selector("#other-game:not([hidden])")
    title = page.eval_on_selector("#game", f"s => s.querySelector('[value={better}]').text")
    assert page.inner_text("#other-game-button") == f"Score it as {title}"
    assert in_view(page, "#other-game")
    page.click("#other-game-button")
    wait_until(page, f"capture && capture.game === '{better}'")
    assert page.input_value("#game") == better and page.is_hidden("#other-game")
    page.wait_for_selector("#tally:not([hidden])")
    assert parse_grid(page.evaluate("capture.grid")).rows() == parse_grid(label["grid"]).rows()
    page.close()


LEFTMOST = """(selector) => Math.min(...[...document.querySelectorAll(selector)]
    .map(e => e.getBoundingClientRect().left))"""


def test_a_crossword_wider_than_the_screen_opens_with_its_left_column_in_view(
    live_server: str, chromium
) -> None:
    page = chromium.new_page()
    open_page(page, live_server)
    page.select_option("#game", "adlib")
    page.set_input_files("#photo", str(SAMPLES / "adlib-crossword.jpg"))
    page.wait_for_selector("#figure:not([hidden])")
    wrap = page.locator("#photo-wrap").bounding_box()
    assert page.evaluate(
        "(w => w.scrollWidth > w.clientWidth)(document.querySelector('#photo-wrap'))"
    )
    assert page.evaluate(LEFTMOST, "#targets polygon") >= wrap["x"]

    score_grid(page, "..T..\nSTRAWBERRIES")
    wrap = page.locator("#grid-wrap").bounding_box()
    squares = page.eval_on_selector_all(
        "#grid button", "bs => bs.map(b => b.getBoundingClientRect().width)"
    )
    assert len(squares) == 4 * 14 and min(squares) >= 44  # a comfortable tap, swiped to
    assert wrap["x"] <= page.evaluate(LEFTMOST, "#grid button") < wrap["x"] + 44
    page.close()


def test_a_fast_word_hunt_is_shown_and_recorded_as_agreed(
    live_server: str, chromium, tmp_path: Path
) -> None:
    page = chromium.new_page()
    open_page(page, live_server)
    game_id = start_logged_game(page, "hunt", "Anna, Bo", ticked=("#new-fast",))
    assert page.is_checked("#fast") and page.is_disabled("#fast")  # agreed at the start
    assert page.input_value("#lang") == "sv" and page.is_disabled("#lang")

    type_board(page, BOARD)
    page.wait_for_selector("#accept-round:not([hidden])")
    for words in page.query_selector_all(".hunt-words"):
        words.fill("rakt")  # written by both: it scores for both only in the fast variant
    page.click("#hunt-button")
    page.wait_for_selector(".hunt-player")
    shown = page.eval_on_selector_all(
        ".round-sheet tbody tr", "rs => rs.map(r => r.lastChild.textContent)"
    )
    assert accept_round(page, tmp_path / "log.sqlite", game_id) == [[2], [2]]
    assert shown == ["2", "2"]
    page.close()


def test_a_word_hunt_agreed_with_a_wild_solid_face_lists_and_records_words_through_it(
    live_server: str, chromium, tmp_path: Path
) -> None:
    page = chromium.new_page()
    open_page(page, live_server)
    game_id = start_logged_game(page, "hunt", "Anna", ticked=("#new-block-wild",))
    assert page.is_checked("#block-wild") and page.is_disabled("#block-wild")
    assert not page.is_checked("#fast")

    type_board(page, "Å R A\nÖ [BLOCK] Ä\nS K A")
    page.wait_for_selector("#accept-round:not([hidden])")
    page.click("#all-words-button")
    page.wait_for_selector("#all-words button.word")
    listed = page.eval_on_selector_all(
        "#all-words button.word", "bs => bs.map(b => b.dataset.word)"
    )
    assert "äta" in listed  # Ä, the solid face as T, A
    page.query_selector_all(".hunt-words")[0].fill("äta")
    assert accept_round(page, tmp_path / "log.sqlite", game_id) == [[1]]
    page.close()
