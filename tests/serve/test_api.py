"""The JSON API with FastAPI's client against a real app (real dictionaries, real files)."""

from __future__ import annotations

import io
import re
import unicodedata
from pathlib import Path

import cv2
import numpy as np
import pytest
from fastapi.testclient import TestClient
from PIL import Image

from cubecam.grid_format import parse_grid
from cubecam.lexicon import load_lexicon
from cubecam.rules.games import find_game
from cubecam.serve.app import STATIC
from cubecam.serve.uploads import MAX_PHOTO_BYTES
from tests.conftest import SAMPLES
from tests.vision.load.test_decode import jpeg_claiming

GRID = "...W.\nTIGEP\nOF.A.\nN..V.\n...E.\nunused: T U"


def expected_final(grid: str, game: str = "scrabble-cubes") -> int:
    return find_game(game)().score(parse_grid(grid), load_lexicon("en")).final


def test_games_lists_crosswords_and_the_hunt(client: TestClient) -> None:
    names = {game["name"]: game for game in client.get("/api/games").json()}
    assert {"scrabble-cubes", "adlib", "hunt"} <= set(names)
    assert names["hunt"]["kind"] == "tray" and names["hunt"]["lang"] == "sv"


def test_grid_is_scored_and_a_correction_rescores_it(client: TestClient) -> None:
    capture = client.post("/api/captures/grid", json={"game": "scrabble-cubes", "grid": GRID})
    assert capture.status_code == 200, capture.text
    body = capture.json()
    assert body["tally"]["final"] == expected_final(GRID)
    assert "TIGEP" in {w["word"] for w in body["tally"]["words"] if not w["valid"]}
    p = next(c for c in body["cubes"] if (c["row"], c["col"]) == (1, 4))
    assert p["symbol"] == "P"

    fixed = client.post(
        f"/api/captures/{body['id']}/corrections", json={"cube": p["index"], "symbol": "r"}
    ).json()
    assert fixed["tally"]["final"] == expected_final(GRID.replace("TIGEP", "TIGER"))
    assert fixed["tally"]["final"] > body["tally"]["final"]
    assert (
        fixed["cubes"][p["index"]] | {"symbol": "R", "read_as": "P"} == fixed["cubes"][p["index"]]
    )
    assert fixed["rows"][1] == list("TIGER")
    assert client.get(f"/api/captures/{body['id']}").json()["tally"] == fixed["tally"]


def test_a_cube_the_camera_missed_can_be_added(client: TestClient) -> None:
    missed = "...W.\nTI.ER\nOF.A.\nN..V.\n...E.\nunused: T U"
    body = client.post("/api/captures/grid", json={"game": "scrabble-cubes", "grid": missed}).json()
    added = client.post(
        f"/api/captures/{body['id']}/cubes", json={"row": 1, "col": 2, "symbol": "G"}
    ).json()
    assert added["rows"][1] == list("TIGER")
    assert added["cubes"][-1] | {"symbol": "G", "added": True} == added["cubes"][-1]
    assert added["tally"]["final"] == expected_final(missed.replace("TI.ER", "TIGER"))
    twice = client.post(
        f"/api/captures/{body['id']}/cubes", json={"row": 1, "col": 2, "symbol": "G"}
    )
    assert twice.status_code == 400 and "already has a cube" in twice.json()["detail"]


def test_a_cube_left_over_can_be_corrected(client: TestClient) -> None:
    body = client.post("/api/captures/grid", json={"game": "scrabble-cubes", "grid": GRID}).json()
    spare = [c for c in body["cubes"] if c["row"] is None]
    assert [c["symbol"] for c in spare] == ["T", "U"]
    fixed = client.post(
        f"/api/captures/{body['id']}/corrections", json={"cube": spare[1]["index"], "symbol": "Z"}
    ).json()
    assert fixed["unused"] == ["T", "Z"]
    assert fixed["tally"]["final"] == expected_final(GRID.replace("T U", "T Z"))


