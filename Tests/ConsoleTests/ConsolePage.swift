import Foundation
import PushMocks
import Testing
import TestSupport

/// The console as a person uses it, through a ``BrowserPeer``: the steps the tests share.
struct ConsolePage {
    let browser: BrowserPeer
    let stage: ConsoleStage

    /// A phone's viewport (the narrowest the console supports) and a desktop's.
    static let phone = (width: 360, height: 740)
    static let desktop = (width: 1280, height: 900)

    /// Opens the console and signs in by pasting `token`; waits until the stream is live.
    func signIn(pasting token: String, as name: String) async throws {
        try await browser.open(stage.url)
        try await browser.type(token, into: "#signin-token")
        try await browser.click("#signin-form button[type=submit]")
        try await browser.waitForText("Signed in as \(name)", in: "#whoami")
        try await waitUntilLive()
    }

    /// Lets the console show notifications, signs in by pasting `token`, and waits until the
    /// service worker can show them: the start of a test of a pushed notification.
    func signInShowingNotifications(pasting token: String, as name: String) async throws {
        try await browser.grantNotifications(to: stage.origin)
        try await signIn(pasting: token, as: name)
        try await waitUntilTheWorkerCanNotify()
    }

    /// Waits until the page's service worker is activated and the browser displays its
    /// notifications. A push for a worker not yet activated is dropped (`ready` comes while it is
    /// still activating). And headless Chromium may accept a notification shown in its first
    /// seconds and then lose it (1 run in 8: `showNotification` resolved, `getNotifications` never
    /// listed it), so a probe is shown (and closed) until it is listed.
    private func waitUntilTheWorkerCanNotify() async throws {
        _ = try await browser.evaluateAsync("""
            const done = arguments[arguments.length - 1];
            navigator.serviceWorker.ready.then(({ active }) => {
              if (active.state === 'activated') return done(true);
              active.addEventListener('statechange', () => { if (active.state === 'activated') done(true); });
            });
            """)
        try await waitUntil("the browser to display a probe notification", timeout: .seconds(15)) {
            let shown = try await browser.evaluateAsync("""
                const done = arguments[arguments.length - 1];
                navigator.serviceWorker.ready.then(async (registration) => {
                  await registration.showNotification('probe', { tag: 'readiness-probe' });
                  const probes = await registration.getNotifications({ tag: 'readiness-probe' });
                  probes.forEach((probe) => probe.close());
                  done(probes.length);
                });
                """)
            return (shown as? Double ?? 0) > 0
        }
    }

