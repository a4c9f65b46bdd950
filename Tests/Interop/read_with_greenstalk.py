#!/usr/bin/env python3
"""Take every ready job of a beanstalkd tube with greenstalk, the way a Python consumer does.

Usage: read_with_greenstalk.py PORT TUBE

Reserves jobs until none is ready, prints each body on its own line and deletes it.
Requires `greenstalk`.
"""

import sys

import greenstalk


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    with greenstalk.Client(("127.0.0.1", int(argv[1])), watch=argv[2]) as client:
        while True:
            try:
                job = client.reserve(timeout=0)
            except greenstalk.TimedOutError:
                return 0
            print(job.body)
            client.delete(job)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
