"""Part 1 of `make bench`: the queue clients against one beanstalkd, in memory and with a binlog.

Each (server, test, client) is measured RUNS times; the summary takes medians, and the ratios
compare clients measured in the same run, against the same server.
"""
import json
import subprocess
import sys

import beanstalkd

TESTS = ["sequential", "pipelined", "reserve", "parallel"]
CLIENTS = ["raw", "swift", "swift-loop", "greenstalk"]


def measure(bin_dir, python, port, client, test, count):
    if client == "greenstalk":
        if test == "pipelined":
            return None
        command = [python, "bench/peers/greenstalk_bench.py", str(port), test, str(count)]
    else:
        command = [f"{bin_dir}/bench-queue", "--port", str(port), "--test", test, "--count", str(count),
                   "--client", "raw" if client == "raw" else "swift"]
        if client == "swift-loop":
            command.append("--on-event-loop")
    output = subprocess.run(command, check=True, capture_output=True, text=True, timeout=600).stdout
    result = json.loads(output.strip().splitlines()[-1])
    result["client"] = client
    return result


def run(bin_dir, python, runs, count):
    results = []
    for server in ["memory", "binlog"]:
        with beanstalkd.running(binlog=server == "binlog") as port:
            for index in range(runs):
                for test in TESTS:
                    for client in CLIENTS:
                        result = measure(bin_dir, python, port, client, test, count)
                        if result:
                            result.update(server=server, run=index)
                            results.append(result)
                            print(f"  queue {server:6} {test:10} {client:10} {result['ops_per_s']:10.0f} ops/s",
                                  file=sys.stderr)
    return results