def test_cubes_are_moved_and_removed_and_an_added_one_taken_back(client: TestClient) -> None:
    body = client.post("/api/captures/grid", json={"game": "scrabble-cubes", "grid": GRID}).json()
    url = f"/api/captures/{body['id']}/cubes"
    n = next(c for c in body["cubes"] if (c["row"], c["col"]) == (3, 0))
    spare = client.post(f"{url}/{n['index']}/move", json={"row": None, "col": None}).json()
    moved_off = "...W.\nTIGEP\nOF.A.\n...V.\n...E.\nunused: T U N"
    assert sorted(spare["unused"]) == ["N", "T", "U"]
    assert spare["tally"]["final"] == expected_final(moved_off)
    u = next(c for c in spare["cubes"] if c["symbol"] == "U")
    placed = client.post(f"{url}/{u['index']}/move", json={"row": 3, "col": 4}).json()
    assert placed["rows"][3] == [None, None, None, "V", "U"]
    assert sorted(placed["unused"]) == ["N", "T"]
    taken = client.post(f"{url}/{u['index']}/move", json={"row": 0, "col": 3})
    assert taken.status_code == 400 and "row 1, column 4 already has a cube" in taken.text

    t = next(c for c in placed["cubes"] if c["symbol"] == "T" and c["row"] is None)
    fewer = client.delete(f"{url}/{t['index']}").json()
    assert fewer["unused"] == ["N"]
    added = client.post(url, json={"row": 0, "col": 0, "symbol": "E"}).json()["cubes"][-1]
    back = client.delete(f"{url}/{added['index']}").json()
    assert back["tally"]["final"] == fewer["tally"]["final"]
    assert added["index"] not in [c["index"] for c in back["cubes"]]
    gone = client.delete(f"{url}/{added['index']}")
    assert gone.status_code == 400 and "no cube" in gone.json()["detail"]
    half = client.post(f"{url}/{n['index']}/move", json={"row": 2})
    assert half.status_code == 400 and "both its row and its column" in half.text


def test_the_tally_adds_up_words_less_deductions(client: TestClient) -> None:
    tally = client.post("/api/captures/grid", json={"game": "scrabble-cubes", "grid": GRID}).json()[
        "tally"
    ]
    assert tally["total"] == sum(w["score"] for w in tally["words"])
    assert tally["final"] == tally["total"] - sum(d["total"] for d in tally["deductions"])
    lines = {d["line"]: d["symbols"] for d in tally["deductions"]}
    assert lines == {"2 cubes left over": ["T", "U"], "5 cubes of words not allowed": list("TIGEP")}


def test_a_layout_the_set_cannot_make_is_shown_with_a_warning_until_corrected(
    client: TestClient,
) -> None:
    three_blanks = "CAT[BLANK]\nunused: [BLANK] [BLANK]"
    body = client.post(
        "/api/captures/grid", json={"game": "scrabble-cubes", "grid": three_blanks}
    ).json()
    assert body["tally"] is None and "3 wildcards" in body["warnings"][0]
    blank = next(c for c in body["cubes"] if c["row"] is None)
    fixed = client.post(
        f"/api/captures/{body['id']}/corrections", json={"cube": blank["index"], "symbol": "S"}
    ).json()
    # the set refuses it no more; its 8 other cubes are not in this toy layout
    assert [w.split(",")[0] for w in fixed["warnings"]] == ["8 cubes of the set not in the layout"]
    assert fixed["tally"]["final"] == expected_final("CAT[BLANK]\nunused: S [BLANK]")


def test_too_many_wildcards_typed_in_lower_case_are_explained(client: TestClient) -> None:
    typed = client.post("/api/captures/grid", json={"game": "scrabble-cubes", "grid": "cat"})
    (warning,) = typed.json()["warnings"]
    assert "3 wildcards" in warning and "a lower-case letter is a wildcard" in warning
    capitals = client.post("/api/captures/grid", json={"game": "scrabble-cubes", "grid": "CAT"})
    assert capitals.json()["tally"]["words"][0]["word"] == "CAT"


