#!/usr/bin/env bash
# Train the learned top-face detector within the hour on two cores (56 minutes measured): render
# the scenes, train it in five runs, then its verifier and refiner on its finds, and choose the
# settings on held-out renders and close-ups; OUT's folder gets the model, verifier.onnx,
# refiner.onnx and detector.toml.  Needs the train extra
# (.venv/bin/python -m pip install -e './lab[train]').  RECIPE_SHARE=0.01 runs that share of every
# scene count, step count and epoch count (at least one each): a check that it runs end to end.
#   scripts/train_detector.sh OUT.onnx [WORKDIR]
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:?usage: scripts/train_detector.sh OUT.onnx [WORKDIR]}
WORK=${2:-train-detector}
SHARE=${RECIPE_SHARE:-1}
PY=.venv/bin/python
scaled() { awk -v n="$1" -v share="$SHARE" 'BEGIN { m = int(n * share); print (m < 1 ? 1 : m) }'; }
synth() { [[ -d "$WORK/$5" ]] || .venv/bin/cubecam-lab synth --kind "$1" --config "$2" --seed "$3" --size "$4" --out "$WORK/$5" --count "$(scaled "$6")" --workers 2 >/dev/null; }

# v1-v7: the training scenes (classic; everything randomised; the named configurations;
# slanted crosswords and trays; a fifth on game boards; and, for the verifier only, blank
# faces and crosswords of every configuration), one pool of two processes
$PY scripts/render_recipe.py "$WORK" --workers 2 --share "$SHARE"
# validation: never trained on, only used to choose the settings; close-ups cut from renders
# twice as large, round a face or where none is, and bare surfaces (faces too big for the
# network at 512 pixels must be found, and nothing where there is no cube)
for kind in crossword tray loose; do
  synth "$kind" wide 616161 800x600 "val/$kind" 10
  synth "$kind" wide 747474 1600x1200 "val/closeup-renders/$kind" 8
done
for config in classic tilt-0-20 tilt-20-55 one-colour mixed-colours dark-cubes blank-faces; do
  for kind in crossword tray loose; do
    synth "$kind" "$config" 646464 1024x768 "val/$config-$kind" 6
  done
done
[[ -d "$WORK/val/closeup" ]] || $PY -m cubecam_lab.detector.closeups "$WORK"/val/closeup-renders/* \
  --count "$(scaled 120)" --seed 7 --out "$WORK/val/closeup"

# the detector's five runs, in bfloat16 (float32 measured no better and takes 1.6 times as
# long): 29 minutes on two cores.  The shipped r6 had 21,000 steps in float32; the recipe's
# 12,600, and 4 epochs (not 8) for the verifier and refiner, fit the hour (git show
# a016c6f:docs/vision.md, "2026-12-05 (night): the recipe within the hour")
# run N on the scenes v1 to v(N-1), from run N-1's weights (none for the first), seed N + 2
detector_run() {
  local n=$1 steps=$2 out=${3:-$WORK/r$1.onnx} data=() init=()
  for ((k = 1; k < n; k++)); do data+=("$WORK/v$k"); done
  if ((n > 2)); then init=(--init "$WORK/r$((n - 1)).pt"); fi
  OMP_NUM_THREADS=1 $PY -m cubecam_lab.detector.train --data "${data[@]}" --real ../shared/realdata \
    --steps "$(scaled "$steps")" --batch 16 --size 256 --seed $((n + 2)) --bf16 "${init[@]}" \
    --checkpoint "$WORK/r$n.pt" --out "$out"
}
detector_run 2 1200
detector_run 3 3000
detector_run 4 3600
detector_run 5 2400
detector_run 6 2400 "$OUT"
# the verifier and the refiner, beside the detector: learnt from the new detector's finds on
# every render and the real tiles' training part, then the settings of all three chosen
# together and written beside them too
VERIFIER=$(dirname "$OUT")/verifier.onnx
REFINER=$(dirname "$OUT")/refiner.onnx
SETTINGS=$(dirname "$OUT")/detector.toml
$PY -m cubecam_lab.detector.verifier_dataset "$WORK"/v[1-7] --real ../shared/realdata \
  --model "$OUT" --out "$WORK/patches.npz"
OMP_NUM_THREADS=2 $PY -m cubecam_lab.detector.train_verifier "$WORK/patches.npz" --epochs "$(scaled 4)" --bf16 \
  --seed 0 --out "$VERIFIER"
$PY -m cubecam_lab.detector.refiner_dataset "$WORK"/v[1-7] --real ../shared/realdata \
  --model "$OUT" --out "$WORK/outlines.npz"
OMP_NUM_THREADS=2 $PY -m cubecam_lab.detector.train_refiner "$WORK/outlines.npz" --epochs "$(scaled 4)" --bf16 \
  --seed 0 --out "$REFINER"
$PY -m cubecam_lab.detector.evaluate "$WORK"/val/{crossword,tray,loose,closeup} \
  "$WORK"/val/*-{crossword,tray,loose} --choose --model "$OUT" --verifier "$VERIFIER" --refiner "$REFINER" \
  --settings "$SETTINGS"
