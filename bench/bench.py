"""`make bench`: runs the benchmark parts, prints the tables, and stores them with the raw
numbers in bench/results/<UTC time>.md and .json.

With --mqtt, only the MQTT parts: publish throughput, the bridge's latency, and the footprint
of the small daemons BIN_DIR holds (the bridge among them), stored as <UTC time>-mqtt.md and .json.
With --tpi, only the TPI proxy's latencies, stored as <UTC time>-tpi.md and .json.

Usage: bench.py BIN_DIR PYTHON [--full] [--mqtt | --tpi]
"""
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys

import api as api_part
import beanstalkd
import console
import footprint
import latency
import mosquitto
import mqtt as mqtt_part
import mqtt_bridge
import order_files
import push
import queue_clients as queue_part
import tpi_proxy
import webpush

TARGET_RSS_MB = {"howalarming-envisalink": 15, "howalarming-log": 15, "howalarming": 15,
                 "howalarming-push": 25, "howalarming-command": 30, "howalarming-mqtt": 15}


def median(values):
    values = [value for value in values if value is not None]
    return statistics.median(values) if values else None


def machine():
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    memory = next(int(line.split()[1]) // 1024 for line in open("/proc/meminfo") if line.startswith("MemTotal"))
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    load = open("/proc/loadavg").read().split()[:3]
    return {"cpu": cpu, "cores": os.cpu_count(), "memory_mb": memory, "kernel": platform.release(),
            "swift": swift, "beanstalkd": beanstalkd.version(), "mosquitto": mosquitto.version(), "load_before": " ".join(load)}


def queue_tables(results):
    lines = []
    for server in ["memory", "binlog"]:
        lines += [f"\n### Queue client, beanstalkd {'in memory' if server == 'memory' else 'with binlog (-b)'}\n",
                  "| test | raw socket (ceiling) | Beanstalk | Beanstalk on its event loop | greenstalk | Beanstalk (loop) ÷ raw | Beanstalk (loop) ÷ greenstalk |",
                  "|---|---|---|---|---|---|---|"]
        for test in queue_part.TESTS:
            rows = {client: [r for r in results if r["server"] == server and r["test"] == test and r["client"] == client]
                    for client in queue_part.CLIENTS}
            rate = {client: median([r["ops_per_s"] for r in rows[client]]) for client in rows}

            def cell(client):
                if rate[client] is None:
                    return "n/a"
                p50 = median([r["p50_us"] for r in rows[client]])
                p99 = median([r["p99_us"] for r in rows[client]])
                latency = f" (p50 {p50:.0f} µs, p99 {p99:.0f} µs)" if p50 is not None else ""
                return f"{rate[client]:,.0f}/s{latency}"

            def ratio(a, b):
                return f"{rate[a] / rate[b]:.2f}" if rate[a] and rate[b] else "n/a"

            lines.append(f"| {test} | {cell('raw')} | {cell('swift')} | {cell('swift-loop')} | {cell('greenstalk')} "
                         f"| {ratio('swift-loop', 'raw')} (default executor {ratio('swift', 'raw')}) "
                         f"| {ratio('swift-loop', 'greenstalk')} (default executor {ratio('swift', 'greenstalk')}) |")
    return lines


def footprint_table(results, sizes):
    lines = ["\n### Footprint (release build)\n",
             "| executable | start-up | idle RSS (PSS) | target | RSS after 1,000 events | CPU per 1,000 events | binary |",
             "|---|---|---|---|---|---|---|"]
    for executable in dict.fromkeys(r["executable"] for r in results):
        rows = [r for r in results if r["executable"] == executable]
        rss, pss = median([r["idle_rss_mb"] for r in rows]), median([r["idle_pss_mb"] for r in rows])
        loaded, cpu = median([r.get("loaded_rss_mb") for r in rows]), median([r.get("cpu_ms_per_1000") for r in rows])
        target = TARGET_RSS_MB[executable]
        verdict = "met" if rss <= target else "**not met**"
        lines.append(f"| `{executable}` | {median([r['startup_ms'] for r in rows]):.0f} ms | {rss:.1f} MB ({pss:.1f} MB) "
                     f"| ≤ {target} MB: {verdict} | {f'{loaded:.1f} MB' if loaded else '—'} "
                     f"| {f'{cpu:.0f} ms' if cpu is not None else '—'} | {sizes[executable]:.1f} MB |")
    if any(r["executable"] == "howalarming-push" for r in results):
        lines.append(f"\nThe push consumer sends to the mock APNs with {footprint.IPHONES} iPhones registered; its 1,000 "
                     f"events are alarms, {1000 * footprint.IPHONES:,} notifications.")
    return lines


def push_tables(results):
    lines = ["\n### Push delivery to the mock APNs (HTTP/2 over TLS, one mock for every client)\n",
             "Medians of the runs, alternating between the clients.\n",
             "| in flight | howalarming-push (one alarm to N iPhones) | aioapns (N notifications) | howalarming-push ÷ aioapns |",
             "|---|---|---|---|"]
    for ours, theirs in zip(results["fan_out"], results["aioapns"]):
        lines.append(f"| {ours['concurrency']} (N = {ours['devices']:,}) | {ours['per_s']:,.0f}/s (p50 {ours['p50_ms']:.1f} ms, "
                     f"p99 {ours['p99_ms']:.1f} ms) | {theirs['per_s']:,.0f}/s (p50 {theirs['p50_ms']:.1f} ms, "
                     f"p99 {theirs['p99_ms']:.1f} ms) | {ours['per_s'] / theirs['per_s']:.2f} |")
    ceiling = ", ".join(f"{r['per_s']:,.0f}/s with {r['streams']} stream(s) ({r['status']})" for r in results["h2load"])
    lines.append(f"\nThe mock's own ceiling (h2load, one connection): {ceiling}. The clients and the mock share the "
                 "machine's 2 cores, so a client's rate is bounded by what the mock leaves it.")
    lines += ["\n| fan-out of one alarm | time to the last request (warm) | first alarm after start (cold) | notifications/s |",
              "|---|---|---|---|"]
    for result in results["fan_out"][len(results["aioapns"]):]:
        lines.append(f"| {result['devices']:,} iPhones, 500 in flight | {result['seconds']:.2f} s | {result['cold_seconds']:.2f} s "
                     f"| {result['per_s']:,.0f} |")
    lines += ["\nScaling: the alarms are put at once; an alarm's latency runs from its put to the last of its "
              "deliveries recorded in the ledger (p50 and max over the alarms).\n",
              "| push consumers on one tube | 200 alarms to 1 iPhone | 4 alarms to 1,000 iPhones | 1 alarm to 10,000 iPhones |",
              "|---|---|---|---|"]
    for processes in push.SCALING_PROCESSES:
        rows = {r["devices"]: r for r in results["scaling"] if r["processes"] == processes}
        lines.append(f"| {processes} | " + " | ".join(scaling_cell(rows[devices]) for devices in (1, 1000, 10000)) + " |")
    return lines


def scaling_cell(result):
    latency = (f"latency {result['max_ms']:,.0f} ms" if result["events"] == 1
               else f"latency p50 {result['p50_ms']:,.0f} ms, max {result['max_ms']:,.0f} ms")
    return f"{result['per_s']:,.0f}/s in {result['seconds']:.2f} s; {latency}"


WEB_PUSH_GOAL = 3


def webpush_table(results):
    lines = ["\n### Web Push to the mock push service (TLS, VAPID checked; one mock for both clients)\n",
             "Medians of the runs, alternating between the clients; each timed from its start to the mock's last "
             "arrival, after a warm-up pass. howalarming-push speaks HTTP/2; pywebpush (requests) HTTP/1.1, one "
             "connection per thread.\n",
             "| in flight | howalarming-push (one alarm to N browsers) | pywebpush (N notifications, threads) "
             f"| howalarming-push ÷ pywebpush | goal ≥ {WEB_PUSH_GOAL}× |",
             "|---|---|---|---|---|"]
    for ours, theirs in zip(results["fan_out"], results["pywebpush"]):
        ratio = ours["per_s"] / theirs["per_s"]
        lines.append(f"| {ours['concurrency']} (N = {ours['devices']:,}) | {ours['per_s']:,.0f}/s (p50 {ours['p50_ms']:.1f} ms, "
                     f"p99 {ours['p99_ms']:.1f} ms) | {theirs['per_s']:,.0f}/s (p50 {theirs['p50_ms']:.1f} ms, "
                     f"p99 {theirs['p99_ms']:.1f} ms) | {ratio:.2f} | {'met' if ratio >= WEB_PUSH_GOAL else '**not met**'} |")
    return lines


def latency_table(results):
    lines = ["\n### End-to-end alarm latency (simulated panel → integrator → beanstalkd → howalarming-push → mock APNs)\n",
             "| other events flowing | alarms | p50 | p99 | max | target (p99) |", "|---|---|---|---|---|---|"]
    for result in results:
        target = 50 if result["load_per_s"] else 10
        verdict = "met" if result["p99_ms"] <= target else "**not met**"
        flowing = f"{result['load_per_s']:,.0f} events/s" if result["load_per_s"] else "none (idle)"
        lines.append(f"| {flowing} | {result['count']} | {result['p50_ms']:.1f} ms | {result['p99_ms']:.1f} ms "
                     f"| {result['max_ms']:.1f} ms | ≤ {target} ms: {verdict} |")
    return lines


def api_table(results):
    lines = ["\n### Command API on loopback (howalarming-command, one keep-alive connection, Python's http.client)\n",
             "| request | requests/s | p50 | p99 | max | target (p99) |", "|---|---|---|---|---|---|"]
    for path in api_part.PATHS:
        rows = [r for r in results if r["path"] == path]
        p99 = median([r["p99_ms"] for r in rows])
        target = f"≤ 2 ms: {'met' if p99 <= 2 else '**not met**'}" if path == "/v1/status" else "—"
        lines.append(f"| GET `{path}` | {median([r['per_s'] for r in rows]):,.0f}/s | {median([r['p50_ms'] for r in rows]):.2f} ms "
                     f"| {p99:.2f} ms | {median([r['max_ms'] for r in rows]):.2f} ms | {target} |")
    lines.append(f"\n{api_part.EVENTS_STORED} events stored; {results[0]['requests']:,} requests per path and run after "
                 f"{api_part.WARM_UP} of warm-up; medians of the runs.")
    return lines


def met_or_not(met):
    return "met" if met else "**not met**"


def console_table(result):
    lines = ["\n### Web console on loopback (howalarming-command; headless Chromium; the streams read by one Python thread)\n",
             "| figure | result | target |", "|---|---|---|"]
    referenced_kb = sum(result["files"].values()) / 1000
    browser = result["browser"]
    if browser:
        loads, resources = len(browser), len(browser[0]["resources"])
        first_load_kb = median([(load["page_bytes"] + load["resource_bytes"]) / 1000 for load in browser])
        first_paint, sign_in_shown, page_response = (median([load[key] for load in browser]) for key in (
            "first_contentful_paint_ms", "sign_in_shown_ms", "page_response_ms"))
        lines += [f"| first load, bytes transferred (the page and its {resources} resources, as the browser counts "
                  f"them) | {first_load_kb:.1f} KB; all {len(result['files'])} files it references, "
                  f"with the manifest's icons and the service worker: {referenced_kb:.1f} KB "
                  f"| ≤ {console.TARGET_FIRST_LOAD_KB} KB: {met_or_not(referenced_kb <= console.TARGET_FIRST_LOAD_KB)} |",
                  f"| first render (first-contentful-paint, median of {loads} first visits) "
                  f"| {first_paint:.0f} ms (the page's last byte at {page_response:.0f} ms) "
                  f"| ≤ {console.TARGET_FIRST_RENDER_MS} ms: {met_or_not(first_paint <= console.TARGET_FIRST_RENDER_MS)} |",
                  f"| the sign-in form drawn (the first frame after app.js shows it, median) | {sign_in_shown:.0f} ms "
                  f"| ≤ {console.TARGET_FIRST_RENDER_MS} ms if first render means the form: "
                  f"{met_or_not(sign_in_shown <= console.TARGET_FIRST_RENDER_MS)} |"]
    else:
        lines += [f"| first load, bytes of the {len(result['files'])} files the page references (no browser) "
                  f"| {referenced_kb:.1f} KB | ≤ {console.TARGET_FIRST_LOAD_KB} KB: "
                  f"{met_or_not(referenced_kb <= console.TARGET_FIRST_LOAD_KB)} |",
                  "| first render | not measured: headless Chromium could not be driven | — |"]
    for key, what, target in (("event", f"{result['event']['streams']} consoles open", True),
                              ("consoles_event", f"{result['consoles']['count']} consoles open", False)):
        row = result[key]
        goal = f"≤ {console.TARGET_EVENT_P99_MS} ms p99: {met_or_not(row['p99_ms'] <= console.TARGET_EVENT_P99_MS)}" if target else "—"
        lines.append(f"| panel event → console, {what} ({row['count']:,} frames) | p50 {row['p50_ms']:.1f} ms, "
                     f"p99 {row['p99_ms']:.1f} ms, max {row['max_ms']:.1f} ms | {goal} |")
    consoles = result["consoles"]
    lines.append(f"| {consoles['count']} consoles open on one `howalarming-command`: RSS (PSS) | {consoles['rss_mb']:.1f} MB "
                 f"({consoles['pss_mb']:.1f} MB); {consoles['idle_rss_mb']:.1f} MB ({consoles['idle_pss_mb']:.1f} MB) "
                 f"before they opened | < {console.TARGET_CONSOLES_RSS_MB} MB: "
                 f"{met_or_not(consoles['rss_mb'] < console.TARGET_CONSOLES_RSS_MB)} |")
    lines.append("\nFirst visits: no cache and no data for the origin, in a browser that has loaded a page before. "
                 "Event latency: from just before the simulator's control port is told to send a zone open or close "
                 "to the arrival of its `event: event` frame on each stream; one Python thread reads every stream, "
                 "timing each receive before it decodes any (its own time is included).")
    return lines


def header(about, full, runs, stamp, what):
    return [f"# make bench{' --full' if full else ''}{what}, {stamp}\n",
            f"Machine: {about['cpu']}, {about['cores']} cores, {about['memory_mb']:,} MB, Linux {about['kernel']}; "
            f"{about['swift']}; {about['beanstalkd']}; {about['mosquitto']}. Load average before the run: "
            f"{about['load_before']}, after: {' '.join(open('/proc/loadavg').read().split()[:3])}.",
            f"Medians of {runs} runs; ratios compare clients measured in the same run against the same server."]


def store(name, lines, results):
    """Writes bench/results/<name>.md (the tables) and .json (`results`); prints the tables."""
    report = "\n".join(lines) + "\n"
    os.makedirs("bench/results", exist_ok=True)
    with open(f"bench/results/{name}.md", "w") as file:
        file.write(report)
    with open(f"bench/results/{name}.json", "w") as file:
        json.dump(results, file, indent=1)
    print(report)
    print(f"stored in bench/results/{name}.md and .json", file=sys.stderr)


def mqtt_only(bin_dir, python, full):
    """The MQTT parts alone, with the footprint of the small daemons built (≤ 15 MB targets)."""
    runs, mqtt_count = (5, 50_000) if full else (3, 20_000)
    about = machine()
    mqtt_results = mqtt_part.run(bin_dir, python, runs, mqtt_count)
    bridge_results = mqtt_bridge.run(bin_dir, full)
    small = [daemon for daemon in footprint.DAEMONS
             if TARGET_RSS_MB[daemon[0]] <= 15 and os.path.exists(os.path.join(bin_dir, daemon[0]))]
    footprint_results, sizes = footprint.run(bin_dir, runs, small)
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H%M%SZ")
    lines = header(about, full, runs, stamp, " (MQTT parts)")
    lines += mqtt_part.table(mqtt_results, runs)
    lines += mqtt_bridge.table(bridge_results)
    lines += footprint_table(footprint_results, sizes)
    store(f"{stamp}-mqtt", lines, {"machine": about, "runs": runs, "mqtt_count": mqtt_count, "mqtt": mqtt_results,
                                   "mqtt_bridge": bridge_results, "footprint": footprint_results, "binary_mb": sizes})


def tpi_only(bin_dir, full):
    """The TPI proxy's part alone."""
    about = machine()
    results = tpi_proxy.run(bin_dir, full)
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H%M%SZ")
    lines = header(about, full, 1, stamp, " (TPI proxy)") + tpi_proxy.table(results)
    store(f"{stamp}-tpi", lines, {"machine": about, "tpi_proxy": results})


def main():
    bin_dir, python = sys.argv[1], sys.argv[2]
    full = "--full" in sys.argv
    if "--mqtt" in sys.argv:
        return mqtt_only(bin_dir, python, full)
    if "--tpi" in sys.argv:
        return tpi_only(bin_dir, full)
    runs, count = (5, 100_000) if full else (3, 20_000)
    mqtt_count = 50_000 if full else 20_000
    about = machine()
    print(f"make bench{' (full)' if full else ''}: {runs} runs, {count:,} operations per queue measurement", file=sys.stderr)
    queue_results = queue_part.run(bin_dir, python, runs, count)
    mqtt_results = mqtt_part.run(bin_dir, python, runs, mqtt_count)
    push_results = push.run(bin_dir, python, full, runs)
    webpush_results = webpush.run(bin_dir, python, runs)
    latency_results = latency.run(bin_dir, full)
    bridge_results = mqtt_bridge.run(bin_dir, full)
    tpi_results = tpi_proxy.run(bin_dir, full)
    footprint_results, sizes = footprint.run(bin_dir, runs)
    api_results = api_part.run(bin_dir, runs, 10_000 if full else 2_500)
    console_results = console.run(bin_dir, full)
    order_results = order_files.check(bin_dir)
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H%M%SZ")
    lines = header(about, full, runs, stamp, "")
    lines.append(f"{count:,} operations per queue measurement, 200-byte bodies.")
    lines += queue_tables(queue_results)
    lines += mqtt_part.table(mqtt_results, runs)
    lines += push_tables(push_results)
    lines += webpush_table(webpush_results)
    lines += latency_table(latency_results)
    lines += mqtt_bridge.table(bridge_results)
    lines += tpi_proxy.table(tpi_results)
    lines += footprint_table(footprint_results, sizes)
    lines += api_table(api_results)
    lines += console_table(console_results)
    lines += order_files.table(order_results)
    store(stamp, lines, {"machine": about, "runs": runs, "count": count, "queue": queue_results, "mqtt_count": mqtt_count,
                         "mqtt": mqtt_results, "push": push_results, "webpush": webpush_results, "latency": latency_results,
                         "mqtt_bridge": bridge_results, "tpi_proxy": tpi_results, "footprint": footprint_results,
                         "binary_mb": sizes, "api": api_results, "console": console_results, "order_files": order_results})
    for result in order_results:
        if result["stale"]:
            print(f"warning: {order_files.ORDER_DIR}/{result['executable']}.txt no longer matches the executable "
                  f"({result['missing']:,} of {result['names']:,} names gone): run `make symbol-order`", file=sys.stderr)

if __name__ == "__main__":
    main()
