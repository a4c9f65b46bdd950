#!/usr/bin/env python3
"""Put events in the ORIGINAL HowAlarming format on a beanstalkd tube, as the old producers did.

Usage: put_old_format.py PORT TUBE

Each event is a json.dumps() of the original five fields, with the timestamp as a
string of digits (2008-01-01T00:00:00Z) and no id, like the original README's sample.
Prints each body it put on its own line, in order. Requires `greenstalk`.
"""

import json
import sys

import greenstalk

EVENTS = [
    {"type": "alarm", "code": "123", "message": "event details string", "raw": "123ABC", "timestamp": "1199145600"},
    {"type": "info", "code": "609", "message": "zone open", "raw": "609001", "timestamp": "1199145600"},
    {"type": "fault", "code": "800", "message": "closet panel battery trouble", "raw": "800", "timestamp": "1199145600"},
]


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    with greenstalk.Client(("127.0.0.1", int(argv[1])), use=argv[2]) as client:
        for event in EVENTS:
            body = json.dumps(event)
            client.put(body)
            print(body)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
