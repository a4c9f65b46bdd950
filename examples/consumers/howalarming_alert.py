"""What the HowAlarming example script consumers share (Python standard library only).

Each example handles one event, which `howalarming consume --exec` gives it on standard
input, and exits with a status that tells the consumer what to do with the event's job:

    0      handled, or not an event type it alerts on: the job is deleted
    1      failed, worth trying again (a server down, a timeout): the job is retried later
    BURY   can never work (unreadable input, a request the service refuses): the job is
           buried for an operator; BURY is $HOWALARMING_BURY_EXIT_CODE (99 by default)

Settings come from environment variables. Some are secrets (tokens, passwords), so no
setting is ever printed, and a URL is shown by its host only.
"""

import http.client
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

RETRY = 1
BURY = int(os.environ.get("HOWALARMING_BURY_EXIT_CODE") or 99)
DEFAULT_TYPES = "alarm,recovery,fault,armed,disarmed"
TIMEOUT_SECONDS = 10


def fail(message, status=RETRY):
    """Reports `message` on standard error and exits with `status` (RETRY or BURY)."""
    print(message, file=sys.stderr)
    sys.exit(status)


def setting(name, default=None):
    """The environment variable `name`; `default` when it is unset or empty. Without a
    default the setting is required, and a missing one fails (the job is retried, so that
    events wait until the consumer is restarted with the setting)."""
    value = os.environ.get(name, "")
    if value:
        return value
    if default is None:
        fail(f"{name} is not set")
    return default


def read_event():
    """The event on standard input: (the event as a dict, the body exactly as queued)."""
    body = sys.stdin.buffer.read()
    try:
        event = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        fail(f"standard input is not a JSON event: {error}", BURY)
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        fail("standard input is not a HowAlarming event (no type)", BURY)
    return event, body


def wanted(event):
    """Whether the event's type is one of $ALERT_TYPES (a comma-separated list, by default
    alarm, recovery, fault, armed and disarmed)."""
    types = {name.strip() for name in setting("ALERT_TYPES", DEFAULT_TYPES).split(",")}
    return event["type"] in types


def describe(event):
    """The event in one line for people, e.g. `Zone alarm (zone 3 Front door, partition 1)`."""
    details = []
    if event.get("zone") is not None:
        details.append(" ".join(str(part) for part in ("zone", event["zone"], event.get("zone_name")) if part))
    if event.get("partition") is not None:
        details.append(f"partition {event['partition']}")
    text = event.get("message") or f"{event['type']} {event.get('code', '')}".strip()
    return f"{text} ({', '.join(details)})" if details else text


class SendFailure(Exception):
    """A request that did not succeed: its text says why (never a secret), and `status` is
    what the script should exit with, RETRY or BURY."""

    def __init__(self, message, status=RETRY):
        super().__init__(message)
        self.status = status


def send(url, body, headers, service, explain=None):
    """POSTs `body` (bytes) to `url` and returns the reply's body. Raises SendFailure (retry)
    when the server cannot be reached or answers other than 2xx; `explain(status, reply_body)`
    may return (message, exit status) for such an answer instead."""
    try:
        where = urllib.parse.urlsplit(url).hostname or "?"
        request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    except ValueError:  # its text would quote the URL, which may hold a token
        raise SendFailure(f"the URL of {service} is not an http(s) URL") from None
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as reply:
            return reply.read()
    except urllib.error.HTTPError as error:
        message, status = f"{service} at {where} answered HTTP {error.code}", RETRY
        if explain is not None:
            message, status = explain(error.code, error.read())
        raise SendFailure(message, status) from None
    except (urllib.error.URLError, OSError, http.client.HTTPException) as error:
        raise SendFailure(f"cannot reach {service} at {where}: {getattr(error, 'reason', error)}") from None


def post(url, body, headers, service, explain=None):
    """Like send(), but a failure ends the script (fail()) instead of raising SendFailure."""
    try:
        return send(url, body, headers, service, explain)
    except SendFailure as failure:
        fail(str(failure), failure.status)