def test_a_cube_of_the_set_not_in_the_layout_is_warned_of_until_added(
    client: TestClient,
) -> None:
    short = GRID.replace("unused: T U", "unused: T")  # 13 of the set's 14 cubes
    body = client.post("/api/captures/grid", json={"game": "scrabble-cubes", "grid": short}).json()
    assert body["tally"]["details"]["unseen"] == 1
    assert any(w.startswith("1 cube of the set not in the layout") for w in body["warnings"])
    half = client.post(f"/api/captures/{body['id']}/cubes", json={"row": 4, "symbol": "U"})
    assert half.status_code == 400 and "both its row and its column" in half.json()["detail"]
    added = client.post(f"/api/captures/{body['id']}/cubes", json={"symbol": "U"}).json()
    assert added["unused"] == ["T", "U"] and added["cubes"][-1]["added"]
    assert added["tally"]["details"]["unseen"] == 0
    assert not any("not in the layout" in w for w in added["warnings"])
    assert added["tally"]["final"] == expected_final(GRID)
    removed = client.delete(
        f"/api/captures/{body['id']}/cubes/{added['cubes'][-1]['index']}"
    ).json()
    assert removed["unused"] == ["T"] and removed["tally"]["details"]["unseen"] == 1


def test_bad_grid_and_unknown_game_get_one_line_messages(client: TestClient) -> None:
    bad = client.post("/api/captures/grid", json={"game": "scrabble-cubes", "grid": "AB\nC1"})
    assert bad.status_code == 400 and "line 2" in bad.json()["detail"]
    game = client.post("/api/captures/grid", json={"game": "chess", "grid": "AB"})
    assert game.status_code == 400 and "unknown game 'chess'" in game.json()["detail"]
    lost = client.get("/api/captures/0123456789abcdef")
    assert lost.status_code == 404
    path = client.get("/api/captures/..%2F..%2Fetc%2Fpasswd")
    assert path.status_code in (404, 422)


def test_uploads_are_checked_for_type_size_and_content(client: TestClient, tmp_path: Path) -> None:
    text = client.post(
        "/api/captures/photo",
        files={"photo": ("notes.txt", b"hello", "text/plain")},
        data={"game": "scrabble-cubes"},
    )
    assert text.status_code == 400 and "not a photo" in text.json()["detail"]

    empty = client.post(
        "/api/captures/photo",
        files={"photo": ("empty.jpg", b"", "image/jpeg")},
        data={"game": "scrabble-cubes"},
    )
    assert empty.status_code == 400 and "empty" in empty.json()["detail"]

    huge = client.post(
        "/api/captures/photo",
        files={"photo": ("huge.jpg", b"\xff" * (MAX_PHOTO_BYTES + 1), "image/jpeg")},
        data={"game": "scrabble-cubes"},
    )
    assert huge.status_code == 413 and "MB" in huge.json()["detail"]
    assert not list((tmp_path / "data").rglob("*.jpg"))


def test_a_photo_of_no_cubes_says_so_and_a_corrupt_one_is_refused(client: TestClient) -> None:
    pytest.importorskip("cubecam.vision")
    ok, table = cv2.imencode(".png", np.full((480, 640, 3), (60, 110, 150), np.uint8))
    assert ok
    plain = client.post(
        "/api/captures/photo",
        files={"photo": ("table.png", table.tobytes(), "image/png")},
        data={"game": "scrabble-cubes"},
    )
    assert plain.status_code == 400 and plain.json()["detail"]
    corrupt = client.post(
        "/api/captures/photo",
        files={"photo": ("broken.jpg", table.tobytes()[:200], "image/jpeg")},
        data={"game": "scrabble-cubes"},
    )
    assert corrupt.status_code == 400 and corrupt.json()["detail"]


def test_the_page_and_its_files_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and 'capture="environment"' in page.text
    assert client.get("/static/main.js").status_code == 200
    assert client.get("/static/../app.py").status_code == 404


def test_the_page_has_an_icon(client: TestClient) -> None:
    from PIL import Image

    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"] == "image/x-icon"
    picture = Image.open(io.BytesIO(icon.content))
    assert picture.format == "ICO" and (16, 16) in picture.info["sizes"]


OPTION = re.compile(r"(?<![-\w])--[a-z]")
"""A command-line option, as in '--annotate'."""


