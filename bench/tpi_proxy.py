"""Part of `make bench`: what the TPI proxy adds between the panel and its clients.

The simulated panel sends zone 1 open and close (609/610), one at a time, from just after its
control port is told to. First a TPI client logged in to the simulator itself (as it would be to
an EVL) notes each frame's arrival: the baseline. Then howalarming-envisalink is the simulator's
client, with its proxy on, and 1 and then 8 clients logged in to the proxy note each frame's
arrival (with 8, the last of them); the added latency is the proxied p99 less the baseline's.
Meanwhile a greenstalk consumer notes when the integrator's event for the same frame is ready on
its tube, with no proxy client and with 8: the integrator's own event latency must not change.
All times are this process's perf_counter.
"""
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time

import greenstalk

import beanstalkd
import footprint
import latency

ZONE = 1
CLIENT_PASSWORD = "bench1"
ADDED_TARGET_MS = 1.0
ARRIVAL_TIMEOUT_S = 10


def checksum(text):
    return f"{sum(text.encode()) & 0xFF:02X}"


class TPIClient(threading.Thread):
    """A TPI client that logs in with `password` and notes when each frame of ZONE arrives."""

    def __init__(self, port, password):
        super().__init__(daemon=True)
        self.arrivals = []  # (frame without checksum, perf_counter)
        self.condition = threading.Condition()
        self.socket = socket.create_connection(("127.0.0.1", port))
        self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.reader = self.socket.makefile("rb")
        if self.reader.readline().strip() != b"5053CD":
            raise RuntimeError(f"no password request from port {port}")
        self.socket.sendall(f"005{password}{checksum('005' + password)}\r\n".encode())
        answers = [self.reader.readline().strip(), self.reader.readline().strip()]
        if answers != [b"5000052A", b"5051CB"]:
            raise RuntimeError(f"login to port {port} refused: {answers}")
        self.start()

    def run(self):
        try:
            self._read()
        except (OSError, ValueError):
            pass  # closed

    def _read(self):
        for line in self.reader:
            arrived = time.perf_counter()
            frame = line.strip()[:-2].decode(errors="replace")
            if frame in (f"609{ZONE:03d}", f"610{ZONE:03d}"):
                with self.condition:
                    self.arrivals.append((frame, arrived))
                    self.condition.notify_all()

    def mark(self):
        with self.condition:
            return len(self.arrivals)

    def arrival(self, mark, frame):
        def found():
            return next((arrived for seen, arrived in self.arrivals[mark:] if seen == frame), None)
        with self.condition:
            self.condition.wait_for(lambda: found() is not None, ARRIVAL_TIMEOUT_S)
            return found()

    def close(self):
        self.socket.close()


class EventWatcher(threading.Thread):
    """greenstalk on the integrator's event tube: when each event of ZONE is ready."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.arrivals, self.condition, self.stopping = [], threading.Condition(), threading.Event()
        self.client = greenstalk.Client(("127.0.0.1", port), watch="bench")
        self.start()

    def run(self):
        while not self.stopping.is_set():
            try:
                job = self.client.reserve(timeout=1)
            except greenstalk.TimedOutError:
                continue
            arrived = time.perf_counter()
            event = json.loads(job.body)
            self.client.delete(job)
            if event.get("zone") == ZONE:
                with self.condition:
                    self.arrivals.append((event["code"] + f"{ZONE:03d}", arrived))
                    self.condition.notify_all()

    mark, arrival = TPIClient.mark, TPIClient.arrival

    def close(self):
        self.stopping.set()
        self.join(timeout=5)


def latencies(control, watchers, count):
    """Zone 1 opened and closed `count` times: per frame, ms from the control command to the
    arrival at the last of `watchers` that is a TPIClient, and at the EventWatcher if any."""
    connection, reader = control
    clients = [watcher for watcher in watchers if isinstance(watcher, TPIClient)]
    events = [watcher for watcher in watchers if isinstance(watcher, EventWatcher)]
    to_clients, to_queue = [], []
    for index in range(count):
        frame = f"{'609' if index % 2 == 0 else '610'}{ZONE:03d}"
        marks = [watcher.mark() for watcher in watchers]
        started = time.perf_counter()
        connection.sendall(f"send {frame}\r\n".encode())
        reader.readline()
        arrivals = [watcher.arrival(mark, frame) for watcher, mark in zip(watchers, marks)]
        if None in arrivals:
            raise RuntimeError(f"frame {frame} did not arrive within {ARRIVAL_TIMEOUT_S} s")
        by_watcher = dict(zip(map(id, watchers), arrivals))
        if clients:
            to_clients.append((max(by_watcher[id(client)] for client in clients) - started) * 1000)
        if events:
            to_queue.append((by_watcher[id(events[0])] - started) * 1000)
        time.sleep(0.01)
    return to_clients, to_queue


def integrator_config(directory, port, panel_port, proxy_port):
    path = os.path.join(directory, "integrator.yaml")
    with open(path, "w") as file:
        file.write(f"""
