#!/usr/bin/env bash
# `make bench` / `make bench-full`: runs bench/bench.py on the release executables `make` built.
# Usage: bench/run.sh BIN_DIR [--full]
set -euo pipefail
cd "$(dirname "$0")/.."
bin_dir=${1:?usage: bench/run.sh BIN_DIR [--full]}
shift
python=$(pwd)/.venv/bin/python3
exec "$python" bench/bench.py "$bin_dir" "$python" "$@"
