#!/usr/bin/env bash
# Set up cubecam on a fresh Debian/Ubuntu machine: system packages, .venv/, the package.
#   scripts/setup.sh          the tool
#   scripts/setup.sh --dev    the tool plus what the test suite needs, and the lab (lab/: the
#                             renderer, training and evaluation, the cubecam-lab command)
set -euo pipefail
cd "$(dirname "$0")/.."

DEV=0
[[ "${1:-}" == "--dev" ]] && DEV=1

APT_PACKAGES=(
  python3-venv python3-dev
  tesseract-ocr
  libenchant-2-2 hunspell-en-us hunspell-en-gb hunspell-sv hunspell-tools
  wordnet-base dict-freedict-swe-eng
  libgl1 libglib2.0-0
  fonts-dejavu-core fonts-liberation fonts-freefont-ttf fonts-noto-core
  fonts-urw-base35 fonts-crosextra-carlito fonts-crosextra-caladea fonts-open-sans
  fonts-roboto-unhinted fonts-lato fonts-cantarell fonts-hack fonts-comic-neue fonts-league-spartan
  chromium
)

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  SUDO=""
  [[ $(id -u) -ne 0 ]] && SUDO="sudo"
  echo "cubecam setup: installing ${missing[*]}" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

PY=${PYTHON:-python3}
[[ -x .venv/bin/python ]] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
if ((DEV)); then
  .venv/bin/python -m pip install -q -e ".[dev]" -e ./lab
else
  .venv/bin/python -m pip install -q -e .
fi
# The word lists of the installed dictionaries, built now so that no first game waits for them.
.venv/bin/cubecam words build --lang en --lang en_GB --lang sv >/dev/null
echo "cubecam setup: ready (.venv/bin/cubecam)" >&2
