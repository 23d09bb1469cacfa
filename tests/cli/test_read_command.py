import json
import subprocess
import sys

import cv2
import numpy as np
import pytest
from click.testing import CliRunner

from cubecam.cli import main
from cubecam.cubesets import load_cubeset
from cubecam.grid_format import parse_grid
from tests.conftest import SAMPLES, cubecam_env, read_only
from tests.vision.scenes import rows, scene

PHOTO = SAMPLES / "swedish-tray.jpg"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(scope="module")
def tray_photo(tmp_path_factory):
    image, label = scene("tray")
    path = tmp_path_factory.mktemp("photos") / "tray.png"
    cv2.imwrite(str(path), image)
    return path, label


def test_read_prints_the_grid(tray_photo):
    path, label = tray_photo
    result = run("read", path)
    assert result.exit_code == 0, result.output
    grid = result.output.split("\nunsure:")[0].split("\nnote:")[0]
    layout = parse_grid(grid)
    want = np.array(rows(label), dtype=object)
    got = [[face.symbol if face else None for face in row] for row in layout.rows()]
    assert any(np.rot90(want, k).tolist() == got for k in range(4))


def test_read_json_and_annotation(tray_photo, tmp_path):
    path, label = tray_photo
    out = tmp_path / "read.png"
    result = run("read", path, "--json", "--annotate", out, "--layout", "tray")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["layout"] == "tray"
    assert len(data["rows"]) == len(label["rows"])
    assert {"symbol", "confidence", "presence", "alternatives", "center", "row", "col"} <= set(
        data["cubes"][0]
    )
    drawn = cv2.imread(str(out))
    assert drawn is not None and drawn.shape == cv2.imread(str(path)).shape


def test_read_bad_photo_is_one_line_error(tmp_path):
    bad = tmp_path / "notes.jpg"
    bad.write_text("not a photo")
    result = run("read", bad)
    assert result.exit_code == 2
    assert "not a photo" in result.output
    assert "Traceback" not in result.output


def test_read_photo_without_cubes(tmp_path):
    empty = tmp_path / "table.png"
    cv2.imwrite(str(empty), np.full((300, 400, 3), 90, np.uint8))
    result = run("read", empty)
    assert result.exit_code == 2
    assert "no cubes found" in result.output


def test_calibrate_then_read_with_the_set(tray_photo, tmp_path, monkeypatch):
    monkeypatch.setenv("CUBECAM_DATA", str(tmp_path / "data"))
    path, label = tray_photo
    grid = tmp_path / "tray.grid"
    grid.write_text("kind: tray\n" + "\n".join(" ".join(row) for row in rows(label)))
    refused = run("calibrate", "--set", "my-tray", path, "--grid", grid)
    assert refused.exit_code == 2 and "say which set your cubes my-tray are like" in refused.output
    assert not (tmp_path / "data").exists()
    result = run("calibrate", "--set", "my-tray", "--like", "classic-4x4", path, "--grid", grid)
    assert result.exit_code == 0, result.output
    assert "learnt 16 faces" in result.output
    assert "my-tray has the letters and values of classic-4x4" in result.output
    assert (tmp_path / "data" / "looks" / "my-tray.npz").is_file()
    assert load_cubeset("my-tray").faces == load_cubeset("classic-4x4").faces
    with_look = run("read", path, "--set", "my-tray", "--json")
    assert with_look.exit_code == 0, with_look.output
    assert json.loads(with_look.output)["layout"] == "tray"
    without = json.loads(run("read", path, "--set", "classic-4x4", "--json").output)
    confidences = [c["confidence"] for c in json.loads(with_look.output)["cubes"]]
    assert confidences != [c["confidence"] for c in without["cubes"]], "the look was not used"


def test_sample_photo_reads(tmp_path):
    result = run("read", PHOTO)
    assert result.exit_code == 0, result.output
    assert "kind: tray" in result.output


def test_the_rulebook_crossword_is_read():
    result = run("read", SAMPLES / "game-one-crossword.jpg")
    assert result.exit_code == 0, result.output
    grid = (SAMPLES / "game-one.grid").read_text("utf-8")
    expected = parse_grid(grid)
    read = parse_grid(result.output.split("unsure")[0])
    assert read.cells == expected.cells
    assert sorted(f.symbol for f in read.unused) == sorted(f.symbol for f in expected.unused)


def test_a_crossword_set_notes_the_cubes_a_photo_leaves_out(tmp_path):
    photo = cv2.imread(str(SAMPLES / "game-one-crossword.jpg"))
    cropped = tmp_path / "cropped.jpg"
    cv2.imwrite(str(cropped), photo[:, :940])  # the T left over, beside the crossword, cut off
    whole = run("read", SAMPLES / "game-one-crossword.jpg", "--set", "scrabble-crossword-cubes")
    assert whole.exit_code == 0, whole.output
    assert "note:" not in whole.output
    short = run("read", cropped, "--set", "scrabble-crossword-cubes")
    assert short.exit_code == 0, short.output
    assert "the photo shows 13 of the Scrabble Crossword Cubes set's 14 cubes" in short.output
    assert "take it again with every cube in view" in short.output
    assert "note:" not in run("read", cropped).output
    as_json = json.loads(run("read", cropped, "--set", "scrabble-crossword-cubes", "--json").output)
    assert len(as_json["cubes"]) == 13
    (note,) = as_json["notes"]
    assert note.startswith("the photo shows 13 of the Scrabble Crossword Cubes set's 14 cubes")
    assert "notes" not in json.loads(run("read", cropped, "--json").output)


def test_calibrate_in_a_read_only_data_folder_is_one_line(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    photo, grid = SAMPLES / "game-one-crossword.jpg", SAMPLES / "game-one.grid"
    command = [
        "calibrate",
        "--set",
        "mine",
        "--like",
        "scrabble-crossword-cubes",
        photo,
        "--grid",
        grid,
    ]
    result = subprocess.run(
        read_only(data, [sys.executable, "-m", "cubecam", *map(str, command)]),
        capture_output=True,
        text=True,
        env=cubecam_env(CUBECAM_DATA=str(data)),
        timeout=120,
    )
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith("cubecam: error: cannot write look ")
    assert result.stderr.endswith("mine.npz: the folder is read-only\n")
    assert result.stderr.count("\n") == 1 and not list(data.iterdir())
