#!/usr/bin/env python3
"""Run a beanstalkd consumer whose standard output blocks while it holds a job.

Usage: run_with_stalled_stdout.py PORT TUBE COMMAND [ARGUMENT...]

Standard output is a pipe that is full before the command starts, so the
command's first write blocks. Once the command has reserved a job of TUBE (on
beanstalkd at 127.0.0.1:PORT) this prints `stalled`; the caller then does what it
wants to test (restart beanstalkd, say) and sends SIGUSR1. Then the pipe is read
to the end, the command's output lines are printed, then `exit N` with its exit
code (negative: the signal that ended it). If no job is reserved within 10 s the
command is killed and this exits 1. Requires `greenstalk`.
"""

import os
import signal
import subprocess
import sys
import time

import greenstalk

DEADLINE_SECONDS = 10


def fill(writer):
    """Writes blank lines to the pipe until it is full."""
    os.set_blocking(writer, False)
    try:
        while True:
            os.write(writer, b"\n" * 4096)
    except BlockingIOError:
        pass
    os.set_blocking(writer, True)


def wait_for_reservation(port, tube):
    """Whether a job of `tube` is reserved within the deadline."""
    deadline = time.monotonic() + DEADLINE_SECONDS
    with greenstalk.Client(("127.0.0.1", port)) as client:
        while client.stats_tube(tube)["current-jobs-reserved"] == 0:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.01)
    return True


def main(argv):
    if len(argv) < 4:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    port, tube, command = int(argv[1]), argv[2], argv[3:]
    reader, writer = os.pipe()
    fill(writer)
    child = subprocess.Popen(command, stdout=writer)
    os.close(writer)
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR1})
    if not wait_for_reservation(port, tube):
        child.kill()
        print(f"no job of {tube} was reserved within {DEADLINE_SECONDS} s", file=sys.stderr)
        return 1
    print("stalled", flush=True)
    signal.sigwait({signal.SIGUSR1})
    with os.fdopen(reader, "rb") as output:
        lines = output.read().decode("utf-8").split("\n")
    for line in lines:
        if line:
            print(line)
    print(f"exit {child.wait()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
