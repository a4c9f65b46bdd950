#!/usr/bin/env python3
"""Print the module matrices segno makes, to compare with TerminalQR's.

Usage: segno_matrix.py < cases

Each line of standard input is one case: VERSION LEVEL MASK HEXBYTES, LEVEL one of
L M Q H, e.g. `5 M 3 68747470`. For each case, prints one line: the rows of the
symbol without its quiet zone, top first, each as 0 (light) and 1 (dark) from the
left, separated by commas. The bytes are encoded in byte mode, at exactly that
version, level (not raised) and mask. Exits 2 on a usage error, 3 when segno is
not installed.
"""

import sys

try:
    import segno
except ImportError:
    print("segno is not installed: run `make test` (or `make python-peer`)", file=sys.stderr)
    sys.exit(3)


def main(argv):
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    for line in sys.stdin:
        version, level, mask, data = line.split()
        code = segno.make_qr(bytes.fromhex(data), version=int(version), error=level.lower(),
                             mask=int(mask), mode="byte", boost_error=False)
        print(",".join("".join(str(module) for module in row) for row in code.matrix))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
