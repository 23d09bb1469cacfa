import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from cubecam.cli import main
from cubecam.errors import InputError
from cubecam.grid_format import parse_grid
from cubecam.layout import LayoutKind
from cubecam.rules.crossword import CrosswordGame, GameOne
from cubecam.rules.games import GAMES, find_game, game_names
from cubecam.rules.hunt import EnglishHunt, Hunt
from cubecam.scorelog import ScoreLog
from cubecam.serve import create_app

TIGER = "...W.\nTIGER\nOF.A.\nN..V.\n...E.\nunused: T U"  # the rulebook's example: 22


class QuickGameOne(GameOne):
    """Game One for a short evening: two players, to 100 (the README's example of a new game)."""

    name = "scrabble-cubes-quick"
    title = "Scrabble Crossword Cubes, Game One to 100"
    default_target = 100
    sides = (2, 2)


@pytest.fixture
def quick(monkeypatch):
    """The README's new game, listed in the registry as its line in ``GAMES`` lists it."""
    monkeypatch.setitem(GAMES, QuickGameOne.name, QuickGameOne)
    return QuickGameOne


def test_every_game_is_one_class_in_one_registry():
    assert list(GAMES) == ["scrabble-cubes", "scrabble-cubes-two", "adlib", "hunt"]
    for name, game in GAMES.items():
        assert game.name == name and game.title and find_game(name) is game
    assert game_names(CrosswordGame) == ["scrabble-cubes", "scrabble-cubes-two", "adlib"]
    assert [GAMES[n].layout_kind for n in ("adlib", "hunt")] == [
        LayoutKind.CROSSWORD,
        LayoutKind.TRAY,
    ]
    assert (GAMES["hunt"].default_lang, GAMES["adlib"].default_set) == ("sv", "adlib")


def test_an_unknown_game_names_the_known_ones():
    with pytest.raises(InputError, match=r"'chess' \(known: scrabble-cubes, .*, hunt\)"):
        find_game("chess")
    with pytest.raises(
        InputError, match=r"'hunt' \(known: scrabble-cubes, scrabble-cubes-two, adlib\)"
    ):
        find_game("hunt", CrosswordGame)


def test_the_hunt_plays_english_points_in_english():
    assert type(Hunt.in_language("en_GB")) is EnglishHunt
    assert Hunt.in_language("sv", fast=True) == Hunt(fast=True)
    assert EnglishHunt.name == Hunt.name  # a variant, not a second game
    with pytest.raises(InputError, match="no word-hunt rules for 'de'"):
        Hunt.in_language("de")


def test_a_new_game_is_one_subclass_in_the_registry(quick, tmp_path):
    assert find_game("scrabble-cubes-quick") is quick
    with ScoreLog(tmp_path / "scores.sqlite3") as log:
        with pytest.raises(InputError, match="played by 2 players"):
            log.new_game(quick.name, ["Ann", "Bo", "Cy"])
        match = log.new_game(quick.name, ["Ann", "Bo"])
        assert match.target == 100 and match.game == quick()
        for _ in range(5):
            log.record_turn(match.id, "Ann", parse_grid(TIGER))
            done = log.record_turn(match.id, "Bo", parse_grid("CAT\nunused: E"))
        assert done.standing.over and done.standing.winner == "Ann"
        assert done.standing.totals_by_name() == {"Ann": 110, "Bo": 20}
        sheet = log.sheet(match.id).record().model_dump(mode="json")
        assert (sheet["game"], sheet["title"]) == (quick.name, quick.title)

    grid = tmp_path / "tiger.grid"
    grid.write_text(TIGER, "utf-8")
    scored = CliRunner().invoke(main, ["score", "--game", quick.name, "--grid", str(grid)])
    assert scored.exit_code == 0 and "Final score: 22" in scored.output

    app = create_app(tmp_path / "data", tmp_path / "log.sqlite")
    listed = TestClient(app, base_url="http://127.0.0.1:8000").get("/api/games").json()
    assert {"name": quick.name, "title": quick.title, "kind": "crossword", "lang": "en"} in listed
