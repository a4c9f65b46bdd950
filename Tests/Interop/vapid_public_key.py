#!/usr/bin/env python3
"""Print the public key of a VAPID private key, as py-vapid reads it.

Usage: vapid_public_key.py pem|raw < private key

Reads the private key from standard input: PEM (`pem`, read with
py_vapid.Vapid.from_pem) or the 32-byte scalar in base64url (`raw`, read with
py_vapid.Vapid.from_raw). Prints the 65-byte uncompressed public key in
base64url without padding. Exits 2 on a usage error.
"""

import base64
import sys

from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid


def main(argv):
    if len(argv) != 2 or argv[1] not in ("pem", "raw"):
        print(__doc__, file=sys.stderr)
        return 2
    text = sys.stdin.buffer.read().strip()
    vapid = Vapid.from_pem(text) if argv[1] == "pem" else Vapid.from_raw(text)
    point = vapid.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    print(base64.urlsafe_b64encode(point).decode("ascii").rstrip("="))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
