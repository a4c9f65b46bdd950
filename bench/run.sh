#!/usr/bin/env bash
# `make bench` / `make bench-full`: builds the release executables and runs bench/bench.py.
# Usage: bench/run.sh [--full]
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release
bin_dir=$(swift build -c release --show-bin-path)
python=$(pwd)/.venv/bin/python3
exec "$python" bench/bench.py "$bin_dir" "$python" "$@"
