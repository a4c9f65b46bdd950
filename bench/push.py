"""Part 2 of `make bench`: push delivery to one mock APNs over HTTP/2 + TLS.

howalarming-push fans one alarm out to N registered iPhones (push.concurrency requests in
flight); aioapns sends N notifications with the same number in flight; h2load measures what the
mock itself can answer. The mock is bench-mock-apns, started once for every client.
"""
import contextlib
import datetime
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
import uuid

import beanstalkd


class MockService:
    """A mock push service of the benchmarks (bench-mock-apns, bench-mock-webpush) in a temporary
    directory, where it writes its credentials and `description` (a JSON file with its port)."""

    def __init__(self, bin_dir, executable, description):
        self.executable = executable
        self.directory = tempfile.mkdtemp(prefix=f"{executable}-")
        self.process = subprocess.Popen([f"{bin_dir}/{executable}", "--directory", self.directory],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        ready = self.process.stdout.readline().split()
        if not ready or ready[0] != "ready":
            raise RuntimeError(f"{executable} did not start")
        with open(f"{self.directory}/{description}") as file:
            self.description = json.load(file)
        self.port = self.description["port"]

    def count(self):
        """(requests so far, first arrival, last arrival) in Unix seconds."""
        self.process.stdin.write("count\n")
        self.process.stdin.flush()
        count, first, last = self.process.stdout.readline().split()
        return int(count), float(first), float(last)

    def wait_for(self, count, timeout):
        deadline = time.monotonic() + timeout
        while True:
            current = self.count()
            if current[0] >= count:
                return current
            if time.monotonic() > deadline:
                raise RuntimeError(f"{self.executable} got {current[0]} of {count} requests")
            time.sleep(0.005)

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=15)
        shutil.rmtree(self.directory, ignore_errors=True)


class MockAPNs(MockService):
    """bench-mock-apns in a temporary directory."""

    def __init__(self, bin_dir):
        super().__init__(bin_dir, "bench-mock-apns", "apns.json")


# The push consumer processes on one tube the scaling measurement runs.
SCALING_PROCESSES = (1, 2, 3, 4)


def alarm_event():
    return json.dumps({"type": "alarm", "code": "601", "message": "Zone alarm: Front door",
                       "timestamp": int(time.time()), "id": str(uuid.uuid4()), "source": "bench",
                       "sequence": 1, "partition": 1, "zone": 1})


def put(port, tube, *bodies):
    import socket
    with socket.create_connection(("127.0.0.1", port)) as connection:
        reader = connection.makefile("rb")
        connection.sendall(f"use {tube}\r\n".encode())
        reader.readline()
        for body in bodies:
            data = body.encode()
            connection.sendall(b"put 0 0 60 %d\r\n%s\r\n" % (len(data), data))
            reader.readline()


def apns_settings(mock):
    """The push.apns configuration (a YAML flow mapping) that sends to `mock`."""
    return (f"{{key_file: {mock.directory}/AuthKey.p8, key_id: {mock.description['key_id']}, "
            f"team_id: {mock.description['team_id']}, topic: {mock.description['topic']}, "
            f"endpoint: \"https://127.0.0.1:{mock.port}\", ca_file: {mock.directory}/ca.pem}}")


def import_iphones(bin_dir, config, count):
    """Registers `count` iPhones in the push database of `config` (howalarming-push devices import)."""
    tokens = os.path.join(os.path.dirname(config), "tokens.txt")
    with open(tokens, "w") as file:
        file.writelines(f"{index:064x}\n" for index in range(1, count + 1))
    subprocess.run([f"{bin_dir}/howalarming-push", "devices", "import", tokens, "--platform", "ios",
                    "--config", config], check=True, stdout=subprocess.DEVNULL)


@contextlib.contextmanager
def push_consumer(bin_dir, mock, devices, concurrency, processes=1):
    """howalarming-push processes on one tube with `devices` registered iPhones; yields beanstalkd's port."""
    with push_consumers(bin_dir, f"apns: {apns_settings(mock)}", concurrency, processes,
                        lambda config, _: import_iphones(bin_dir, config, devices)) as running:
        yield running