def test_the_page_speaks_its_own_words_not_the_command_lines(client: TestClient) -> None:
    for url in ("/", *(f"/static/{path.name}" for path in STATIC.glob("*.js"))):
        assert not OPTION.findall(client.get(url).text), url
    adlib = client.post(
        "/api/log/games", json={"kind": "adlib", "players": ["Ann", "Bo"], "target": 50}
    )
    assert adlib.status_code == 400 and "no target" in adlib.json()["detail"]
    grid = client.post("/api/captures/grid", json={"game": "scrabble-cubes", "grid": "AB\nC1"})
    for response in (adlib, grid):
        assert response.status_code == 400 and not OPTION.findall(response.json()["detail"])


def test_a_photos_notes_are_in_the_pages_words(client: TestClient) -> None:
    pytest.importorskip("cubecam.vision")
    tray = (Path(__file__).resolve().parents[2] / "sample_images" / "swedish-tray.jpg").read_bytes()
    read = client.post(
        "/api/captures/photo",
        files={"photo": ("tray.jpg", tray, "image/jpeg")},
        data={"game": "scrabble-cubes"},
    ).json()
    said = [*read["notes"], *read["warnings"]]
    (left_out,) = [note for note in said if "least likely to be a cube" in note]
    assert left_out.endswith("left out") and not OPTION.findall(" ".join(said))


@pytest.mark.parametrize(
    ("photo", "chosen", "better", "why"),
    [
        ("game-one-crossword.jpg", "hunt", "scrabble-cubes", "a crossword, not a word-hunt tray"),
        ("adlib-crossword.jpg", "scrabble-cubes", "adlib", "set has no face JOKER"),
        ("swedish-tray.jpg", "scrabble-cubes-two", "hunt", "a word-hunt tray, not a crossword"),
        ("game-one-crossword.jpg", "scrabble-cubes", None, None),
        ("adlib-crossword.jpg", "adlib", None, None),
        ("swedish-tray.jpg", "hunt", None, None),
    ],
)
def test_a_photo_that_fits_another_game_better_says_which(
    client: TestClient, photo: str, chosen: str, better: str | None, why: str | None
) -> None:
    pytest.importorskip("cubecam.vision")
    data = (Path(__file__).resolve().parents[2] / "sample_images" / photo).read_bytes()
    read = client.post(
        "/api/captures/photo",
        files={"photo": (photo, data, "image/jpeg")},
        data={"game": chosen},
    )
    assert read.status_code == 200, read.text
    other = read.json()["other_game"]
    if better is None:
        assert other is None
    else:
        assert other["game"]["name"] == better and why in other["why"]


def test_a_photo_is_kept_under_a_name_the_server_makes(client: TestClient, tmp_path: Path) -> None:
    pytest.importorskip("cubecam.vision")
    photo = Path(__file__).resolve().parents[2] / "sample_images" / "game-one-crossword.jpg"
    sneaky = "../../../evil.jpg"
    response = client.post(
        "/api/captures/photo",
        files={"photo": (sneaky, photo.read_bytes(), "image/jpeg")},
        data={"game": "scrabble-cubes"},
    )
    assert response.status_code == 200, response.text
    capture_id = response.json()["id"]
    kept = [p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file()]
    assert kept == [Path("data") / "photos" / f"{capture_id}.jpg"]
    assert not (tmp_path.parent / "evil.jpg").exists()


@pytest.mark.parametrize(
    ("url", "body", "said"),
    [
        ("corrections", {"cube": 0, "symbol": "7"}, "'7' is not a cube face: type a letter"),
        ("cubes", {"row": 99, "col": 0, "symbol": "E"}, "that square is too far from the cubes"),
        ("corrections", {"symbol": "E"}, "that cube is not in this layout"),
    ],
)
def test_a_request_filled_in_wrong_gets_a_sentence(
    client: TestClient, url: str, body: dict, said: str
) -> None:
    capture = client.post("/api/captures/grid", json={"game": "scrabble-cubes", "grid": GRID})
    response = client.post(f"/api/captures/{capture.json()['id']}/{url}", json=body)
    assert response.status_code == 422
    assert response.json()["detail"].startswith(said)
    assert "pattern" not in response.text and "should" not in response.text


