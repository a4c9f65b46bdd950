#!/usr/bin/env python3
"""A minimal HowAlarming consumer: handles every event put on its own tube.

Needs greenstalk (pip install greenstalk). Before starting it, add its tube to
beanstalkd.tubes.events in the HowAlarming configuration.
"""
import json
import os
import random
import signal
import sys
import time
from collections import OrderedDict

import greenstalk

HOST = os.environ.get("BEANSTALKD_HOST", "127.0.0.1")
PORT = int(os.environ.get("BEANSTALKD_PORT", "11300"))
TUBE = os.environ.get("CONSUMER_TUBE", "example")  # this consumer's own tube, never another's
MAX_ATTEMPTS = 10  # then the job is buried for an operator
EVENT_TYPES = {"command", "info", "armed", "disarmed", "response",
               "alarm", "recovery", "fault", "unknown"}


class CannotHandle(Exception):
    """Raised by handle() for an event that will never succeed: the job is buried."""


def decode(body):
    """The event as a dict, or ValueError saying why the body is not one."""
    event = json.loads(body.decode("utf-8"))  # bad UTF-8 or bad JSON: ValueError
    if not isinstance(event, dict):
        raise ValueError("expected a JSON object")
    if event.get("type") not in EVENT_TYPES:
        raise ValueError(f"type: unknown event type {event.get('type')!r}")
    for field in ("code", "timestamp"):
        if field not in event:
            raise ValueError(f"{field}: required field is missing")
    return event


handled_ids = OrderedDict()  # ids of recently handled events, oldest first
highest_sequence = {}        # source -> highest sequence seen


def handle(event):
    """This consumer's work. Raise CannotHandle to bury, anything else to retry later."""
    source, sequence = event.get("source"), event.get("sequence")
    late = (source in highest_sequence and sequence is not None
            and sequence < highest_sequence[source])
    if sequence is not None:
        highest_sequence[source] = max(sequence, highest_sequence.get(source, 0))
    zone = f" zone {event['zone']}" if event.get("zone") is not None else ""
    print(f"{event['type']} {event['code']} {event.get('message', '')}{zone}"
          + (" (late)" if late else ""), flush=True)


def process(client, job):
    try:
        event = decode(job.body)
    except (ValueError, RecursionError) as error:  # RecursionError: absurdly nested JSON
        print(f"job {job.id} is not an event ({error}): buried", file=sys.stderr)
        client.bury(job)
        return
    event_id = event.get("id")  # absent only in events from old producers
    if event_id in handled_ids:
        client.delete(job)  # a repeat of an event already handled
        return
    try:
        handle(event)
    except CannotHandle as error:
        print(f"job {job.id} cannot be handled ({error}): buried", file=sys.stderr)
        client.bury(job)
        return
    except Exception as error:  # a transient failure: try again later
        attempt = client.stats_job(job)["releases"] + 1
        if attempt >= MAX_ATTEMPTS:
            print(f"job {job.id} failed {attempt} times ({error}): buried", file=sys.stderr)
            client.bury(job)
        else:
            delay = min(2 ** attempt, 300)
            print(f"job {job.id} failed ({error}): retry in {delay} s", file=sys.stderr)
            client.release(job, delay=delay)
        return
    if event_id is not None:
        handled_ids[event_id] = True
        if len(handled_ids) > 10_000:
            handled_ids.popitem(last=False)
    client.delete(job)


stopping = False


def stop(signum, frame):
    global stopping
    stopping = True  # finish the job in hand, then exit


def main():
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    backoff = 0.1
    while not stopping:
        try:
            # encoding=None: bodies stay bytes, so bad UTF-8 is buried, not a crash.
            with greenstalk.Client((HOST, PORT), encoding=None, watch=TUBE) as client:
                backoff = 0.1
                while not stopping:
                    try:
                        job = client.reserve(timeout=1)  # short, so a stop is prompt
                    except (greenstalk.TimedOutError, greenstalk.DeadlineSoonError):
                        continue
                    try:
                        process(client, job)
                    except greenstalk.NotFoundError:
                        # Our reservation ran out (TTR) before the job was settled: beanstalkd
                        # hands it out again, and the repeat is recognised by its id.
                        print(f"job {job.id}: reservation lost", file=sys.stderr)
        except OSError as error:  # ConnectionError included
            # beanstalkd restarted or is down: a job we held is back in the ready queue.
            print(f"beanstalkd at {HOST}:{PORT}: {error}; reconnecting", file=sys.stderr)
            time.sleep(backoff * random.uniform(0.5, 1))
            backoff = min(backoff * 2, 5)


if __name__ == "__main__":
    main()