@contextlib.contextmanager
def push_consumers(bin_dir, provider, concurrency, processes, register):
    """howalarming-push processes on one tube sending through `provider` (a line of push
    settings), after `register(config, beanstalkd port)`; yields beanstalkd's port and the database.
    They are stopped with SIGTERM."""
    with tempfile.TemporaryDirectory(prefix="bench-push-") as directory, beanstalkd.running() as port:
        config = os.path.join(directory, "config.yaml")
        with open(config, "w") as file:
            file.write(f"""
beanstalkd: {{host: 127.0.0.1, port: {port}, tubes: {{commands: [commands], events: [push]}}}}
push:
  database: {directory}/push.sqlite
  concurrency: {concurrency}
  request_timeout: 30
  {provider}
""")
        register(config, port)
        consumers = [subprocess.Popen([f"{bin_dir}/howalarming-push", "--config", config],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for _ in range(processes)]
        try:
            deadline = time.monotonic() + 30
            while beanstalkd.tube_watchers(port, "push") < processes:
                if time.monotonic() > deadline:
                    raise RuntimeError("howalarming-push did not start")
                time.sleep(0.01)
            yield port, f"{directory}/push.sqlite"
        finally:
            for consumer in consumers:
                consumer.terminate()
            for consumer in consumers:
                consumer.wait(timeout=30)


def fan_out(bin_dir, mock, devices, concurrency, consumer=None):
    """One alarm to `devices` iPhones (or the devices `consumer` registered), after a warm-up
    alarm: seconds until the last request arrived."""
    with consumer or push_consumer(bin_dir, mock, devices, concurrency) as (port, database):
        results = []
        for warm in (False, True):
            before = mock.count()[0]
            event = alarm_event()
            started = time.time()
            put(port, "push", event)
            _, _, last = mock.wait_for(before + devices, timeout=300)
            results.append(last - started)
        event_id = json.loads(event)["id"]
        with sqlite3.connect(database) as connection:
            latencies = sorted(row[0] for row in connection.execute(
                "SELECT latency_ms FROM delivery WHERE event_id = ? AND status = 'delivered'", (event_id,)))
        return {"client": "howalarming-push", "devices": devices, "concurrency": concurrency,
                "cold_seconds": results[0], "seconds": results[1], "per_s": devices / results[1],
                "p50_ms": latencies[len(latencies) // 2] if latencies else None,
                "p99_ms": latencies[int(len(latencies) * 0.99)] if latencies else None}


def scaling(bin_dir, mock, processes, events, devices):
    """`events` alarms to `devices` iPhones each, put at once, through `processes` consumers on one
    tube: the rate, and each alarm's latency from its put to the last of its deliveries recorded."""
    with push_consumer(bin_dir, mock, devices, 100, processes) as (port, database):
        before = mock.count()[0]
        started = time.time()
        put_at = {}
        for _ in range(events):
            event = alarm_event()
            put_at[json.loads(event)["id"]] = time.time()
            put(port, "push", event)
        _, _, last = mock.wait_for(before + events * devices, timeout=300)
        seconds = last - started
        latencies = sorted((recorded - put_at[event_id]) * 1000
                           for event_id, recorded in last_recorded(database, events * devices))
        return {"processes": processes, "events": events, "devices": devices, "seconds": seconds,
                "per_s": events * devices / seconds, "p50_ms": latencies[len(latencies) // 2],
                "max_ms": latencies[-1]}


def last_recorded(database, deliveries, timeout=30):
    """(event id, Unix time its last delivery was recorded) per event, once all `deliveries` are."""
    deadline = time.monotonic() + timeout
    with contextlib.closing(sqlite3.connect(database)) as connection:
        while connection.execute("SELECT count(*) FROM delivery WHERE status = 'delivered'").fetchone()[0] < deliveries:
            if time.monotonic() > deadline:
                raise RuntimeError(f"the ledger did not record {deliveries} deliveries")
            time.sleep(0.01)
        rows = connection.execute("SELECT event_id, max(at) FROM delivery GROUP BY event_id").fetchall()
    return [(event_id, datetime.datetime.strptime(at, "%Y-%m-%d %H:%M:%S.%f")
             .replace(tzinfo=datetime.timezone.utc).timestamp()) for event_id, at in rows]


def aioapns(python, mock, count, concurrency):
    output = subprocess.run([python, "bench/peers/aioapns_bench.py", mock.directory, str(count), str(concurrency)],
                            check=True, capture_output=True, text=True, timeout=600).stdout
    return json.loads(output.strip().splitlines()[-1])


def h2load_ceiling(mock, count, streams):
    """What the mock answers per second, driven by h2load with a valid provider token."""
    token = subprocess.run(
        [sys.executable, "-c", "import jwt,sys,time;print(jwt.encode({'iss':sys.argv[2],'iat':int(time.time())},"
         "open(sys.argv[1]).read(),algorithm='ES256',headers={'kid':sys.argv[3]}))",
         f"{mock.directory}/AuthKey.p8", mock.description["team_id"], mock.description["key_id"]],
        check=True, capture_output=True, text=True).stdout.strip()
    body = os.path.join(mock.directory, "body.json")
    with open(body, "w") as file:
        file.write('{"aps":{"alert":{"title":"Alarm","body":"Zone alarm"}}}')
    output = subprocess.run(
        ["h2load", "-n", str(count), "-c", "1", "-m", str(streams), "-d", body,
         "-H", f"authorization: bearer {token}", "-H", f"apns-topic: {mock.description['topic']}",
         "-H", "apns-push-type: alert", f"https://127.0.0.1:{mock.port}/3/device/{1:064x}"],
        check=True, capture_output=True, text=True, timeout=300).stdout
    line = next(line for line in output.splitlines() if line.startswith("finished in"))
    succeeded = next(line for line in output.splitlines() if line.startswith("status codes:"))
    return {"client": "h2load", "streams": streams, "count": count,
            "per_s": float(line.split(",")[1].split()[0]), "status": succeeded.strip()}


def median_run(runs):
    """The run with the median rate (its latencies belong to it), with every run's rate kept."""
    ordered = sorted(runs, key=lambda run: run["per_s"])
    return dict(ordered[len(ordered) // 2], runs_per_s=[run["per_s"] for run in runs])


def run(bin_dir, python, full, rounds):
    mock = MockAPNs(bin_dir)
    try:
        results = {"fan_out": [], "aioapns": [], "h2load": [], "scaling": []}
        for concurrency in (1, 100, 1000):
            count = 200 if concurrency == 1 else 2000
            ours, theirs = [], []
            for _ in range(rounds):
                # Alternating, so that both clients see the same drift of the machine.
                ours.append(fan_out(bin_dir, mock, count, concurrency))
                theirs.append(aioapns(python, mock, count, concurrency))
            results["fan_out"].append(median_run(ours))
            results["aioapns"].append(median_run(theirs))
            print(f"  push {concurrency:5} in flight: howalarming-push {results['fan_out'][-1]['per_s']:8.0f}/s, "
                  f"aioapns {results['aioapns'][-1]['per_s']:8.0f}/s (medians of {rounds})", file=sys.stderr)
        for devices in (1000, 10000):
            results["fan_out"].append(fan_out(bin_dir, mock, devices, 500))
            print(f"  push fan-out to {devices}: {results['fan_out'][-1]['seconds']:.2f} s", file=sys.stderr)
        for streams in (1, 100):
            results["h2load"].append(h2load_ceiling(mock, 20000 if full else 5000, streams))
        for processes in SCALING_PROCESSES:
            for devices, events in ((1, 200), (1000, 4), (10000, 1)):
                results["scaling"].append(scaling(bin_dir, mock, processes, events, devices))
        return results
    finally:
        mock.close()
