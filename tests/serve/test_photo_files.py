"""The photo folder: photos of recorded turns kept, the others deleted after a day, the folder
kept under a size; a photo the server refuses is never written."""

from __future__ import annotations

import os
import time
from pathlib import Path

import httpx

from cubecam.grid_format import parse_grid
from cubecam.scorelog import ScoreLog
from cubecam.serve import create_app
from cubecam.serve.photo_files import PhotoFolder

SAMPLE = Path(__file__).resolve().parents[2] / "sample_images" / "game-one-crossword.jpg"
DAY = 24 * 3600


def aged(path: Path, seconds: float, data: bytes = b"photo") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    then = time.time() - seconds
    os.utime(path, (then, then))
    return path


def test_a_server_starting_deletes_day_old_photos_of_no_recorded_turn(tmp_path: Path) -> None:
    photos = tmp_path / "data" / "photos"
    recorded, loose, fresh = (
        aged(photos / "0000000000000001.jpg", 3 * DAY),
        aged(photos / "0000000000000002.jpg", DAY + 60),
        aged(photos / "0000000000000003.jpg", DAY - 600),
    )
    with ScoreLog(tmp_path / "log.sqlite") as log:
        game = log.new_game("scrabble-cubes", ["Ann"])
        log.record_turn(game.id, "Ann", parse_grid("CAT"), photo=recorded)
    create_app(tmp_path / "data", tmp_path / "log.sqlite")
    assert sorted(photos.iterdir()) == [recorded, fresh]
    assert not loose.exists()


def test_the_folder_is_kept_under_its_size_oldest_loose_photo_first(tmp_path: Path) -> None:
    kept = aged(tmp_path / "kept.jpg", 600, b"x" * 40)
    old, newer = aged(tmp_path / "old.jpg", 500, b"x" * 40), aged(tmp_path / "new.jpg", 400)
    folder = PhotoFolder(tmp_path, recorded=lambda: {str(kept)}, max_bytes=100)
    folder.save("latest", b"x" * 40, "image/png")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.jpg", "latest.png", "new.jpg"]
    assert not old.exists() and newer.exists()
    folder.save("big", b"x" * 200, "image/jpeg")  # over the size alone: kept, the rest loose go
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.jpg", "kept.jpg"]


def test_a_photo_refused_for_its_language_or_game_is_not_kept(
    live_server: str, tmp_path: Path
) -> None:
    upload = {"photo": ("p.jpg", SAMPLE.read_bytes(), "image/jpeg")}
    for form in ({"game": "scrabble-cubes", "lang": "xx"}, {"game": "chess"}):
        response = httpx.post(f"{live_server}/api/captures/photo", files=upload, data=form)
        assert response.status_code == 400, response.text
    assert not list((tmp_path / "data").rglob("*.jpg"))
