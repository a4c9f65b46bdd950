"""Part 4 of `make bench`: each daemon's start-up time, resident memory idle and after a burst,
CPU per 1,000 events, and the release binaries' sizes.

Start-up is the time from exec to the daemon watching its tube (what "ready" means to the queue).
The burst is 1,000 events: put on the consumer's tube, or sent at the simulated panel for the
integrator. The push consumer runs as deployed, sending to an APNs (bench-mock-apns) with 10
iPhones registered, and its events are alarms: 10,000 notifications. The MQTT bridge publishes
to a private mosquitto (every event, and the panel states they change). Memory is VmRSS (and
PSS) from /proc.
"""
import collections
import contextlib
import json
import os
import socket
import subprocess
import tempfile
import time
import uuid

import beanstalkd
import mosquitto
import push

DAEMONS = [
    # (executable, arguments after --config, the tube that says it is ready, the tube its events come from)
    ("howalarming-envisalink", [], "commands", "panel"),
    ("howalarming-log", [], "log", "log"),
    ("howalarming-push", [], "push", "push"),
    ("howalarming-command", [], "command", "command"),
    ("howalarming", ["tail", "--timeout", "600"], "cli", None),
    ("howalarming-mqtt", [], "mqtt", "mqtt"),
]
# The iPhones the push consumer sends each alarm to.
IPHONES = 10
EXECUTABLES = ["howalarming", "howalarming-envisalink", "howalarming-push", "howalarming-log",
               "howalarming-command", "howalarming-mqtt", "envisalink-simulator"]
PANEL_PASSWORD = "bench1"
# The site the MQTT bridge publishes under: its events on howalarming/<site>/event.
MQTT_SITE = "bench"


