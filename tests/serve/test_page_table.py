"""Several phones at one table: two pages on one server share a score log without corrupting
it, keep up with each other, and keep their place across a reload."""

from __future__ import annotations

from pathlib import Path

from cubecam.errors import DictionaryMissing
from cubecam.lexicon import load_lexicon
from cubecam.lexicon.meanings import meaning
from cubecam.scorelog import ScoreLog
from cubecam.serve import create_app
from tests.serve.conftest import background_server
from tests.serve.test_page import (
    BOARD,
    MISREAD,
    final,
    open_page,
    score_grid,
    start_logged_game,
    type_board,
    wait_until,
)

DOG = "DOGE\nunused: S"


def rounds(db: Path, game_id: int) -> list[list[int | None]]:
    """Each player's points, round by round, as the score log has them."""
    with ScoreLog(db) as log:
        return [p.rounds for p in log.sheet(game_id).record().players]


def on(page):
    """The page, brought to the front as a phone in the player's hand (Chromium holds back
    the drawing of a page behind another, and Playwright waits for it)."""
    page.bring_to_front()
    return page


def join(page, url: str, game_id: int) -> None:
    """Open the page as a second phone and choose the logged game."""
    open_page(on(page), url)
    page.select_option("#log-game", str(game_id))


def unheard(page, url: str, game_id: int) -> None:
    """Hold back the page's checks of the sheet, as for a phone whose next check has not come
    yet (its writes still go through)."""
    page.route(
        f"{url}/api/log/games/{game_id}",
        lambda route: route.abort() if route.request.method == "GET" else route.continue_(),
    )


def test_two_phones_accepting_the_same_round_record_it_once(
    live_server: str, chromium, tmp_path: Path
) -> None:
    first, second = chromium.new_page(), chromium.new_page()
    open_page(on(first), live_server)
    game_id = start_logged_game(first, "hunt", "Anna, Bo")
    join(second, live_server, game_id)
    unheard(second, live_server, game_id)
    for page in (first, second):
        type_board(on(page), BOARD)
        page.query_selector_all(".hunt-words")[0].fill("rakt")
    on(first).click("#accept-round")
    first.wait_for_selector("#sheet:not([hidden])")
    on(second).click("#accept-round")
    second.wait_for_selector("#message:not([hidden])")
    said = second.inner_text("#message")
    assert said.startswith("Round 1 (Anna 2, Bo 0) was recorded from another phone meanwhile")
    assert "nothing was written" in said and "try again" in said
    assert second.is_visible("#sheet") and second.inner_text("#sheet-note") == said
    assert second.inner_text("#sheet-table tfoot").split() == ["Total", "2", "0"]
    assert rounds(tmp_path / "log.sqlite", game_id) == [[2], [0]]
    first.close()
    second.close()


def test_undo_names_the_turn_and_never_removes_another_phones(
    live_server: str, chromium, tmp_path: Path
) -> None:
    phone_a, phone_b = chromium.new_page(), chromium.new_page()
    open_page(on(phone_a), live_server)
    game_id = start_logged_game(phone_a)
    score_grid(phone_a, MISREAD)
    phone_a.click("#accept")
    phone_a.wait_for_selector("#undo:not([hidden])")
    unheard(phone_a, live_server, game_id)
    join(phone_b, live_server, game_id)
    assert phone_b.input_value("#player") == "Bo"
    score_grid(phone_b, DOG)
    phone_b.click("#accept")
    phone_b.wait_for_selector("#sheet:not([hidden])")

    asked: list[str] = []
    answers = [True, False]  # yes to the first question, no to the second

    def answer(dialog) -> None:
        asked.append(dialog.message)
        dialog.accept() if answers.pop(0) else dialog.dismiss()

    phone_a.on("dialog", answer)
    on(phone_a).click("#undo")  # shown under Ann's turn, on a phone that has not seen Bo's
    phone_a.wait_for_selector("#message:not([hidden])")
    ann, bo = final(MISREAD), final(DOG)
    assert asked == [f"Undo Ann's turn in round 1 ({ann})? It comes off the score sheet."]
    assert phone_a.inner_text("#message").startswith(
        f"Bo's turn in round 1 ({bo}) was recorded from another phone meanwhile"
    )
    assert rounds(tmp_path / "log.sqlite", game_id) == [[int(ann)], [int(bo)]]  # both stay

    phone_a.click("#sheet-undo")  # the page now knows Bo's turn is the last
    wait_until(phone_a, "!document.querySelector('#sheet-undo').disabled")
    assert asked[1] == f"Undo Bo's turn in round 1 ({bo})? It comes off the score sheet."
    assert rounds(tmp_path / "log.sqlite", game_id) == [[int(ann)], [int(bo)]]
    phone_a.close()
    phone_b.close()


def test_a_second_phone_sees_a_turn_without_a_reload(live_server: str, chromium) -> None:
    player, watcher = chromium.new_page(), chromium.new_page()
    open_page(on(player), live_server)
    game_id = start_logged_game(player)
    join(watcher, live_server, game_id)
    watcher.click("#sheet-button")
    watcher.wait_for_selector("#sheet:not([hidden])")
    assert watcher.inner_text("#sheet-table tfoot").split() == ["Total", "0", "0"]

    score_grid(on(player), MISREAD)
    player.click("#accept")
    player.wait_for_selector("#sheet:not([hidden])")
    on(watcher)
    total = f"Total\\t{final(MISREAD)}\\t0"
    wait_until(watcher, f"document.querySelector('#sheet-table tfoot').innerText === '{total}'")
    assert watcher.input_value("#player") == "Bo"
    assert "Bo to play" in watcher.inner_text("#sheet-status")
    assert watcher.inner_text("#log-note").startswith(
        f"The score sheet changed on another phone (last: Ann's turn in round 1 ({final(MISREAD)}))"
    )
    player.close()
    watcher.close()