    /// Delivers `payload` (with a `tag`) to the page's service worker as its push service would,
    /// and returns the notification the worker showed for it (``shownNotification(tagged:timeout:)``).
    func pushShowingNotification(_ payload: String, timeout: Duration = .seconds(10)) async throws -> [String: any Sendable] {
        let message = try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any]
        let tag = try #require(message?["tag"] as? String, "a pushed test notification names its tag")
        try await recordShownNotifications()
        try await browser.push(payload, to: stage.origin)
        return try await shownNotification(tagged: tag, timeout: timeout)
    }

    /// From now on, the worker records the tag of each notification it has shown (its
    /// `showNotification` resolved), for ``shownNotification(tagged:timeout:)``.
    func recordShownNotifications() async throws {
        try await browser.evaluateInWorker("""
            (() => {
              if (!self.shownTags) {
                const show = self.registration.showNotification.bind(self.registration);
                self.registration.showNotification = (title, options) =>
                  show(title, options).then((result) => { self.shownTags.push(options?.tag ?? ''); return result; });
              }
              self.shownTags = [];
            })()
            """, of: stage.origin)
    }

    /// Waits up to `timeout` for the worker to show a notification tagged `tag` (recorded since
    /// ``recordShownNotifications()``), and returns it as the browser lists it: title, body, tag,
    /// icon, badge, requireInteraction (1 or 0), actions, ackAlarmID (`data.ack_alarm_id`).
    ///
    /// Waits on the worker's own `showNotification`, not by asking the browser over and over:
    /// Chromium's `getNotifications` reconciles its store with what is on screen and drops a
    /// notification being put on screen at that moment (asking every 20 ms lost the alarm in 1
    /// run of 3). The console itself never asks; the test asks once the worker's call resolved.
    func shownNotification(tagged tag: String, timeout: Duration = .seconds(10)) async throws -> [String: any Sendable] {
        try await waitUntil("the worker to show the notification tagged \(tag)", timeout: timeout) {
            try await browser.evaluateInWorker("self.shownTags.includes('\(tag)') ? 1 : 0", of: stage.origin) as? Double == 1
        }
        let listed = try await browser.evaluateInWorker("""
            self.registration.getNotifications({ tag: '\(tag)' }).then((list) => list.map((n) => ({
              title: n.title, body: n.body, tag: n.tag, icon: n.icon, badge: n.badge, requireInteraction: n.requireInteraction ? 1 : 0,
              actions: n.actions.map((a) => a.action), ackAlarmID: n.data?.ack_alarm_id ?? null })))
            """, of: stage.origin) as? [any Sendable] ?? []
        return try #require(listed.first as? [String: any Sendable], "the worker showed '\(tag)', but the browser does not list it")
    }

    /// Clicks `action` on the worker's notification tagged `tag`, as a person on the lock screen
    /// would (headless Chromium shows no buttons, so the click is dispatched).
    func clickInTheWorker(_ action: String, notificationTagged tag: String) async throws {
        try await browser.evaluateInWorker("""
            self.registration.getNotifications({ tag: '\(tag)' }).then(([notification]) =>
              self.dispatchEvent(new NotificationEvent('notificationclick', { notification, action: '\(action)' })))
            """, of: stage.origin)
    }

    /// The first notification the mock APNs accepted whose payload satisfies `matches`, awaited
    /// for up to 20 s (the push consumer's, with the device's own acknowledgement token).
    func apnsNotification(_ what: String, where matches: @escaping @Sendable ([String: Any]) -> Bool) async throws
        -> [String: Any]
    {
        let providers = try #require(stage.providers, "the stage runs without the push consumer")
        var found: [String: Any] = [:]
        try await waitUntil(what, timeout: .seconds(20)) {
            found = await providers.apns.requests().lazy
                .compactMap { try? JSONSerialization.jsonObject(with: Data($0.body)) as? [String: Any] }
                .first(where: matches) ?? [:]
            return !found.isEmpty
        }
        return found
    }

    /// Waits until the header says the stream is live.
    func waitUntilLive(timeout: Duration = .seconds(15)) async throws {
        try await browser.waitForText("Live", in: "#connection[data-state=live]", timeout: timeout)
    }

    /// Shows the view `name` (live, history, control, delivery, devices) through the navigation.
    func show(_ name: String) async throws {
        try await browser.click("#nav a[data-view=\(name)]")
        try await browser.waitUntil("#view-\(name)")
    }

    /// The state partition 1 shows in the live view, awaited until it contains `text`.
    func waitForPartitionState(_ text: String, timeout: Duration = .seconds(10)) async throws {
        try await browser.waitForText(text, in: "#partitions [data-partition='1'] .partition-state", timeout: timeout)
    }

    /// Gives command `command` from the control view (confirming, with `code` for disarm) and
    /// waits for the outcome the panel reported; returns it.
    @discardableResult
    func give(_ command: String, code: String? = nil, expecting outcome: String = "Panel:") async throws -> String {
        try await show("control")
        let outcomesBefore = try await browser.evaluate("return document.querySelectorAll('#control-outcomes li').length") as? Double ?? 0
        try await browser.click("#control-form button[data-command=\(command)]")
        if let code {
            try await browser.type(code, into: "#confirm-code-input")
            try await browser.click("#confirm-ok")
        }
        try await browser.waitForScript(
            "return document.querySelectorAll('#control-outcomes li').length > \(Int(outcomesBefore))")
        return try await browser.waitForText(outcome, in: "#control-outcomes li:first-child .outcome-text", timeout: .seconds(15))
    }

    /// The `data-type` of every event the history lists.
    func historyTypes() async throws -> [String] {
        let types = try await browser.evaluate("return [...document.querySelectorAll('#history-list .event')].map((row) => row.dataset.type)")
        return (types as? [any Sendable] ?? []).compactMap { $0 as? String }
    }

    /// Runs axe-core on the page as it is and returns its violations, named after `what`.
    func accessibilityViolations(of what: String) async throws -> [String] {
        try await browser.accessibilityViolations().map { "\(what): \($0)" }
    }

    /// Saves a screenshot of the page as `name`.png in `HOWALARMING_SCREENSHOTS` (`make
    /// screenshots` sets docs/console, whose pictures docs/console.md shows), or else in
    /// .build/console-screenshots, so that a test run leaves the committed pictures alone.
    func screenshot(_ name: String) async throws {
        let directory =
            ProcessInfo.processInfo.environment["HOWALARMING_SCREENSHOTS"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "\(PackageLayout.root)/.build/console-screenshots"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try await browser.screenshot(to: "\(directory)/\(name).png")
    }
}

/// Runs `body` with the pipeline (``ConsoleStage``, with the push consumer when `push`) and a
/// browser on it; quits the browser afterwards.
func withConsole(push: Bool = false, escalation: String = "", _ body: (ConsolePage) async throws -> Void) async throws {
    try await ConsoleStage.run(push: push, escalation: escalation) { stage in
        let browser = try await BrowserPeer.start()
        try await running({
            try await body(ConsolePage(browser: browser, stage: stage))
        }, then: {
            await browser.quit()
        })
    }
}