def memory(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    pss = None
    try:
        with open(f"/proc/{pid}/smaps_rollup") as rollup:
            for line in rollup:
                if line.startswith("Pss:"):
                    pss = int(line.split()[1]) / 1024
    except OSError:
        pass
    return int(fields["VmRSS"].split()[0]) / 1024, pss


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        parts = stat.read().rsplit(")", 1)[1].split()
    return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")


def event_json(index, alarm=False):
    kind, code, message = ("alarm", "601", "Zone alarm") if alarm else ("info", "609", "Zone open")
    return json.dumps({"type": kind, "code": code, "message": f"{message}: bench {index}",
                       "timestamp": int(time.time()), "id": str(uuid.uuid4()), "source": "bench",
                       "sequence": index + 1, "partition": 1, "zone": 1})


def put_events(port, tube, count, alarms=False):
    with socket.create_connection(("127.0.0.1", port)) as connection:
        reader = connection.makefile("rb")
        connection.sendall(f"use {tube}\r\n".encode())
        reader.readline()
        for index in range(count):
            body = event_json(index, alarms).encode()
            connection.sendall(b"put 1024 0 60 %d\r\n%s\r\n" % (len(body), body))
            reader.readline()


def tube_total(port, tube, key):
    with socket.create_connection(("127.0.0.1", port)) as connection:
        reader = connection.makefile("rb")
        connection.sendall(f"stats-tube {tube}\r\n".encode())
        header = reader.readline()
        if not header.startswith(b"OK"):
            return 0
        body = reader.read(int(header.split()[1]) + 2).decode()
    return next(int(line.split(":")[1]) for line in body.splitlines() if line.startswith(key + ":"))


def wait_for(condition, timeout, what):
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise RuntimeError(f"timed out waiting for {what}")
        time.sleep(0.002)


def config(directory, port, panel_port, apns, api_port, mqtt_port=None):
    """The daemons' configuration; with `mqtt_port`, the MQTT bridge's section, and its tube as the
    only event tube (an integrator on this configuration, as bench/mqtt_bridge.py runs one, then
    puts each event once, as bench/latency.py's does for push)."""
    events = "mqtt" if mqtt_port else "cli, push, log, command"
    text = f"""
beanstalkd: {{host: 127.0.0.1, port: {port}, tubes: {{commands: [commands], events: [{events}]}}}}
envisalinkd: {{host: 127.0.0.1, port: {panel_port}, password: {PANEL_PASSWORD}, code_master: "1234",
  spool: {directory}/spool.jsonl, sequence_file: {directory}/sequence}}
push: {{database: {directory}/push.sqlite{f", apns: {push.apns_settings(apns)}" if apns else ""}}}
log: {{file: {directory}/events.jsonl}}
command: {{listen: "127.0.0.1:{api_port}", database: {directory}/command.sqlite}}
"""
    if mqtt_port:
        text += f"mqtt: {{host: 127.0.0.1, port: {mqtt_port}, site: {MQTT_SITE}}}\n"
    path = os.path.join(directory, "config.yaml")
    with open(path, "w") as file:
        file.write(text)
    return path


# A daemon daemon_running started: its process, the ports of its beanstalkd, of the simulator's
# control connection and of the command API, its configuration file, its start-up time, and the
# port of the MQTT broker the bridge publishes to (None for the other daemons).
Daemon = collections.namedtuple("Daemon", "process port control_port api_port config startup_seconds mqtt_port",
                                defaults=(None,))


@contextlib.contextmanager
def daemon_running(bin_dir, executable, arguments, ready_tube, prefix=(), ready_timeout=30, tcp_nodelay=True):
    """Runs `executable` (after `prefix`, a wrapper such as valgrind) against its own beanstalkd and
    panel simulator, the push consumer also against a mock APNs and the MQTT bridge against a
    private mosquitto (`tcp_nodelay`: mosquitto.running), until it watches `ready_tube`;
    yields a Daemon and stops it with SIGTERM, as a supervisor would."""
    sends_pushes, publishes_mqtt = executable == "howalarming-push", executable == "howalarming-mqtt"
    with tempfile.TemporaryDirectory(prefix="bench-footprint-") as directory, beanstalkd.running() as port, \
            contextlib.closing(push.MockAPNs(bin_dir)) if sends_pushes else contextlib.nullcontext() as apns, \
            mosquitto.running(tcp_nodelay) if publishes_mqtt else contextlib.nullcontext() as mqtt_port:
        panel_port, control_port, api_port = beanstalkd.free_port(), beanstalkd.free_port(), beanstalkd.free_port()
        simulator = subprocess.Popen(
            [f"{bin_dir}/envisalink-simulator", "--port", str(panel_port), "--control-port", str(control_port),
             "--password", PANEL_PASSWORD, "--no-stdin-control"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        path = config(directory, port, panel_port, apns, api_port, mqtt_port)
        if sends_pushes:
            push.import_iphones(bin_dir, path, IPHONES)
        wait_for(lambda: _accepts(control_port), 10, "the simulator")
        started = time.monotonic()
        process = subprocess.Popen([*prefix, f"{bin_dir}/{executable}", *arguments, "--config", path],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_for(lambda: beanstalkd.tube_watchers(port, ready_tube) > 0, ready_timeout,
                     f"{executable} to watch {ready_tube}")
            yield Daemon(process, port, control_port, api_port, path, time.monotonic() - started, mqtt_port)
        finally:
            process.terminate()
            process.wait(timeout=ready_timeout)
            simulator.terminate()
            simulator.wait(timeout=15)


def measure_daemon(bin_dir, executable, arguments, ready_tube, events_from):
    with daemon_running(bin_dir, executable, arguments, ready_tube) as daemon:
        time.sleep(2)
        idle_rss, idle_pss = memory(daemon.process.pid)
        result = {"executable": executable, "startup_ms": daemon.startup_seconds * 1000, "idle_rss_mb": idle_rss,
                  "idle_pss_mb": idle_pss}
        if events_from:
            before = cpu_seconds(daemon.process.pid)
            burst(daemon.port, daemon.control_port, events_from)
            result["cpu_ms_per_1000"] = (cpu_seconds(daemon.process.pid) - before) * 1000
            result["loaded_rss_mb"], _ = memory(daemon.process.pid)
        return result


def burst(port, control_port, events_from, count=1000, timeout=60):
    """`count` events through the daemon; returns when it has handled them all."""
    if events_from == "panel":
        done_before = tube_total(port, "log", "total-jobs")
        with socket.create_connection(("127.0.0.1", control_port)) as control:
            reader = control.makefile("rb")
            for zone in range(count):
                state = "609" if zone % 2 == 0 else "610"
                control.sendall(f"send {state}{(zone % 64) + 1:03d}\r\n".encode())
                reader.readline()
        wait_for(lambda: tube_total(port, "log", "total-jobs") >= done_before + count, timeout, f"{count} panel events")
    else:
        put_events(port, events_from, count, alarms=events_from == "push")
        wait_for(lambda: tube_total(port, events_from, "current-jobs-ready") == 0
                 and tube_total(port, events_from, "current-jobs-reserved") == 0, timeout, f"the {events_from} tube to drain")


def _accepts(port):
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return True
    except OSError:
        return False


def run(bin_dir, runs, daemons=DAEMONS):
    results = []
    for index in range(runs):
        for executable, arguments, ready_tube, events_from in daemons:
            result = measure_daemon(bin_dir, executable, arguments, ready_tube, events_from)
            result["run"] = index
            results.append(result)
            print(f"  footprint {executable:24} start {result['startup_ms']:6.0f} ms, idle {result['idle_rss_mb']:5.1f} MB",
                  file=__import__("sys").stderr)
    sizes = {name: os.path.getsize(f"{bin_dir}/{name}") / 1e6 for name in EXECUTABLES if os.path.exists(f"{bin_dir}/{name}")}
    return results, sizes
