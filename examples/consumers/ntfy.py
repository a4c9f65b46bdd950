#!/usr/bin/env python3
"""Publishes each event to an ntfy topic (https://ntfy.sh or your own ntfy server).

    howalarming consume --tube ntfy --exec examples/consumers/ntfy.py

Environment:
    NTFY_URL     the topic's URL, e.g. https://ntfy.sh/my-alarm-1f3a9c (required; pick a
                 name nobody can guess, or protect the topic with a token)
    NTFY_TOKEN   an ntfy access token, sent as "Authorization: Bearer ..." (secret; optional)
    ALERT_TYPES  event types to send (default alarm,recovery,fault,armed,disarmed)

The message is the event in one line. Title says what kind of event it is, Priority is
urgent for alarms (phones override do-not-disturb), high for faults, low for armed and
disarmed, and Tags picks an emoji. Any 2xx answer is success; anything else, or no answer
in 10 s, and the event is retried later.
"""

import email.header

import howalarming_alert as alert

PRIORITIES = {"alarm": "urgent", "fault": "high", "armed": "low", "disarmed": "low"}
TAGS = {"alarm": "rotating_light", "fault": "warning", "recovery": "white_check_mark",
        "armed": "lock", "disarmed": "unlock"}


def header_text(text):
    """`text` as an HTTP header value: as it is when ASCII, else RFC 2047 encoded (ntfy decodes it)."""
    return text if text.isascii() else email.header.Header(text, "utf-8").encode()


def main():
    event, _ = alert.read_event()
    if not alert.wanted(event):
        return 0
    headers = {
        "Title": header_text(f"HowAlarming: {event['type']}"),
        "Priority": PRIORITIES.get(event["type"], "default"),
        "Tags": TAGS.get(event["type"], "bell"),
        "Content-Type": "text/plain; charset=utf-8",
        "User-Agent": "howalarming-ntfy",
    }
    token = alert.setting("NTFY_TOKEN", "")
    if token:
        headers["Authorization"] = f"Bearer {token}"
    alert.post(alert.setting("NTFY_URL"), alert.describe(event).encode("utf-8"), headers, "ntfy")
    print(f"sent {event['type']} to ntfy")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
