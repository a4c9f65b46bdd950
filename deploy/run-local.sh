#!/usr/bin/env bash
# Runs HowAlarming on this machine for a developer; `make run` calls it after building.
#
# Today: a beanstalkd on 127.0.0.1 (binlog in .run/beanstalkd) and `howalarming tail` in the
# foreground. It will grow into the whole supervised pipeline (simulator, integrator, consumers).
#
# Usage: deploy/run-local.sh BIN_DIR
#   BIN_DIR          where the built executables are (`swift build --show-bin-path`)
#   BEANSTALKD_PORT  the port on 127.0.0.1 (default 11300); a server already listening there is reused
set -euo pipefail

bin_dir=${1:?usage: deploy/run-local.sh BIN_DIR}
port=${BEANSTALKD_PORT:-11300}
cd "$(dirname "$0")/.."
run_dir=.run
config=$run_dir/config.yaml
binlog=$run_dir/beanstalkd

listening() {
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null
}

started_pid=
stop_started_beanstalkd() {
    if [[ -n $started_pid ]] && kill -0 "$started_pid" 2>/dev/null; then
        kill -TERM "$started_pid"
        wait "$started_pid" 2>/dev/null || true
        echo "stopped beanstalkd (pid $started_pid)"
    fi
}
trap stop_started_beanstalkd EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

start_beanstalkd() {
    local beanstalkd
    if ! beanstalkd=$(PATH="$PATH:/usr/bin:/usr/sbin" command -v beanstalkd); then
        echo "beanstalkd is not installed: run \`make run\`, which installs it" >&2
        exit 1
    fi
    "$beanstalkd" -l 127.0.0.1 -p "$port" -b "$binlog" &
    started_pid=$!
    local deadline=$((SECONDS + 5))
    until listening; do
        if ! kill -0 "$started_pid" 2>/dev/null; then
            started_pid=
            echo "beanstalkd exited at start (is 127.0.0.1:$port taken?)" >&2
            exit 1
        fi
        if ((SECONDS >= deadline)); then
            echo "beanstalkd did not accept connections on 127.0.0.1:$port within 5 s" >&2
            exit 1
        fi
        sleep 0.1
    done
    echo "beanstalkd: started on 127.0.0.1:$port (pid $started_pid, binlog in $binlog)"
}

mkdir -p "$binlog"
cat >"$config" <<YAML
# Written by \`make run\` (deploy/run-local.sh) on every run: edit the script, not this file.
beanstalkd:
  host: 127.0.0.1
  port: $port
YAML

if listening; then
    echo "beanstalkd: reusing the server already listening on 127.0.0.1:$port (its own options and binlog)"
else
    start_beanstalkd
fi

cat <<TRY

Configuration: $config
In another terminal, try:
  $bin_dir/howalarming simulate alarm --config $config
  $bin_dir/howalarming send arm --config $config
  $bin_dir/howalarming stats --config $config

Tailing events (Ctrl-C to stop):
TRY
"$bin_dir/howalarming" tail --config "$config"
