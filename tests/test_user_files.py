import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from cubecam.errors import InputError
from cubecam.user_files import CannotWrite, read_user_bytes, read_user_text, write_user_file
from tests.conftest import cubecam_env, read_only


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


def test_a_file_is_written_whole_with_its_folder_and_the_key_kept_private(tmp_path):
    shared = write_user_file(tmp_path / "new" / "set.toml", b"name = 'x'\n", "cube set")
    key = write_user_file(tmp_path / "new" / "key.pem", b"secret", "key", private=True)
    assert shared.read_bytes() == b"name = 'x'\n" and key.read_bytes() == b"secret"
    assert (shared.stat().st_mode & 0o777, key.stat().st_mode & 0o777) == (0o644, 0o600)
    assert sorted(p.name for p in shared.parent.iterdir()) == ["key.pem", "set.toml"]


def test_a_full_disk_keeps_the_old_file_whole_and_leaves_no_part_of_the_new(tmp_path, full_disk):
    old = tmp_path / "look.npz"
    old.write_bytes(b"the old look")
    with pytest.raises(CannotWrite, match=r"^cannot write look .*look.npz: the disk is full$"):
        write_user_file(old, b"a new look", "look")
    with pytest.raises(CannotWrite, match="the disk is full"):
        write_user_file(tmp_path / "photo.jpg", b"\xff\xd8", "photo")
    assert [p.name for p in tmp_path.iterdir()] == ["look.npz"]
    assert old.read_bytes() == b"the old look"


def test_a_read_only_folder_is_said_in_plain_words(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    write = f"from cubecam.user_files import write_user_file as w; w(Path('{folder}/a.txt'), b'x')"
    result = subprocess.run(
        read_only(folder, [sys.executable, "-c", f"from pathlib import Path; {write}"]),
        capture_output=True,
        text=True,
        env=cubecam_env(),
        check=False,
    )
    assert result.returncode == 1
    assert result.stderr.splitlines()[-1].endswith(f"{folder}/a.txt: the folder is read-only")
    assert not list(folder.iterdir())


def test_text_is_read_in_composed_form(tmp_path):
    """å typed as a + a ring (NFD, as some phones and keyboards write it) reads as å."""
    path = tmp_path / "words.txt"
    path.write_text(unicodedata.normalize("NFD", "mål\nÅsa\n"), "utf-8")
    assert len(path.read_text("utf-8")) == 10
    assert read_user_text(path) == "mål\nÅsa\n"
