"""paho-mqtt as an independent MQTT peer for the MQTT client's tests.

    mqtt_peer.py subscribe HOST PORT USER PASSWORD FILTER COUNT
        Subscribes to FILTER at QoS 1 (again after a reconnect), prints "subscribed" (each time), then one JSON line per message
        ({"topic", "payload" in hex, "qos", "retain"}) and exits after COUNT messages (never with 0).
    mqtt_peer.py publish HOST PORT USER PASSWORD TOPIC PAYLOAD_HEX QOS RETAIN(0|1)
        Publishes one message, waits until it is sent (QoS 0) or acknowledged (QoS 1), prints
        "published" and exits.
Each run is its own MQTT client (the process id in its client id), so that peers run side by side.
The password comes on the command line of a test broker's throwaway user; it is never printed.
"""
import json
import os
import sys

import paho.mqtt.client as mqtt


def connect(host, port, user, password):
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"paho-peer-{os.getpid()}", protocol=mqtt.MQTTv311)
    client.username_pw_set(user, password)
    client.connect(host, int(port), keepalive=30)
    return client


def subscribe(host, port, user, password, topic_filter, count):
    client = connect(host, port, user, password)
    remaining = [int(count)]

    def on_subscribe(client, userdata, mid, reason_codes, properties):
        print("subscribed", flush=True)

    def on_message(client, userdata, message):
        print(json.dumps({
            "topic": message.topic, "payload": message.payload.hex(),
            "qos": message.qos, "retain": bool(message.retain),
        }), flush=True)
        remaining[0] -= 1
        if remaining[0] == 0:
            client.disconnect()

    def on_connect(client, userdata, flags, reason_code, properties):
        # Again after every reconnect (a broker restart): the session is a clean one.
        client.subscribe(topic_filter, qos=1)

    client.on_connect = on_connect
    client.on_subscribe = on_subscribe
    client.on_message = on_message
    client.loop_forever()


def publish(host, port, user, password, topic, payload_hex, qos, retain):
    client = connect(host, port, user, password)
    client.loop_start()
    info = client.publish(topic, bytes.fromhex(payload_hex), qos=int(qos), retain=retain == "1")
    info.wait_for_publish(timeout=10)
    print("published", flush=True)
    client.disconnect()
    client.loop_stop()


if __name__ == "__main__":
    mode, arguments = sys.argv[1], sys.argv[2:]
    {"subscribe": subscribe, "publish": publish}[mode](*arguments)
