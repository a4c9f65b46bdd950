#!/usr/bin/env python3
"""Verify a VAPID Authorization header (RFC 8292) with py-vapid.

Usage: vapid_verify.py 'vapid t=<jwt>, k=<key>'

Parses the header (py-vapid's own Vapid.verify() cannot read the ", " the RFC
writes), verifies the JWT's ES256 signature against k with py_vapid.jwt.decode
(pip install py-vapid), and prints one JSON line: {"k": ..., "header": {...},
"claims": {...}}. Exits 1 when the header is malformed or the signature does
not verify, 2 on a usage error.
"""

import base64
import json
import re
import sys

from cryptography.exceptions import InvalidSignature
from py_vapid import jwt


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    match = re.fullmatch(r"vapid\s+(.*)", argv[1], re.IGNORECASE)
    if match is None:
        print("not a vapid header", file=sys.stderr)
        return 1
    params = dict(part.strip().split("=", 1) for part in match[1].split(","))
    try:
        claims = jwt.decode(params["t"], params["k"])
    except (KeyError, InvalidSignature) as error:
        print(f"does not verify: {type(error).__name__}", file=sys.stderr)
        return 1
    encoded_header = params["t"].split(".")[0]
    header = json.loads(base64.urlsafe_b64decode(encoded_header + "=" * (-len(encoded_header) % 4)))
    print(json.dumps({"k": params["k"], "header": header, "claims": claims}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
