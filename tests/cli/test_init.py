"""The ``cubecam`` command group: it starts without loading the camera side."""

import json
import os
import subprocess
import sys
from collections.abc import Iterator

import click
import pytest
from click import Command

from cubecam.cli import main
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


def _commands(group: click.Group, ctx: click.Context, path: str) -> Iterator[tuple[str, Command]]:
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None
        yield f"{path} {name}", command
        if isinstance(command, click.Group):
            yield from _commands(command, click.Context(command, parent=ctx), f"{path} {name}")


def test_every_option_of_every_command_is_explained_in_its_help():
    every = list(_commands(main, click.Context(main), "cubecam"))
    assert len(every) >= 15  # the commands and game's and words' subcommands
    for path, command in every:
        assert command.help, f"{path} has no help"
        for option in command.params:
            if isinstance(option, click.Option) and option.name != "help":
                assert option.help and len(option.help) > 10, f"{path} {option.opts[0]} has none"
