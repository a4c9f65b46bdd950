"""Part of `make bench`: whether each daemon's symbol order file still matches its executable.

`make release` hands deploy/symbol-order/<executable>.txt to lld, which puts those functions first
in .text and quietly skips the names the executable no longer defines. Code changes rename
functions, so the file goes stale: its daemon's resident memory creeps back up unnoticed. This
counts the names the release executable no longer defines and calls the file stale past
STALE_FRACTION, with the fix (`make symbol-order`).
"""
import os
import subprocess

import footprint

ORDER_DIR = "deploy/symbol-order"
# A few renamed functions cost a page or two; past this share of the names, profile again.
STALE_FRACTION = 0.05


def defined_names(executable_path):
    """The names of the functions an executable defines (its symbol table)."""
    listing = subprocess.run(["nm", "--defined-only", "--format=just-symbols", executable_path],
                             capture_output=True, text=True, check=True).stdout
    return set(listing.split())


def ordered_names(order_path):
    """The names an order file lists (comment lines start with #)."""
    with open(order_path) as order_file:
        return [line.strip() for line in order_file if line.strip() and not line.startswith("#")]


def check(bin_dir):
    """For each daemon with an order file: how many of its names the executable still defines."""
    results = []
    for executable, *_ in footprint.DAEMONS:
        order_path = os.path.join(ORDER_DIR, f"{executable}.txt")
        if not os.path.exists(order_path):
            results.append({"executable": executable, "names": 0, "missing": 0, "stale": True})
            continue
        names = ordered_names(order_path)
        missing = len(set(names) - defined_names(os.path.join(bin_dir, executable)))
        results.append({"executable": executable, "names": len(names), "missing": missing,
                        "stale": missing > STALE_FRACTION * len(names)})
    return results


def table(results):
    lines = ["\n### Symbol order files (deploy/symbol-order, `make symbol-order`)\n",
             "| executable | names | no longer in the executable | |", "|---|---|---|---|"]
    for result in results:
        if not result["names"]:
            verdict = "**missing**: run `make symbol-order`"
        elif result["stale"]:
            verdict = "**stale**: run `make symbol-order`"
        else:
            verdict = "current"
        share = f" ({result['missing'] / result['names']:.0%})" if result["names"] else ""
        lines.append(f"| `{result['executable']}` | {result['names']:,} | {result['missing']:,}{share} | {verdict} |")
    lines.append(f"\nA file is stale when more than {STALE_FRACTION:.0%} of its names are gone: lld skips them, "
                 "and the functions they named lie wherever the link put them.")
    return lines
