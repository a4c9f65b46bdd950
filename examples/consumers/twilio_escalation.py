"""What twilio_sms.py and twilio_call.py share: they pass an escalation on through Twilio's REST
API (https://www.twilio.com/docs/usage/api), one request per recipient (Python standard
library only; keep it next to them, with howalarming_alert.py).

An escalation is the event `howalarming-command` puts, on the escalation tube among others,
when nobody acknowledged an alarm in time: type `info`, code `escalation`. Any other event is
left alone (exit 0). An escalation older than $ESCALATION_MAX_AGE seconds (default 600) is
skipped with a line on standard error, so that a consumer started late, which finds a backlog,
never phones people about an alarm long past.

Environment:
    TWILIO_ACCOUNT_SID  the account's SID, AC… (required)
    TWILIO_AUTH_TOKEN   the account's auth token (secret; required; never printed)
    TWILIO_FROM         the Twilio number to send or call from, e.g. +15017122661 (required)
    TWILIO_TO           the numbers to alert, comma-separated, e.g. +15558675310,+15558675311 (required)
    TWILIO_API_URL      the API's base URL (default https://api.twilio.com; change it only for a
                        Twilio-compatible service or a stand-in)
    ESCALATION_MAX_AGE  the age in seconds past which an escalation is skipped (default 600)

Every recipient gets a request of their own, all at once, so one wrong number neither delays
nor stops the others. A 2xx answer is success. When a request fails, the others are still
made, and then the script exits with a failure: 1 (the event is retried later, and every
recipient is sent it again: better twice than never) when Twilio could not be reached, took
longer than 10 s, was over its rate limit (429) or answered 5xx; the bury exit code when Twilio
refused for good (any other 4xx: a wrong SID or token, a number it cannot reach), with
Twilio's reason. Recipients are shown by the last four digits of their number only.
"""

import base64
import concurrent.futures
import json
import sys
import time
import urllib.parse

import howalarming_alert as alert

DEFAULT_API_URL = "https://api.twilio.com"
DEFAULT_MAX_AGE_SECONDS = "600"


def is_escalation(event):
    """Whether `event` is an escalation: type info, code escalation."""
    return event["type"] == "info" and event.get("code") == "escalation"


def age_in_seconds(event):
    """How long ago the event was put (by its timestamp, whole seconds since 1970, a number or
    a string of digits)."""
    try:
        return int(time.time()) - int(event.get("timestamp"))
    except (TypeError, ValueError):
        alert.fail("the escalation has no timestamp in seconds", alert.BURY)


def max_age_in_seconds():
    """$ESCALATION_MAX_AGE, a whole number of seconds above 0."""
    try:
        seconds = int(alert.setting("ESCALATION_MAX_AGE", DEFAULT_MAX_AGE_SECONDS))
    except ValueError:
        seconds = 0
    if seconds <= 0:
        alert.fail("ESCALATION_MAX_AGE is not a whole number of seconds above 0")
    return seconds


def shown(number):
    """A recipient's number as printed: its last four characters only."""
    return "…" + number[-4:]


def explain(status, reply):
    """What to say, and whether to retry, when Twilio answers `status` (not 2xx) with `reply`,
    its error document ({"code": 21211, "message": "…", …})."""
    try:
        error = json.loads(reply.decode("utf-8"))
        reason = f" (error {error['code']}: {error['message']})"
    except (UnicodeDecodeError, ValueError, TypeError, KeyError):
        reason = ""
    refused = 400 <= status < 500 and status != 429
    return f"Twilio answered HTTP {status}{reason}", alert.BURY if refused else alert.RETRY


def send_escalation(resource, fields, what):
    """Reads the event, and when it is a recent escalation POSTs the form To, From and
    `fields(text)` to the account's `resource` (Messages.json, Calls.json) for every recipient;
    `text` is the escalation's message, saying that it comes from HowAlarming. `what` names
    one request in output ("SMS", "call"). Returns the exit status, or exits with a failure."""
    event, _ = alert.read_event()
    if not is_escalation(event):
        return 0
    age, max_age = age_in_seconds(event), max_age_in_seconds()
    if age > max_age:
        print(f"escalation {event.get('id', '(no id)')} skipped: it is {age} s old, "
              f"more than ESCALATION_MAX_AGE ({max_age} s)", file=sys.stderr)
        return 0

    account = alert.setting("TWILIO_ACCOUNT_SID")
    token = alert.setting("TWILIO_AUTH_TOKEN")
    sender = alert.setting("TWILIO_FROM")
    recipients = [number.strip() for number in alert.setting("TWILIO_TO").split(",") if number.strip()]
    if not recipients:
        alert.fail("TWILIO_TO lists no number")
    base = alert.setting("TWILIO_API_URL", DEFAULT_API_URL).rstrip("/")
    url = f"{base}/2010-04-01/Accounts/{urllib.parse.quote(account, safe='')}/{resource}"
    credentials = base64.b64encode(f"{account}:{token}".encode("utf-8")).decode("ascii")
    headers = {
        "Authorization": f"Basic {credentials}",
        "Content-Type": "application/x-www-form-urlencoded",
        "User-Agent": "howalarming-twilio",
    }
    text = f"HowAlarming: {event.get('message') or 'an alarm is not acknowledged'}"

    def request(recipient):
        form = {"To": recipient, "From": sender, **fields(text)}
        try:
            alert.send(url, urllib.parse.urlencode(form).encode("utf-8"), headers, "Twilio", explain)
        except alert.SendFailure as failure:
            return failure
        return None

    # The requests run at once; only this thread prints, so each line reaches the log whole.
    failures = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=len(recipients)) as pool:
        requests = {pool.submit(request, recipient): recipient for recipient in recipients}
        for done in concurrent.futures.as_completed(requests):
            recipient, failure = requests[done], done.result()
            if failure:
                failures.append((recipient, failure))
            else:
                print(f"{what} to {shown(recipient)} accepted by Twilio", flush=True)
    for recipient, failure in failures:
        print(f"{what} to {shown(recipient)} failed: {str(failure).replace(token, '…')}", file=sys.stderr)
    if failures:
        retry = any(failure.status == alert.RETRY for _, failure in failures)
        alert.fail(f"{len(failures)} of {len(recipients)} recipients not reached",
                   alert.RETRY if retry else alert.BURY)
    return 0
