#!/usr/bin/env bash
# On a lent GPU machine, with .gpu/ carried (scripts/gpu/carry.sh): set up, render the
# recipe's scenes (and v8) on every core, train the detector for about BUDGET seconds, harvest
# its finds and train its verifier and its refiner; the models and logs land in $OUT.
#   bash scripts/gpu/train.sh [BUDGET_S=300] [BATCH=64] [SIZE=320] [SHARE=1.0]
# WIDEN=2 trains the shipped detector made twice as wide (detector.train --widen) rather than
# a network of the shipped width from scratch.
set -uo pipefail
cd "$(dirname "$0")/../.."
BUDGET=${1:-300}; BATCH=${2:-64}; SIZE=${3:-320}; SHARE=${4:-1.0}
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
T0=$(date +%s); CORES=$(nproc)
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .gpu/whl/*.whl || exit 3
export PYTHONPATH=/tmp/site:$PWD/src PYTHONUNBUFFERED=1 CUBECAM_CACHE_DIR=$PWD/.gpu/cache
mkdir -p /usr/share/fonts /usr/share/hunspell && cp -r .gpu/fonts/. /usr/share/fonts/ && cp .gpu/hunspell/* /usr/share/hunspell/
python3 -c "import torch; print(torch.__version__, torch.cuda.is_available())"
W=/tmp/work; mkdir -p $W
python3 scripts/render_recipe.py $W --workers "$CORES" --more --share "$SHARE" | tee "$OUT/render.log" || exit 4
echo "rendered at $(( $(date +%s) - T0 )) s"
DATA=$(echo $W/v[1-8])
GROW=(); [[ -n "${WIDEN:-}" ]] && GROW=(--init src/cubecam/vision/detector/model.onnx --widen "$WIDEN")
train() { python3 -m cubecam_lab.detector.train --data $DATA --real .gpu/realdata --batch "$BATCH" --size "$SIZE" \
  --workers $(( CORES - 1 )) --threads 1 --bf16 --device cuda "${GROW[@]}" "$@"; }
# a short run to time a step, then as many steps as the budget holds
train --steps 300 --seed 3 --out /tmp/timing.onnx > "$OUT/timing.log" 2>&1 || exit 8
STEPS=$(python3 -c "
import re
t = {int(a): int(b) for a, b in re.findall(r'step (\d+)/\d+ .* (\d+)s', open('$OUT/timing.log').read())}
print(max(1500, min(40000, int(199 / max(1, t[299] - t[100]) * $BUDGET))))")
echo "$STEPS steps (budget $BUDGET s) at $(( $(date +%s) - T0 )) s"
train --steps "$STEPS" --seed 4 --checkpoint "$OUT/model.pt" --out "$OUT/model.onnx" > "$OUT/train.log" 2>&1
[[ -f "$OUT/model.onnx" ]] || { tail -5 "$OUT/train.log"; exit 5; }
echo "trained at $(( $(date +%s) - T0 )) s"
python3 -m cubecam_lab.detector.verifier_dataset $W/v[1-8] --real .gpu/realdata --model "$OUT/model.onnx" \
  --workers "$CORES" --out $W/patches.npz > "$OUT/harvest.log" 2>&1 || exit 6
python3 -m cubecam_lab.detector.train_verifier $W/patches.npz --epochs 8 --seed 0 --device cuda --bf16 \
  --out "$OUT/verifier.onnx" > "$OUT/verifier.log" 2>&1 || exit 7
python3 -m cubecam_lab.detector.refiner_dataset $W/v[1-8] --real .gpu/realdata --model "$OUT/model.onnx" \
  --workers "$CORES" --out $W/outlines.npz > "$OUT/outlines.log" 2>&1 || exit 9
python3 -m cubecam_lab.detector.train_refiner $W/outlines.npz --epochs 8 --seed 0 --device cuda --bf16 \
  --out "$OUT/refiner.onnx" > "$OUT/refiner.log" 2>&1 || exit 10
echo "done at $(( $(date +%s) - T0 )) s"
