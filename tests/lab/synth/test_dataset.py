"""Rendered photos and their labels: consistent, exact, deterministic."""

from __future__ import annotations

import json
import re
from pathlib import Path

import cv2
import numpy as np
import pytest
from click.testing import CliRunner

from cubecam.cubesets import load_cubeset
from cubecam.grid_format import parse_grid
from cubecam.layout import Layout
from cubecam.lexicon import Lexicon
from cubecam_lab.cli import main
from cubecam_lab.synth.dataset import SetSpec, make_scene, write_set, write_sets
from tests.conftest import REPO
from tests.lab.synth.test_plan import runs

SIZE = (400, 300)
EVERY_FACE = ["A", "Å", "Ä", "Ö", "Qu", "BLANK", "JOKER", "M", "W", "Z"]


def check_label(label: dict, image: np.ndarray) -> None:
    """What every label must satisfy, whatever the scene."""
    height, width = image.shape[:2]
    cubes = label["cubes"]
    for cube in cubes:
        corners = np.array(cube["corners"])
        assert corners.shape == (4, 2)
        assert (corners[:, 0] >= 0).all() and (corners[:, 0] < width).all()
        assert (corners[:, 1] >= 0).all() and (corners[:, 1] < height).all()
        assert cv2.pointPolygonTest(corners.astype(np.float32), tuple(cube["center"]), False) > 0
        assert 0 <= cube["rotation"] < 360
        assert 0 <= cube["visible"] <= 1
    if label["scene"] == "loose":
        assert label["count"] == len(cubes)
        assert label["faces"] == sorted(c["symbol"] for c in cubes)
        assert all(c["row"] is None for c in cubes)
        return
    on_grid = {(c["row"], c["col"]): c["symbol"] for c in cubes if c["row"] is not None}
    rows = label["rows"]
    assert on_grid == {
        (r, c): s for r, row in enumerate(rows) for c, s in enumerate(row) if s is not None
    }
    if label["scene"] == "crossword":
        assert sorted(label["unused"]) == sorted(c["symbol"] for c in cubes if c["row"] is None)
        layout = parse_grid(label["grid"])
        assert [[None if f is None else f.symbol for f in row] for row in layout.rows()] == rows


def fits_a_word(run: str, lexicon: Lexicon) -> bool:
    """Whether ``run`` is a word, each ``?`` (a wildcard) standing for any one letter."""
    if "?" not in run:
        return run in lexicon
    pattern = re.compile(run.replace("?", "."))
    return any(len(word) == len(run) and pattern.fullmatch(word) for word in lexicon.words())


def upright(rotation: float, slack: float) -> bool:
    return min(rotation, 360 - rotation) < slack


@pytest.mark.parametrize("seed", range(3))
def test_crossword_labels_hold_real_words(seed: int, en: Lexicon, sv: Lexicon) -> None:
    image, label = make_scene("crossword", seed, size=SIZE)
    assert image.shape == (300, 400, 3)
    check_label(label, image)
    lexicon = sv if label["lang"] == "sv" else en
    marked = [[{"BLANK": "?", "JOKER": "?"}.get(s, s) for s in row] for row in label["rows"]]
    words = runs(marked)
    assert words and all(fits_a_word(word, lexicon) for word in words), words
    on_grid = [c for c in label["cubes"] if c["row"] is not None]
    assert all(upright(c["rotation"], 25) for c in on_grid)


@pytest.mark.parametrize(("seed", "lang"), [(0, "en"), (1, "sv"), (2, "en"), (4, "en")])
def test_tray_labels_are_square(seed: int, lang: str) -> None:
    image, label = make_scene("tray", seed, size=SIZE, lang=lang)
    check_label(label, image)
    n = len(label["rows"])
    assert n in (4, 5, 6) and all(len(row) == n for row in label["rows"])
    assert len(label["cubes"]) == n * n
    if label["cubeset"]:  # dice from a calibrated set: each top face is on a die of its own
        assert (
            load_cubeset(label["cubeset"]).unexplained([c["symbol"] for c in label["cubes"]]) == []
        )
    assert all(upright((c["rotation"] + 45) % 90 + 315, 25) for c in label["cubes"])


def test_loose_labels_list_the_faces() -> None:
    image, label = make_scene("loose", 4, size=SIZE)
    check_label(label, image)
    assert 6 <= label["count"] <= 16


@pytest.mark.parametrize("kind", ["crossword", "tray", "loose"])
def test_every_face_type_in_every_scene_kind(kind: str) -> None:
    if kind == "crossword":
        layout = Layout.from_rows([["Å", "Ä", "Ö", "Qu"], ["BLANK", None, None, "JOKER"]])
        layout = Layout(layout.cells, tuple(Layout.from_rows([["M", "W", "Z"]]).cells.values()))
    elif kind == "tray":
        layout = Layout.from_rows(
            [[*EVERY_FACE[:3], "N"], EVERY_FACE[3:7], ["M", "W", "Z", "N"], list("ABCD")]
        )
    else:
        layout = Layout({}, tuple(Layout.from_rows([EVERY_FACE]).cells.values()))
    image, label = make_scene(kind, 7, size=(640, 480), layout=layout)
    check_label(label, image)
    symbols = sorted(c["symbol"] for c in label["cubes"])
    assert symbols == sorted(f.symbol for f in layout.faces())
    for cube in label["cubes"]:  # each face is drawn where its label says
        corners = np.array(cube["corners"], np.float32)
        face = cv2.warpPerspective(
            image,
            cv2.getPerspectiveTransform(corners, np.float32([[0, 0], [32, 0], [32, 32], [0, 32]])),
            (32, 32),
        )
        spread = float(cv2.cvtColor(face, cv2.COLOR_BGR2GRAY)[6:26, 6:26].std())
        assert (spread < 25) if cube["symbol"] == "BLANK" else (spread > 25), cube


