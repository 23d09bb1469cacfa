"""The README's examples run as written, and the links between the pages lead somewhere.

Each line of the README's ```sh blocks is run with this Python (``cubecam`` as ``python -m
cubecam``) from the repository root, in a data folder of its own; where a ```text block follows
a ```sh block, it is what the block's last line prints. A line that cannot run here is in
:data:`SKIPPED`, with why, so that a new line is either run or left out on purpose.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

from cubecam.rules import games
from cubecam.scorelog import ScoreLog

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
PAGES = [README, *sorted((REPO / "docs").glob("*.md")), REPO / "CHANGELOG.md"]

SKIPPED = {
    "bash scripts/setup.sh": "sets the machine up as root (.ci/run runs it on a fresh machine)",
    ".venv/bin/python -m pytest": "the whole suite, this test among it",
    "cubecam serve": "serves until stopped (tests/serve/ start a real server)",
}
"""README lines not run here, by how they start, and why."""

EXIT = {"cubecam words check cat paris etc --lang en": 1}
"""README lines that exit other than 0 on purpose (words check: 1 when a word does not count)."""

_FENCE = re.compile(r"^ *```(\w*)\n(.*?)^ *```$", re.S | re.M)


@dataclass(frozen=True)
class Example:
    """A ```sh block's lines and, where a ```text block follows it, what its last line prints."""

    lines: tuple[str, ...]
    output: str | None


def fenced(text: str) -> list[tuple[str, str]]:
    """Each fenced block of ``text``: its language and its lines, dedented.

    >>> fenced("- a list item:\\n\\n  ```python\\n  x = 1\\n  ```\\n")
    [('python', 'x = 1\\n')]
    """
    return [(m.group(1), textwrap.dedent(m.group(2))) for m in _FENCE.finditer(text)]


def examples(text: str) -> list[Example]:
    """The ```sh blocks of ``text``, each with the ```text block after it, if any.

    >>> examples("```sh\\ncubecam a  # why\\n\\ncubecam b\\n```\\nsays\\n```text\\nB\\n```\\n")
    [Example(lines=('cubecam a', 'cubecam b'), output='B')]
    """
    found: list[Example] = []
    blocks = fenced(text)
    for i, (language, body) in enumerate(blocks):
        if language != "sh":
            continue
        lines = tuple(
            " ".join(shlex.split(line, comments=True))
            for line in body.replace("\\\n", " ").splitlines()
            if line.strip()
        )
        after = blocks[i + 1] if i + 1 < len(blocks) else None
        output = after[1].rstrip("\n") if after and after[0] == "text" else None
        found.append(Example(lines, output))
    return found


def commands(line: str) -> list[str]:
    """The commands of a line: ``a && b`` is two.

    >>> commands(".venv/bin/cubecam read x.jpg && cubecam words check cat")
    ['cubecam read x.jpg', 'cubecam words check cat']
    """
    return [re.sub(r"^\.venv/bin/cubecam\b", "cubecam", part.strip()) for part in line.split("&&")]


def skip_reason(command: str) -> str | None:
    return next((why for start, why in SKIPPED.items() if command.startswith(start)), None)


README_EXAMPLES = examples(README.read_text(encoding="utf-8"))


def test_the_readme_has_examples_and_every_skipped_line_is_in_it():
    every = [c for example in README_EXAMPLES for line in example.lines for c in commands(line)]
    assert len(every) >= 10
    for start in SKIPPED:
        assert any(c.startswith(start) for c in every), f"{start!r} is no longer in the README"
    for line in EXIT:
        assert line in every, f"{line!r} is no longer in the README"
    unknown = [c for c in every if not c.startswith("cubecam ") and not skip_reason(c)]
    assert not unknown, f"run these README lines here or list them in SKIPPED: {unknown}"


@pytest.mark.parametrize(
    "example", README_EXAMPLES, ids=[example.lines[0][:60] for example in README_EXAMPLES]
)
def test_a_readme_example_runs_as_written(example: Example, tmp_path: Path):
    env = {k: v for k, v in os.environ.items() if k != "CUBECAM_DB"}
    env["CUBECAM_DATA"] = str(tmp_path)
    last = None
    for line in example.lines:
        for command in commands(line):
            if skip_reason(command):
                continue
            last = subprocess.run(
                [sys.executable, "-m", "cubecam", *shlex.split(command)[1:]],
                cwd=REPO,
                env=env,
                capture_output=True,
                text=True,
                encoding="utf-8",
                timeout=120,
            )
            assert last.returncode == EXIT.get(command, 0), f"{command}\n{last.stderr}"
    if example.output is not None:
        assert last is not None, "a ```text block follows a block of lines not run"
        assert last.stdout.rstrip("\n") == example.output


def test_the_readme_python_example_is_a_game_the_registry_takes(monkeypatch, tmp_path):
    blocks = fenced(README.read_text(encoding="utf-8"))
    python = [body for language, body in blocks if language == "python"]
    assert python, "the README's example of a new game is gone"
    scope = dict(vars(games))
    for body in python:
        exec(compile(body, str(README), "exec"), scope)
    quick = scope["QuickGameOne"]
    registry = list(games.GAMES)
    assert list(scope["GAMES"]) == [registry[0], quick.name, *registry[1:]]
    monkeypatch.setitem(games.GAMES, quick.name, quick)
    with ScoreLog(tmp_path / "scores.sqlite3") as log:
        match = log.new_game(quick.name, ["Ann", "Bo"])
    assert (match.target, type(match.game)) == (100, quick)


_LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)|<img [^>]*src=\"([^\"]+)\"")


def slug(heading: str) -> str:
    """A heading's anchor, as GitHub makes it.

    >>> slug("Duplicate Ad-Lib, a round for two players: `cubecam adlib`")
    'duplicate-ad-lib-a-round-for-two-players-cubecam-adlib'
    """
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = _FENCE.sub("", page.read_text(encoding="utf-8"))
    return {slug(m.group(1)) for m in re.finditer(r"^#+ (.+)$", text, re.M)}


@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_every_relative_link_leads_to_a_file_and_heading_that_exist(page: Path):
    text = _FENCE.sub("", page.read_text(encoding="utf-8"))
    targets = [a or b for a, b in _LINK.findall(text)]
    assert targets, f"{page.name} links to no other page"
    for target in targets:
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        assert file.exists(), f"{page.name}: {target} leads nowhere"
        if anchor and file.suffix == ".md":
            assert anchor in anchors(file), f"{page.name}: no heading for {target}"
