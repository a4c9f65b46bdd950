#!/usr/bin/env python3
"""Sends each event to phones through Pushover (https://pushover.net).

    howalarming consume --tube pushover --exec examples/consumers/pushover.py

Environment:
    PUSHOVER_TOKEN   your Pushover application's API token (secret; required)
    PUSHOVER_USER    the user or group key to notify (secret; required)
    PUSHOVER_DEVICE  only these devices of the user, comma-separated (optional)
    PUSHOVER_URL     the messages endpoint (default https://api.pushover.net/1/messages.json;
                     change it only to test against a stand-in)
    ALERT_TYPES      event types to send (default alarm,recovery,fault,armed,disarmed)

Alarms and faults are sent at high priority (they sound through quiet hours), armed and
disarmed quietly (-1). A 2xx answer is success. A 4xx answer means Pushover refuses the
request (a wrong token or user key, say); Pushover asks clients not to repeat such
requests, so the event is buried with Pushover's reason, to be kicked once the settings
are fixed. A 429 (over the monthly quota), a 5xx or no answer within 10 s: retried later.
"""

import json
import urllib.parse

import howalarming_alert as alert

DEFAULT_URL = "https://api.pushover.net/1/messages.json"
PRIORITIES = {"alarm": 1, "fault": 1, "armed": -1, "disarmed": -1}


def explain(status, reply):
    """What to say, and whether to retry, when Pushover answers `status` (not 2xx)."""
    try:
        reasons = "; ".join(json.loads(reply.decode("utf-8")).get("errors", []))
    except (UnicodeDecodeError, ValueError, AttributeError):
        reasons = ""
    message = f"Pushover answered HTTP {status}" + (f": {reasons}" if reasons else "")
    refused = 400 <= status < 500 and status != 429
    return message, alert.BURY if refused else alert.RETRY


def main():
    event, _ = alert.read_event()
    if not alert.wanted(event):
        return 0
    form = {
        "token": alert.setting("PUSHOVER_TOKEN"),
        "user": alert.setting("PUSHOVER_USER"),
        "title": f"HowAlarming: {event['type']}",
        "message": alert.describe(event),
        "priority": PRIORITIES.get(event["type"], 0),
    }
    if isinstance(event.get("timestamp"), int):
        form["timestamp"] = event["timestamp"]
    device = alert.setting("PUSHOVER_DEVICE", "")
    if device:
        form["device"] = device
    body = urllib.parse.urlencode(form).encode("ascii")
    headers = {"Content-Type": "application/x-www-form-urlencoded", "User-Agent": "howalarming-pushover"}
    alert.post(alert.setting("PUSHOVER_URL", DEFAULT_URL), body, headers, "Pushover", explain)
    print(f"sent {event['type']} to Pushover")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