def test_the_same_seed_gives_the_same_photo() -> None:
    a_image, a_label = make_scene("crossword", 11, size=SIZE)
    b_image, b_label = make_scene("crossword", 11, size=SIZE)
    c_image, _ = make_scene("crossword", 12, size=SIZE)
    assert np.array_equal(a_image, b_image) and a_label == b_label
    assert not np.array_equal(a_image, c_image)


def test_a_set_is_written_with_labels(tmp_path: Path) -> None:
    written = write_set("loose", 2, 5, tmp_path, size=SIZE)
    assert [p.name for p in written] == ["loose-5-0000.json", "loose-5-0001.json"]
    for path in written:
        label = json.loads(path.read_text("utf-8"))
        image = cv2.imread(str(tmp_path / label["image"]))
        check_label(label, image)


def test_the_synth_command_renders_a_set(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main,
        [
            "synth",
            "--kind",
            "tray",
            "--count",
            "1",
            "--seed",
            "3",
            "--size",
            "320x240",
            "--out",
            str(tmp_path),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "wrote 1 tray photos (wide)" in result.output
    assert cv2.imread(str(tmp_path / "tray-3-0000.jpg")).shape == (240, 320, 3)
    assert json.loads((tmp_path / "tray-3-0000.json").read_text("utf-8"))["config"] == "wide"


def test_the_synth_command_renders_a_named_configuration(tmp_path: Path) -> None:
    args = ["synth", "--kind", "loose", "--count", "1", "--seed", "2", "--out", str(tmp_path)]
    result = CliRunner().invoke(main, [*args, "--config", "dark-cubes", "--size", "webcam"])
    assert result.exit_code == 0, result.output
    label = json.loads((tmp_path / "loose-2-0000.json").read_text("utf-8"))
    image = cv2.imread(str(tmp_path / label["image"]))
    assert label["config"] == "dark-cubes" and image.shape == (480, 640, 3)
    check_label(label, image)
    result = CliRunner().invoke(main, [*args, "--config", "sideways"])
    assert result.exit_code == 2 and "tilt-20-55" in result.output


@pytest.mark.parametrize("kind", ["crossword", "tray", "loose"])
def test_a_blank_faces_scene_turns_its_faces_blank_and_its_label_with_them(kind: str) -> None:
    counts = []
    for seed in range(3):
        image, label = make_scene(kind, seed, size=SIZE, config="blank-faces")
        check_label(label, image)
        _, wide = make_scene(kind, seed, size=SIZE, config="wide")
        counts.append([sum(c["symbol"] == "BLANK" for c in lab["cubes"]) for lab in (label, wide)])
        assert len(label["cubes"]) == len(wide["cubes"])
    blank, usual = np.sum(counts, axis=0)
    assert blank > usual + 3


def test_the_synth_command_refuses_a_bad_size(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main, ["synth", "--kind", "tray", "--size", "big", "--out", str(tmp_path)]
    )
    assert result.exit_code == 2 and "1600x1200" in result.output
    result = CliRunner().invoke(
        main, ["synth", "--kind", "tray", "--size", "5000x4000", "--out", str(tmp_path)]
    )
    assert result.exit_code == 2 and "12 MP" in result.output


def test_sample_images_are_small_and_labelled() -> None:
    folder = REPO / "sample_images"
    labels = sorted(folder.glob("*.json"))
    assert len(labels) >= 3
    for path in labels:
        label = json.loads(path.read_text("utf-8"))
        photo = folder / label["image"]
        assert photo.stat().st_size < 1_000_000
        check_label(label, cv2.imread(str(photo)))
    game_one = json.loads((folder / "game-one-crossword.json").read_text("utf-8"))
    assert "TIGER" in game_one["grid"] and sorted(game_one["unused"]) == ["T", "U"]


def test_more_workers_render_the_same_set(tmp_path: Path) -> None:
    one = write_set("tray", 2, 8, tmp_path / "one", size=SIZE)
    two = write_set("tray", 2, 8, tmp_path / "two", size=SIZE, workers=2)
    assert [p.name for p in one] == [p.name for p in two]
    for a, b in zip(one, two, strict=True):
        assert a.read_text("utf-8") == b.read_text("utf-8")
        assert a.with_suffix(".jpg").read_bytes() == b.with_suffix(".jpg").read_bytes()


def test_many_sets_render_in_one_pool_as_each_alone(tmp_path: Path) -> None:
    specs = [
        SetSpec("tray", 2, 8, tmp_path / "pool" / "tray", SIZE),
        SetSpec("loose", 1, 9, tmp_path / "pool" / "loose", SIZE, config="mixed-colours"),
    ]
    pooled = write_sets(specs, workers=2)
    alone = write_set("tray", 2, 8, tmp_path / "tray", size=SIZE) + write_set(
        "loose", 1, 9, tmp_path / "loose", size=SIZE, config="mixed-colours"
    )
    assert [p.name for p in pooled] == [p.name for p in alone]
    for a, b in zip(pooled, alone, strict=True):
        assert a.with_suffix(".jpg").read_bytes() == b.with_suffix(".jpg").read_bytes()
