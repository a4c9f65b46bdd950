"""The push measurement with aioapns: COUNT notifications to the mock APNs, CONCURRENCY in flight.

Usage: aioapns_bench.py MOCK_DIRECTORY COUNT CONCURRENCY
Prints one JSON line: notifications/s and latency percentiles (ms). aioapns has no setting for
the server's address: its protocol classes' host and port are pointed at the mock.
"""
import asyncio
import json
import ssl
import sys
import time
import uuid

from aioapns import APNs, NotificationRequest, PushType
from aioapns import connection as aioapns_connection


def tolerate_empty_data_frames():
    """The mock ends a success reply with an empty DATA frame (valid HTTP/2; Apple ends the HEADERS
    frame instead), which aioapns would parse as JSON and drop the connection over. Empty frames
    are skipped; everything else goes to aioapns' own handler."""
    handler = aioapns_connection.APNsBaseClientProtocol.on_data_received

    def on_data_received(self, raw_data, stream_id):
        if raw_data:
            handler(self, raw_data, stream_id)

    aioapns_connection.APNsBaseClientProtocol.on_data_received = on_data_received


async def main():
    directory, count, concurrency = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    with open(f"{directory}/apns.json") as file:
        mock = json.load(file)
    tolerate_empty_data_frames()
    aioapns_connection.APNsProductionClientProtocol.APNS_SERVER = "127.0.0.1"
    aioapns_connection.APNsTLSClientProtocol.APNS_PORT = mock["port"]
    context = ssl.create_default_context(cafile=f"{directory}/ca.pem")
    # aioapns speaks HTTP/2 without offering it by ALPN; the mock, like many servers, needs the offer.
    context.set_alpn_protocols(["h2"])
    with open(f"{directory}/AuthKey.p8") as file:
        key = file.read()
    client = APNs(key=key, key_id=mock["key_id"], team_id=mock["team_id"], topic=mock["topic"],
                  use_sandbox=False, ssl_context=context)
    gate = asyncio.Semaphore(concurrency)
    latencies = []
    failures = 0

    async def send(index):
        nonlocal failures
        async with gate:
            request = NotificationRequest(
                device_token=f"{index:064x}", message={"aps": {"alert": {"title": "Alarm", "body": "Zone alarm"}}},
                notification_id=str(uuid.uuid4()), priority=10, push_type=PushType.ALERT)
            started = time.perf_counter()
            result = await client.send_notification(request)
            latencies.append((time.perf_counter() - started) * 1000)
            if not result.is_successful:
                failures += 1

    await send(0)  # connection and token, like the warm-up of howalarming-push
    latencies.clear()
    started = time.perf_counter()
    await asyncio.gather(*(send(index) for index in range(1, count + 1)))
    seconds = time.perf_counter() - started
    latencies.sort()
    print(json.dumps({"client": "aioapns", "concurrency": concurrency, "count": count, "seconds": seconds,
                      "per_s": count / seconds, "failures": failures,
                      "p50_ms": latencies[len(latencies) // 2], "p99_ms": latencies[int(len(latencies) * 0.99)]}))


asyncio.run(main())
