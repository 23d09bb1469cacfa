"""Face crops cut from rendered photos, for training a glyph reader."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from cubecam_lab.synth.crops import scene_crops, write_crops
from cubecam_lab.synth.face import render_face


def test_crops_are_deterministic_and_labelled() -> None:
    a = list(scene_crops(30, seed=4, size=40))
    b = list(scene_crops(30, seed=4, size=40))
    assert [c.symbol for c in a] == [c.symbol for c in b]
    assert all(np.array_equal(x.image, y.image) for x, y in zip(a, b, strict=True))
    assert {c.kind for c in a} <= {"crossword", "tray", "loose"}
    assert all(c.image.shape == (40, 40, 3) and 0 <= c.turn < 4 for c in a)


def test_turning_a_crop_back_makes_its_letter_upright() -> None:
    crops = [c for c in scene_crops(80, seed=2, size=48) if c.symbol in ("L", "T", "F", "J")]
    assert crops
    for crop in crops:
        gray = cv2.cvtColor(np.rot90(crop.image, -crop.turn), cv2.COLOR_BGR2GRAY).astype(float)
        template = cv2.cvtColor(render_face(crop.symbol, 48), cv2.COLOR_BGR2GRAY).astype(float)
        inner = gray[8:40, 8:40]
        # light ink on a dark face or dark on light: whichever correlates better
        scores = [
            abs(np.corrcoef(np.rot90(inner, k).ravel(), template[8:40, 8:40].ravel())[0, 1])
            for k in range(4)
        ]
        assert int(np.argmax(scores)) == 0, (crop.symbol, crop.turn, scores)


def test_crops_are_written_in_symbol_folders(tmp_path: Path) -> None:
    write_crops(12, 1, tmp_path, size=32)
    files = sorted(tmp_path.glob("*/*.png"))
    assert len(files) == 12
    assert cv2.imread(str(files[0])).shape == (32, 32, 3)


def test_more_workers_write_the_same_crops(tmp_path: Path, monkeypatch) -> None:
    import cubecam_lab.synth.crops as crops

    monkeypatch.setattr(crops, "CHUNK", 5)
    write_crops(12, 3, tmp_path / "one", size=24)
    write_crops(12, 3, tmp_path / "two", size=24, workers=2)
    one = sorted(p.relative_to(tmp_path / "one") for p in (tmp_path / "one").rglob("*.png"))
    two = sorted(p.relative_to(tmp_path / "two") for p in (tmp_path / "two").rglob("*.png"))
    assert one == two and len(one) == 12
    for name in one:
        assert np.array_equal(
            cv2.imread(str(tmp_path / "one" / name)), cv2.imread(str(tmp_path / "two" / name))
        )
