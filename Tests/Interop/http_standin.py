#!/usr/bin/env python3
"""An HTTP server that records every request, a stand-in for webhook, ntfy and Pushover servers.

Usage: http_standin.py [STATUSES [BODY]]

Listens on 127.0.0.1 on a free port and prints `listening PORT`. Then prints each
request as one JSON line {"method", "path", "headers" (names lower-cased), "body"}
and answers it with BODY (default `{"status":1}`) as application/json. STATUSES is
a comma-separated list of HTTP statuses for the first requests, the last one
repeating (default 200): "500,200" fails the first request only. Runs until killed.
"""

import json
import sys
from http.server import BaseHTTPRequestHandler, HTTPServer


class Recorder(BaseHTTPRequestHandler):
    statuses = [200]
    reply = b'{"status":1}'

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode("utf-8", "replace")
        headers = {name.lower(): value for name, value in self.headers.items()}
        print(json.dumps({"method": self.command, "path": self.path, "headers": headers, "body": body}), flush=True)
        status = self.statuses.pop(0) if len(self.statuses) > 1 else self.statuses[0]
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(self.reply)))
        self.end_headers()
        self.wfile.write(self.reply)

    do_GET = do_PUT = do_POST

    def log_message(self, format, *args):
        pass  # requests are printed as JSON lines instead


def main(argv):
    if len(argv) > 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    if len(argv) > 1:
        Recorder.statuses = [int(status) for status in argv[1].split(",")]
    if len(argv) > 2:
        Recorder.reply = argv[2].encode("utf-8")
    server = HTTPServer(("127.0.0.1", 0), Recorder)
    print(f"listening {server.server_address[1]}", flush=True)
    server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