def test_a_reload_comes_back_to_the_game_the_board_and_the_lists_being_typed(
    live_server: str, chromium
) -> None:
    page = on(chromium.new_page())
    open_page(page, live_server)
    game_id = start_logged_game(page, "hunt", "Anna, Bo")
    type_board(page, BOARD)
    lists = page.query_selector_all(".hunt-words")
    lists[0].fill("rakt\nmor")
    lists[1].fill("dal")
    board = page.evaluate("capture.id")

    page.reload()
    page.wait_for_selector("body[data-ready=yes]")
    assert page.input_value("#game") == "hunt"
    assert page.input_value("#log-game") == str(game_id)
    assert page.evaluate("capture && capture.id") == board and page.is_visible("#hunt")
    typed = page.eval_on_selector_all(
        "#hunt-players .player",
        "ps => ps.map(p => [p.querySelector('.hunt-name').value,"
        " p.querySelector('.hunt-words').value])",
    )
    assert typed == [["Anna", "rakt\nmor"], ["Bo", "dal"]]
    page.close()


def test_a_double_tap_on_accept_records_once_and_says_nothing_wrong(
    live_server: str, chromium, tmp_path: Path
) -> None:
    page = on(chromium.new_page())
    open_page(page, live_server)
    game_id = start_logged_game(page)
    score_grid(page, MISREAD)
    page.evaluate(
        "() => { const accept = document.querySelector('#accept');"
        " accept.click(); accept.click(); }"
    )
    page.wait_for_selector("#sheet:not([hidden])")
    wait_until(page, "document.querySelector('#busy').hidden")
    assert page.is_hidden("#message") and page.is_disabled("#accept")
    assert "Recorded as Ann's turn in round 1" in page.inner_text("#accept-note")
    assert rounds(tmp_path / "log.sqlite", game_id) == [[int(final(MISREAD))], [None]]
    page.close()


def test_a_game_two_player_passes_for_the_round_from_the_page(
    live_server: str, chromium, tmp_path: Path
) -> None:
    page = on(chromium.new_page())
    open_page(page, live_server)
    game_id = start_logged_game(page, "scrabble-cubes-two", "Ann")
    for grid in ("CAT\nunused: E", DOG):
        assert page.is_hidden("#pass")  # not before the second toss
        score_grid(page, grid)
        page.click("#accept")
        page.wait_for_selector("#accept-note:has-text('Recorded')")
    page.click("#pass")
    wait_until(page, "document.querySelector('#sheet-note').textContent === 'Ann passes.'")
    with ScoreLog(tmp_path / "log.sqlite") as log:
        assert [t.action for t in log.turns(game_id)] == ["play", "play", "pass"]
        assert log.sheet(game_id).round == 2
    assert "Ann to play (round 2)" in page.inner_text("#sheet-status")
    assert page.is_hidden("#pass")  # a new round: two more tosses first
    page.close()


def test_a_disputed_word_is_settled_on_the_page(live_server: str, chromium) -> None:
    page = on(chromium.new_page())
    open_page(page, live_server)
    page.click("#settle summary")
    page.fill("#settle-word", "paris")
    page.press("#settle-word", "Enter")
    page.wait_for_selector("#settle-result.invalid")
    reason = load_lexicon("en").check("paris").reason
    said = page.inner_text("#settle-result")
    assert said.startswith(f"PARIS does not count: {reason} ({load_lexicon('en').name}).")
    page.fill("#settle-word", "weave")
    page.click("#settle-button")
    page.wait_for_selector("#settle-result.valid")
    said = page.inner_text("#settle-result").splitlines()
    assert said[0] == f"WEAVE counts ({load_lexicon('en').name})."
    try:
        assert said[1] == f"Meaning: {meaning('weave', 'en')}"
    except DictionaryMissing:
        assert said[1] == "The offline dictionary has no meaning for it."
    page.close()


def test_a_word_list_uploaded_on_the_page_scores_and_stays_after_a_restart(
    chromium, tmp_path: Path
) -> None:
    house = tmp_path / "house.txt"
    house.write_text("tac\nzyx\n", "utf-8")  # TAC is no English word; CAT is not in this list
    page = on(chromium.new_page())
    with background_server(create_app(tmp_path / "data", tmp_path / "log.sqlite")) as url:
        open_page(page, url)
        page.click("#wordlists summary")
        page.set_input_files("#wordlist-file", str(house))
        wait_until(page, "document.querySelector('#wordlist-note').textContent !== ''")
        assert page.inner_text("#wordlist-note").startswith("Kept as house (2 words)")
        assert page.input_value("#lang") == "list:house"
        score_grid(page, "TAC\nunused: E")
        assert page.query_selector("#words tr.invalid") is None
    with background_server(create_app(tmp_path / "data", tmp_path / "log.sqlite")) as url:
        open_page(page, url)  # the server started again on the same data folder
        page.select_option("#lang", "list:house")
        score_grid(page, "CAT\nunused: E")
        assert "CAT: not in the word list" in page.inner_text("#words tr.invalid")
    page.close()
