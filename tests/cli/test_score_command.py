import json
import subprocess
import sys

from click.testing import CliRunner

from cubecam.cli import main
from tests.conftest import SAMPLES
from tests.rules.test_crossword import PRINTED


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_sample_grid_prints_the_rulebook_tally():
    result = run("score", "--game", "scrabble-cubes", "--grid", str(SAMPLES / "game-one.grid"))
    assert result.exit_code == 0, result.output
    assert result.output.strip() == PRINTED


def test_installed_command_in_a_real_process():
    grid = str(SAMPLES / "game-one.grid")
    done = subprocess.run(
        [sys.executable, "-m", "cubecam", "score", "--game", "scrabble-cubes", "--grid", grid],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == PRINTED


def test_json_output(tmp_path):
    grid = tmp_path / "g.grid"
    grid.write_text("CAT\nA..\nB..\nunused: ?", "utf-8")
    result = run("score", "--grid", str(grid), "--json")
    data = json.loads(result.output)
    assert data["final"] == 12 and [w["word"] for w in data["words"]] == ["CAT", "CAB"]


def test_game_header_and_adlib(tmp_path):
    grid = tmp_path / "g.grid"
    grid.write_text("game: adlib\nCAT\nunused: [JOKER] [JOKER] A", "utf-8")
    result = run("score", "--grid", str(grid), "--json")
    assert json.loads(result.output)["game"] == "Duplicate Ad-Lib Crossword Cubes"


def test_user_mistakes_exit_2_with_one_line(tmp_path):
    bad = tmp_path / "bad.grid"
    bad.write_text("AB\nC3\n", "utf-8")
    too_many = tmp_path / "many.grid"
    too_many.write_text("ABCDEFGHIJKLMNO", "utf-8")
    for args, message in [
        (["score", "--grid", str(bad)], "line 2, column 2"),
        (["score", "--grid", str(tmp_path / "none.grid")], "not found"),
        (["score", "--grid", str(too_many)], "15 cubes"),
        (["score", "--grid", str(SAMPLES / "game-one.grid"), "--game", "chess"], "unknown game"),
        (["score", "--grid", str(SAMPLES / "game-one.grid"), "--lang", "xx"], "unknown language"),
        (
            ["score", "--grid", str(SAMPLES / "game-one.grid"), "--wordlist", str(tmp_path / "w")],
            "word list not found",
        ),
        (["score", "--grid", str(SAMPLES / "game-one.grid"), "--set", "nope"], "unknown cube set"),
    ]:
        result = run(*args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output
        assert "Traceback" not in result.output


def test_adlib_round_checks_letters(tmp_path):
    first, second = tmp_path / "a.grid", tmp_path / "b.grid"
    first.write_text("CAT\nunused: O", "utf-8")
    second.write_text("COT\nunused: E", "utf-8")
    result = run(
        "adlib",
        "--grid",
        str(first),
        "--grid",
        str(second),
        "--player",
        "Ann",
        "--player",
        "Bo",
        "--json",
    )
    data = json.loads(result.output)
    assert not data["same_facings"]
    assert "Ann has A that Bo does not" in data["differences"]
    assert [p["final"] for p in data["players"]] == [4, 4]
    assert run("adlib", "--grid", str(first)).exit_code == 2


def test_adlib_round_from_two_photos(tmp_path):
    import cv2

    photo = str(SAMPLES / "adlib-crossword.jpg")  # the set's 13 cubes
    result = run("adlib", photo, photo, "--player", "Ann", "--player", "Bo")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Ann, as read:\n.B...\nFLA[JOKER]E\n")
    assert "Cube facings: both players used the same letters" in result.output
    assert "the photo shows" not in result.output
    data = json.loads(run("adlib", photo, photo, "--json").output)
    assert [r["name"] for r in data["readings"]] == ["Player 1", "Player 2"]
    assert data["readings"][0]["grid"].startswith(".B...\nFLA[JOKER]E")
    finals = [p["final"] for p in data["players"]]
    assert finals[0] == finals[1] == data["players"][0]["total"] - 3  # R, S and O left over
    cropped = tmp_path / "cropped.jpg"  # the O left over cut off
    cv2.imwrite(str(cropped), cv2.imread(photo)[:, 480:])
    short = run("adlib", photo, str(cropped), "--player", "Ann", "--player", "Bo")
    assert short.exit_code == 0, short.output
    assert "Ann has O that Bo does not" in short.output
    assert "Bo: the photo shows 12 of the Duplicate Ad-Lib Crossword Cubes set's 13" in (
        short.output
    )
    fourteen = str(SAMPLES / "game-one-crossword.jpg")
    refused = run("adlib", photo, fourteen)
    assert refused.exit_code == 2 and "Traceback" not in refused.output
    assert "Player 2, as read:\n...W.\nTIGER" in refused.stdout
    assert "has 13: correct the layouts read above with --fix PLAYER:ROW,COL=LETTER" in (
        refused.stderr
    )
    for args, message in [
        ([photo], "give two crosswords, not 1 (as photos)"),
        ([photo, "--grid", str(SAMPLES / "game-one.grid")], "not both"),
        ([], "give two crosswords, not 0 (two photos, or --grid twice)"),
    ]:
        bad = run("adlib", *args)
        assert bad.exit_code == 2 and message in bad.stderr, bad.output


def test_adlib_photos_are_corrected_player_by_player(tmp_path):
    import cv2

    photo = str(SAMPLES / "adlib-crossword.jpg")
    cropped = tmp_path / "cropped.jpg"  # the O left over cut off
    cv2.imwrite(str(cropped), cv2.imread(photo)[:, 480:])
    players = ("--player", "Ann", "--player", "Bo")
    added = run("adlib", photo, str(cropped), *players, "--left-over", "Bo:O")
    assert added.exit_code == 0, added.output
    assert "Bo, as corrected:\n.B...\nFLA[JOKER]E\n" in added.output
    assert "unused: R S O" in added.output
    assert "Cube facings: both players used the same letters" in added.output
    assert "the photo shows" not in added.output
    fourteen = str(SAMPLES / "game-one-crossword.jpg")  # the Ad-Lib set has 13 cubes
    fixed = run("adlib", photo, fourteen, *players, "--fix", "2:2,1=.", "--json")
    assert fixed.exit_code == 0, fixed.output
    data = json.loads(fixed.output)
    assert data["readings"][1]["grid"].startswith("...W.\n.IGER")
    assert data["readings"][0]["grid"].startswith(".B...\nFLA[JOKER]E")  # Ann's as read
    assert "Ann has" in " ".join(data["differences"])
    for option, value in [("--fix", "2,1=."), ("--fix", "Cy:2,1=."), ("--left-over", "O")]:
        refused = run("adlib", photo, str(cropped), *players, option, value)
        assert refused.exit_code == 2 and "Traceback" not in refused.output
        assert "say whose crossword it is, as PLAYER:" in refused.stderr


def test_adlib_photos_are_drawn_each_to_its_own_file(tmp_path):
    import cv2

    photo = str(SAMPLES / "adlib-crossword.jpg")
    cropped = tmp_path / "cropped.jpg"
    cv2.imwrite(str(cropped), cv2.imread(photo)[:, 480:])
    first, second = tmp_path / "ann.png", tmp_path / "bo.png"
    drawn = run("adlib", photo, str(cropped), "--annotate", str(first), "--annotate", str(second))
    assert drawn.exit_code == 0, drawn.output
    assert cv2.imread(str(first)).shape == cv2.imread(photo).shape
    assert cv2.imread(str(second)).shape == cv2.imread(str(cropped)).shape
    assert "--left-over 2:LETTER" in drawn.output  # the default names hold a space
    grid = str(SAMPLES / "game-one.grid")
    for args, message in [
        ([photo, photo, "--annotate", str(first)], "give --annotate twice"),
        (
            ["--grid", grid, "--grid", grid, "--annotate", str(first), "--annotate", str(second)],
            "--annotate draws on photos",
        ),
        (
            [photo, photo, "--annotate", str(tmp_path / "a.txt"), "--annotate", str(second)],
            "give a .png or .jpg name",
        ),
    ]:
        refused = run("adlib", *args)
        assert refused.exit_code == 2 and message in refused.stderr, refused.output


def test_adlib_grids_take_the_same_corrections(tmp_path):
    first, second = tmp_path / "a.grid", tmp_path / "b.grid"
    first.write_text("CAT\nunused: O", "utf-8")
    second.write_text("COT\nunused: E", "utf-8")
    grids = ("--grid", str(first), "--grid", str(second))
    result = run("adlib", *grids, "--fix", "1:1,2=O", "--fix", "2:1,2=A", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["same_facings"] is False  # O and A swapped, E against A
    fixed = run("adlib", *grids, "--fix", "2:1,2=A", "--left-over", "1:E", "--left-over", "2:O")
    assert fixed.exit_code == 0, fixed.output
    assert "Cube facings: both players used the same letters" in fixed.output
    lacking = run("adlib", *grids, "--left-over", "2:Å")
    assert lacking.exit_code == 2 and "Player 2: --left-over 'Å'" in lacking.stderr
    outside = run("adlib", *grids, "--player", "Ann", "--player", "Bo", "--fix", "Bo:9,9=E")
    assert outside.exit_code == 2 and "Bo: --fix 9,9=E: row 9, column 9 is outside" in (
        outside.stderr
    )


def test_score_straight_from_the_bundled_photo(tmp_path):
    picture = tmp_path / "annotated.png"
    photo = str(SAMPLES / "game-one-crossword.jpg")
    result = run("score", "--game", "scrabble-cubes", photo, "--annotate", str(picture))
    assert result.exit_code == 0, result.output
    assert result.output.rstrip().endswith(PRINTED)
    assert picture.stat().st_size > 10_000


def test_score_photo_json_carries_the_reading():
    result = run("score", "--game", "adlib", str(SAMPLES / "adlib-crossword.jpg"), "--json")
    data = json.loads(result.output)
    assert data["reading"]["layout"] == "crossword"
    assert any(cube["symbol"] == "JOKER" for cube in data["reading"]["cubes"])
    assert data["wildcards"] and all(w["valid"] for w in data["words"])


def test_photo_errors_are_one_line(tmp_path):
    junk = tmp_path / "junk.jpg"
    junk.write_bytes(b"not a picture at all")
    result = run("score", str(junk))
    assert result.exit_code == 2 and "Traceback" not in result.output
    result = run(
        "score", "--grid", str(SAMPLES / "game-one.grid"), "--annotate", str(tmp_path / "a.png")
    )
    assert result.exit_code == 2 and "give a photo" in result.output


def test_json_and_fix_count_rows_and_columns_alike():
    grid = str(SAMPLES / "game-one.grid")
    weave = next(
        w
        for w in json.loads(run("score", "--grid", grid, "--json").output)["words"]
        if w["word"] == "WEAVE"
    )
    row, col = weave["squares"][0]
    fixed = json.loads(run("score", "--grid", grid, "--fix", f"{row},{col}=L", "--json").output)
    assert "LEAVE" in [w["word"] for w in fixed["words"]]


def test_a_fix_outside_the_grid_is_refused():
    result = run("score", "--grid", str(SAMPLES / "game-one.grid"), "--fix", "9,9=E")
    assert result.exit_code == 2
    assert result.stderr == (
        "cubecam: error: --fix 9,9=E: row 9, column 9 is outside the grid, "
        "which has 5 rows and 5 columns (counted from 1; row 0 or 6, column 0 or 6 adds a cube"
        " beside it)\n"
    )


def test_messages_read_as_sentences(tmp_path):
    grid = tmp_path / "apart.grid"
    grid.write_text("CAT\n...\n..X\n", "utf-8")
    result = run("score", "--grid", str(grid))
    assert (
        "Rule violation: only one grouping is allowed: 1 cube at row 3, column 3 does not "
        "interlock with the crossword and counts as unused"
    ) in result.stdout
    result = run("adlib", "--grid", str(grid))
    assert result.exit_code == 2
    assert "give two crosswords, not 1 (as --grid)" in result.stderr


def test_a_photo_the_set_refuses_shows_what_was_read_to_correct_it():
    photo = str(SAMPLES / "game-one-crossword.jpg")  # 14 cubes; the Ad-Lib set has 13
    result = run("score", "--game", "adlib", photo)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.output.startswith("...W.\nTIGER\n")  # the layout read, first
    assert "14 cubes, but the Duplicate Ad-Lib Crossword Cubes set has 13: correct the layout" in (
        result.output
    )
    fixed = run("score", "--game", "adlib", photo, "--fix", "2,1=.")  # the T taken away
    assert fixed.exit_code == 0, fixed.output
    assert "Final score" in fixed.output


def cropped_sample(tmp_path, width):
    import cv2

    photo = cv2.imread(str(SAMPLES / "game-one-crossword.jpg"))
    path = tmp_path / "cropped.jpg"
    cv2.imwrite(str(path), photo[:, :width])
    return str(path)


def test_a_cube_the_photo_leaves_out_is_noted_and_can_be_added(tmp_path):
    photo = cropped_sample(tmp_path, 940)  # the T left over, beside the crossword, cut off
    result = run("score", "--game", "scrabble-cubes", photo)
    assert result.exit_code == 0, result.output
    assert "1 cube of the set not shown: not deducted\nFinal score: 23" in result.output
    assert "note: the photo shows 13 of the Scrabble Crossword Cubes set's 14 cubes" in (
        result.output
    )
    added = run("score", "--game", "scrabble-cubes", photo, "--left-over", "T")
    assert added.exit_code == 0, added.output
    assert added.output.rstrip().endswith(PRINTED) and "note:" not in added.output
    data = json.loads(run("score", "--game", "scrabble-cubes", photo, "--json").output)
    assert data["unseen"] == 1 and data["final"] == 23
    refused = run("score", "--game", "scrabble-cubes", photo, "--left-over", "Å")
    assert refused.exit_code == 2 and "--left-over 'Å': the Scrabble Crossword" in refused.stderr


def test_a_grid_short_of_the_set_is_noted(tmp_path):
    grid = tmp_path / "short.grid"
    grid.write_text((SAMPLES / "game-one.grid").read_text("utf-8").replace("T U", "T"), "utf-8")
    result = run("score", "--grid", str(grid))
    assert result.exit_code == 0, result.output
    assert result.output.rstrip().endswith(
        "note: the grid shows 13 of the Scrabble Crossword Cubes set's 14 cubes:"
        " add the cubes not used to its 'unused:' line"
    )
