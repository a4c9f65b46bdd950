"""Part of `make bench`: panel event → MQTT, through the bridge.

As bench/latency.py does for push: the simulated panel sends zone 1 open and close (609/610),
one at a time; howalarming-envisalink puts each event on beanstalkd; howalarming-mqtt (the
footprint's configuration with an `mqtt` section and tube, against a private mosquitto) publishes
it on howalarming/<site>/event; a paho-mqtt subscriber (QoS 1, its network loop in its thread)
notes its arrival. The latency runs from just before the simulator's control port is told to
send the message to the subscriber's callback (one clock, this process's), so paho's own time
is in it. Measured idle, and while a second control connection has the panel send zone open and
restore messages for zones 2-33 at 1,000/s (latency.Load), which the bridge publishes too.
The broker writes each packet at once (set_tcp_nodelay); a last idle measurement uses
mosquitto's default, Nagle's algorithm, which holds deliveries and PUBACKs up to 40 ms.
"""
import json
import sys
import threading
import time

import paho.mqtt.client as mqtt

import console
import footprint
import latency

ZONE = 1
IDLE_TARGET_MS, LOADED_TARGET_MS = 5, 20
# The longest wait for one event: a pipeline that falls behind its load never catches up.
ARRIVAL_TIMEOUT_S = 30


class EventSubscriber:
    """paho-mqtt subscribed to the bridge's event topic: the arrival of each event of ZONE."""

    def __init__(self, port, site):
        self.arrivals = []  # (code, perf_counter at arrival)
        self.condition = threading.Condition()
        subscribed = threading.Event()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="bench-event-subscriber",
                                  protocol=mqtt.MQTTv311)
        self.client.on_message = self._message
        self.client.on_subscribe = lambda *_: subscribed.set()
        self.client.on_connect = lambda client, *_: client.subscribe(f"howalarming/{site}/event", qos=1)
        self.client.connect("127.0.0.1", port, keepalive=60)
        self.client.loop_start()
        if not subscribed.wait(10):
            raise RuntimeError("the event subscriber got no SUBACK within 10 s")

    def _message(self, _client, _userdata, message):
        arrived = time.perf_counter()
        event = json.loads(message.payload)
        if event.get("zone") == ZONE:
            with self.condition:
                self.arrivals.append((event["code"], arrived))
                self.condition.notify_all()

    def mark(self):
        with self.condition:
            return len(self.arrivals)

    def arrival(self, mark, code):
        """The arrival time of the first event with `code` after `mark`; None after ARRIVAL_TIMEOUT_S."""
        def found():
            return next((arrived for seen, arrived in self.arrivals[mark:] if seen == code), None)
        with self.condition:
            self.condition.wait_for(lambda: found() is not None, ARRIVAL_TIMEOUT_S)
            return found()

    def close(self):
        self.client.disconnect()
        self.client.loop_stop()


class ControlPort:
    """What latency.Load drives: new connections to the simulator's control port."""

    def __init__(self, port):
        self.port = port

    def control(self):
        return latency.control_connection(self.port)


def event_latencies(subscriber, control, count):
    """Zone 1 opened and closed `count` times, one after the other: ms from the control command to
    the subscriber's callback, and whether the bridge fell behind: then the measurement stops at the
    first event that did not arrive within ARRIVAL_TIMEOUT_S, counted as that long."""
    connection, reader = control
    latencies = []
    for index in range(count):
        code = "609" if index % 2 == 0 else "610"
        mark = subscriber.mark()
        started = time.perf_counter()
        connection.sendall(f"send {code}{ZONE:03d}\r\n".encode())
        reader.readline()
        arrived = subscriber.arrival(mark, code)
        if arrived is None:
            return latencies + [ARRIVAL_TIMEOUT_S * 1000], True
        latencies.append((arrived - started) * 1000)
        time.sleep(0.01)
    return latencies, False


def measure(bin_dir, count, load_rate, tcp_nodelay):
    """Idle, then (with `load_rate`) under load: latency.summary of each, with the load and broker."""
    results = []
    with footprint.daemon_running(bin_dir, "howalarming-mqtt", [], "mqtt", tcp_nodelay=tcp_nodelay) as daemon, \
            console.integrator_running(bin_dir, daemon):
        subscriber = EventSubscriber(daemon.mqtt_port, footprint.MQTT_SITE)
        control = latency.control_connection(daemon.control_port)
        try:
            with control[0]:
                event_latencies(subscriber, control, 10)  # warm-up
                for rate in (0, load_rate) if load_rate else (0,):
                    load = latency.Load(ControlPort(daemon.control_port), rate) if rate else None
                    events_before = footprint.tube_total(daemon.port, "mqtt", "total-jobs")
                    if load:
                        load.start()
                        time.sleep(1)
                    latencies, fell_behind = event_latencies(subscriber, control, count)
                    result = latency.summary(latencies)
                    result["fell_behind"] = fell_behind
                    if load:
                        load.stop()
                        events = footprint.tube_total(daemon.port, "mqtt", "total-jobs") - events_before - count
                        result["load_per_s"] = events / load.seconds if load.seconds else 0
                    else:
                        result["load_per_s"] = 0
                    result["tcp_nodelay"] = tcp_nodelay
                    results.append(result)
                    print(f"  mqtt bridge at {result['load_per_s']:.0f} events/s (broker nodelay {tcp_nodelay}): "
                          f"p50 {result['p50_ms']:.1f} ms, p99 {result['p99_ms']:.1f} ms", file=sys.stderr)
        finally:
            subscriber.close()
    return results


def run(bin_dir, full, load_rate=1000):
    """With mosquitto writing at once (set_tcp_nodelay), idle and under load; then idle with
    mosquitto's default, Nagle's algorithm."""
    count = 1000 if full else 200
    return measure(bin_dir, count, load_rate, True) + measure(bin_dir, count // 4, 0, False)


def table(results):
    lines = ["\n### Panel event → MQTT subscriber (simulated panel → integrator → beanstalkd → howalarming-mqtt "
             "→ mosquitto → paho-mqtt)\n",
             "| other events flowing | mosquitto | events | p50 | p99 | max | target (p99) |",
             "|---|---|---|---|---|---|---|"]
    for result in results:
        target = LOADED_TARGET_MS if result["load_per_s"] else IDLE_TARGET_MS
        verdict = "met" if result["p99_ms"] <= target else "**not met**"
        if result["fell_behind"]:
            verdict += f" (fell behind: an event waited over {ARRIVAL_TIMEOUT_S} s, the run stopped there)"
        flowing = f"{result['load_per_s']:,.0f} events/s" if result["load_per_s"] else "none (idle)"
        broker = "set_tcp_nodelay true" if result["tcp_nodelay"] else "default (Nagle)"
        lines.append(f"| {flowing} | {broker} | {result['count']} | {result['p50_ms']:.1f} ms | {result['p99_ms']:.1f} ms "
                     f"| {result['max_ms']:.1f} ms | ≤ {target} ms: {verdict} |")
    return lines


if __name__ == "__main__":
    print(json.dumps(run(sys.argv[1], "--full" in sys.argv), indent=1))
