import contextlib
import io
import struct
import time
import zlib
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cubecam.cli import main
from cubecam.cubesets import load_cubeset
from cubecam.errors import InputError
from cubecam.user_files import CannotWrite
from cubecam.vision import read_photo
from cubecam.vision.glyphs.classes import CLASSES, SIZE
from cubecam.vision.glyphs.network import shipped_network
from cubecam.vision.glyphs.read import GlyphScores
from cubecam.vision.looks import adjust_for_look, load_look, look_path, save_look, stale_look
from tests.conftest import fill_disk
from tests.vision.scenes import scene


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("CUBECAM_DATA", str(tmp_path))


def test_a_look_learnt_by_an_older_model_is_replaced_when_calibrating_again():
    save_look("my-set", np.ones((3, 128), np.float32), ["A", "B", "C"])
    assert stale_look("my-set", 256)
    save_look("my-set", np.ones((2, 256), np.float32), ["D", "E"])
    features, labels = load_look("my-set")
    assert features.shape == (2, 256) and labels == ["D", "E"]
    assert not stale_look("my-set", 256)


def test_a_read_says_when_the_sets_look_is_stale():
    image, label = scene("crossword")
    cubeset = load_cubeset(label["cubeset"])
    save_look(cubeset.name, np.ones((3, 7), np.float32), ["A", "B", "C"])
    notes = read_photo(image, cubeset=cubeset).notes
    assert any("older glyph model" in note and "calibrate" in note for note in notes)


def test_a_look_learnt_by_another_model_of_the_same_width_is_stale_and_replaced(tmp_path):
    width = shipped_network().scores(np.zeros((1, SIZE, SIZE), np.float32))[1].shape[1]
    save_look("my-set", np.ones((3, width), np.float32), ["A", "B", "C"])
    assert not stale_look("my-set", width)
    path = look_path("my-set")
    with np.load(path) as data:
        np.savez_compressed(
            path, features=data["features"], labels=data["labels"], model="retrained"
        )
    assert stale_look("my-set", width)
    scores = GlyphScores(np.full((1, len(CLASSES), 4), 1 / (4 * len(CLASSES))), np.ones((1, width)))
    assert adjust_for_look(scores, "my-set") is scores  # a stale look weighs nothing
    save_look("my-set", np.ones((2, width), np.float32), ["D", "E"])
    assert load_look("my-set")[1] == ["D", "E"] and not stale_look("my-set", width)


def test_calibrating_on_a_full_disk_keeps_the_look_as_it_was(monkeypatch):
    save_look("my-set", np.ones((3, 8), np.float32), ["A", "B", "C"])
    kept = look_path("my-set").read_bytes()
    fill_disk(monkeypatch)
    with pytest.raises(CannotWrite, match=r"cannot write look .*my-set\.npz: the disk is full"):
        save_look("my-set", np.ones((2, 8), np.float32), ["D", "E"])
    with pytest.raises(CannotWrite, match="the disk is full"):
        save_look("new-set", np.ones((2, 8), np.float32), ["D", "E"])
    assert look_path("my-set").read_bytes() == kept and not look_path("new-set").exists()
    assert sorted(p.name for p in look_path("my-set").parent.iterdir()) == ["my-set.npz"]


def write_look(features, labels, model: str | None = None) -> Path:
    """A look file as calibrate writes one, holding what the test gives."""
    path = look_path("my-set")
    path.parent.mkdir(parents=True, exist_ok=True)
    arrays = {"features": features, "labels": np.array(labels)}
    np.savez_compressed(path, **arrays, model=np.array(model or shipped_network().fingerprint))
    return path


def refused(path: Path, why: str) -> None:
    """Every use of the look says, in one line, which file is wrong, why, and what to do."""
    for use in (lambda: load_look("my-set"), lambda: stale_look("my-set", 256)):
        with pytest.raises(InputError) as error:
            use()
        message = str(error.value)
        assert "\n" not in message and str(path) in message and why in message
        assert "cubecam calibrate --set my-set" in message and "delete it" in message


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_a_look_with_features_that_are_not_numbers_is_refused(bad):
    features = np.ones((4, 256), np.float32)
    features[2, 7] = bad
    refused(write_look(features, ["A"] * 4), "not finite")


def test_a_look_of_the_wrong_shape_is_refused():
    refused(write_look(np.ones(256, np.float32), ["A"]), "not a table")
    refused(write_look(np.ones((4, 256), np.float32), ["A"] * 3), "3 labels for 4 faces")
    refused(write_look(np.ones((4, 256), np.int64), ["A"] * 4), "not a table")


