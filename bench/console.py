"""Part 6 of `make bench`: the web console, as served and streamed by howalarming-command.

howalarming-command runs as the footprint runs it (its own beanstalkd, the panel simulator), and
howalarming-envisalink with the same configuration publishes the simulated panel's events to it.
- First load: headless Chromium (Debian's, driven by Selenium) opens the console signed out, as on
  a first visit (no cache, no data for the origin); the navigation's and the resources'
  transferSize and first-contentful-paint from the Performance API, and the first frame after the
  sign-in form is shown (app.js shows it once IndexedDB says no token is stored). Also every file the
  sign-in page references, followed from index.html (modules, style sheet, manifest, its icons,
  the service worker), fetched with http.client, headers included: what a browser that also
  installed the app would fetch.
- Panel event to an open console: a few `GET /v1/stream` connections, read by one thread that
  times each receive as it returns (then decodes it); the simulator's control port opens and closes zone 1 (609/610), and each latency runs
  from just before the control command to the arrival of the matching `event: event` frame.
- 100 open consoles: 10 read tokens with 10 streams each (the per-token limit), every stream past
  its first status and a few events; VmRSS and PSS of howalarming-command from /proc.
"""
import contextlib
import http.client
import json
import re
import selectors
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

import api as api_part
import beanstalkd
import footprint
import latency

TARGET_FIRST_LOAD_KB = 100
TARGET_FIRST_RENDER_MS = 200
TARGET_EVENT_P99_MS = 50
TARGET_CONSOLES_RSS_MB = 40
CONSOLES = 100
STREAMS_PER_TOKEN = 10  # the API's limit per token
LATENCY_STREAMS = 5
ZONE = 1

# Added to every document before its own scripts: the time (performance.now()) of the first frame
# after the sign-in form is shown, in window.benchSignInShown.
SIGN_IN_WATCH_SCRIPT = """
new MutationObserver((changes, observer) => {
  const form = document.getElementById('view-signin');
  if (form && !form.hidden) {
    observer.disconnect();
    requestAnimationFrame((frame) => { window.benchSignInShown = frame; });
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['hidden'] });
"""

# What the Performance API says about the page, once the sign-in form has been drawn.
PAGE_FIGURES_SCRIPT = """
const navigation = performance.getEntriesByType('navigation')[0];
const resources = performance.getEntriesByType('resource');
const paint = performance.getEntriesByName('first-contentful-paint')[0];
return {
  page_bytes: navigation.transferSize,
  resource_bytes: resources.reduce((sum, resource) => sum + resource.transferSize, 0),
  resources: resources.map((resource) => new URL(resource.name).pathname),
  first_contentful_paint_ms: paint ? paint.startTime : null,
  sign_in_shown_ms: window.benchSignInShown,
  page_response_ms: navigation.responseEnd,
  dom_content_loaded_ms: navigation.domContentLoadedEventStart,
  load_ms: navigation.loadEventEnd,
};
"""

# References from one console file to another: HTML attributes, module imports, the service
# worker's registration, the manifest's icons.
REFERENCE_PATTERNS = [re.compile(pattern) for pattern in (
    r'(?:href|src)="(/[^"#]*)"', r"""from\s+['"]([^'"]+)['"]""", r"""register\(['"]([^'"]+)['"]""",
    r'"src":\s*"([^"]+)"')]


class StreamConnection:
    """One `GET /v1/stream` on a plain socket, decoded as bytes arrive: the HTTP head, the chunked
    body, the server-sent events. Each `event: event` frame is kept as (arrival, code, zone)."""

    def __init__(self, port, token):
        self.socket = socket.create_connection(("127.0.0.1", port))
        self.socket.sendall(f"GET /v1/stream HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {token}\r\n"
                            "Accept: text/event-stream\r\n\r\n".encode())
        self.socket.setblocking(False)
        self.received, self.body, self.text = b"", None, b""
        self.failure = None
        self.arrivals, self.statuses = [], 0

    def feed(self, data, arrived):
        """Decodes `data`, received at `arrived` (perf_counter), as far as it completes anything."""
        self.received += data
        if self.body is None:
            head, separator, rest = self.received.partition(b"\r\n\r\n")
            if not separator:
                return
            if not head.startswith(b"HTTP/1.1 200") or b"chunked" not in head.lower():
                self.failure = head.split(b"\r\n")[0].decode()
                return
            self.body, self.received = True, rest
        while (line_end := self.received.find(b"\r\n")) >= 0:
            size = int(self.received[:line_end], 16)
            if len(self.received) < line_end + 2 + size + 2:
                break
            self.text += self.received[line_end + 2:line_end + 2 + size]
            self.received = self.received[line_end + 4 + size:]
        *frames, self.text = self.text.split(b"\n\n")
        for frame in frames:
            fields = dict(line.partition(b":")[::2] for line in frame.split(b"\n"))
            kind = fields.get(b"event", b"").strip()
            if kind == b"event":
                event = json.loads(fields[b"data"])["event"]
                self.arrivals.append((arrived, event.get("code"), event.get("zone")))
            elif kind == b"status":
                self.statuses += 1


