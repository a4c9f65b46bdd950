#!/usr/bin/env python3
"""Texts each escalation (an alarm nobody acknowledged in time) to phones through Twilio.

    howalarming consume --tube escalation --exec examples/consumers/twilio_sms.py

Environment (twilio_escalation.py describes them): TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN
(secret), TWILIO_FROM, TWILIO_TO (comma-separated), TWILIO_API_URL, ESCALATION_MAX_AGE.

Each number in TWILIO_TO gets one SMS: the escalation's message after "HowAlarming: ", e.g.
"HowAlarming: Alarm not acknowledged after 60 s (escalation 1 of 5): Zone alarm: Front door".
Other events are not sent; an escalation older than ESCALATION_MAX_AGE is skipped.
"""

import twilio_escalation


def message(text):
    """The form fields of an SMS saying `text`."""
    return {"Body": text}


if __name__ == "__main__":
    raise SystemExit(twilio_escalation.send_escalation("Messages.json", message, "SMS"))
