#!/usr/bin/env bash
# Fill .gpu/ (ignored by git) with what a lent GPU machine lacks to train the detector there:
# the scene fonts, the word lists and their built cache, the wheels its Python lacks, and the
# real tiles' training part. Carry it with the run (`carry: [".gpu"]`) and run
# scripts/gpu/train.sh there. The real photos must never be committed: .gpu/ is in .gitignore,
# and `scripts/gpu/carry.sh --clean` deletes the copy of them after the run.
#   scripts/gpu/carry.sh [--clean]        (PYTHON_TAG: the device's Python, default 312)
set -euo pipefail
cd "$(dirname "$0")/../.."
GPU=.gpu
if [[ "${1:-}" == "--clean" ]]; then rm -rf "$GPU/realdata"; echo "removed $GPU/realdata"; exit 0; fi
PY=.venv/bin/python
mkdir -p "$GPU/fonts" "$GPU/hunspell" "$GPU/whl" "$GPU/cache" "$GPU/realdata/tiles"
# the 63 scene fonts, kept where they lie under /usr/share/fonts
$PY - "$GPU/fonts" <<'PY'
import shutil, sys
from pathlib import Path
from cubecam_lab.synth.fonts import scene_fonts
root = Path("/usr/share/fonts")
for font in scene_fonts():
    target = Path(sys.argv[1]) / font.relative_to(root)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(font, target)
PY
cp /usr/share/hunspell/{en_US,en_GB,sv_SE}.{dic,aff} "$GPU/hunspell/"
# the built word lists of the three dictionaries
CUBECAM_CACHE_DIR="$GPU/cache" $PY -c "
from cubecam.lexicon.hunspell import compiled_index
for code in ('en_US', 'en_GB', 'sv_SE'):
    compiled_index(code)"
$PY -m pip download -q --only-binary=:all: --python-version "${PYTHON_TAG:-312}" \
  --platform manylinux2014_x86_64 --platform manylinux_2_28_x86_64 --no-deps -d "$GPU/whl" \
  platformdirs marisa-trie pydantic pydantic-core annotated-types typing-inspection
$PY - "$GPU/realdata/tiles" <<'PY'
import json, shutil, sys
from pathlib import Path
from cubecam_lab.detector.dataset import in_test_split
source = Path("../shared/realdata/tiles")
for label in sorted(source.glob("*.json")):
    image = source / json.loads(label.read_text("utf-8"))["image"]
    if image.exists() and not in_test_split(image):  # the held-out fifth stays behind
        shutil.copy2(label, sys.argv[1])
        shutil.copy2(image, sys.argv[1])
PY
du -sh "$GPU"/*
