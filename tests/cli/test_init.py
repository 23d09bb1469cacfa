"""The ``cubecam`` command group: it starts without loading the camera side."""

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import REPO

LOADED = """
import json, sys
from cubecam.cli import main
try:
    main(sys.argv[1:], standalone_mode=False)
except SystemExit:
    pass
print(json.dumps(sorted(name for name in ("cv2", "numpy") if name in sys.modules)))
"""


@pytest.mark.parametrize("args", [["--help"], ["words", "check", "cat"], ["hunt", "--help"]])
def test_help_and_word_checks_do_not_load_opencv(args):
    result = subprocess.run(
        [sys.executable, "-c", LOADED, *args],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO / "src")},
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.splitlines()[-1]) == []
