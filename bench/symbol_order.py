"""`make symbol-order`: which functions each daemon runs, for the release link to put side by side.

The kernel maps an executable's pages 64 KB at a time around each page a process touches, so the
few hundred kilobytes of code a daemon runs, spread over 12 MB of .text, made most of the text
resident. lld's --symbol-ordering-file (Package.swift, release builds) puts the functions
OUTPUT_DIR/<executable>.txt names first in that executable's .text, together.

Each daemon of `make bench`'s footprint runs under valgrind's callgrind through what the footprint
measures (start-up, 100 events, SIGTERM). A function is named when it ran, its name is defined
once in the executable (a name several objects define would pull all of them forward), and it is
the first such function of its input section (a prebuilt library's object is one section, which
one name brings forward whole). The link maps (`-Map`) say which section each name is in.

Usage: symbol_order.py BIN_DIR MAP_DIR OUTPUT_DIR
"""
import collections
import os
import re
import subprocess
import sys
import tempfile

import footprint

EVENTS = 100
HEADER = """\
# The functions {executable} runs (start-up, 100 events, shutdown), one name per line, which its
# release link puts first in .text: written by `make symbol-order` (bench/symbol_order.py) from a
# callgrind profile. Stale names cost nothing: lld skips the names the executable does not define.
"""


def profile(bin_dir, executable, arguments, ready_tube, events_from, directory):
    """The names of the functions callgrind saw `executable` run."""
    # valgrind 3.19 cannot read the DWARF 5 of Swift 6 builds: it profiles a copy without it.
    profiled = os.path.join(directory, executable)
    subprocess.run(["strip", "--strip-debug", "-o", profiled, f"{bin_dir}/{executable}"], check=True)
    simulator = os.path.join(directory, "envisalink-simulator")
    if not os.path.exists(simulator):
        os.symlink(f"{bin_dir}/envisalink-simulator", simulator)
    output = os.path.join(directory, f"{executable}.callgrind")
    valgrind = ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={output}"]
    with footprint.daemon_running(directory, executable, arguments, ready_tube, prefix=valgrind,
                                  ready_timeout=300) as (_, port, control_port, _):
        if events_from:
            footprint.burst(port, control_port, events_from, count=EVENTS, timeout=300)
    names = set()
    with open(output) as profile_file:
        for line in profile_file:
            match = re.match(r"c?fn=\(\d+\) (\S+)", line)
            if match:
                names.add(match.group(1))
    return names


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


def representatives(executed, sections):
    """One executed name per input section that holds one, defined only once in the executable."""
    definitions = collections.Counter(name for section in sections for name in section)
    chosen = []
    for section in sections:
        unique = [name for name in section if name in executed and definitions[name] == 1]
        if unique:
            chosen.append(min(unique, key=len))
    return chosen


def main():
    bin_dir, map_dir, output_dir = sys.argv[1:4]
    os.makedirs(output_dir, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="symbol-order-") as directory:
        for executable, arguments, ready_tube, events_from in footprint.DAEMONS:
            executed = profile(bin_dir, executable, arguments, ready_tube, events_from, directory)
            chosen = representatives(executed, text_sections(os.path.join(map_dir, f"{executable}.map")))
            with open(os.path.join(output_dir, f"{executable}.txt"), "w") as order_file:
                order_file.write(HEADER.format(executable=executable) + "".join(f"{name}\n" for name in sorted(chosen)))
            print(f"  {executable}: {len(executed)} functions ran, in {len(chosen)} sections to order",
                  file=sys.stderr)


if __name__ == "__main__":
    main()
