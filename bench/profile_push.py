"""Profiles howalarming-push with perf while it fans alarms out to 10,000 iPhones (not part of
`make bench`; see docs/performance.md).

Usage: bench/profile_push.py BIN_DIR OUTPUT.perf.data   (then: perf report -i OUTPUT.perf.data)
One warm-up alarm, then `perf record -g` on the consumer's process during three more.
"""
import os
import subprocess
import sys
import time

import push

DEVICES = 10_000


def main():
    bin_dir, output = sys.argv[1], sys.argv[2]
    mock = push.MockAPNs(bin_dir)
    try:
        with push.push_consumer(bin_dir, mock, DEVICES, 500) as (port, database):
            config = os.path.join(os.path.dirname(database), "config.yaml")
            pid = subprocess.run(["pgrep", "-f", f"howalarming-push --config {config}"],
                                 capture_output=True, text=True, check=True).stdout.split()[0]
            before = mock.count()[0]
            push.put(port, "push", push.alarm_event())
            mock.wait_for(before + DEVICES, 120)
            perf = subprocess.Popen(["perf", "record", "-F", "999", "-g", "-o", output, "-p", pid],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(0.5)
            before = mock.count()[0]
            for _ in range(3):
                push.put(port, "push", push.alarm_event())
            mock.wait_for(before + 3 * DEVICES, 120)
            perf.send_signal(2)
            perf.wait(timeout=60)
            print(f"profile of howalarming-push (pid {pid}) in {output}", file=sys.stderr)
    finally:
        mock.close()


if __name__ == "__main__":
    main()
