"""The Web Push measurement with pywebpush: COUNT notifications to the subscriptions of a file,
CONCURRENCY in flight (a thread pool sharing one requests Session with as many connections).

Usage: pywebpush_bench.py MOCK_DIRECTORY SUBSCRIPTIONS_FILE COUNT CONCURRENCY
A warm-up pass sends to every subscription once; the timed pass sends again. Prints one JSON line:
when the timed pass started (Unix seconds, for the caller to time it to the mock's last arrival),
failures, and latency percentiles (ms). The payload is the JSON howalarming-push sends for an alarm.
"""
import concurrent.futures
import json
import os
import sys
import time
import uuid

import requests
from py_vapid import Vapid
from pywebpush import webpush


def payload():
    event_id = uuid.uuid4()
    return json.dumps({"title": "Alarm", "body": "Zone alarm: Front door", "event_id": str(event_id),
                       "type": "alarm", "alarm": True, "partition": 1, "zone": 1, "time": int(time.time() * 1000),
                       "tag": event_id.hex}, separators=(",", ":")), event_id.hex


def main():
    directory, subscriptions_file, count, concurrency = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    with open(subscriptions_file) as file:
        subscriptions = json.load(file)[:count]
    key = Vapid.from_file(f"{directory}/vapid.pem")
    # requests lets these variables override a Session's `verify`; the mock's CA must be the one used.
    for variable in ("REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE"):
        os.environ.pop(variable, None)
    session = requests.Session()
    session.verify = f"{directory}/ca.pem"
    session.mount("https://", requests.adapters.HTTPAdapter(pool_connections=1, pool_maxsize=concurrency))

    def send(subscription, data, tag):
        started = time.perf_counter()
        try:
            webpush(subscription, data, vapid_private_key=key, vapid_claims={"sub": "mailto:bench@example.org"},
                    ttl=3600, headers={"Urgency": "high", "Topic": tag}, requests_session=session, timeout=30)
            return (time.perf_counter() - started) * 1000
        except Exception:  # counted as a failure: the mock answers 201 to every valid request
            return None

    with concurrent.futures.ThreadPoolExecutor(max_workers=concurrency) as pool:
        for _ in range(2):  # the warm-up pass, then the timed one
            data, tag = payload()
            started = time.time()
            latencies = list(pool.map(lambda subscription: send(subscription, data, tag), subscriptions))
    failures = latencies.count(None)
    latencies = sorted(latency for latency in latencies if latency is not None)
    print(json.dumps({"client": "pywebpush", "concurrency": concurrency, "count": count, "started": started,
                      "failures": failures, "p50_ms": latencies[len(latencies) // 2] if latencies else None,
                      "p99_ms": latencies[int(len(latencies) * 0.99)] if latencies else None}))


main()
