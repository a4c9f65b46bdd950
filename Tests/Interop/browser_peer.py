#!/usr/bin/env python3
"""A headless Chromium driven by Selenium, for the console's browser tests (Tests/ConsoleTests).

Usage: browser_peer.py

Starts Debian's chromium through chromium-driver, listens on 127.0.0.1 on a free port and prints
`browser peer listening on 127.0.0.1:PORT`. It serves one connection: each line is a JSON command
`{"op": …, …}`, answered by one JSON line, `{"ok": true, "value": …}` or `{"ok": false, "error": …}`.
The test holds the assertions; this script only does what it is told, and waits (for text, an
element, a script's truthy value) with the deadline the command gives, never a fixed sleep.
Text typed into the page (tokens, access codes) is never echoed in an answer or an error.

Operations: open, viewport, type, click, select, wait_text, wait_visible, wait_script, eval,
eval_async, screenshot, axe, grant_notifications, push, worker_eval, quit. See `Peer` for their fields.
"""

import base64
import json
import socket
import sys
import tempfile
import time
import urllib.request

import websocket
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select
from selenium_axe_python import Axe

POLL_SECONDS = 0.02


class PeerError(Exception):
    """A command that could not be carried out; its message is the answer's `error`."""


def wait_for(description, timeout, probe):
    """Calls `probe` until it returns something other than None; raises PeerError after `timeout` s."""
    deadline = time.monotonic() + timeout
    last = None
    while True:
        try:
            value = probe()
        except WebDriverException as error:
            value, last = None, error.msg
        if value is not None:
            return value
        if time.monotonic() > deadline:
            raise PeerError(f"timed out after {timeout} s waiting for {description}" + (f" ({last})" if last else ""))
        time.sleep(POLL_SECONDS)


class DevTools:
    """A DevTools protocol session of its own on the page (for events, which WebDriver does not pass on)."""

    def __init__(self, debugger_address):
        with urllib.request.urlopen(f"http://{debugger_address}/json/list", timeout=10) as answer:
            targets = json.load(answer)
        page = next(target for target in targets if target["type"] == "page")
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=10, suppress_origin=True)
        self.next_id = 0
        self.events = []

    def call(self, method, params=None, session=None):
        self.next_id += 1
        command = {"id": self.next_id, "method": method, "params": params or {}}
        if session is not None:
            command["sessionId"] = session
        self.socket.send(json.dumps(command))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise PeerError(f"{method}: {message['error'].get('message')}")
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def wait_event(self, description, timeout, predicate):
        deadline = time.monotonic() + timeout
        while True:
            for event in self.events:
                if predicate(event):
                    return event
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise PeerError(f"timed out after {timeout} s waiting for {description}")
            self.socket.settimeout(remaining)
            try:
                message = json.loads(self.socket.recv())
            except websocket.WebSocketTimeoutException:
                continue
            if "method" in message:
                self.events.append(message)


