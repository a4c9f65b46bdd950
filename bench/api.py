"""Part 5 of `make bench`: the command consumer's HTTP API on loopback.

howalarming-command runs as the footprint runs it, with 30 events stored (put on its tube) and a
read token. One keep-alive HTTP/1.1 connection (Python's http.client, whose own time is
included) asks each path 500 times to warm up, then `count` times, one request at a time.
"""
import http.client
import subprocess
import sys
import time

import footprint

PATHS = ("/v1/status", "/v1/events?limit=20")
EVENTS_STORED = 30
WARM_UP = 500


def read_token(bin_dir, config, name="bench"):
    """A new read token from `howalarming-command tokens create` (the last line it prints)."""
    output = subprocess.run([f"{bin_dir}/howalarming-command", "tokens", "create", "--name", name,
                             "--scope", "read", "--config", config],
                            check=True, capture_output=True, text=True).stdout
    return output.strip().splitlines()[-1]


def request_seconds(port, token, path, count):
    """The time of each of `count` GET requests for `path` after the warm-up, sorted."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Authorization": f"Bearer {token}"}
    timings = []
    try:
        for index in range(WARM_UP + count):
            started = time.perf_counter()
            connection.request("GET", path, headers=headers)
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                raise RuntimeError(f"GET {path} answered {response.status}")
            if index >= WARM_UP:
                timings.append(time.perf_counter() - started)
    finally:
        connection.close()
    return sorted(timings)


def run(bin_dir, runs, count):
    results = []
    for index in range(runs):
        with footprint.daemon_running(bin_dir, "howalarming-command", [], "command") as daemon:
            footprint.burst(daemon.port, daemon.control_port, "command", count=EVENTS_STORED)
            token = read_token(bin_dir, daemon.config)
            for path in PATHS:
                timings = request_seconds(daemon.api_port, token, path, count)
                result = {"run": index, "path": path, "requests": count, "per_s": count / sum(timings),
                          "p50_ms": timings[len(timings) // 2] * 1000,
                          "p99_ms": timings[int(len(timings) * 0.99)] * 1000, "max_ms": timings[-1] * 1000}
                results.append(result)
                print(f"  api {path:22} {result['per_s']:7,.0f}/s, p50 {result['p50_ms']:.2f} ms, "
                      f"p99 {result['p99_ms']:.2f} ms", file=sys.stderr)
    return results
