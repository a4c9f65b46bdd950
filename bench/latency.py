"""Part 3 of `make bench`: end-to-end alarm latency.

A zone alarm (TPI 601) is sent at the simulated panel; the integrator turns it into an event on
beanstalkd, howalarming-push reserves it and sends the notification to the mock APNs. The latency
is from just before the simulator's control port is told to send the alarm to the mock's arrival
time of the request (both wall clocks of this machine). Measured idle, and while a second control
connection has the panel send zone open/restore messages (609/610) at a steady rate: events the
integrator publishes and the push consumer reads and acknowledges without a notification.
"""
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time

import footprint
import push


class Panel:
    """envisalink-simulator and a connection to its control port."""

    def __init__(self, bin_dir):
        self.port, self.control_port = push.beanstalkd.free_port(), push.beanstalkd.free_port()
        self.process = subprocess.Popen(
            [f"{bin_dir}/envisalink-simulator", "--port", str(self.port), "--control-port", str(self.control_port),
             "--password", footprint.PANEL_PASSWORD, "--no-stdin-control"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        footprint.wait_for(lambda: footprint._accepts(self.control_port), 10, "the simulator")

    def control(self):
        """A new control connection: (socket, reader)."""
        return control_connection(self.control_port)

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=15)


def control_connection(control_port):
    """A new connection to a simulator's control port: (socket, reader)."""
    connection = socket.create_connection(("127.0.0.1", control_port))
    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return connection, connection.makefile("rb")


class Load(threading.Thread):
    """Zone open/restore messages at `rate` per second, in 10 ms slots, until stopped."""

    def __init__(self, panel, rate):
        super().__init__(daemon=True)
        self.panel, self.rate = panel, rate
        self.stopping = threading.Event()
        self.sent, self.seconds = 0, 0.0

    def run(self):
        connection, reader = self.panel.control()
        per_slot = max(1, self.rate // 100)
        started = time.monotonic()
        with connection:
            while not self.stopping.is_set():
                for _ in range(per_slot):
                    zone = self.sent % 32 + 2  # zones 2-33: the alarms use zone 1
                    code = "609" if (self.sent // 32) % 2 == 0 else "610"
                    connection.sendall(f"send {code}{zone:03d}\r\n".encode())
                    reader.readline()
                    self.sent += 1
                next_slot = started + self.sent / self.rate
                time.sleep(max(0.0, next_slot - time.monotonic()))
        self.seconds = time.monotonic() - started

    def stop(self):
        self.stopping.set()
        self.join(timeout=10)


def integrator(bin_dir, port, panel, directory):
    """howalarming-envisalink publishing to the push tube only; returns the process once it is ready."""
    path = os.path.join(directory, "integrator.yaml")
    with open(path, "w") as file:
        file.write(f"""
beanstalkd: {{host: 127.0.0.1, port: {port}, tubes: {{commands: [commands], events: [push]}}}}
envisalinkd: {{host: 127.0.0.1, port: {panel.port}, password: {footprint.PANEL_PASSWORD}, code_master: "1234",
  spool: {directory}/spool.jsonl, sequence_file: {directory}/sequence}}
""")
    process = subprocess.Popen([f"{bin_dir}/howalarming-envisalink", "--config", path],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    footprint.wait_for(lambda: push.beanstalkd.tube_watchers(port, "commands") > 0, 30, "the integrator")
    return process


def alarm_latencies(mock, panel, count):
    """`count` zone alarms one after the other: milliseconds from the panel to the mock APNs each."""
    connection, reader = panel.control()
    latencies = []
    with connection:
        for _ in range(count):
            before = mock.count()[0]
            started = time.time()
            connection.sendall(b"send 6011001\r\n")
            reader.readline()
            _, _, arrived = mock.wait_for(before + 1, timeout=30)
            latencies.append((arrived - started) * 1000)
            time.sleep(0.01)
    return latencies


def summary(latencies):
    ordered = sorted(latencies)
    return {"count": len(ordered), "p50_ms": ordered[len(ordered) // 2],
            "p99_ms": ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], "max_ms": ordered[-1]}


def run(bin_dir, full, load_rate=1000):
    count = 1000 if full else 200
    mock = push.MockAPNs(bin_dir)
    panel = Panel(bin_dir)
    try:
        with tempfile.TemporaryDirectory(prefix="bench-latency-") as directory, \
                push.push_consumer(bin_dir, mock, 1, 100) as (port, _):
            process = integrator(bin_dir, port, panel, directory)
            try:
                alarm_latencies(mock, panel, 5)  # warm-up: connections, the provider token
                idle = summary(alarm_latencies(mock, panel, count))
                idle["load_per_s"] = 0
                print(f"  end-to-end idle: p50 {idle['p50_ms']:.1f} ms, p99 {idle['p99_ms']:.1f} ms", file=sys.stderr)
                events_before = footprint.tube_total(port, "push", "total-jobs")
                load = Load(panel, load_rate)
                load.start()
                time.sleep(1)
                loaded = summary(alarm_latencies(mock, panel, count))
                load.stop()
                events = footprint.tube_total(port, "push", "total-jobs") - events_before - count
                loaded["load_per_s"] = events / load.seconds if load.seconds else 0
                print(f"  end-to-end at {loaded['load_per_s']:.0f} events/s: p50 {loaded['p50_ms']:.1f} ms, "
                      f"p99 {loaded['p99_ms']:.1f} ms", file=sys.stderr)
                return [idle, loaded]
            finally:
                process.terminate()
                process.wait(timeout=15)
    finally:
        panel.close()
        mock.close()


if __name__ == "__main__":
    print(run(sys.argv[1], "--full" in sys.argv))