class ConsoleStreams(threading.Thread):
    """`per_token` streams for each token, read by one thread: every socket that is ready is read
    and timed first, then decoded, so a stream's time does not wait for the others' decoding."""

    def __init__(self, port, tokens, per_token):
        super().__init__(daemon=True)
        self.connections = [StreamConnection(port, token) for token in tokens for _ in range(per_token)]
        self.selector = selectors.DefaultSelector()
        for connection in self.connections:
            self.selector.register(connection.socket, selectors.EVENT_READ, connection)
        self.changed = threading.Condition()
        self.stopping = threading.Event()
        self.start()
        self.wait(lambda: all(connection.statuses for connection in self.connections), 10, "the first status")

    def run(self):
        while not self.stopping.is_set():
            received = []
            for key, _ in self.selector.select(timeout=0.2):
                with contextlib.suppress(BlockingIOError):
                    received.append((key.data, key.fileobj.recv(1 << 16), time.perf_counter()))
            with self.changed:
                for connection, data, arrived in received:
                    if data:
                        connection.feed(data, arrived)
                    else:
                        connection.failure = connection.failure or "the server closed the stream"
                        self.selector.unregister(connection.socket)
                self.changed.notify_all()

    def wait(self, condition, timeout, what):
        with self.changed:
            if not self.changed.wait_for(lambda: condition() or any(c.failure for c in self.connections), timeout):
                raise RuntimeError(f"timed out waiting for {what} on the console streams")
            failures = {connection.failure for connection in self.connections if connection.failure}
            if failures:
                raise RuntimeError(f"a console stream failed: {', '.join(sorted(failures))}")

    def marks(self):
        """How many event frames each stream has had so far."""
        with self.changed:
            return [len(connection.arrivals) for connection in self.connections]

    def arrivals(self, marks, code, zone, timeout=10):
        """On each stream, the arrival of the first event frame of `code` for `zone` after its mark."""
        def first(connection, mark):
            return next((when for when, frame_code, frame_zone in connection.arrivals[mark:]
                         if frame_code == code and frame_zone == zone), None)
        self.wait(lambda: all(first(c, mark) is not None for c, mark in zip(self.connections, marks)), timeout,
                  f"event {code} of zone {zone}")
        return [first(connection, mark) for connection, mark in zip(self.connections, marks)]

    def close(self):
        self.stopping.set()
        self.join(timeout=5)
        for connection in self.connections:
            connection.socket.close()
        self.selector.close()


def event_latencies(streams, control, count):
    """Zone 1 opened and closed `count` times, one after the other: ms from the control command to
    each stream's event frame (count × streams figures)."""
    connection, reader = control
    latencies = []
    for index in range(count):
        code = "609" if index % 2 == 0 else "610"
        marks = streams.marks()
        started = time.perf_counter()
        connection.sendall(f"send {code}{ZONE:03d}\r\n".encode())
        reader.readline()
        latencies += [(arrived - started) * 1000 for arrived in streams.arrivals(marks, code, ZONE)]
        time.sleep(0.01)
    return latencies