@pytest.mark.parametrize(
    ("grid", "where"),
    [
        ("中文字", "line 1, column 1"),
        ("STRAßE", "line 1, column 5"),
        ("ﬁT", "line 1, column 1"),
        ("CAT\nC[XY]T", "line 2, column 2"),
        ("[Qu A K T", "line 1, column 1"),
    ],
)
def test_a_grid_of_symbols_no_cube_shows_is_refused(client: TestClient, grid, where) -> None:
    refused = client.post("/api/captures/grid", json={"game": "scrabble-cubes", "grid": grid})
    assert refused.status_code == 400 and where in refused.json()["detail"]


@pytest.mark.parametrize("symbol", ["ß", "ﬁ", "中", "Xy"])
def test_a_correction_to_a_symbol_no_cube_shows_is_refused(client: TestClient, symbol) -> None:
    body = client.post("/api/captures/grid", json={"game": "scrabble-cubes", "grid": GRID}).json()
    refused = client.post(
        f"/api/captures/{body['id']}/corrections", json={"cube": 0, "symbol": symbol}
    )
    said = refused.json()["detail"]
    assert (
        refused.status_code == 400
        and said == f"{symbol!r} is not a cube face: type a letter, Qu, BLANK or JOKER"
    )
    assert client.get(f"/api/captures/{body['id']}").json()["rows"] == body["rows"]


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ("corrections", "the Scrabble Crossword Cubes set has no face Ä"),
        ("cubes", "15 cubes, but the Scrabble Crossword Cubes set has 14"),
        ("spare", "15 cubes, but the Scrabble Crossword Cubes set has 14"),
        ("blank", "3 wildcards, but the Scrabble Crossword Cubes set has 2 blanks"),
    ],
)
def test_a_change_the_cube_set_cannot_make_is_refused_and_nothing_changes(
    client: TestClient, change: str, said: str
) -> None:
    grid = GRID.replace("unused: T U", "unused: [BLANK] [BLANK]")
    body = client.post("/api/captures/grid", json={"game": "scrabble-cubes", "grid": grid}).json()
    url = f"/api/captures/{body['id']}"
    p = next(c for c in body["cubes"] if (c["row"], c["col"]) == (1, 4))
    request = {
        "corrections": ("corrections", {"cube": p["index"], "symbol": "Ä"}),
        "cubes": ("cubes", {"row": 0, "col": 0, "symbol": "E"}),
        "spare": ("cubes", {"symbol": "E"}),
        "blank": ("corrections", {"cube": p["index"], "symbol": "BLANK"}),
    }[change]
    refused = client.post(f"{url}/{request[0]}", json=request[1])
    assert refused.status_code == 400 and refused.json()["detail"].startswith(said)
    assert client.get(url).json() == body


def test_a_layout_read_wrong_can_still_be_mended_a_cube_at_a_time(client: TestClient) -> None:
    foreign = GRID.replace("unused: T U", "unused: Å Ö")
    body = client.post(
        "/api/captures/grid", json={"game": "scrabble-cubes", "grid": foreign}
    ).json()
    assert body["tally"] is None
    spare = [c for c in body["cubes"] if c["row"] is None]
    url = f"/api/captures/{body['id']}/corrections"
    half = client.post(url, json={"cube": spare[0]["index"], "symbol": "T"}).json()
    assert half["tally"] is None and half["unused"] == ["T", "Ö"]
    mended = client.post(url, json={"cube": spare[1]["index"], "symbol": "U"}).json()
    assert mended["tally"]["final"] == expected_final(GRID)


def test_a_word_has_its_offline_meaning(client: TestClient) -> None:
    from cubecam.errors import DictionaryMissing
    from cubecam.lexicon.meanings import meaning

    try:
        expected = meaning("hund", "sv")
    except DictionaryMissing:
        pytest.skip("the Swedish dictionary of meanings is not installed")
    found = client.get("/api/meanings/hund", params={"lang": "sv"}).json()
    assert found == {"word": "hund", "meaning": expected} and "dog" in expected
    decomposed = unicodedata.normalize("NFD", "båt")  # as some phones type å
    boat = client.get(f"/api/meanings/{decomposed}", params={"lang": "sv"}).json()
    assert boat == {"word": "båt", "meaning": meaning("båt", "sv")} and boat["meaning"]
    none = client.get("/api/meanings/xyzzy").json()
    assert none["meaning"] is None
    blank = client.get("/api/meanings/%20", params={"lang": "en_GB"})
    assert blank.status_code == 200 and blank.json()["meaning"] is None


