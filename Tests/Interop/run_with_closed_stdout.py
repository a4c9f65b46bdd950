#!/usr/bin/env python3
"""Run a command whose standard output is a pipe nobody reads any more.

Usage: run_with_closed_stdout.py COMMAND [ARGUMENT...]

The pipe's read end is closed before the command starts, so its first write to
standard output fails with EPIPE (or kills it with SIGPIPE), every time. Its
standard error is passed through. Prints the command's exit code (negative: the
signal that ended it).
"""

import os
import subprocess
import sys


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    reader, writer = os.pipe()
    os.close(reader)
    print(subprocess.run(argv[1:], stdout=writer).returncode)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
