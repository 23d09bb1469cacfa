"""The ``cubecam`` command as a user starts it, interrupted while it loads."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import tomllib

import pytest

from tests.conftest import REPO

ENTRY = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["scripts"]["cubecam"]
SCRIPT = "import sys; from {} import {} as entry; sys.exit(entry())".format(*ENTRY.split(":"))
"""What the installed ``cubecam`` script runs (pip writes these lines)."""


@pytest.mark.parametrize("start", [["-c", SCRIPT], ["-m", "cubecam"]], ids=["script", "module"])
@pytest.mark.parametrize("after", [0.1, 0.25])
def test_ctrl_c_while_loading_prints_one_line_and_exits_130(start: list[str], after: float):
    command = subprocess.Popen(
        [sys.executable, *start, "words", "check", "cat"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO / "src")},
    )
    time.sleep(after)
    command.send_signal(signal.SIGINT)
    _, errors = command.communicate(timeout=60)
    assert (command.returncode, errors) == (130, "cubecam: interrupted\n")
