"""The MQTT publish measurement with paho-mqtt (the Eclipse Python client), like bench-mqtt.

Publishes COUNT messages to the broker on 127.0.0.1:PORT as fast as paho lets it, with WINDOW QoS 1
messages awaiting their PUBACK at once (max_inflight_messages_set) and no limit on the messages
queued behind them. At QoS 1 the time runs from the first publish to the last PUBACK; at QoS 0 to
the last write, and the caller times the arrival at a separate subscriber from `started_at`.
Prints one JSON line like bench-mqtt.

MODE `thread` runs paho's network loop in its thread (loop_start), as applications usually do;
`inline` publishes and runs the loop in the calling thread (no thread hand-off under the GIL).
Usage: paho_mqtt_bench.py PORT QOS COUNT WINDOW [MODE] [PAYLOAD_SIZE] [TOPIC]
"""
import json
import os
import sys
import threading
import time

import paho.mqtt.client as mqtt


def main():
    port, qos, count, window = (int(argument) for argument in sys.argv[1:5])
    mode = sys.argv[5] if len(sys.argv) > 5 else "thread"
    payload = b"x" * (int(sys.argv[6]) if len(sys.argv) > 6 else 200)
    topic = sys.argv[7] if len(sys.argv) > 7 else "bench/throughput"

    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"bench-paho-{os.getpid()}",
                         clean_session=True, protocol=mqtt.MQTTv311)
    client.max_inflight_messages_set(window)
    client.max_queued_messages_set(0)
    connected, done = threading.Event(), threading.Event()
    published = 0

    def on_connect(_client, _userdata, _flags, reason_code, _properties):
        if reason_code.is_failure:
            raise SystemExit(f"CONNECT refused: {reason_code}")
        connected.set()

    def on_publish(_client, _userdata, _mid, _reason_code, _properties):
        nonlocal published
        published += 1
        if published == count:
            done.set()

    client.on_connect, client.on_publish = on_connect, on_publish
    client.connect("127.0.0.1", port, keepalive=60)
    if mode == "thread":
        client.loop_start()
        if not connected.wait(10):
            raise SystemExit("no CONNACK within 10 s")
    else:
        while not connected.is_set():
            client.loop(timeout=1)

    started_at, started = time.time(), time.perf_counter()
    for _ in range(count):
        client.publish(topic, payload, qos=qos)
    if mode == "thread":
        if not done.wait(600):
            raise SystemExit(f"only {published} of {count} published within 600 s")
    else:
        while not done.is_set():
            client.loop(timeout=1)
    seconds = time.perf_counter() - started

    client.disconnect()
    if mode == "thread":
        client.loop_stop()
    print(json.dumps({"client": "paho", "mode": mode, "qos": qos, "window": window, "count": count,
                      "seconds": seconds, "per_s": count / seconds, "started_at": started_at}))


if __name__ == "__main__":
    main()