def test_a_photo_that_leaves_a_cube_of_the_set_out_carries_the_readers_note(
    client: TestClient, tmp_path: Path
) -> None:
    photo = cv2.imread(str(SAMPLES / "game-one-crossword.jpg"))
    whole = cv2.imencode(".jpg", photo)[1].tobytes()
    cut = cv2.imencode(".jpg", photo[:, :940])[1].tobytes()  # the T left over cut off
    sent = {"game": "scrabble-cubes"}
    read = client.post("/api/captures/photo", data=sent, files={"photo": ("a.jpg", whole)}).json()
    assert read["notes"] == []
    short = client.post("/api/captures/photo", data=sent, files={"photo": ("b.jpg", cut)}).json()
    assert len(short["cubes"]) == 13
    assert [n.split(":")[0] for n in short["notes"]] == [
        "the photo shows 13 of the Scrabble Crossword Cubes set's 14 cubes"
    ]
    assert not any("photo shows" in warning for warning in short["warnings"])


def test_a_photo_sixty_thousand_by_eight_is_refused(client: TestClient) -> None:
    strip = cv2.imencode(".png", np.full((8, 60_000, 3), 200, np.uint8))[1].tobytes()
    refused = client.post(
        "/api/captures/photo",
        files={"photo": ("strip.png", strip, "image/png")},
        data={"game": "scrabble-cubes"},
    )
    assert refused.status_code == 400 and "not a photo of cubes" in refused.json()["detail"]


def test_a_postscript_upload_is_refused_before_any_image_plugin_but_the_photos(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    Image.init()
    factory, accept = Image.OPEN["EPS"]
    asked = []
    monkeypatch.setitem(
        Image.OPEN, "EPS", (lambda *args: asked.append(args) or factory(*args), accept)
    )
    eps = io.BytesIO()
    Image.new("RGB", (640, 480)).save(eps, "EPS")
    refused = client.post(
        "/api/captures/photo",
        files={"photo": ("phone.jpg", eps.getvalue(), "image/jpeg")},
        data={"game": "scrabble-cubes"},
    )
    assert refused.status_code == 400 and asked == []
    assert refused.json()["detail"].startswith("the image is not a photo cubecam can read (JPEG")
    assert not list((tmp_path / "data").rglob("*.jpg"))


def test_a_jpeg_holding_less_than_its_header_claims_is_refused_as_damaged(
    client: TestClient,
) -> None:
    scan = np.random.default_rng(5).integers(0, 256, (1200, 1600, 3), np.uint8)
    refused = client.post(
        "/api/captures/photo",
        files={"photo": ("lie.jpg", jpeg_claiming(scan, 6000, 8000), "image/jpeg")},
        data={"game": "scrabble-cubes"},
    )
    assert refused.status_code == 400
    assert "damaged: its picture data ends before the picture does" in refused.json()["detail"]


def test_a_photo_sent_on_a_full_disk_is_answered_507_and_leaves_no_file(
    client: TestClient, full_disk: None, tmp_path: Path
) -> None:
    photo = Path(__file__).resolve().parents[2] / "sample_images" / "game-one-crossword.jpg"
    refused = client.post(
        "/api/captures/photo",
        files={"photo": ("p.jpg", photo.read_bytes(), "image/jpeg")},
        data={"game": "scrabble-cubes"},
    )
    assert refused.status_code == 507
    assert refused.json()["detail"].endswith("the disk is full")
    assert not [p for p in (tmp_path / "data").rglob("*") if p.is_file()]


def test_a_screenshot_of_text_is_refused_as_no_photo_of_cubes(client: TestClient) -> None:
    from tests.vision.detector.test_printed import page_of_text

    shot = cv2.imencode(".png", page_of_text())[1].tobytes()
    answer = client.post(
        "/api/captures/photo",
        files={"photo": ("screenshot.png", shot, "image/png")},
        data={"game": "scrabble-cubes"},
    )
    assert answer.status_code == 400
    assert "printed on a flat page" in answer.json()["detail"]
    assert "--" not in answer.json()["detail"]
