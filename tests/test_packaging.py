"""cubecam built as a wheel and installed in a fresh environment works away from the checkout.

Marked ``wheel`` (about 15 s: a build, a virtual environment, two scores); it runs in CI with
the rest. The environment gets cubecam only from the wheel; its dependencies come from the
environment running the tests (a ``.pth`` line), so nothing is downloaded.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

from tests.conftest import REPO, SAMPLES
from tests.test_layering import imported

SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "src", "calibration")
BUILT = shutil.ignore_patterns("__pycache__", "*.egg-info", "build")
PIP = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-input", "-q"]
LAB = REPO / "lab" / "src" / "cubecam_lab"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """cubecam's wheel, built from a copy of the files the package is built from."""
    root = tmp_path_factory.mktemp("wheel")
    source = root / "source"
    source.mkdir()
    for name in SOURCES:
        copy = shutil.copytree if (REPO / name).is_dir() else shutil.copy2
        copy(REPO / name, source / name, **({"ignore": BUILT} if copy is shutil.copytree else {}))
    run([*PIP, "wheel", "--no-deps", "--no-build-isolation", "-w", str(root), str(source)])
    (built,) = root.glob("cubecam-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path) -> Path:
    """The ``cubecam`` command of a fresh environment that has cubecam only from its wheel."""
    env_dir = wheel.parent / "env"
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    run([*PIP, "--python", str(python), "install", "--no-deps", str(wheel)])
    site = Path(run([str(python), "-c", "import site; print(site.getsitepackages()[0])"]))
    (site / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return env_dir / "bin" / "cubecam"


def run(command: list[str], cwd: Path | None = None, **variables: str) -> str:
    """Runs ``command`` without this checkout on the path (and with ``variables`` set)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "CUBECAM_CALIBRATION")}
    done = subprocess.run(
        command, capture_output=True, text=True, cwd=cwd, env=env | variables, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.mark.wheel
@pytest.mark.parametrize(
    "what", [["--grid", str(SAMPLES / "game-one.grid")], [str(SAMPLES / "game-one-crossword.jpg")]]
)
def test_the_installed_wheel_scores_the_samples(installed, what, tmp_path):
    data = str(tmp_path / "data")
    python = str(installed.with_name("python"))
    where = run(
        [python, "-c", "import cubecam; print(cubecam.__file__)"], cwd=tmp_path, CUBECAM_DATA=data
    )
    assert Path(where).is_relative_to(installed.parents[1])
    out = run(
        [str(installed), "score", "--game", "scrabble-cubes", *what],
        cwd=tmp_path,
        CUBECAM_DATA=data,
    )
    assert out.splitlines()[-1] == "Final score: 22"


@pytest.mark.wheel
def test_the_wheel_holds_the_runtime_and_nothing_of_the_lab(wheel, tmp_path):
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(tmp_path)
    modules = sorted((tmp_path / "cubecam").rglob("*.py"))
    assert tmp_path / "cubecam" / "vision" / "pipeline.py" in modules
    shipped = {str(path.relative_to(tmp_path / "cubecam")) for path in modules}
    lab = {str(path.relative_to(LAB)) for path in LAB.rglob("*.py") if path.name != "__init__.py"}
    assert {"detector/train.py", "glyphs/evaluate.py", "synth/scene.py"} <= lab
    assert not shipped & (lab | {f"vision/{name}" for name in lab})
    training = ("train", "evaluat", "dataset", "augment", "synth", "render")
    assert not [name for name in shipped if any(word in name for word in training)]
    assert not list(tmp_path.glob("cubecam_lab*"))
    assert not (tmp_path / "cubecam" / "synth").exists()
    heavy = {
        str(path.relative_to(tmp_path)): name
        for path in modules
        for name in imported(path, tmp_path)
        if name.split(".")[0] in ("torch", "onnx", "cubecam_lab")
    }
    assert not heavy


@pytest.mark.wheel
def test_the_wheel_holds_every_file_of_the_page(wheel):
    static = REPO / "src" / "cubecam" / "serve" / "static"
    with zipfile.ZipFile(wheel) as archive:
        shipped = set(archive.namelist())
    page = {f"cubecam/serve/static/{path.name}" for path in static.iterdir()}
    assert "cubecam/serve/static/main.js" in page and page <= shipped
