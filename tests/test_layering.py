"""The layers: vision never imports rules, rules never import vision, and the records both
sides speak (the layout, a reading) import neither; the runtime never imports the lab or torch."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import cubecam

PACKAGE = Path(cubecam.__file__).resolve().parent


def imported(path: Path, top: Path = PACKAGE.parent) -> set[str]:
    """Every module a source file under ``top`` imports (relative imports made absolute)."""
    package = ".".join(path.relative_to(top).with_suffix("").parts[:-1])
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            names.add(base)
    return names


@pytest.mark.parametrize(
    ("files", "forbidden"),
    [
        ("vision", "cubecam.rules"),
        ("rules", "cubecam.vision"),
        ("layout.py", "cubecam.vision"),
        ("layout.py", "cubecam.rules"),
        ("reading.py", "cubecam.vision"),
        ("reading.py", "cubecam.rules"),
        (".", "cubecam_lab"),
        (".", "torch"),
        (".", "onnx"),
    ],
)
def test_a_layer_does_not_import_another(files: str, forbidden: str) -> None:
    root = PACKAGE / files
    paths = sorted(root.rglob("*.py")) if root.is_dir() else [root]
    assert paths
    wrong = {
        str(path.relative_to(PACKAGE)): name
        for path in paths
        for name in imported(path)
        if name == forbidden or name.startswith(forbidden + ".")
    }
    assert not wrong
