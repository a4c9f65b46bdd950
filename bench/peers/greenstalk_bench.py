"""The queue measurements with greenstalk, the Python client of the original HowAlarming.

Prints one JSON line like bench-queue. greenstalk has no pipelining: that test is not run.
Usage: greenstalk_bench.py PORT TEST COUNT [CONNECTIONS] [BODY_SIZE]
"""
import json
import sys
import threading
import time

import greenstalk


def percentile(sorted_values, p):
    if not sorted_values:
        return None
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * p))]


def sequential_puts(port, tube, body, count, latencies):
    with greenstalk.Client(("127.0.0.1", port), use=tube) as client:
        for _ in range(count):
            started = time.perf_counter()
            client.put(body)
            latencies.append((time.perf_counter() - started) * 1e6)


def reserve_and_delete(port, tube, body, count, latencies):
    with greenstalk.Client(("127.0.0.1", port), use=tube, watch=tube) as client:
        for _ in range(count):
            client.put(body)
        started_all = time.perf_counter()
        for _ in range(count):
            started = time.perf_counter()
            job = client.reserve()
            client.delete(job)
            latencies.append((time.perf_counter() - started) * 1e6)
        return time.perf_counter() - started_all


def main():
    port, test, count = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    connections = int(sys.argv[4]) if len(sys.argv) > 4 else 4
    body = "x" * (int(sys.argv[5]) if len(sys.argv) > 5 else 200)
    tube = "bench-" + test
    latencies = []
    if test == "sequential":
        started = time.perf_counter()
        sequential_puts(port, tube, body, count, latencies)
        seconds = time.perf_counter() - started
    elif test == "reserve":
        seconds = reserve_and_delete(port, tube, body, count, latencies)
    elif test == "parallel":
        share = count // connections
        count = share * connections
        parts = [[] for _ in range(connections)]
        threads = [threading.Thread(target=sequential_puts, args=(port, tube, body, share, parts[i]))
                   for i in range(connections)]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        seconds = time.perf_counter() - started
        latencies = [value for part in parts for value in part]
    else:
        raise SystemExit(f"greenstalk_bench.py: no {test} test (greenstalk does not pipeline)")
    latencies.sort()
    print(json.dumps({"client": "greenstalk", "test": test, "ops": count, "seconds": seconds,
                      "ops_per_s": count / seconds, "p50_us": percentile(latencies, 0.5),
                      "p99_us": percentile(latencies, 0.99)}))


if __name__ == "__main__":
    main()
