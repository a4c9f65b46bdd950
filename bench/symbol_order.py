"""`make symbol-order`: which functions each daemon runs, for the release link to put side by side.

The kernel maps an executable's pages 64 KB at a time around each page a process touches, so the
few hundred kilobytes of code a daemon runs, spread over 12 MB of .text, made most of the text
resident. lld's --symbol-ordering-file (Package.swift, release builds) puts the functions
OUTPUT_DIR/<executable>.txt names first in that executable's .text, in that order.

Each daemon of `make bench`'s footprint runs under valgrind's callgrind as the footprint runs it:
start-up, then 100 events (for the push consumer, alarms to 10 iPhones at the mock APNs), then
SIGTERM. The functions of start-up come first, then those only the work ran, so an idle daemon
touches one block of code. A function is named when its name is defined once in the executable
(a name several objects define would pull all of them forward), and only the first of its input
section is (a prebuilt library's object is one section, which one name brings forward whole).
The link maps (`-Map`) say which section each name is in.

Usage: symbol_order.py BIN_DIR MAP_DIR OUTPUT_DIR [EXECUTABLE...] (BIN_DIR also holds bench-mock-apns);
with executables named, only theirs.
"""
import collections
import os
import re
import subprocess
import sys
import tempfile

import footprint

EVENTS = 100
TIMEOUT = 300  # seconds; callgrind runs a program some 50 times slower
HEADER = """\
# The functions {executable} runs, one name per line: start-up first, then its work (events,
# deliveries) and shutdown. Its release link puts them first in .text, in this order. Written by
# `make symbol-order` (bench/symbol_order.py) from a callgrind profile; stale names cost nothing
# (lld skips the names the executable does not define).
"""


def callgrind_names(path):
    """The names of the functions a callgrind dump saw run."""
    names = set()
    with open(path) as dump:
        for line in dump:
            match = re.match(r"c?fn=\(\d+\) (\S+)", line)
            if match:
                names.add(match.group(1))
    return names


def profile(bin_dir, executable, arguments, ready_tube, events_from, directory):
    """The functions `executable` ran: (during start-up, after it)."""
    # valgrind 3.19 cannot read the DWARF 5 of Swift 6 builds: it profiles a copy without it.
    subprocess.run(["strip", "--strip-debug", "-o", os.path.join(directory, executable),
                    f"{bin_dir}/{executable}"], check=True)
    for helper in ("envisalink-simulator", "bench-mock-apns"):
        if not os.path.exists(os.path.join(directory, helper)):
            os.symlink(f"{bin_dir}/{helper}", os.path.join(directory, helper))
    output = os.path.join(directory, f"{executable}.callgrind")
    valgrind = ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={output}"]
    with footprint.daemon_running(directory, executable, arguments, ready_tube, prefix=valgrind,
                                  ready_timeout=TIMEOUT) as daemon:
        # Dumps what ran so far to `output`.1; the rest goes to `output` at exit.
        subprocess.run(["callgrind_control", "--dump=ready", executable], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if events_from:
            footprint.burst(daemon.port, daemon.control_port, events_from, count=EVENTS, timeout=TIMEOUT)
    return callgrind_names(f"{output}.1"), callgrind_names(output)


def text_sections(map_path):
    """The input sections of .text in a lld link map, in order: lists of the symbols each defines.

    After four address and size columns (49 characters), lld indents an output section's name by
    0 spaces, an input section's by 8 and a symbol's by 16."""
    sections, inside = [], False
    with open(map_path) as link_map:
        for line in link_map:
            entry = line[49:].rstrip("\n")
            name = entry.lstrip(" ")
            indent = len(entry) - len(name)
            if indent == 0:
                if inside:
                    break
                inside = name == ".text"
            elif inside and indent == 8:
                sections.append([])
            elif inside and indent == 16 and sections:
                sections[-1].append(name)
    return sections


def ordered_names(phases, sections):
    """One name per input section that ran, defined once in the executable: the sections of the
    first phase first, each phase in name order."""
    definitions = collections.Counter(name for section in sections for name in section)
    chosen = [[] for _ in phases]
    for section in sections:
        for index, executed in enumerate(phases):
            unique = [name for name in section if name in executed and definitions[name] == 1]
            if unique:
                chosen[index].append(min(unique, key=len))
                break
    return [name for names in chosen for name in sorted(names)]


def main():
    bin_dir, map_dir, output_dir, only = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    os.makedirs(output_dir, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="symbol-order-") as directory:
        for executable, arguments, ready_tube, events_from in footprint.DAEMONS:
            if only and executable not in only:
                continue
            phases = profile(bin_dir, executable, arguments, ready_tube, events_from, directory)
            names = ordered_names(phases, text_sections(os.path.join(map_dir, f"{executable}.map")))
            with open(os.path.join(output_dir, f"{executable}.txt"), "w") as order_file:
                order_file.write(HEADER.format(executable=executable) + "".join(f"{name}\n" for name in names))
            print(f"  {executable}: {len(phases[0])} functions ran in start-up, {len(phases[1])} after;"
                  f" {len(names)} sections to order", file=sys.stderr)


if __name__ == "__main__":
    main()
