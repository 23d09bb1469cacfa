"""The address printed for phones, and its QR code."""

from __future__ import annotations

import ipaddress

import cv2
import numpy as np
import pytest

from cubecam.serve.network import lan_address, page_urls, qr_text


def test_localhost_is_printed_as_is() -> None:
    assert page_urls("127.0.0.1", 8000) == ["http://127.0.0.1:8000/"]


def test_serving_the_network_prints_a_lan_address_first() -> None:
    urls = page_urls("0.0.0.0", 8123)
    assert urls[-1] == "http://127.0.0.1:8123/"
    lan = lan_address()
    if lan is not None:
        assert urls[0] == f"http://{lan}:8123/"
        assert not ipaddress.ip_address(lan).is_loopback


def modules(text: str) -> np.ndarray:
    """The light (1) and dark (0) modules of a QR code drawn by :func:`qr_text`."""
    rows = [line for line in text.splitlines() if line]
    # Two modules a character high, in half blocks; the ink is the light modules (inverted,
    # for dark terminals).
    top = {" ": 0, "\xa0": 0, "▀": 1, "▄": 0, "█": 1}
    bottom = {" ": 0, "\xa0": 0, "▀": 0, "▄": 1, "█": 1}
    pixels = []
    for line in rows:
        pixels.append([top[ch] for ch in line])
        pixels.append([bottom[ch] for ch in line])
    width = max(map(len, pixels))
    # a QR code is square: an odd last row of modules leaves the last half block's other half
    return np.array([row + [0] * (width - len(row)) for row in pixels[:width]], np.uint8)


def read_qr_text(text: str) -> str:
    """What a QR code drawn by :func:`qr_text` says, read as a phone's camera would."""
    image = modules(text) * 255
    image = cv2.copyMakeBorder(image, 4, 4, 4, 4, cv2.BORDER_CONSTANT, value=255)
    image = cv2.resize(image, None, fx=8, fy=8, interpolation=cv2.INTER_NEAREST)
    # OpenCV's older detector missed about one clean code in 200, this one none of 400
    decoded, _, _ = cv2.QRCodeDetectorAruco().detectAndDecode(image)
    return decoded


@pytest.mark.parametrize(
    "url",
    [
        "http://192.168.1.20:8000/?code=Xy-z_09",
        "http://vm:49625/?code=i2ooj34nPpUAwEO0Pj64GQ",  # one the older detector missed
    ],
)
def test_the_qr_code_reads_back_to_the_address(url: str) -> None:
    assert read_qr_text(qr_text(url)) == url


def test_the_printed_code_keeps_the_quiet_zone_a_reader_needs() -> None:
    # four light modules round the code (ISO/IEC 18004), for the dark terminal beyond it
    grid = modules(qr_text("http://192.168.1.20:8000/?code=Xy-z_09"))
    assert grid.shape[0] == grid.shape[1]
    margin = np.ones_like(grid, bool)
    margin[4:-4, 4:-4] = False
    assert grid[margin].all() and not grid[4:-4, 4:-4].all()
    assert not grid[4].all() and not grid[:, 4].all()  # the code itself starts there


def test_a_server_on_the_network_prints_its_access_code() -> None:
    assert page_urls("127.0.0.5", 8000, "abc") == ["http://127.0.0.5:8000/?code=abc"]
    assert all(url.endswith("/?code=abc") for url in page_urls("0.0.0.0", 8000, "abc"))
