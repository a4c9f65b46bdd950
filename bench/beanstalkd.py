"""A private beanstalkd for one benchmark: in memory or with a binlog, on a free loopback port."""
import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import time


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def version():
    found = shutil.which("beanstalkd") or "/usr/bin/beanstalkd"
    return subprocess.run([found, "-v"], capture_output=True, text=True).stdout.strip()


@contextlib.contextmanager
def running(binlog=False):
    """Yields the port of a fresh beanstalkd; `binlog` adds -b (fsync at the default interval)."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="bench-beanstalkd-") as directory:
        command = [shutil.which("beanstalkd") or "/usr/bin/beanstalkd", "-l", "127.0.0.1", "-p", str(port),
                   "-z", "1048576"]
        if binlog:
            command += ["-b", directory]
        with serving(command, port, "beanstalkd"):
            yield port


@contextlib.contextmanager
def serving(command, port, name):
    """Runs the server `command` until the block ends, entering it once the server accepts
    connections on `port` (at most 10 s; `name` is for the error)."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise RuntimeError(f"{name} did not start on port {port}")
                time.sleep(0.01)
        yield
    finally:
        process.terminate()
        process.wait(timeout=10)


def tube_watchers(port, tube):
    """beanstalkd's current-watching count of `tube` (0 when the tube does not exist)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        connection.sendall(f"stats-tube {tube}\r\n".encode())
        reply = b""
        while b"\r\n" not in reply:
            reply += connection.recv(65536)
        header, _, rest = reply.partition(b"\r\n")
        if not header.startswith(b"OK"):
            return 0
        size = int(header.split()[1])
        while len(rest) < size + 2:
            rest += connection.recv(65536)
        for line in rest.decode().splitlines():
            if line.startswith("current-watching:"):
                return int(line.split(":")[1])
    return 0
