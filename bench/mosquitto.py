"""A private mosquitto for one benchmark: anonymous, no persistence, on a free loopback port."""
import contextlib
import os
import shutil
import subprocess
import tempfile

import beanstalkd


def executable():
    return shutil.which("mosquitto") or "/usr/sbin/mosquitto"


def version():
    output = subprocess.run([executable(), "-h"], capture_output=True, text=True).stdout
    return next((line.strip() for line in output.splitlines() if line.startswith("mosquitto version")), "mosquitto ?")


@contextlib.contextmanager
def running(tcp_nodelay=True):
    """Yields the port of a fresh mosquitto that queues without limit, so that no QoS 0 message
    is dropped for a subscriber that falls behind (the measurements count them all).

    With `tcp_nodelay` (set_tcp_nodelay), it writes each packet at once; without, as mosquitto's
    default, Nagle's algorithm holds a small packet while an earlier one is unacknowledged, and
    with the peer's delayed acknowledgement a PUBACK or a delivery waits up to 40 ms."""
    port = beanstalkd.free_port()
    with tempfile.TemporaryDirectory(prefix="bench-mosquitto-") as directory:
        path = os.path.join(directory, "mosquitto.conf")
        with open(path, "w") as file:
            file.write(f"listener {port} 127.0.0.1\nallow_anonymous true\npersistence false\n"
                       f"max_queued_messages 0\nlog_dest none\nset_tcp_nodelay {'true' if tcp_nodelay else 'false'}\n")
        with beanstalkd.serving([executable(), "-c", path], port, "mosquitto"):
            yield port