beanstalkd: {{host: 127.0.0.1, port: {port}, tubes: {{commands: [commands], events: [bench]}}}}
envisalinkd:
  host: 127.0.0.1
  port: {panel_port}
  password: {footprint.PANEL_PASSWORD}
  spool: {directory}/spool.jsonl
  sequence_file: {directory}/sequence
  proxy:
    listen: 127.0.0.1:{proxy_port}
    clients: {{bench: {{password: {CLIENT_PASSWORD}, connections: 8}}}}
""")
    return path


def run(bin_dir, full):
    count = 1000 if full else 300
    panel = latency.Panel(bin_dir)
    results = {}
    try:
        # The baseline: a client of the simulator itself.
        direct = TPIClient(panel.port, footprint.PANEL_PASSWORD)
        control = panel.control()
        with control[0]:
            latencies(control, [direct], 20)  # warm-up
            results["direct"] = latency.summary(latencies(control, [direct], count)[0])
        direct.close()
        time.sleep(0.5)  # the simulator takes one client: let it see this one go
        with tempfile.TemporaryDirectory(prefix="bench-tpi-proxy-") as directory, beanstalkd.running() as port:
            proxy_port = beanstalkd.free_port()
            process = subprocess.Popen(
                [f"{bin_dir}/howalarming-envisalink", "--config", integrator_config(directory, port, panel.port, proxy_port)],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                footprint.wait_for(lambda: footprint._accepts(proxy_port) and _logs_in(proxy_port), 30, "the proxy")
                events = EventWatcher(port)
                control = panel.control()
                with control[0]:
                    latencies(control, [events], 20)  # warm-up
                    results["events_alone"] = latency.summary(latencies(control, [events], count)[1])
                    for clients in (1, 8):
                        proxied = [TPIClient(proxy_port, CLIENT_PASSWORD) for _ in range(clients)]
                        latencies(control, proxied + [events], 20)  # warm-up
                        to_clients, to_queue = latencies(control, proxied + [events], count)
                        results[f"proxied_{clients}"] = latency.summary(to_clients)
                        results[f"events_with_{clients}"] = latency.summary(to_queue)
                        for client in proxied:
                            client.close()
                        time.sleep(0.2)
                events.close()
            finally:
                process.terminate()
                process.wait(timeout=15)
    finally:
        panel.close()
    for name, summary in results.items():
        print(f"  tpi proxy {name}: p50 {summary['p50_ms']:.2f} ms, p99 {summary['p99_ms']:.2f} ms", file=sys.stderr)
    return results


def _logs_in(port):
    """Whether a client can log in to the proxy (the integrator's own login is through)."""
    try:
        TPIClient(port, CLIENT_PASSWORD).close()
        return True
    except (OSError, RuntimeError):
        return False


def table(results):
    direct = results["direct"]
    lines = ["\n### Panel → TPI proxy clients (simulated panel → howalarming-envisalink → its proxy → TPI clients)\n",
             "| path | frames | p50 | p99 | max | added p99 | target |", "|---|---|---|---|---|---|---|",
             f"| a client of the panel itself (baseline) | {direct['count']} | {direct['p50_ms']:.2f} ms "
             f"| {direct['p99_ms']:.2f} ms | {direct['max_ms']:.2f} ms | — | |"]
    for clients in (1, 8):
        proxied = results[f"proxied_{clients}"]
        added = proxied["p99_ms"] - direct["p99_ms"]
        verdict = "met" if added <= ADDED_TARGET_MS else "**not met**"
        lines.append(f"| {clients} proxy client{'s, the last of them' if clients > 1 else ''} | {proxied['count']} "
                     f"| {proxied['p50_ms']:.2f} ms | {proxied['p99_ms']:.2f} ms | {proxied['max_ms']:.2f} ms "
                     f"| {added:+.2f} ms | ≤ {ADDED_TARGET_MS:.0f} ms: {verdict} |")
    lines += ["", "| the integrator's own events on beanstalkd | frames | p50 | p99 | max |", "|---|---|---|---|---|"]
    for name, label in (("events_alone", "no proxy client"), ("events_with_1", "1 proxy client"),
                        ("events_with_8", "8 proxy clients")):
        summary = results[name]
        lines.append(f"| {label} | {summary['count']} | {summary['p50_ms']:.2f} ms | {summary['p99_ms']:.2f} ms "
                     f"| {summary['max_ms']:.2f} ms |")
    return lines


if __name__ == "__main__":
    outcome = run(sys.argv[1], "--full" in sys.argv)
    print(json.dumps(outcome, indent=1))
    print("\n".join(table(outcome)))
