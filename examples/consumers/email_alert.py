#!/usr/bin/env python3
"""Emails each event, like the original alert_email.py.

    howalarming consume --tube email --exec examples/consumers/email_alert.py

Environment:
    SMTP_HOST      the mail server (default localhost)
    SMTP_PORT      its port (default 25; 587 is usual with starttls, 465 with tls)
    SMTP_SECURITY  none, starttls or tls (default none: only for a server on this machine
                   or your own network)
    SMTP_USER      the user name to log in with (optional)
    SMTP_PASSWORD  its password (secret; optional)
    SMTP_FROM      the sender address (required)
    SMTP_TO        the recipients, comma-separated (required)
    ALERT_TYPES    event types to send (default alarm,recovery,fault,armed,disarmed)

The subject is the event in one line, the body the event's fields and its JSON. The
Message-ID is made from the event's id, so a repeat of an event is the same message to
mail programs. A server that cannot be reached or refuses the message: retried later.

Do not rely on email alone for alarms: greylisting, spam filters and full mailboxes
delay or lose messages.
"""

import email.message
import email.utils
import json
import smtplib
import ssl

import howalarming_alert as alert


def message(event, sender, recipients):
    """The email for `event`."""
    mail = email.message.EmailMessage()
    mail["From"] = sender
    mail["To"] = ", ".join(recipients)
    mail["Subject"] = f"[{event['type']}] {alert.describe(event)}"
    timestamp = event.get("timestamp")
    mail["Date"] = email.utils.formatdate(timestamp if isinstance(timestamp, int) else None, localtime=True)
    if event.get("id"):
        mail["Message-ID"] = f"<{event['id']}@howalarming>"
    else:
        mail["Message-ID"] = email.utils.make_msgid("howalarming")
    fields = "\n".join(f"{key}: {value}" for key, value in event.items())
    mail.set_content(f"{alert.describe(event)}\n\n{fields}\n\n{json.dumps(event, ensure_ascii=False)}\n")
    return mail


def send(mail):
    """Sends `mail` as the SMTP_* settings say."""
    host = alert.setting("SMTP_HOST", "localhost")
    port = int(alert.setting("SMTP_PORT", "25"))
    security = alert.setting("SMTP_SECURITY", "none")
    if security not in ("none", "starttls", "tls"):
        alert.fail(f"SMTP_SECURITY must be none, starttls or tls, not {security!r}")
    context = ssl.create_default_context()
    if security == "tls":
        server = smtplib.SMTP_SSL(host, port, timeout=alert.TIMEOUT_SECONDS, context=context)
    else:
        server = smtplib.SMTP(host, port, timeout=alert.TIMEOUT_SECONDS)
    with server:
        if security == "starttls":
            server.starttls(context=context)
        user = alert.setting("SMTP_USER", "")
        if user:
            server.login(user, alert.setting("SMTP_PASSWORD", ""))
        server.send_message(mail)


def main():
    event, _ = alert.read_event()
    if not alert.wanted(event):
        return 0
    recipients = [address.strip() for address in alert.setting("SMTP_TO").split(",") if address.strip()]
    mail = message(event, alert.setting("SMTP_FROM"), recipients)
    try:
        send(mail)
    except (smtplib.SMTPException, OSError) as error:
        # smtplib's errors carry the server's reply, never the password.
        alert.fail(f"cannot send the email: {error}")
    print(f"emailed {event['type']} to {len(recipients)} recipient(s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