def referenced_files(port):
    """Every file the sign-in page references, followed from `/`: {path: bytes with headers}."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    sizes, pending = {}, ["/"]
    try:
        while pending:
            path = pending.pop()
            if path in sizes:
                continue
            connection.request("GET", path)
            response = connection.getresponse()
            body = response.read()
            if response.status != 200:
                raise RuntimeError(f"GET {path} answered {response.status}")
            headers = sum(len(name) + len(value) + 4 for name, value in response.getheaders())
            sizes[path] = len(f"HTTP/1.1 {response.status} {response.reason}\r\n") + headers + 2 + len(body)
            text = body.decode(errors="replace")
            for pattern in REFERENCE_PATTERNS:
                pending += [urllib.parse.urljoin(path, reference) for reference in pattern.findall(text)]
    finally:
        connection.close()
    return sizes


def browser_first_loads(url, runs):
    """`runs` first visits of `url` in one headless Chromium (a fresh profile; before each load the
    origin's data, service worker included, is cleared and the cache is off), after one uncounted
    load that warms the browser itself; None (and the reason on stderr) when it cannot be driven."""
    try:
        from selenium import webdriver
        from selenium.common.exceptions import WebDriverException
        from selenium.webdriver.chrome.service import Service
    except ImportError as error:
        print(f"  console: no browser measurement ({error})", file=sys.stderr)
        return None
    loads = []
    try:
        with tempfile.TemporaryDirectory(prefix="bench-console-profile-") as profile:
            options = webdriver.ChromeOptions()
            options.binary_location = "/usr/bin/chromium"
            for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                             "--no-first-run", "--window-size=1280,900", f"--user-data-dir={profile}"]:
                options.add_argument(argument)
            driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
            try:
                driver.execute_cdp_cmd("Network.enable", {})
                driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
                driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SIGN_IN_WATCH_SCRIPT})
                for _ in range(runs + 1):
                    driver.execute_cdp_cmd("Storage.clearDataForOrigin",
                                           {"origin": url.rstrip("/"), "storageTypes": "all"})
                    driver.get("about:blank")
                    driver.get(url)
                    footprint.wait_for(lambda: driver.execute_script("return window.benchSignInShown !== undefined"),
                                       10, "the sign-in form")
                    loads.append(driver.execute_script(PAGE_FIGURES_SCRIPT))
            finally:
                driver.quit()
    except WebDriverException as error:
        print(f"  console: no browser measurement ({error.msg})", file=sys.stderr)
        return None
    return loads[1:]


@contextlib.contextmanager
def integrator_running(bin_dir, daemon):
    """howalarming-envisalink on the daemon's configuration, until it watches its command tube."""
    process = subprocess.Popen([f"{bin_dir}/howalarming-envisalink", "--config", daemon.config],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        footprint.wait_for(lambda: beanstalkd.tube_watchers(daemon.port, "commands") > 0, 30, "the integrator")
        yield process
    finally:
        process.terminate()
        process.wait(timeout=15)


def run(bin_dir, full):
    loads, events, console_events = (10, 1000, 100) if full else (5, 300, 30)
    with footprint.daemon_running(bin_dir, "howalarming-command", [], "command") as daemon, \
            integrator_running(bin_dir, daemon):
        url = f"http://127.0.0.1:{daemon.api_port}/"
        files = referenced_files(daemon.api_port)
        browser = browser_first_loads(url, loads)
        result = {"files": files, "browser": browser}
        for load in browser or []:
            print(f"  console first load {(load['page_bytes'] + load['resource_bytes']) / 1000:.1f} KB, first paint "
                  f"{load['first_contentful_paint_ms']:.0f} ms", file=sys.stderr)
        control = latency.control_connection(daemon.control_port)
        with control[0]:
            idle_rss, idle_pss = footprint.memory(daemon.process.pid)
            streams = ConsoleStreams(daemon.api_port, [api_part.read_token(bin_dir, daemon.config, "console-latency")],
                                     LATENCY_STREAMS)
            try:
                event_latencies(streams, control, 10)  # warm-up
                result["event"] = latency.summary(event_latencies(streams, control, events))
                result["event"]["streams"] = LATENCY_STREAMS
            finally:
                streams.close()
            print(f"  console event p50 {result['event']['p50_ms']:.1f} ms, p99 {result['event']['p99_ms']:.1f} ms",
                  file=sys.stderr)
            tokens = [api_part.read_token(bin_dir, daemon.config, f"console-{index}")
                      for index in range(CONSOLES // STREAMS_PER_TOKEN)]
            streams = ConsoleStreams(daemon.api_port, tokens, STREAMS_PER_TOKEN)
            try:
                result["consoles_event"] = latency.summary(event_latencies(streams, control, console_events))
                time.sleep(1)
                rss, pss = footprint.memory(daemon.process.pid)
            finally:
                streams.close()
        result["consoles"] = {"count": len(streams.connections), "rss_mb": rss, "pss_mb": pss,
                              "idle_rss_mb": idle_rss, "idle_pss_mb": idle_pss}
        print(f"  console {len(streams.connections)} streams: RSS {rss:.1f} MB (idle {idle_rss:.1f} MB)", file=sys.stderr)
    return result


if __name__ == "__main__":
    print(json.dumps(run(sys.argv[1], "--full" in sys.argv), indent=1))
