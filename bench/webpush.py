"""The Web Push part of `make bench`: howalarming-push against pywebpush on one mock push service.

howalarming-push fans one alarm out to N registered browsers (push.concurrency requests in
flight, HTTP/2 over TLS); pywebpush sends N notifications of the same size to the same
subscriptions with as many threads in flight (requests, HTTP/1.1 over TLS). The browsers are
registered once per N, through registration jobs (register_browsers). The mock is
bench-mock-webpush, started once for both clients; it checks each request's VAPID token.
Both are timed from the start to the mock's last arrival, after a warm-up pass.
"""
import base64
import contextlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

import push

# (requests in flight, notifications), as for APNs.
MEASUREMENTS = ((1, 200), (100, 2000), (1000, 2000))
REGISTRATION_TUBE = "push-registrations"


class MockWebPush(push.MockService):
    """bench-mock-webpush in a temporary directory."""

    def __init__(self, bin_dir):
        super().__init__(bin_dir, "bench-mock-webpush", "webpush.json")

    def refused(self):
        """The number of requests the mock refused (a bad VAPID token, header or body)."""
        self.process.stdin.write("refused\n")
        self.process.stdin.flush()
        return int(self.process.stdout.readline())


def base64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def subscriptions(mock, count):
    """`count` browsers' PushSubscription JSON: endpoints at the mock, a P-256 key and an auth secret each."""
    made = []
    for index in range(count):
        key = ec.generate_private_key(ec.SECP256R1()).public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        made.append({"endpoint": f"{mock.description['endpoint_prefix']}browser-{index}",
                     "keys": {"p256dh": base64url(key), "auth": base64url(os.urandom(16))}})
    return made


def web_push_settings(mock):
    """The push.web_push configuration (a YAML flow mapping) that sends to `mock`."""
    return (f"web_push: {{vapid_key_file: {mock.directory}/vapid.pem, subject: \"mailto:bench@example.org\", "
            f"allow_private_endpoints: true, ca_file: {mock.directory}/ca.pem}}")


def register_browsers(bin_dir, mock, browsers):
    """A push database with `browsers` registered, made once for every round: registration jobs
    put before howalarming-push starts, the database copied once they are all in (registering
    thousands of browsers takes longer than a round)."""
    prepared = os.path.join(mock.directory, f"browsers-{len(browsers)}.sqlite")
    jobs = [json.dumps({"type": "register", "platform": "web", "subscription": browser}) for browser in browsers]
    with push.push_consumers(bin_dir, web_push_settings(mock), 1, 1,
                             lambda _, port: push.put(port, REGISTRATION_TUBE, *jobs)) as (_, database):
        wait_for_devices(database, len(browsers))
        with contextlib.closing(sqlite3.connect(database)) as source, \
                contextlib.closing(sqlite3.connect(prepared)) as copy:
            source.backup(copy)
    return prepared


def web_consumer(bin_dir, mock, prepared, concurrency):
    """howalarming-push starting with the database `prepared` (register_browsers)."""
    return push.push_consumers(bin_dir, web_push_settings(mock), concurrency, 1,
                               lambda config, _: shutil.copy(prepared, os.path.join(os.path.dirname(config), "push.sqlite")))


def wait_for_devices(database, count, timeout=120):
    deadline = time.monotonic() + timeout
    while registered(database) < count:
        if time.monotonic() > deadline:
            raise RuntimeError(f"howalarming-push registered {registered(database)} of {count} browsers")
        time.sleep(0.05)


def registered(database):
    try:
        with contextlib.closing(sqlite3.connect(database)) as connection:
            return connection.execute("SELECT count(*) FROM device WHERE provider = 'webpush'").fetchone()[0]
    except sqlite3.OperationalError:  # not created yet
        return 0


def pywebpush(python, mock, browsers_file, count, concurrency):
    """pywebpush's pass over the subscriptions, timed from its start to the mock's last arrival."""
    before = mock.count()[0]
    process = subprocess.run([python, "bench/peers/pywebpush_bench.py", mock.directory, browsers_file,
                              str(count), str(concurrency)], check=True, capture_output=True, text=True, timeout=600)
    result = json.loads(process.stdout.strip().splitlines()[-1])
    _, _, last = mock.wait_for(before + 2 * count, timeout=60)
    seconds = last - result.pop("started")
    return dict(result, seconds=seconds, per_s=count / seconds)


def run(bin_dir, python, rounds):
    mock = MockWebPush(bin_dir)
    try:
        results = {"fan_out": [], "pywebpush": []}
        for concurrency, count in MEASUREMENTS:
            browsers = subscriptions(mock, count)
            prepared = register_browsers(bin_dir, mock, browsers)
            browsers_file = os.path.join(mock.directory, f"subscriptions-{count}.json")
            with open(browsers_file, "w") as file:
                json.dump(browsers, file)
            ours, theirs = [], []
            for _ in range(rounds):
                # Alternating, so that both clients see the same drift of the machine.
                ours.append(push.fan_out(bin_dir, mock, count, concurrency,
                                         web_consumer(bin_dir, mock, prepared, concurrency)))
                theirs.append(pywebpush(python, mock, browsers_file, count, concurrency))
            results["fan_out"].append(push.median_run(ours))
            results["pywebpush"].append(push.median_run(theirs))
            print(f"  web push {concurrency:5} in flight: howalarming-push {results['fan_out'][-1]['per_s']:8.0f}/s, "
                  f"pywebpush {results['pywebpush'][-1]['per_s']:8.0f}/s (medians of {rounds})", file=sys.stderr)
        refused = mock.refused()
        if refused:
            raise RuntimeError(f"bench-mock-webpush refused {refused} requests")
        return results
    finally:
        mock.close()
