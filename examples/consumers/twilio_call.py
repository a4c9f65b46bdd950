#!/usr/bin/env python3
"""Phones about each escalation (an alarm nobody acknowledged in time) through Twilio: a
voice call that reads the escalation out twice.

    howalarming consume --tube escalation --exec examples/consumers/twilio_call.py

Environment (twilio_escalation.py describes them): TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN
(secret), TWILIO_FROM, TWILIO_TO (comma-separated), TWILIO_API_URL, ESCALATION_MAX_AGE.

Each number in TWILIO_TO gets one call, whose TwiML says "HowAlarming: " and the escalation's
message, with "s" read as "seconds", twice. Other events make no call; an escalation older
than ESCALATION_MAX_AGE is skipped.
"""

import re
from xml.sax.saxutils import escape

import twilio_escalation


def spoken(text):
    """`text` as it should be read out: "after 60 s" becomes "after 60 seconds"."""
    return re.sub(r"\b(\d+) s\b", r"\1 seconds", text)


def call(text):
    """The form fields of a call that says `text` twice, as TwiML."""
    say = f"<Say>{escape(spoken(text))}</Say>"
    return {"Twiml": f'<Response>{say}<Pause length="1"/>{say}</Response>'}


if __name__ == "__main__":
    raise SystemExit(twilio_escalation.send_escalation("Calls.json", call, "call"))
