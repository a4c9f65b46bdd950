#!/usr/bin/env python3
"""An SMTP server that records every message, a stand-in for a mail server.

Usage: smtp_standin.py

Listens on 127.0.0.1 on a free port and prints `listening PORT`. Then prints each
message it accepts as one JSON line {"mail_from", "rcpt_to", "auth" (null, or the
user and password of an AUTH PLAIN), "data" (the message as sent, dot-stuffing
undone)}. Speaks as much SMTP as Python's smtplib needs: EHLO (offering AUTH PLAIN),
HELO, AUTH PLAIN, MAIL, RCPT, DATA, RSET, NOOP and QUIT. Runs until killed.
Standard library only: Python 3.12 no longer has smtpd.
"""

import asyncio
import base64
import json
import re
import sys

ADDRESS = re.compile(r"<([^>]*)>")


async def read_data(reader):
    """The lines of a DATA section up to the lone dot, dot-stuffing undone."""
    lines = []
    while True:
        line = await reader.readline()
        if line in (b".\r\n", b".\n", b""):
            return b"".join(lines).decode("utf-8", "replace")
        lines.append(line[1:] if line.startswith(b"..") else line)


async def plain_credentials(reader, writer, words):
    """The user and password of an AUTH PLAIN, with or without an initial response."""
    if len(words) < 3:
        writer.write(b"334 \r\n")
        token = (await reader.readline()).strip()
    else:
        token = words[2].encode("ascii")
    _, user, password = base64.b64decode(token).decode("utf-8").split("\0")
    return {"user": user, "password": password}


async def session(reader, writer):
    writer.write(b"220 standin ESMTP\r\n")
    mail_from, rcpt_to, auth = None, [], None
    while line := await reader.readline():
        command = line.decode("utf-8", "replace").strip()
        words = command.split()
        verb = words[0].upper() if words else ""
        if verb == "EHLO":
            writer.write(b"250-standin\r\n250-AUTH PLAIN\r\n250 8BITMIME\r\n")
        elif verb in ("HELO", "NOOP"):
            writer.write(b"250 ok\r\n")
        elif verb == "AUTH" and len(words) > 1 and words[1].upper() == "PLAIN":
            auth = await plain_credentials(reader, writer, words)
            writer.write(b"235 2.7.0 accepted\r\n")
        elif verb == "MAIL":
            mail_from, rcpt_to = ADDRESS.search(command).group(1), []
            writer.write(b"250 ok\r\n")
        elif verb == "RCPT":
            rcpt_to.append(ADDRESS.search(command).group(1))
            writer.write(b"250 ok\r\n")
        elif verb == "DATA":
            writer.write(b"354 end with a lone dot\r\n")
            await writer.drain()
            data = await read_data(reader)
            print(json.dumps({"mail_from": mail_from, "rcpt_to": rcpt_to, "auth": auth, "data": data}), flush=True)
            writer.write(b"250 ok: queued\r\n")
        elif verb == "RSET":
            mail_from, rcpt_to = None, []
            writer.write(b"250 ok\r\n")
        elif verb == "QUIT":
            writer.write(b"221 bye\r\n")
            break
        else:
            writer.write(b"502 not implemented\r\n")
        await writer.drain()
    await writer.drain()
    writer.close()


async def main():
    server = await asyncio.start_server(session, "127.0.0.1", 0)
    print(f"listening {server.sockets[0].getsockname()[1]}", flush=True)
    await server.serve_forever()


if __name__ == "__main__":
    if len(sys.argv) != 1:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        sys.exit(2)
    asyncio.run(main())
