import contextlib
import io
import struct
import warnings
import zlib

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from cubecam.errors import InputError
from cubecam.vision import read_photo
from cubecam.vision.load.decode import MAX_ASPECT, MAX_PIXELS, load_image, load_scaled
from tests.conftest import SAMPLES


def png_header(width: int, height: int) -> bytes:
    """A PNG that claims ``width`` × ``height`` pixels (only its header is real)."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return (
        b"\x89PNG\r\n\x1a\n"
        + struct.pack(">I", len(ihdr))
        + chunk
        + struct.pack(">I", zlib.crc32(chunk))
        + struct.pack(">I", 0)
        + b"IEND"
        + struct.pack(">I", zlib.crc32(b"IEND"))
    )


def test_reads_png_bytes_and_files_as_bgr(tmp_path):
    image = np.zeros((20, 30, 3), np.uint8)
    image[:, :, 2] = 255  # red in BGR
    path = tmp_path / "red.png"
    cv2.imwrite(str(path), image)
    for source in (path, str(path), path.read_bytes()):
        loaded = load_image(source)
        assert loaded.shape == (20, 30, 3)
        assert loaded[0, 0].tolist() == [0, 0, 255]


def test_exif_orientation_is_applied(tmp_path):
    picture = Image.new("RGB", (40, 20), (255, 0, 0))
    exif = picture.getexif()
    exif[0x0112] = 6  # the camera was turned: display rotated 90°
    path = tmp_path / "turned.jpg"
    picture.save(path, exif=exif)
    assert load_image(path).shape == (40, 20, 3)
    assert load_scaled(path).size == (20, 40)


def test_large_photos_are_scaled_for_processing(tmp_path):
    path = tmp_path / "big.jpg"
    cv2.imwrite(str(path), np.full((1200, 1600, 3), 128, np.uint8))
    loaded = load_scaled(path, max_side=400)
    assert max(loaded.image.shape[:2]) == 400
    assert loaded.size == (1600, 1200)
    assert loaded.scale == pytest.approx(0.25)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "empty"),
        (b"hello, not a photo", "not a photo"),
        (b"\xff\xd8\xff\xe0" + b"\x00" * 40, r"not a photo|damaged"),
    ],
)
def test_bad_files_are_refused(tmp_path, data, message):
    path = tmp_path / "bad.jpg"
    path.write_bytes(data)
    with pytest.raises(InputError, match=message):
        load_image(path)


def test_truncated_png_is_damaged(tmp_path):
    good = cv2.imencode(".png", np.random.default_rng(1).integers(0, 255, (64, 64, 3), np.uint8))[1]
    with pytest.raises(InputError, match=r"damaged|not a photo"):
        load_image(good.tobytes()[: len(good) // 2])


def jpeg_claiming(picture: np.ndarray, width: int, height: int) -> bytes:
    """``picture`` as a baseline JPEG whose header says it is ``width`` × ``height``."""
    data = bytearray(cv2.imencode(".jpg", picture)[1].tobytes())
    frame = data.index(b"\xff\xc0")  # the start of frame: length, precision, height, width
    data[frame + 5 : frame + 9] = struct.pack(">HH", height, width)
    return bytes(data)


@pytest.mark.parametrize("max_side", [None, 1000])
def test_a_jpeg_whose_header_claims_more_pixels_than_its_data_holds_is_damaged(max_side):
    scan = cv2.GaussianBlur(
        np.random.default_rng(4).integers(0, 256, (1200, 1600, 3), np.uint8), (0, 0), 3
    )
    with pytest.raises(InputError, match="damaged: its picture data ends before the picture does"):
        load_scaled(jpeg_claiming(scan, 6000, 8000), max_side)
    grey = np.full((1200, 1600, 3), 128, np.uint8)  # what the decoder paints where data is missing
    assert load_scaled(cv2.imencode(".jpg", grey)[1].tobytes(), max_side).size == (1600, 1200)


def test_only_photo_formats_are_opened(monkeypatch):
    asked = []
    Image.init()
    factory, accept = Image.OPEN["EPS"]
    monkeypatch.setitem(
        Image.OPEN, "EPS", (lambda *args: asked.append(args) or factory(*args), accept)
    )
    eps = io.BytesIO()
    Image.new("RGB", (40, 30)).save(eps, "EPS")
    with pytest.raises(InputError, match="not a photo cubecam can read"):
        load_image(eps.getvalue())
    assert asked == []
    for format in ("WEBP", "TIFF", "BMP", "GIF"):
        other = io.BytesIO()
        Image.new("RGB", (40, 30), (0, 0, 255)).save(other, format, lossless=True)
        assert load_image(other.getvalue())[0, 0].tolist() == [255, 0, 0]


def test_damaged_exif_reads_upright_as_stored_without_a_warning():
    turned = struct.pack("<HHII", 0x0112, 3, 1, 6)  # orientation 6, then a cut second entry
    exif = b"Exif\x00\x00II*\x00" + struct.pack("<IH", 8, 2) + turned + b"\x01\x01\x03"
    photo = io.BytesIO()
    Image.new("RGB", (40, 20), (200, 30, 30)).save(photo, "JPEG", exif=exif)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        loaded = load_scaled(photo.getvalue())
    assert (loaded.image.shape, loaded.size) == ((20, 40, 3), (40, 20))


@pytest.mark.parametrize("side", [int(MAX_PIXELS**0.5) + 1000, 30_000])
def test_decompression_bomb_is_refused_from_its_header(side):
    with pytest.raises(InputError, match=r"MP.*is refused"):  # 30,000² Pillow refuses first
        load_image(png_header(side, side))


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(InputError, match="photo not found"):
        load_image(tmp_path / "nothing.jpg")
    with pytest.raises(InputError, match="folder"):
        load_image(tmp_path)


@pytest.mark.parametrize("size", [(60_000, 8), (8 * MAX_ASPECT + 1, 8), (9, 3_000)])
def test_a_strip_is_not_a_photo(size):
    png = cv2.imencode(".png", np.full((size[1], size[0], 3), 90, np.uint8))[1].tobytes()
    with pytest.raises(InputError, match=f"{size[0]}×{size[1]} pixels: not a photo of cubes"):
        load_scaled(png, max_side=1600)


def test_a_device_is_not_read():
    with pytest.raises(InputError, match="/dev/zero is not a regular file"):
        load_image("/dev/zero")


def test_a_16_bit_photo_reads_as_its_8_bit_copy(tmp_path):
    grey = cv2.cvtColor(cv2.imread(str(SAMPLES / "game-one-crossword.jpg")), cv2.COLOR_BGR2GRAY)
    deep = tmp_path / "grey16.png"
    cv2.imwrite(str(deep), grey.astype(np.uint16) * 257)
    eight = tmp_path / "grey8.png"
    cv2.imwrite(str(eight), grey)
    assert np.array_equal(load_image(deep), load_image(eight))
    layout = read_photo(deep, layout="crossword").layout
    assert layout.cells and layout == read_photo(eight, layout="crossword").layout


def test_a_16_bit_colour_photo_keeps_its_colours():
    colour = np.random.default_rng(2).integers(0, 256, (20, 30, 3)).astype(np.uint16)
    png = cv2.imencode(".png", colour * 257)[1].tobytes()
    assert np.array_equal(load_image(png), colour.astype(np.uint8))


def _photos() -> list[bytes]:
    picture = np.random.default_rng(3).integers(0, 256, (24, 32, 3), np.uint8)
    grey16 = (picture[..., 0].astype(np.uint16) * 257).astype(np.uint16)
    return [
        cv2.imencode(ext, image)[1].tobytes()
        for ext, image in ((".png", picture), (".jpg", picture), (".png", grey16))
    ]


PHOTOS = _photos()
DAMAGED = st.builds(
    lambda photo, at, junk, cut: (photo[:at] + junk + photo[at + len(junk) :])[: cut or None],
    st.sampled_from(PHOTOS),
    st.integers(0, 200),
    st.binary(min_size=1, max_size=16),
    st.integers(0, 400),
)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300) | DAMAGED)
def test_the_image_loader_raises_only_its_own_errors(data):
    with contextlib.suppress(InputError):
        image = load_image(data, max_side=16)
        assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