class Peer:
    def __init__(self):
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        self.profile = tempfile.TemporaryDirectory(prefix="browser-peer-")
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                         "--no-first-run", "--window-size=1280,900", f"--user-data-dir={self.profile.name}"]:
            options.add_argument(argument)
        self.driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
        self.devtools = None

    def element(self, selector):
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def visible_element(self, selector, timeout):
        def probe():
            found = self.driver.find_elements(By.CSS_SELECTOR, selector)
            return found[0] if found and found[0].is_displayed() else None
        return wait_for(f"{selector} to be visible", timeout, probe)

    # Each operation takes the command's fields and returns the answer's value.

    def op_open(self, url):
        self.driver.get(url)

    def op_url(self):
        return self.driver.current_url

    def op_viewport(self, width, height, mobile=False):
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 2 if mobile else 1, "mobile": mobile})

    def op_type(self, selector, text, timeout=10):
        element = self.visible_element(selector, timeout)
        element.clear()
        element.send_keys(text)

    def op_click(self, selector, timeout=10):
        self.visible_element(selector, timeout).click()

    def op_select(self, selector, value, timeout=10):
        Select(self.visible_element(selector, timeout)).select_by_value(value)

    def op_wait_text(self, selector, text, timeout=10):
        def probe():
            found = self.driver.find_elements(By.CSS_SELECTOR, selector)
            content = found[0].get_attribute("textContent") if found and found[0].is_displayed() else None
            return content if content is not None and text in content else None
        try:
            return wait_for(f"{selector} to show {text!r}", timeout, probe)
        except PeerError as error:
            found = self.driver.find_elements(By.CSS_SELECTOR, selector)
            shown = found[0].get_attribute("textContent") if found else "(no such element)"
            raise PeerError(f"{error}; it shows {shown.strip()[:400]!r}") from None

    def op_wait_visible(self, selector, visible=True, timeout=10):
        def probe():
            found = self.driver.find_elements(By.CSS_SELECTOR, selector)
            return True if bool(found and found[0].is_displayed()) == visible else None
        wait_for(f"{selector} to be {'visible' if visible else 'hidden'}", timeout, probe)

    def op_wait_script(self, script, timeout=10):
        return wait_for(f"`{script}` to be true", timeout, lambda: self.driver.execute_script(script) or None)

    def op_eval(self, script):
        return self.driver.execute_script(script)

    def op_eval_async(self, script):
        return self.driver.execute_async_script(script)

    def op_screenshot(self, path):
        # The whole page, not only the viewport: the CDP screenshot beyond the layout viewport.
        metrics = self.driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
        size = metrics["cssContentSize"]
        shot = self.driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}})
        with open(path, "wb") as file:
            file.write(base64.b64decode(shot["data"]))

    def op_axe(self):
        axe = Axe(self.driver)
        axe.inject()
        results = axe.run()
        return [{"id": violation["id"], "impact": violation["impact"], "help": violation["help"],
                 "targets": [node["target"] for node in violation["nodes"]]} for violation in results["violations"]]

    def op_grant_notifications(self, origin):
        self.driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": origin, "permissions": ["notifications"]})

    def page_devtools(self):
        """The DevTools session on the page, opened (with the ServiceWorker domain on) at first use."""
        if self.devtools is None:
            self.devtools = DevTools(self.driver.capabilities["goog:chromeOptions"]["debuggerAddress"])
            self.devtools.call("ServiceWorker.enable")
        return self.devtools

    def op_push(self, origin, data, timeout=10):
        """Delivers `data` to the service worker of `origin`, as a push service would."""
        scope = origin.rstrip("/") + "/"
        event = self.page_devtools().wait_event(f"a service worker registration for {scope}", timeout, lambda message:
            message["method"] == "ServiceWorker.workerRegistrationUpdated"
            and any(registration["scopeURL"] == scope and not registration["isDeleted"]
                    for registration in message["params"]["registrations"]))
        registration = next(registration for registration in event["params"]["registrations"] if registration["scopeURL"] == scope)
        self.devtools.call("ServiceWorker.deliverPushMessage", {
            "origin": origin, "registrationId": registration["registrationId"], "data": data})

    def op_worker_eval(self, origin, expression):
        """Evaluates `expression` in the running service worker of `origin` (awaiting a promise)
        and returns its value: for what the page cannot reach, such as a notification's click."""
        devtools = self.page_devtools()
        targets = devtools.call("Target.getTargets")["targetInfos"]
        worker = next((target for target in targets if target["type"] == "service_worker"
                       and target["url"].startswith(origin.rstrip("/") + "/")), None)
        if worker is None:
            raise PeerError(f"no service worker runs for {origin}")
        session = devtools.call("Target.attachToTarget", {"targetId": worker["targetId"], "flatten": True})["sessionId"]
        try:
            result = devtools.call("Runtime.evaluate", {
                "expression": expression, "awaitPromise": True, "returnByValue": True}, session=session)
        finally:
            devtools.call("Target.detachFromTarget", {"sessionId": session})
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise PeerError(f"the worker threw: {details.get('exception', {}).get('description') or details.get('text')}")
        return result["result"].get("value")

    def op_quit(self):
        self.driver.quit()
        self.profile.cleanup()
        return "bye"

    def handle(self, line):
        try:
            command = json.loads(line)
            operation = getattr(self, "op_" + command.pop("op"), None)
            if operation is None:
                raise PeerError("unknown op")
            return {"ok": True, "value": operation(**command)}
        except PeerError as error:
            return {"ok": False, "error": str(error)}
        except WebDriverException as error:
            return {"ok": False, "error": f"webdriver: {error.msg}"}
        except (KeyError, TypeError, ValueError) as error:
            return {"ok": False, "error": f"bad command: {type(error).__name__}"}


def main():
    peer = Peer()
    listener = socket.create_server(("127.0.0.1", 0))
    print(f"browser peer listening on 127.0.0.1:{listener.getsockname()[1]}", flush=True)
    connection, _ = listener.accept()
    listener.close()
    with connection, connection.makefile("rwb") as stream:
        try:
            for line in stream:
                answer = peer.handle(line.decode("utf-8"))
                stream.write(json.dumps(answer).encode("utf-8") + b"\n")
                stream.flush()
                if answer.get("value") == "bye":
                    return 0
        finally:
            if peer.driver.service.is_connectable():
                peer.driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
