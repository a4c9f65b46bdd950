#!/usr/bin/env python3
"""Decrypt a Web Push message body (RFC 8291, aes128gcm) as a browser would.

Usage: webpush_decrypt.py UA_PRIVATE AUTH_SECRET < body

UA_PRIVATE is the subscription's 32-byte P-256 private key and AUTH_SECRET its
16-byte auth secret, both base64url. Reads the encrypted body (bytes) from
standard input, decrypts it with http_ece (pip install http-ece), and prints the
plaintext in base64url without padding. Exits 1 with the reason on stderr when
the body does not decrypt, 2 on a usage error.
"""

import base64
import sys

import http_ece
from cryptography.hazmat.primitives.asymmetric import ec


def b64u_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    private_key = ec.derive_private_key(int.from_bytes(b64u_decode(argv[1]), "big"), ec.SECP256R1())
    body = sys.stdin.buffer.read()
    try:
        plaintext = http_ece.decrypt(
            body, private_key=private_key, auth_secret=b64u_decode(argv[2]), version="aes128gcm")
    except Exception as error:  # http_ece raises ECEException and cryptography's InvalidTag
        print(f"does not decrypt: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    print(base64.urlsafe_b64encode(plaintext).decode("ascii").rstrip("="))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
