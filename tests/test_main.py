"""The ``cubecam`` command as a user starts it, interrupted while it loads."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tomllib

import pytest

from tests.conftest import REPO

ENTRY = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["scripts"]["cubecam"]
SCRIPT = "import sys; from {} import {} as entry; sys.exit(entry())".format(*ENTRY.split(":"))
"""What the installed ``cubecam`` script runs (pip writes these lines)."""


@pytest.mark.parametrize("start", [["-c", SCRIPT], ["-m", "cubecam"]], ids=["script", "module"])
@pytest.mark.parametrize("imported", ["click", "cubecam.layout", "cubecam.cli.options"])
def test_ctrl_c_while_loading_prints_one_line_and_exits_130(start: list[str], imported: str):
    """Interrupted as soon as it has imported ``imported``, while the command line loads
    (click, the layout, the commands' options)."""
    command = subprocess.Popen(
        [sys.executable, "-X", "importtime", *start, "words", "check", "cat"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO / "src")},
    )
    assert command.stderr is not None
    for line in command.stderr:
        if line.split("|")[-1].strip() == imported:
            break
    command.send_signal(signal.SIGINT)
    _, errors = command.communicate(timeout=60)
    said = [line for line in errors.splitlines() if not line.startswith("import time:")]
    assert (command.returncode, said) == (130, ["cubecam: interrupted"])
