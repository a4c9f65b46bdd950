#!/usr/bin/env python3
"""A stand-in for Twilio's REST API: Messages (SMS) and Calls, checked as Twilio checks them.

Usage: twilio_standin.py ACCOUNT_SID AUTH_TOKEN [STATUSES]

Listens on 127.0.0.1 on a free port and prints `listening PORT`. Accepts
POST /2010-04-01/Accounts/ACCOUNT_SID/Messages.json (form fields To, From, Body) and
.../Calls.json (To, From, and Twiml: a <Response> of <Say> and <Pause> elements), with
Basic authentication ACCOUNT_SID:AUTH_TOKEN, as application/x-www-form-urlencoded. Prints
each request as one JSON line {"path", "user" (the Basic user, or null), "form" (the fields,
each once), "said" (a call's <Say> texts), "status" (what it answered)} and answers as Twilio
does: 201 with the new resource's JSON, or an error document {"code", "message",
"more_info", "status"}:
    401 (error 20003)  no or wrong credentials
    404 (error 20404)  another path or account
    400 (error 21604, 21603, 21602, 21205 or 12100)  a missing To, From, Body or Twiml, or
                       Twiml that is not such a <Response>
    400 (error 21211)  To is +15005550001, Twilio's test number for an invalid number
    STATUSES           otherwise, a comma-separated list of statuses for the first valid
                       requests, the last one repeating (default 201): "500,201" fails the first
Runs until killed.
"""

import base64
import binascii
import json
import sys
import urllib.parse
import uuid
import xml.etree.ElementTree as ElementTree
from http.server import BaseHTTPRequestHandler, HTTPServer

INVALID_NUMBER = "+15005550001"
REQUIRED = {"Messages.json": ("To", "From", "Body"), "Calls.json": ("To", "From", "Twiml")}
MISSING_ERRORS = {"To": 21604, "From": 21603, "Body": 21602, "Twiml": 21205}


class Rejection(Exception):
    """A request Twilio would refuse: HTTP `status`, Twilio error `code`."""

    def __init__(self, status, code, message):
        super().__init__(message)
        self.status, self.code = status, code


class TwilioStandIn(BaseHTTPRequestHandler):
    account = ""
    token = ""
    statuses = [201]

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode("utf-8", "replace")
        form = dict(urllib.parse.parse_qsl(body, keep_blank_values=True))
        record = {"path": self.path, "user": self.basic_user(), "form": form, "said": []}
        try:
            record["said"] = self.check(form)
            status = self.statuses.pop(0) if len(self.statuses) > 1 else self.statuses[0]
            if status >= 300:
                raise Rejection(status, 20500, "An internal server error has occurred")
            reply = {"sid": ("SM" if self.path.endswith("/Messages.json") else "CA") + uuid.uuid4().hex,
                     "account_sid": self.account, "to": form["To"], "from": form["From"], "status": "queued"}
        except Rejection as rejection:
            status = rejection.status
            reply = {"code": rejection.code, "message": str(rejection),
                     "more_info": f"https://www.twilio.com/docs/errors/{rejection.code}", "status": status}
        record["status"] = status
        print(json.dumps(record), flush=True)
        self.answer(status, reply)

    def basic_user(self):
        """The user name of the request's Basic credentials; None without them."""
        credentials = self.basic_credentials()
        return credentials[0] if credentials else None

    def basic_credentials(self):
        """(user, password) from the Authorization header, or None."""
        scheme, _, encoded = (self.headers.get("Authorization") or "").partition(" ")
        if scheme.lower() != "basic":
            return None
        try:
            user, separator, password = base64.b64decode(encoded, validate=True).decode("utf-8").partition(":")
        except (binascii.Error, UnicodeDecodeError):
            return None
        return (user, password) if separator else None

    def check(self, form):
        """Checks the request as Twilio would; returns a call's <Say> texts."""
        if self.basic_credentials() != (self.account, self.token):
            raise Rejection(401, 20003, "Authenticate")
        prefix = f"/2010-04-01/Accounts/{self.account}/"
        resource = self.path[len(prefix):] if self.path.startswith(prefix) else None
        if resource not in REQUIRED:
            raise Rejection(404, 20404, f"The requested resource {self.path} was not found")
        if self.headers.get("Content-Type", "").split(";")[0].strip() != "application/x-www-form-urlencoded":
            raise Rejection(400, 21000, "Expected application/x-www-form-urlencoded")
        for field in REQUIRED[resource]:
            if not form.get(field):
                raise Rejection(400, MISSING_ERRORS[field], f"A '{field}' parameter is required.")
        if form["To"] == INVALID_NUMBER:
            raise Rejection(400, 21211, f"The 'To' number {INVALID_NUMBER} is not a valid phone number.")
        return said(form["Twiml"]) if resource == "Calls.json" else []

    def answer(self, status, document):
        reply = json.dumps(document).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(reply)))
        self.end_headers()
        self.wfile.write(reply)

    def log_message(self, format, *args):
        pass  # requests are printed as JSON lines instead


def said(twiml):
    """The texts of the <Say> elements of `twiml`, a <Response> of <Say> and <Pause> elements."""
    try:
        response = ElementTree.fromstring(twiml)
    except ElementTree.ParseError as error:
        raise Rejection(400, 12100, f"Document parse failure: {error}") from None
    if response.tag != "Response" or any(verb.tag not in ("Say", "Pause") for verb in response):
        raise Rejection(400, 12100, "Expected a <Response> of <Say> and <Pause> verbs")
    return [verb.text or "" for verb in response if verb.tag == "Say"]


def main(argv):
    if not 3 <= len(argv) <= 4:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    TwilioStandIn.account, TwilioStandIn.token = argv[1], argv[2]
    if len(argv) > 3:
        TwilioStandIn.statuses = [int(status) for status in argv[3].split(",")]
    server = HTTPServer(("127.0.0.1", 0), TwilioStandIn)
    print(f"listening {server.server_address[1]}", flush=True)
    server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
