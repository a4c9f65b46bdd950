"""Part of `make bench`: what the TPI proxy adds between the panel and its clients.

The simulated panel sends zone 1 open and close (609/610), one at a time, from just after its
control port is told to. First a TPI client logged in to the simulator itself (as it would be to
an EVL) notes each frame's arrival: the baseline. Then howalarming-envisalink is the simulator's
client, with its proxy on, and a process of its own notes when the integrator's event for each
frame is reserved from its beanstalkd tube. Blocks of frames are measured in turn, their order
turned by one each round so that the box's drift falls on each alike: with no proxy client; 1
and 8 clients logged in to the proxy, noting each frame's arrival (with 8, the last of them; the
added latency is the proxied p99 less the baseline's); 8 clients that stay logged in and read
nothing (their frames wait in their sockets' buffers: what the 8 clients cost the integrator,
without what reading them costs on the same cores). The integrator's own event latency must not
change with them. One thread with one selector reads every TPI client (threads would queue for
Python's interpreter lock and measure that), noting one time for everything one select finds
ready; all times are perf_counter, the system's monotonic clock, comparable between processes.
"""
import json
import os
import selectors
import socket
import subprocess
import sys
import tempfile
import threading
import time

import beanstalkd
import footprint
import latency

ZONE = 1
CLIENT_PASSWORD = "bench1"
ADDED_TARGET_MS = 1.0
ARRIVAL_TIMEOUT_S = 10


def checksum(text):
    return f"{sum(text.encode()) & 0xFF:02X}"


class Watchers(threading.Thread):
    """One thread, one selector, for every watched connection, so that the watchers do not queue
    for Python's interpreter lock: TPI clients (logged in before they are added) and a raw
    beanstalkd connection reserving from the integrator's event tube. Each notes when a frame or
    event of ZONE arrives (`609001`, `610001`)."""

    def __init__(self):
        super().__init__(daemon=True)
        self.selector = selectors.DefaultSelector()
        self.arrivals = {}  # watcher name -> [(frame, perf_counter)]
        self.condition = threading.Condition()
        self.lock = threading.Lock()
        self.stopping = False
        wake_reader, self.wake_writer = socket.socketpair()
        self.selector.register(wake_reader, selectors.EVENT_READ, None)
        self.start()

    def add_tpi_client(self, name, port, password):
        connection = logged_in_tpi_client(port, password)
        self._register(name, connection, self._tpi_lines)
        return connection

    def add_event_tube(self, name, port, tube):
        """The events reserved from `tube`, by a process of their own (`event_watcher`): here
        they would wait while this thread reads the TPI clients' frames that came with them. Its
        lines carry its own arrival times (perf_counter is the system's monotonic clock)."""
        process = subprocess.Popen([sys.executable, __file__, "--watch-events", str(port), tube],
                                   stdout=subprocess.PIPE, bufsize=0)
        if process.stdout.readline().strip() != b"watching":
            raise RuntimeError(f"the event watcher did not watch {tube}")
        self._register(name, process.stdout, self._stamped_lines)
        return process

    def _register(self, name, connection, parse):
        with self.condition:
            self.arrivals[name] = []
        with self.lock:
            self.selector.register(connection, selectors.EVENT_READ, (name, parse, bytearray()))
        self.wake_writer.send(b"x")

    def remove(self, connection):
        with self.lock:
            self.selector.unregister(connection)
        connection.close()

    def run(self):
        while not self.stopping:
            ready = self.selector.select()
            # One time for everything that one select found ready: it had all arrived by then, and
            # a connection read later in the batch is not charged for the reading of those before it.
            arrived = time.perf_counter()
            batch = []
            for key, _ in ready:
                if key.data is None:
                    key.fileobj.recv(64)
                    continue
                name, parse, buffer = key.data
                data = os.read(key.fileobj.fileno(), 65536)
                if not data:
                    with self.lock:
                        self.selector.unregister(key.fileobj)
                    continue
                buffer += data
                batch += [(name, frame if isinstance(frame, tuple) else (frame, arrived))
                          for frame in parse(key.fileobj, buffer)]
            if batch:
                # One wake-up of the measuring thread per batch, not one per connection.
                with self.condition:
                    for name, stamped in batch:
                        self.arrivals[name].append(stamped)
                    self.condition.notify_all()

    @staticmethod
    def _tpi_lines(_, buffer):
        frames = []
        while (end := buffer.find(b"\r\n")) >= 0:
            frame = bytes(buffer[:end - 2]).decode(errors="replace")
            del buffer[:end + 2]
            if frame in (f"609{ZONE:03d}", f"610{ZONE:03d}"):
                frames.append(frame)
        return frames

    @staticmethod
    def _stamped_lines(_, buffer):
        frames = []
        while (end := buffer.find(b"\n")) >= 0:
            frame, arrived = bytes(buffer[:end]).decode().split()
            del buffer[:end + 1]
            frames.append((frame, float(arrived)))
        return frames

    def mark(self, name):
        with self.condition:
            return len(self.arrivals[name])

    def arrival(self, name, mark, frame):
        def found():
            return next((arrived for seen, arrived in self.arrivals[name][mark:] if seen == frame), None)
        with self.condition:
            self.condition.wait_for(lambda: found() is not None, ARRIVAL_TIMEOUT_S)
            return found()


