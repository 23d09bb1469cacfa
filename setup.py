"""The one build step pyproject.toml cannot say: ship the top-level ``calibration/`` sets
inside the package (as ``cubecam/calibration/``), so that an installed cubecam finds them.
A source checkout reads the top-level folder itself (see ``cubecam.cubesets``)."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

CALIBRATION = Path(__file__).resolve().parent / "calibration"


class BuildWithCalibration(build_py):
    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "cubecam" / "calibration"
        self.mkpath(str(target))
        for path in sorted(CALIBRATION.glob("*.toml")):
            self.copy_file(str(path), str(target / path.name))


setup(cmdclass={"build_py": BuildWithCalibration})
