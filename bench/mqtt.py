"""Part of `make bench`: MQTT publish throughput, HowAlarming's client (bench-mqtt) against paho-mqtt.

Both publish to one private mosquitto on this machine (bench/mosquitto.py), alternately, RUNS
times; the summary takes medians. 200-byte payloads. At QoS 1 (the bridge's) a publisher's time
runs from its first publish to the last PUBACK, with WINDOW messages awaiting theirs at once;
at QoS 0 from its first publish to the arrival of the last message at a separate subscriber,
a raw-socket counter of this module that neither client's code is in.

paho-mqtt runs two ways: with its network loop in its own thread (loop_start, as applications
usually use it) and inline (publish and loop in one thread, no hand-off under the GIL); the ratio
is against the faster.
"""
import json
import os
import socket
import statistics
import struct
import subprocess
import sys
import threading
import time

import mosquitto

# (name, QoS, window, share of the count)
TESTS = [("QoS 1, 32 in flight", 1, 32, 1), ("QoS 1, one at a time", 1, 1, 10), ("QoS 0", 0, 32, 1)]
CLIENTS = ["swift", "paho", "paho-inline"]
PAYLOAD_BYTES = 200


class Counter(threading.Thread):
    """A QoS 0 subscriber on a raw socket: counts the PUBLISH packets of its subscription and notes
    the wall time the last expected one arrived."""

    def __init__(self, port, topic, expected):
        super().__init__(daemon=True)
        self.expected, self.received, self.finished_at = expected, 0, None
        self.connection = socket.create_connection(("127.0.0.1", port))
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        client_id = f"bench-counter-{os.getpid()}".encode()
        connect = b"\x00\x04MQTT\x04\x02\x00\x00" + struct.pack("!H", len(client_id)) + client_id  # clean, no keep-alive
        self.connection.sendall(bytes([0x10, len(connect)]) + connect)
        self._expect(b"\x20\x02\x00\x00", "CONNACK")
        name = topic.encode()
        subscribe = b"\x00\x01" + struct.pack("!H", len(name)) + name + b"\x00"
        self.connection.sendall(bytes([0x82, len(subscribe)]) + subscribe)
        self._expect(b"\x90\x03\x00\x01\x00", "SUBACK")

    def _expect(self, packet, what):
        reply = b""
        while len(reply) < len(packet):
            chunk = self.connection.recv(len(packet) - len(reply))
            if not chunk:
                raise RuntimeError(f"the broker closed the counter's connection before its {what}")
            reply += chunk
        if reply != packet:
            raise RuntimeError(f"the counter expected {what} {packet.hex()}, got {reply.hex()}")

    def run(self):
        data = bytearray()
        with self.connection:
            while self.received < self.expected:
                chunk = self.connection.recv(1 << 18)
                if not chunk:
                    return
                data += chunk
                position = 0
                while len(data) - position >= 2:
                    length, multiplier, index = 0, 1, position + 1
                    while index < len(data):
                        byte = data[index]
                        length += (byte & 0x7F) * multiplier
                        multiplier *= 128
                        index += 1
                        if byte < 0x80:
                            break
                    else:
                        break  # the remaining length is not all here yet
                    if len(data) < index + length:
                        break
                    if data[position] >> 4 == 3:
                        self.received += 1
                    position = index + length
                del data[:position]
            self.finished_at = time.time()


def measure(bin_dir, python, port, client, qos, count, window, topic):
    counter = Counter(port, topic, count) if qos == 0 else None
    if counter:
        counter.start()
    if client == "swift":
        command = [f"{bin_dir}/bench-mqtt", "--port", str(port), "--qos", str(qos), "--count", str(count),
                   "--window", str(window), "--payload-size", str(PAYLOAD_BYTES), "--topic", topic]
    else:
        command = [python, "bench/peers/paho_mqtt_bench.py", str(port), str(qos), str(count), str(window),
                   "inline" if client == "paho-inline" else "thread", str(PAYLOAD_BYTES), topic]
    output = subprocess.run(command, check=True, capture_output=True, text=True, timeout=600).stdout
    result = json.loads(output.strip().splitlines()[-1])
    result["client"] = client
    if counter:
        counter.join(timeout=60)
        result["publisher_seconds"] = result["seconds"]
        result["delivered"] = counter.received
        if counter.finished_at is None:
            result["seconds"] = result["per_s"] = None
        else:
            result["seconds"] = counter.finished_at - result["started_at"]
            result["per_s"] = count / result["seconds"]
    return result


def run(bin_dir, python, runs, count):
    results = []
    with mosquitto.running() as port:
        for index in range(runs):
            for name, qos, window, share in TESTS:
                for client in CLIENTS:
                    topic = f"bench/throughput/{index}/{qos}-{window}/{client}"
                    result = measure(bin_dir, python, port, client, qos, count // share, window, topic)
                    result.update(test=name, run=index)
                    results.append(result)
                    rate = f"{result['per_s']:10.0f} msg/s" if result["per_s"] else "messages lost"
                    print(f"  mqtt {name:22} {client:12} {rate}", file=sys.stderr)
    return results


def median(values):
    values = [value for value in values if value is not None]
    return statistics.median(values) if values else None


def table(results, runs):
    lines = ["\n### MQTT publish throughput (one local mosquitto, no persistence; 200-byte payloads)\n",
             f"Medians of {runs} runs, alternating between the clients. QoS 1: from the first publish to the last "
             "PUBACK. QoS 0: from the first publish to the last message's arrival at a separate subscriber.\n",
             "| test | messages | HowAlarming's client | paho-mqtt, loop thread | paho-mqtt, inline loop "
             "| ours ÷ paho's faster |", "|---|---|---|---|---|---|"]
    for name, _, _, _ in TESTS:
        rows = {client: [r for r in results if r["test"] == name and r["client"] == client] for client in CLIENTS}
        rate = {client: median([r["per_s"] for r in rows[client]]) for client in CLIENTS}
        lost = {client: sum(1 for r in rows[client] if r["per_s"] is None) for client in CLIENTS}

        def cell(client):
            text = f"{rate[client]:,.0f}/s" if rate[client] else "n/a"
            return text + (f" ({lost[client]} run(s) lost messages)" if lost[client] else "")

        best_paho = max((rate[c] for c in ("paho", "paho-inline") if rate[c]), default=None)
        ratio = f"{rate['swift'] / best_paho:.2f}" if rate["swift"] and best_paho else "n/a"
        lines.append(f"| {name} | {rows['swift'][0]['count']:,} | {cell('swift')} | {cell('paho')} "
                     f"| {cell('paho-inline')} | {ratio} |")
    return lines


if __name__ == "__main__":
    print(json.dumps(run(sys.argv[1], sys.executable, 3, 20_000), indent=1))