def test_a_truncated_or_empty_look_is_refused():
    path = write_look(np.ones((4, 256), np.float32), ["A"] * 4)
    whole = path.read_bytes()
    path.write_bytes(whole[: len(whole) // 2])
    refused(path, "damaged")
    path.write_bytes(b"")
    refused(path, "damaged")


def test_a_damaged_look_is_replaced_by_calibrating_again():
    write_look(np.ones((4, 256), np.float32), ["A"] * 3)
    save_look("my-set", np.ones((2, 256), np.float32), ["D", "E"])
    assert load_look("my-set")[1] == ["D", "E"]


def test_a_zero_byte_look_is_one_line_on_the_command_line_not_aborted():
    look_path("adlib").parent.mkdir(parents=True, exist_ok=True)
    look_path("adlib").write_bytes(b"")
    photo = Path(__file__).resolve().parents[2] / "sample_images" / "adlib-crossword.jpg"
    result = CliRunner().invoke(main, ["read", str(photo), "--set", "adlib"])
    assert result.exit_code == 2 and "Aborted" not in result.output
    assert result.output.startswith(f"cubecam: error: the look {look_path('adlib')}")


def deflated(data: bytes) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(data) + packer.flush()


def zip_of(members: dict[str, tuple[bytes, int, int]]) -> bytes:
    """A zip file of members given as (raw deflate stream, size unpacked, CRC-32)."""
    local, central = b"", b""
    for name, (stream, size, crc) in members.items():
        header = (20, 0, 8, 0, 0x21, crc, len(stream), size, len(name), 0)
        central += (
            struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, *header, 0, 0, 0, 0, len(local))
            + name.encode()
        )
        local += struct.pack("<IHHHHHIIIHH", 0x04034B50, *header) + name.encode() + stream
    count = len(members)
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count, len(central), len(local), 0)
    return local + central + end


def npy(array: np.ndarray) -> tuple[bytes, int, int]:
    out = io.BytesIO()
    np.save(out, array)
    return deflated(out.getvalue()), len(out.getvalue()), zlib.crc32(out.getvalue())


def test_a_small_look_that_unpacks_to_gigabytes_is_refused_without_unpacking_it():
    """3 MB on disk, 3.2 GB of zeros unpacked: a deflate stream of one MiB of zeros, repeated."""
    rows, width, chunk = 3 * 1024 * 1024, 256, 1024 * 1024
    head = io.BytesIO()
    np.lib.format.write_array_header_1_0(
        head, {"descr": "<f4", "fortran_order": False, "shape": (rows, width)}
    )
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    start = packer.compress(head.getvalue()) + packer.flush(zlib.Z_FULL_FLUSH)
    zeros = packer.compress(bytes(chunk)) + packer.flush(zlib.Z_FULL_FLUSH)
    repeats = rows * width * 4 // chunk
    crc = zlib.crc32(head.getvalue())
    for _ in range(repeats):
        crc = zlib.crc32(bytes(chunk), crc)
    features = (
        start + zeros * repeats + packer.flush(),
        len(head.getvalue()) + rows * width * 4,
        crc,
    )
    path = look_path("my-set")
    path.parent.mkdir(parents=True)
    path.write_bytes(
        zip_of(
            {
                "features.npy": features,
                "labels.npy": npy(np.array(["A"] * rows)),
                "model.npy": npy(np.array(shipped_network().fingerprint)),
            }
        )
    )
    assert path.stat().st_size < 4_000_000
    started = time.perf_counter()
    refused(path, "more than")
    assert time.perf_counter() - started < 1.0


def look_bytes(features, labels, model) -> bytes:
    out = io.BytesIO()
    np.savez_compressed(out, features=features, labels=labels, model=model)
    return out.getvalue()


ARRAYS = st.one_of(
    st.builds(np.ones, st.tuples(st.integers(0, 3), st.integers(0, 3)), st.just(np.float32)),
    st.builds(np.full, st.integers(0, 3), st.sampled_from([np.nan, np.inf, 1.0])),
    st.builds(np.array, st.lists(st.text(max_size=3), max_size=4)),
    st.just(np.array("model")),
    st.just(np.zeros((2, 2), np.int8)),
)
VALID = look_bytes(np.ones((4, 8), np.float32), np.array(["A", "B", "C", "D"]), np.array("m"))
LOOK_FILES = st.one_of(
    st.binary(max_size=300),
    st.builds(look_bytes, ARRAYS, ARRAYS, ARRAYS),
    st.tuples(st.integers(0, len(VALID) - 1), st.integers(1, 255)).map(
        lambda flip: VALID[: flip[0]] + bytes([VALID[flip[0]] ^ flip[1]]) + VALID[flip[0] + 1 :]
    ),
    st.integers(0, len(VALID)).map(lambda cut: VALID[:cut]),
)


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(LOOK_FILES)
def test_the_look_reader_raises_only_its_own_errors(data):
    path = look_path("my-set")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    with contextlib.suppress(InputError):
        features, labels = load_look("my-set")
        assert features.ndim == 2 and np.isfinite(features).all()
        assert len(labels) == len(features)
        scores = GlyphScores(np.full((1, len(CLASSES), 4), 0.01), np.ones((1, features.shape[1])))
        adjusted = adjust_for_look(scores, "my-set")
        assert np.isfinite(adjusted.probabilities).all()
