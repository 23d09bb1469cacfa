"""bench/vision.py's scoring, on a tiny rendered set."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import sys
from pathlib import Path
from types import SimpleNamespace

import cv2
import numpy as np
import pytest

from cubecam.layout import Face, Layout, LayoutKind
from cubecam_lab.glyphs.dataset import realdata_root
from cubecam_lab.synth.dataset import make_scene, write_labelled
from tests.conftest import REPO

spec = importlib.util.spec_from_file_location("bench_vision", REPO / "bench" / "vision.py")
vision = importlib.util.module_from_spec(spec)
sys.modules["bench_vision"] = vision
spec.loader.exec_module(vision)


def reading_from(
    label: dict, change: dict[int, str] | None = None, extra: int = 0
) -> SimpleNamespace:
    """What a pipeline that read ``label``'s photo would return (``change``: cube index to
    the symbol it misread; ``extra``: cubes it saw that are not there)."""
    change = change or {}
    symbols = [change.get(i, c["symbol"]) for i, c in enumerate(label["cubes"])]
    cubes = [
        SimpleNamespace(symbol=s, center=tuple(c["center"]))
        for s, c in zip(symbols, label["cubes"], strict=True)
    ]
    cubes += [SimpleNamespace(symbol="E", center=(1.0 + i, 1.0)) for i in range(extra)]
    kind = LayoutKind(label["scene"])
    cells = {
        (c["row"], c["col"]): Face(s)
        for s, c in zip(symbols, label["cubes"], strict=True)
        if c["row"] is not None
    }
    unused = [Face(s) for s, c in zip(symbols, label["cubes"], strict=True) if c["row"] is None]
    shifted = {(r + 2, col + 1): face for (r, col), face in cells.items()}
    return SimpleNamespace(layout=Layout(shifted, tuple(unused), kind), cubes=cubes)


def test_corners_start_at_the_top_left_as_displayed() -> None:
    square = np.array([[10, 0], [20, 10], [10, 20], [0, 10.5]])
    assert vision.order_corners(square).tolist() == [[10, 0], [20, 10], [10, 20], [0, 10.5]]
    turned = np.array([[5, 5], [5, 0], [0, 0], [0, 5]])
    assert vision.order_corners(turned).tolist() == [[0, 0], [5, 0], [5, 5], [0, 5]]


def test_trays_compare_up_to_a_turn_of_the_whole_tray() -> None:
    tray = [["A", "B"], ["C", "Qu"]]
    turned = np.rot90(np.array(tray, dtype=object)).tolist()
    assert vision.tray_right(tray, turned)
    assert vision.tray_right(tray, [["a", "b"], ["c", "QU"]])
    assert not vision.tray_right(tray, [["A", "B"], ["Qu", "C"]])
    assert not vision.tray_right(tray, [])
    assert not vision.tray_right(tray, [["A", "B"], ["C"]])
    assert not vision.tray_right(tray, [["A", "B", "C"]])


def test_crosswords_compare_up_to_a_shift_with_the_same_cubes_left_over() -> None:
    rows = [["T", "O"], [None, "F"]]
    shifted = [[None, None, None], [None, "T", "O"], [None, None, "F"]]
    assert vision.crossword_right(rows, ["U"], shifted, ["U"])
    assert not vision.crossword_right(rows, ["U"], shifted, ["T"])
    assert not vision.crossword_right(rows, [], [["T", "O"], ["F", None]], [])
    assert vision.multiset_right(["A", "B", "A"], ["A", "A", "B"])
    assert not vision.multiset_right(["A", "B"], ["A", "A"])
    assert vision.multiset_right(None, ["A"]) is None


def test_detections_match_one_to_one_near_the_face() -> None:
    face = np.array([[0, 0], [10, 0], [10, 10], [0, 10]], np.float32)
    truth = [("A", face), ("B", face + np.float32([20, 0]))]
    pairs = vision.match_detections(truth, [(5, 5), (6, 5), (25, 4), (60, 60)])
    assert sorted(pairs) == [(0, 0), (1, 2)]


def test_reading_scores_per_symbol_and_confusions() -> None:
    score = vision.ReadingScore()
    for truth, read in [("A", "A"), ("A", "R"), ("Qu", "QU"), ("BLANK", None)]:
        score.add(truth, read, 0.01)
    data = score.to_json()
    assert data["accuracy"] == 0.5 and data["per_symbol"] == {"A": 0.5, "BLANK": 0.0, "QU": 1.0}
    assert "unsure" not in data  # an OCR that marks no cube unsure is not said to mark none
    assert ["A", "R", 1] in data["confusions"] and ["BLANK", "-", 1] in data["confusions"]


@pytest.mark.parametrize("kind", ["crossword", "tray", "loose"])
def test_a_perfect_reading_scores_full_marks_and_a_slip_does_not(kind: str) -> None:
    image, label = make_scene(kind, 21, size=(480, 360))
    sample = vision.Sample(Path("x.jpg"), label)
    perfect = vision.PhotoScore()
    vision.score_photo(perfect, sample, image, reading_from(label))
    figures = perfect.to_json()
    assert figures["recall"] == figures["precision"] == figures["kind_right"] == 1.0
    assert figures["board_right"] == figures["board_right_in_view"] == 1.0
    assert figures["reading"]["accuracy"] == 1.0

    slip = vision.PhotoScore()
    vision.score_photo(slip, sample, image, reading_from(label, change={0: "X"}, extra=2))
    figures = slip.to_json()
    n = len(label["cubes"])
    assert figures["board_right"] == 0.0
    assert figures["reading"]["accuracy"] == pytest.approx((n - 1) / n, abs=1e-3)
    assert figures["precision"] == pytest.approx(n / (n + 2), abs=1e-3)
    assert figures["reading"]["confusions"][0][:2] == [label["cubes"][0]["symbol"].upper(), "X"]


def test_cubes_marked_unsure_are_counted_among_misread_read_right_and_made_up() -> None:
    image, label = make_scene("crossword", 21, size=(480, 360))
    reading = reading_from(label, change={0: "X", 1: "Y"}, extra=2)
    for cube in reading.cubes:
        cube.is_unsure = lambda: False
    reading.cubes[0].is_unsure = lambda: True  # a misread the reader doubted
    reading.cubes[2].is_unsure = lambda: True  # a right reading it doubted all the same
    reading.cubes[-1].is_unsure = lambda: True  # a face made up that it doubted
    score = vision.PhotoScore()
    vision.score_photo(score, vision.Sample(Path("x.jpg"), label), image, reading)
    n = len(label["cubes"])
    figures = score.to_json()
    assert figures["reading"]["unsure"] == {"misread": [1, 2], "read_right": [1, n - 2]}
    assert figures["made_up_unsure"] == [1, 2]
    twice = [vision.FolderResult(name, name, photos=1, ours=score) for name in "ab"]
    assert vision.unsure_totals(twice) == {
        "misread": [2, 4],
        "read_right": [2, 2 * n - 4],
        "made_up": [2, 4],
    }


def test_a_wrong_layout_says_what_it_went_through() -> None:
    image, label = make_scene("crossword", 21, size=(480, 360))
    sample = vision.Sample(Path("x.jpg"), label)
    score = vision.PhotoScore()
    vision.score_photo(score, sample, image, reading_from(label))
    assert score.wrong == {}

    vision.score_photo(score, sample, image, reading_from(label, change={0: "X"}, extra=1))
    assert score.wrong == {"x.jpg": ["made up", "misread"]}

    placed = reading_from(label)
    (square, face), *_ = placed.layout.cells.items()
    placed.layout = placed.layout.replace(square, None).replace((-5, -5), face)
    vision.score_photo(score, vision.Sample(Path("y.jpg"), label), image, placed)
    assert score.wrong["y.jpg"] == ["placed"]  # every face found and read, one put astray

    missed = reading_from(label)
    missed.cubes = missed.cubes[1:]
    missed.layout = Layout(kind=LayoutKind.LOOSE)
    vision.score_photo(score, vision.Sample(Path("z.jpg"), label), image, missed)
    assert score.wrong["z.jpg"] == ["kind", "missed"]
    assert score.wrong_because() == dict.fromkeys(vision.WHY_WRONG, 0) | {
        "kind": 1,
        "missed": 1,
        "made up": 1,
        "misread": 1,
        "placed": 1,
    }


def test_loose_dice_labelled_by_their_faces_alone_are_misread_or_miscounted() -> None:
    label = {"scene": "loose", "count": 3, "faces": ["A", "B", "C"]}
    image = np.zeros((60, 80, 3), np.uint8)
    score = vision.PhotoScore()
    for name, symbols in (("right", "ABC"), ("misread", "ABZ"), ("short", "AB")):
        cubes = [SimpleNamespace(symbol=s, center=(10.0 * i, 10.0)) for i, s in enumerate(symbols)]
        layout = Layout(unused=tuple(Face(s) for s in symbols), kind=LayoutKind.LOOSE)
        read = SimpleNamespace(layout=layout, cubes=cubes)
        vision.score_photo(score, vision.Sample(Path(f"{name}.jpg"), label), image, read)
    assert score.wrong == {"misread.jpg": ["misread"], "short.jpg": ["missed"]}


def test_a_face_out_of_view_is_neither_missed_nor_made_up() -> None:
    image, label = make_scene("tray", 21, size=(480, 360))
    label["cubes"][0]["visible"] = 0.3  # under a hand
    sample = vision.Sample(Path("x.jpg"), label)
    n = len(label["cubes"])

    missed = vision.PhotoScore()
    read = reading_from(label)
    read.cubes = read.cubes[1:]  # the hidden die was not found
    vision.score_photo(missed, sample, image, read)
    assert missed.labelled == missed.matched == missed.found == n - 1

    guessed = vision.PhotoScore()
    vision.score_photo(guessed, sample, image, reading_from(label, change={0: "X"}))
    figures = guessed.to_json()
    assert figures["recall"] == figures["precision"] == figures["reading"]["accuracy"] == 1.0
    assert figures["board_right"] == 0.0 and figures["boards_in_view"] == 0
    assert figures["board_right_in_view"] is None


@pytest.mark.skipif(shutil.which("tesseract") is None, reason="tesseract is not installed")
def test_the_benchmark_runs_tesseract_on_label_crops(tmp_path: Path, monkeypatch) -> None:
    image, label = make_scene(
        "loose", 2, size=(480, 360), layout=Layout({}, (Face("K"), Face("W")))
    )
    write_labelled(tmp_path, "two", image, label)
    out = tmp_path / "figures.json"
    monkeypatch.delenv("OMP_THREAD_LIMIT", raising=False)
    report = vision.main([str(tmp_path), "--json-out", str(out), "--no-pipeline"])
    folder = report["folders"][0]
    assert folder["photos"] == 1 and folder["tesseract"]["crops"] == 2
    assert 0.0 <= folder["tesseract"]["accuracy"] <= 1.0
    assert json.loads(out.read_text("utf-8")) == report
    # Tesseract's one thread is its own: the process (and what it starts later) keeps its own
    assert "OMP_THREAD_LIMIT" not in os.environ


def test_a_face_a_hand_hides_is_no_label_crop(tmp_path: Path) -> None:
    image, label = make_scene(
        "loose", 2, size=(480, 360), layout=Layout({}, (Face("K"), Face("W"), Face("E")))
    )
    label["cubes"][1]["visible"] = 0.3
    write_labelled(tmp_path, "three", image, label)
    report = vision.main([str(tmp_path), "--no-pipeline"])
    assert report["folders"][0]["tesseract"]["crops"] == 2


def test_crops_are_cut_from_the_labelled_corners() -> None:
    image, label = make_scene(
        "loose", 3, size=(480, 360), layout=Layout({}, (Face("BLANK"),)), effects=False
    )
    faces = vision.labelled_faces(vision.Sample(Path("x.jpg"), label), image)
    crop = vision.face_crop(image, faces[0][1])
    assert crop.shape == (vision.CROP_SIZE, vision.CROP_SIZE, 3)
    assert cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)[12:-12, 12:-12].std() < 20


def test_absent_realdata_folders_are_skipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "trays").mkdir()
    monkeypatch.setenv("CUBECAM_REALDATA", str(tmp_path))
    args = SimpleNamespace(folders=[], synth=0, seed=1)
    folders = dict(vision.folders_to_run(args, tmp_path))
    assert folders["realdata/trays"] == tmp_path / "trays"
    assert folders["realdata/loose"] is None and folders["realdata/boards"] is None
    monkeypatch.setenv("CUBECAM_REALDATA", str(tmp_path / "nowhere"))
    assert all(path is None for path in dict(vision.folders_to_run(args, tmp_path)).values())


def test_a_rendered_seed_is_a_folder_for_each_configuration(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CUBECAM_REALDATA", str(tmp_path / "nowhere"))
    args = SimpleNamespace(
        folders=[],
        synth=1,
        seed=5,
        size=(320, 240),
        configs=["dark-cubes", "tilt-20-55"],
        keep=None,
    )
    folders = [(name, path) for name, path in vision.folders_to_run(args, tmp_path) if path]
    assert [name for name, _ in folders] == ["rendered/dark-cubes", "rendered/tilt-20-55"]
    for (_, path), config in zip(folders, args.configs, strict=True):
        labels = [json.loads(f.read_text("utf-8")) for f in sorted(path.glob("*.json"))]
        assert sorted(label["scene"] for label in labels) == ["crossword", "loose", "tray"]
        assert {label["config"] for label in labels} == {config}
        assert cv2.imread(str(path / labels[0]["image"])).shape == (240, 320, 3)


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--configs", "classic", "sideways"], "invalid choice: 'sideways'"),
        (["--size", "big"], "1600x1200"),
    ],
)
def test_the_benchmark_refuses_an_unknown_configuration_or_size(
    option: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        vision.main(["--no-pipeline", "--no-tesseract", *option])
    assert exit_info.value.code == 2 and message in capsys.readouterr().err


def test_board_grid_puts_the_labelled_tiles_on_tiles_in_the_photo() -> None:
    root = realdata_root()
    if root is None or not (root / "boards").is_dir():
        pytest.skip("../shared/realdata is absent")
    for sample in vision.load_samples(root / "boards")[:2]:
        image = cv2.imread(str(sample.path))
        centres, side = vision.tile_centres(image)
        for _, outline in vision.labelled_faces(sample, image):
            nearest = np.hypot(*(centres - outline.mean(axis=0)).T).min()
            assert nearest < side / 4


def test_a_reader_that_fails_reads_wrong_and_the_run_goes_on() -> None:
    def reader(crop: np.ndarray) -> tuple[str, float]:
        if crop.mean() > 100:
            raise ValueError("too bright")
        return "A", 1.0

    crops = [(np.zeros((8, 8, 3), np.uint8), "A"), (np.full((8, 8, 3), 255, np.uint8), "A")]
    score = vision.ReadingScore()
    assert vision._read_crops(score, reader, crops) == [1]
    assert score.correct == 1 and score.errors == ["ValueError: too bright"]


def test_a_12_mp_photo_is_timed_read_and_scored() -> None:
    from cubecam.vision import read_photo

    figures = vision.phone_speed(read_photo, runs=1, tesseract_runs=0)
    assert figures["glyphs"]["runs"] == 1
    assert figures["glyphs"]["board_right"]
    assert 0 < figures["glyphs"]["median_s"] <= figures["glyphs"]["worst_s"]


def test_layouts_are_totalled_over_the_folders_and_among_photos_all_in_view() -> None:
    image, label = make_scene("tray", 21, size=(480, 360))
    hidden = {**label, "cubes": [{**label["cubes"][0], "visible": 0.3}, *label["cubes"][1:]]}
    results = []
    for labels, slip in (([label, label], {}), ([label, hidden], {1: "X"})):
        score = vision.PhotoScore()
        for one, change in zip(labels, ({}, slip), strict=True):
            photo = vision.Sample(Path("x.jpg"), one)
            vision.score_photo(score, photo, image, reading_from(one, change=change))
        results.append(vision.FolderResult("f", "f", photos=2, ours=score))
    # the second folder's second tray, a die under a hand and another misread, is wrong
    assert vision.layout_totals(results) == {
        "right": 3,
        "checked": 4,
        "right_in_view": 3,
        "in_view": 3,
        "unseeable": 0,
        "silently_wrong": 1,  # nothing marked unsure, no note
        "hidden_flagged": 0,
    }
    assert vision.wrong_totals(results) == dict.fromkeys(vision.WHY_WRONG, 0) | {
        "hidden": 1,
        "misread": 1,
    }


def test_a_photo_showing_none_of_a_cubes_top_is_counted_as_one_no_reader_can_get_right(
    capsys,
) -> None:
    image, label = make_scene("tray", 21, size=(480, 360))
    edge = {**label, "cubes": [{**label["cubes"][0], "visible": 0.01}, *label["cubes"][1:]]}
    under = {**label, "cubes": [{**label["cubes"][0], "visible": 0.0}, *label["cubes"][1:]]}
    score = vision.PhotoScore()
    for one, change in ((label, {}), (edge, {}), (under, {0: "X"})):
        read = reading_from(one, change=change)  # the die under a hand guessed wrong
        vision.score_photo(score, vision.Sample(Path("x.jpg"), one), image, read)
    result = vision.FolderResult("f", "f", photos=3, ours=score)
    assert score.to_json()["boards_unseeable"] == 1
    assert vision.layout_totals([result])["unseeable"] == 1
    vision.print_table([result], [])
    assert (
        "1 of them shows none of some cube's top: at most 2 of 3 (66.7%)" in capsys.readouterr().out
    )


def test_saying_an_empty_photo_has_no_cubes_is_no_failure(tmp_path: Path) -> None:
    table = np.full((360, 480, 3), (200, 205, 210), np.uint8)
    write_labelled(tmp_path, "empty", table, {"scene": "tiles", "tiles": []})
    report = vision.main([str(tmp_path), "--no-tesseract", "--phone-runs", "0"])
    ours = report["folders"][0]["ours"]
    assert ours["photos"] == 1 and ours["errors"] == []


def test_a_board_is_right_when_its_tiles_are_read_in_place_up_to_a_shift() -> None:
    cells = [{"row": 7, "col": 7, "symbol": "A"}, {"row": 7, "col": 8, "symbol": "Ä"}]
    rows = vision.board_rows(cells)
    assert len(rows) == 8 and rows[7][7:] == ["A", "Ä"]
    assert vision.crossword_right(rows, [], [["A", "Ä"]], [])
    assert not vision.crossword_right(rows, [], [["A", "Å"]], [])


def test_rapidocr_reads_a_clean_letter_in_any_quarter_turn() -> None:
    crop = np.full((96, 96, 3), 230, np.uint8)
    cv2.putText(crop, "K", (20, 75), cv2.FONT_HERSHEY_SIMPLEX, 2.5, (20, 20, 20), 6)
    reader = vision.RapidOcrReader()
    assert reader(np.rot90(crop).copy())[0] == "K"


def test_with_set_reads_each_photo_with_the_set_its_label_names(tmp_path: Path) -> None:
    sets: list[str | None] = []

    def read_photo(path: Path, cubeset=None) -> None:
        sets.append(cubeset and cubeset.name)

    for name, label in [
        ("adlib", {"cubeset": "adlib", "cubes": [{"symbol": "JOKER"}, {"symbol": "A"}]}),
        ("blanks", {"cubeset": "adlib", "cubes": [{"symbol": "BLANK"}]}),  # not the set's
        ("swedish", {"cubeset": None, "cubes": [{"symbol": "Å"}]}),
    ]:
        (tmp_path / f"{name}.json").write_text(json.dumps(label))
        vision.with_sets(read_photo)(tmp_path / f"{name}.jpg")
    assert sets == ["adlib", None, None]


def test_a_wrong_layout_is_silent_unless_a_flag_points_at_each_difference(capsys) -> None:
    image, label = make_scene("crossword", 21, size=(480, 360))
    sample = vision.Sample(Path("x.jpg"), label)

    def scored(reading: SimpleNamespace, unsure: set[int], notes: list[str]) -> bool:
        for i, cube in enumerate(reading.cubes):
            cube.is_unsure = lambda i=i: i in unsure
        reading.notes = notes
        score = vision.PhotoScore()
        vision.score_photo(score, sample, image, reading)
        return score.silent == ["x.jpg"]

    assert not scored(reading_from(label), set(), [])  # right
    assert scored(reading_from(label, change={0: "X"}), set(), [])
    assert scored(reading_from(label, change={0: "X"}), {1}, ["a note"])  # not that cube
    assert not scored(reading_from(label, change={0: "X"}), {0}, [])
    made_up = reading_from(label, extra=1)
    layout = made_up.layout
    made_up.layout = Layout(layout.cells, (*layout.unused, Face("E")), layout.kind)
    assert scored(made_up, set(), [])  # a cube made up, left over, unflagged
    assert not scored(made_up, {len(label["cubes"])}, [])
    missed = reading_from({**label, "cubes": label["cubes"][1:]})
    assert scored(missed, {0, 1, 2}, [])  # a cube missed: only a note points at it
    assert not scored(missed, set(), ["the photo shows 13 of the set's 14 cubes"])
    missed.cubes[0].unseen = True  # read where no face was found, as a tray's hidden die
    assert not scored(missed, set(), [])

    score = vision.PhotoScore()
    right, wrong = reading_from(label), reading_from(label, change={0: "X"})
    for reading, unsure in ((right, {2}), (wrong, set())):
        for i, cube in enumerate(reading.cubes):
            cube.is_unsure = lambda i=i, unsure=unsure: i in unsure
        vision.score_photo(score, sample, image, reading)
    n = len(label["cubes"])
    line = vision.trust_line(score)
    assert line.startswith("silently wrong 1 of 2 (50.0%); right or flagged 1 (50.0%)")
    assert line.endswith(f"right cubes flagged 1 of {2 * n - 1} ({100 / (2 * n - 1):.1f}%)")
    result = vision.FolderResult("x", "x", photos=2, ours=score)
    vision.print_table([result], [])
    assert f"over these folders: {line}" in capsys.readouterr().out
    assert vision.layout_totals([result])["silently_wrong"] == 1
