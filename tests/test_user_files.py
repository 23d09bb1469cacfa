import os
import unicodedata
from pathlib import Path

import pytest

from cubecam.errors import InputError
from cubecam.user_files import read_user_bytes, read_user_text


def test_reads_up_to_the_limit_and_refuses_one_byte_more(tmp_path):
    path = tmp_path / "words.txt"
    path.write_bytes(b"x" * 100)
    assert read_user_bytes(path, "word list", limit=100) == b"x" * 100
    with pytest.raises(InputError, match=r"words.txt is too large \(more than 99 bytes\)"):
        read_user_bytes(path, "word list", limit=99)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null", "/dev/urandom"])
def test_devices_are_refused(device):
    with pytest.raises(InputError, match=f"grid file {device} is not a regular file"):
        read_user_text(Path(device), "grid file")


def test_a_pipe_is_refused_without_blocking(tmp_path):
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    with pytest.raises(InputError, match="is not a regular file"):
        read_user_text(pipe, "word list")


def test_a_folder_missing_file_and_bad_encoding(tmp_path):
    with pytest.raises(InputError, match="is a folder, not a file"):
        read_user_text(tmp_path, "grid file")
    with pytest.raises(InputError, match="grid file not found"):
        read_user_text(tmp_path / "none", "grid file")
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes("ÅÄÖ".encode("latin-1"))
    with pytest.raises(InputError, match="is not UTF-8 text"):
        read_user_text(latin1, "word list")


def test_a_byte_order_mark_is_dropped(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("tiger\nof\n", "utf-8-sig")
    assert read_user_text(path).splitlines() == ["tiger", "of"]


def test_text_is_read_in_composed_form(tmp_path):
    """å typed as a + a ring (NFD, as some phones and keyboards write it) reads as å."""
    path = tmp_path / "words.txt"
    path.write_text(unicodedata.normalize("NFD", "mål\nÅsa\n"), "utf-8")
    assert len(path.read_text("utf-8")) == 10
    assert read_user_text(path) == "mål\nÅsa\n"
