"""The phone page end to end: a real server, Debian's headless Chromium, a phone's viewport."""

from __future__ import annotations

from pathlib import Path

from cubecam.grid_format import parse_grid
from cubecam.lexicon import load_lexicon
from cubecam.rules.crossword import get_game

REPO = Path(__file__).resolve().parents[2]
MISREAD = "...W.\nTIGEP\nOF.A.\nN..V.\n...E.\nunused: T U"


def final(grid: str) -> str:
    return str(get_game("scrabble-cubes").score(parse_grid(grid), load_lexicon("en")).final)


def test_typed_grid_is_scored_and_a_tapped_cube_corrected(live_server: str, chromium) -> None:
    page = chromium.new_page()
    page.goto(live_server)
    page.select_option("#game", "scrabble-cubes")
    page.click("#grid-entry summary")
    page.fill("#grid-text", MISREAD)
    page.click("#grid-button")
    page.wait_for_selector("#tally:not([hidden])")
    assert page.inner_text("#final") == final(MISREAD)
    assert "TIGEP" in page.inner_text("#words li.invalid")

    page.click("#grid tr:nth-child(2) td:nth-child(5) button")
    page.wait_for_selector("#fix[open]")
    page.fill("#fix-symbol", "R")
    page.click("#fix-ok")
    fixed = final(MISREAD.replace("TIGEP", "TIGER"))
    page.wait_for_function(f"document.querySelector('#final').textContent === '{fixed}'")
    assert page.inner_text("#grid tr:nth-child(2) td:nth-child(5) button") == "R"
    assert page.query_selector("#words li.invalid") is None
    page.close()


def test_a_bad_upload_gets_a_clear_message(live_server: str, chromium, tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a photo")
    page = chromium.new_page()
    page.goto(live_server)
    page.set_input_files("#photo", str(notes))
    page.wait_for_selector("#message:not([hidden])")
    assert "not a photo" in page.inner_text("#message")
    page.close()