def logged_in_tpi_client(port, password):
    """A TPI connection to `port`, logged in with `password`."""
    connection = socket.create_connection(("127.0.0.1", port))
    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    if _read_line(connection).strip() != b"5053CD":
        raise RuntimeError(f"no password request from port {port}")
    connection.sendall(f"005{password}{checksum('005' + password)}\r\n".encode())
    answers = [_read_line(connection).strip(), _read_line(connection).strip()]
    if answers != [b"5000052A", b"5051CB"]:
        raise RuntimeError(f"login to port {port} refused: {answers}")
    return connection


def _read_line(connection):
    line = b""
    while not line.endswith(b"\r\n"):
        byte = connection.recv(1)
        if not byte:
            raise ConnectionError("closed by the server")
        line += byte
    return line


def latencies(control, watchers, clients, events, count):
    """Zone 1 opened and closed `count` times: per frame, ms from the control command to its
    arrival at the last of the TPI clients named `clients`, and at the event tube `events`."""
    connection, reader = control
    names = clients + ([events] if events else [])
    to_clients, to_queue = [], []
    for index in range(count):
        frame = f"{'609' if index % 2 == 0 else '610'}{ZONE:03d}"
        marks = {name: watchers.mark(name) for name in names}
        started = time.perf_counter()
        connection.sendall(f"send {frame}\r\n".encode())
        reader.readline()
        arrivals = {name: watchers.arrival(name, marks[name], frame) for name in names}
        if None in arrivals.values():
            raise RuntimeError(f"frame {frame} did not arrive within {ARRIVAL_TIMEOUT_S} s")
        if clients:
            to_clients.append((max(arrivals[name] for name in clients) - started) * 1000)
        if events:
            to_queue.append((arrivals[events] - started) * 1000)
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


ROUNDS, FULL_ROUNDS = 6, 20
BLOCK = 100
WARM_UP = 5
# What is connected to the proxy while a block of frames is measured.
CONDITIONS = ("alone", "one", "eight", "eight_unread")


