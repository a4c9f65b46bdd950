#!/usr/bin/env python3
"""POSTs each event's JSON to a URL, like the original alert_url.py.

    howalarming consume --tube webhook --exec examples/consumers/webhook.py

Environment:
    WEBHOOK_URL            where to POST (required); shown in messages by its host only
    WEBHOOK_AUTHORIZATION  the Authorization header's value, e.g. "Bearer abc123" (secret; optional)
    ALERT_TYPES            event types to send (default alarm,recovery,fault,armed,disarmed)

The body is the event exactly as it was queued, as application/json. The header
Idempotency-Key carries the event's id, so a receiver can drop a repeat. Any 2xx answer
is success; anything else, or no answer in 10 s, and the event is retried later.
"""

import howalarming_alert as alert


def main():
    event, body = alert.read_event()
    if not alert.wanted(event):
        return 0
    headers = {"Content-Type": "application/json", "User-Agent": "howalarming-webhook"}
    if event.get("id"):
        headers["Idempotency-Key"] = event["id"]
    authorization = alert.setting("WEBHOOK_AUTHORIZATION", "")
    if authorization:
        headers["Authorization"] = authorization
    alert.post(alert.setting("WEBHOOK_URL"), body, headers, "the webhook")
    print(f"sent {event['type']} to the webhook")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