def run(bin_dir, full):
    rounds = FULL_ROUNDS if full else ROUNDS
    panel = latency.Panel(bin_dir)
    watchers = Watchers()
    results = {}
    try:
        # The baseline: a client of the simulator itself.
        direct = watchers.add_tpi_client("direct", panel.port, footprint.PANEL_PASSWORD)
        control = panel.control()
        with control[0]:
            latencies(control, watchers, ["direct"], None, 20)  # warm-up
            results["direct"] = latency.summary(latencies(control, watchers, ["direct"], None, rounds * BLOCK)[0])
        watchers.remove(direct)
        with tempfile.TemporaryDirectory(prefix="bench-tpi-proxy-") as directory, beanstalkd.running() as port:
            proxy_port = beanstalkd.free_port()
            process = subprocess.Popen(
                [f"{bin_dir}/howalarming-envisalink", "--config", integrator_config(directory, port, panel.port, proxy_port)],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                footprint.wait_for(lambda: _logs_in(proxy_port), 30, "the proxy")
                event_watcher_process = watchers.add_event_tube("events", port, "bench")
                control = panel.control()
                with control[0]:
                    latencies(control, watchers, [], "events", 20)  # warm-up
                    results.update(interleaved(control, watchers, proxy_port, rounds))
                event_watcher_process.terminate()
                event_watcher_process.wait(timeout=15)
            finally:
                process.terminate()
                process.wait(timeout=15)
    finally:
        panel.close()
    for name, summary in results.items():
        print(f"  tpi proxy {name}: p50 {summary['p50_ms']:.2f} ms, p99 {summary['p99_ms']:.2f} ms", file=sys.stderr)
    return results


def interleaved(control, watchers, proxy_port, rounds):
    """`rounds` rounds of one block of BLOCK frames per condition, the conditions' order turned by
    one each round, so that the box's drift over the minutes of the run falls on every condition
    alike: with no proxy client; 1 client; 8; 8 that stay logged in and read nothing while the
    events are measured (their frames wait in their sockets' buffers: what the 8 clients cost the
    integrator, without what reading them costs this process on the same cores)."""
    samples = {name: [] for name in ("events_alone", "proxied_1", "events_with_1", "proxied_8", "events_with_8",
                                     "events_with_8_unread")}
    blocks = {name: [] for name in samples}
    for round_index in range(rounds):
        turn = round_index % len(CONDITIONS)
        for condition in CONDITIONS[turn:] + CONDITIONS[:turn]:
            measured = block(condition, control, watchers, proxy_port)
            for name, values in measured.items():
                samples[name] += values
                blocks[name].append(latency.summary(values)["p50_ms"])
    results = {}
    for name, values in samples.items():
        results[name] = latency.summary(values) | {"block_p50_ms": [min(blocks[name]), max(blocks[name])]}
    return results


def block(condition, control, watchers, proxy_port):
    """BLOCK frames measured with `condition`'s clients logged in: latencies by result name."""
    readers = {"alone": 0, "one": 1, "eight": 8, "eight_unread": 0}[condition]
    names = [f"proxied {index}" for index in range(readers)]
    connections = [watchers.add_tpi_client(name, proxy_port, CLIENT_PASSWORD) for name in names]
    unread = [logged_in_tpi_client(proxy_port, CLIENT_PASSWORD) for _ in range(8 if condition == "eight_unread" else 0)]
    try:
        latencies(control, watchers, names, "events", WARM_UP)
        to_clients, to_queue = latencies(control, watchers, names, "events", BLOCK)
    finally:
        for connection in connections:
            watchers.remove(connection)
        for connection in unread:
            connection.close()
    if condition == "alone":
        return {"events_alone": to_queue}
    if condition == "eight_unread":
        return {"events_with_8_unread": to_queue}
    return {f"proxied_{readers}": to_clients, f"events_with_{readers}": to_queue}


def _logs_in(port):
    """Whether a client can log in to the proxy (the integrator's own login is through)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2) as connection:
            if _read_line(connection).strip() != b"5053CD":
                return False
            connection.sendall(f"005{CLIENT_PASSWORD}{checksum('005' + CLIENT_PASSWORD)}\r\n".encode())
            return [_read_line(connection).strip(), _read_line(connection).strip()] == [b"5000052A", b"5051CB"]
    except OSError:
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
    lines += ["", "| the integrator's own events on beanstalkd | frames | p50 | p99 | max | blocks' p50 |",
              "|---|---|---|---|---|---|"]
    for name, label in (("events_alone", "no proxy client"), ("events_with_1", "1 proxy client"),
                        ("events_with_8", "8 proxy clients"),
                        ("events_with_8_unread", "8 proxy clients, read by nobody during the measurement")):
        summary = results[name]
        low, high = summary["block_p50_ms"]
        lines.append(f"| {label} | {summary['count']} | {summary['p50_ms']:.2f} ms | {summary['p99_ms']:.2f} ms "
                     f"| {summary['max_ms']:.2f} ms | {low:.2f}–{high:.2f} ms |")
    return lines


def event_watcher(port, tube):
    """`--watch-events PORT TUBE`: reserves every event from `tube` and writes a line per event
    of ZONE: its frame (`609001`) and its arrival time, stamped as its job's answer is read."""
    connection = socket.create_connection(("127.0.0.1", port))
    connection.sendall(f"watch {tube}\r\nignore default\r\n".encode())
    for expected in (b"WATCHING 2", b"WATCHING 1"):
        if not _read_line(connection).startswith(expected):
            raise RuntimeError(f"beanstalkd did not watch {tube}")
    print("watching", flush=True)
    connection.sendall(b"reserve\r\n")
    buffer = bytearray()
    while data := connection.recv(65536):
        arrived = time.perf_counter()
        buffer += data
        while (end := buffer.find(b"\r\n")) >= 0:
            header = bytes(buffer[:end]).split()
            if header == [b"DELETED"]:
                del buffer[:end + 2]
                continue
            if header[0] != b"RESERVED":
                raise RuntimeError(f"beanstalkd answered {header}")
            size = int(header[2])
            if len(buffer) < end + 2 + size + 2:
                break
            event = json.loads(bytes(buffer[end + 2:end + 2 + size]))
            del buffer[:end + 2 + size + 2]
            # Deleted without waiting for DELETED: the next reserve's answer follows it.
            connection.sendall(f"delete {int(header[1])}\r\nreserve\r\n".encode())
            if event.get("zone") == ZONE:
                print(f"{event['code']}{ZONE:03d} {arrived!r}", flush=True)


if __name__ == "__main__" and "--watch-events" in sys.argv:
    event_watcher(int(sys.argv[2]), sys.argv[3])
elif __name__ == "__main__":
    outcome = run(sys.argv[1], "--full" in sys.argv)
    print(json.dumps(outcome, indent=1))
    print("\n".join(table(outcome)))
