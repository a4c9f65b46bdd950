import Foundation
import Testing
import TestSupport

/// The console in a real browser (headless Chromium through Selenium) against the whole
/// pipeline: the simulated panel, the integrator, beanstalkd and `howalarming-command`.
/// One at a time: each runs a browser and four processes on the machine's two cores.
@Suite(.serialized) struct ConsoleTests {
    @Test func aHouseholdSignsInWatchesArmsAndDisarms() async throws {
        try await withConsole { page in
            let browser = page.browser
            try await page.signIn(pasting: page.stage.controlToken, as: "household-phone")
            #expect(try await browser.currentURL() == page.stage.url, "the token appears in no URL")
            let otherStorage = try await browser.evaluate("return localStorage.length + sessionStorage.length + document.cookie.length")
            #expect(otherStorage as? Double == 0, "the token is kept in IndexedDB only")

            try await page.stage.panel("open 2")
            try await browser.waitForText("Open", in: "#zones [data-zone='2'] .zone-state", timeout: .seconds(1))
            try await browser.waitForText("Back door", in: "#zones [data-zone='2'] .zone-name")
            try await page.stage.panel("close 2")
            try await browser.waitForText("Closed", in: "#zones [data-zone='2'] .zone-state")
            // Troubles by name: AC power (802, then bit 1 of the 849 that follows) is one line.
            try await page.stage.panel("trouble ac on")
            try await browser.waitForText("AC power", in: "#troubles [data-name='ac_power'] strong")
            let acLines = try await browser.evaluate("return document.querySelectorAll(\"#troubles [data-name='ac_power']\").length")
            #expect(acLines as? Double == 1)
            try await page.stage.panel("trouble ac off")

            let armed = try await page.give("arm_away")
            #expect(armed.contains("accepted"), "\(armed)")
            try await page.show("live")
            try await page.waitForPartitionState("Exit delay", timeout: .seconds(3))
            try await page.waitForPartitionState("Armed away")
            try await page.stage.panel("alarm 2")
            try await page.waitForPartitionState("In alarm")

            let disarmed = try await page.give("disarm", code: ConsoleStage.masterCode)
            #expect(disarmed.contains("accepted"), "\(disarmed)")
            try await page.show("live")
            try await page.waitForPartitionState("Disarmed")
            // Who disarmed (user 40, the master code's, named in envisalinkd.users), and the alarm memory.
            let partition = "#partitions [data-partition='1']"
            try await browser.waitForText("Disarmed by Anna (user 40)", in: "\(partition) .partition-changed-by")
            try await browser.waitForText("Alarm memory: Back door", in: "\(partition) .partition-alarm-memory")
            let codeLeft = try await browser.evaluate("return document.getElementById('confirm-code-input').value")
            #expect(codeLeft as? String == "", "the access code is not kept in the page")

            // Whether the integrator runs, from whether it watches its command tube.
            let integrator = "#daemons [data-tube='commands'] .daemon-state"
            try await browser.waitForText("Running", in: integrator)
            try await page.stage.stop("howalarming-envisalink")
            try await browser.waitForText("Stopped", in: integrator, timeout: .seconds(15))
        }
    }

    @Test func zonesAreBypassedFromTheControlViewAndTheLiveViewShowsIt() async throws {
        try await withConsole { page in
            let browser = page.browser
            try await page.signIn(pasting: page.stage.controlToken, as: "household-phone")
            try await page.show("control")
            let empty = try await page.give("bypass", expecting: "Not sent")
            #expect(empty.contains("type the numbers of the zones"), "\(empty)")
            try await browser.type("2", into: "#control-zones")
            let bypassed = try await page.give("bypass")
            #expect(bypassed.hasPrefix("Panel: Bypassed: Back door"), "\(bypassed)")
            try await page.show("live")
            try await browser.waitForText("bypassed", in: "#zones [data-zone='2'] .zone-state")

            let cleared = try await page.give("unbypass")
            #expect(cleared.hasPrefix("Panel: Not bypassed: Back door"), "\(cleared)")
            try await page.show("live")
            _ = try await browser.waitForScript(
                "return !document.querySelector(\"#zones [data-zone='2'] .zone-state\").textContent.includes('bypassed')")
        }
    }

    @Test func theChimeIsSetFromTheControlViewAndTheLiveViewShowsItAndTheKeypad() async throws {
        try await withConsole { page in
            let browser = page.browser
            try await page.signIn(pasting: page.stage.controlToken, as: "household-phone")
            let on = try await page.give("chime_on")
            #expect(on.hasPrefix("Panel: Chime on on partition 1"), "\(on)")
            try await page.show("live")
            let partition = "#partitions [data-partition='1']"
            try await browser.waitForText("Chime on", in: "\(partition) .partition-chime")
            // Partition 1's LEDs are the panel's 510 (the status dump after the login sends one).
            try await browser.waitForText("backlight", in: "\(partition) .partition-keypad")
            let off = try await page.give("chime_off")
            #expect(off.hasPrefix("Panel: Chime off on partition 1"), "\(off)")
            try await page.show("live")
            try await browser.waitForText("Chime off", in: "\(partition) .partition-chime")
        }
    }

    @Test func theHistoryFiltersByTypeZoneAndTime() async throws {
        try await withConsole { page in
            let browser = page.browser
            try await page.signIn(pasting: page.stage.controlToken, as: "household-phone")
            try await page.stage.panel("open 3")
            try await page.stage.panel("close 3")
            try await browser.waitForText("Closed", in: "#zones [data-zone='3'] .zone-state")

            try await page.show("history")
            try await browser.waitForText("Zone closed", in: "#history-list")
            try await browser.type("3", into: "#history-filters input[name=zone]")
            try await browser.click("#history-filters button[type=submit]")
            try await browser.waitForText("Zone open", in: "#history-list")
            let otherZones = try await browser.evaluate(
                "return [...document.querySelectorAll('#history-list .event')].filter((row) => !row.textContent.includes('Hall PIR')).length")
            #expect(otherZones as? Double == 0, "every event listed is zone 3's")

            try await browser.type("", into: "#history-filters input[name=zone]")
            try await browser.select("info", in: "#history-filters select[name=type]")
            try await browser.click("#history-filters button[type=submit]")
            try await browser.waitForText("Zone open", in: "#history-list")
            let types = try await page.historyTypes()
            #expect(!types.isEmpty && types.allSatisfy { $0 == "info" }, "\(types)")

            try await browser.evaluate("document.querySelector('#history-filters input[name=from]').value = '2999-01-01T00:00'")
            try await browser.click("#history-filters button[type=submit]")
            try await browser.waitForText("No events match.", in: "#history-end")
            #expect(try await page.historyTypes().isEmpty)
        }
    }

    @Test func aReadTokenFromTheQRLinkSeesEverythingAndCannotArm() async throws {
        try await withConsole { page in
            let browser = page.browser
            try await browser.open(page.stage.url + "#token=" + page.stage.readToken)
            try await browser.waitForText("Signed in as wall-display (read only)", in: "#whoami")
            #expect(try await browser.currentURL() == page.stage.url, "the token is removed from the address at once")
            try await page.waitUntilLive()
            try await browser.waitUntil("#nav a[data-view=control]", isVisible: false)
            try await browser.waitUntil("#devices-register", isVisible: false)

            let refused = try await browser.evaluateAsync("""
                const done = arguments[arguments.length - 1];
                import('/js/api.js').then((api) => api.request('/v1/commands', { method: 'POST', body: { command: 'arm_away' } }))
                  .then(() => done('accepted'), (error) => done(error.status));
                """)
            #expect(refused as? Double == 403, "the server refuses a read token's command: \(String(describing: refused))")

            try await page.stage.revoke("wall-display")
            try await browser.open(page.stage.url)
            try await browser.waitForText("not valid", in: "#signin-error")
            let stored = try await browser.evaluateAsync("""
                const done = arguments[arguments.length - 1];
                import('/js/session.js').then((session) => session.storedToken()).then((token) => done(token === undefined ? 1 : 0));
                """)
            #expect(stored as? Double == 1, "a revoked token is forgotten on the device")
        }
    }

    @Test func theStreamSaysWhenItDropsAndResumesWithoutGapsOrRepeats() async throws {
        try await withConsole { page in
            let browser = page.browser
            try await page.signIn(pasting: page.stage.controlToken, as: "household-phone")
            try await page.show("history")
            try await browser.waitForText("Zone closed: Front door", in: "#history-list")
            try await page.show("live")

            try await page.stage.stopCommand()
            try await browser.waitForText("Connection lost", in: "#connection", timeout: .seconds(2))
            try await browser.waitUntil("#live-stale")
            try await page.stage.panel("open 3")  // while the API is down: queued for it
            try await page.stage.startCommand()
            try await page.waitUntilLive(timeout: .seconds(20))
            try await browser.waitUntil("#live-stale", isVisible: false)
            try await browser.waitForText("Open", in: "#zones [data-zone='3'] .zone-state")

            try await page.show("history")
            try await browser.waitForText("Zone open: Hall PIR", in: "#history-list")
            let repeats = try await browser.evaluate("""
                const cursors = [...document.querySelectorAll('#history-list .event')].map((row) => row.dataset.cursor);
                return cursors.length - new Set(cursors).size;
                """)
            #expect(repeats as? Double == 0, "no event is listed twice after the stream resumed")
        }
    }

    @Test func theDeliveryViewShowsWhatEachPhoneGotAndAPhoneCanBeRenamed() async throws {
        try await withConsole(push: true) { page in
            let browser = page.browser
            try await page.signIn(pasting: page.stage.controlToken, as: "household-phone")
            try await page.show("delivery")
            try await page.stage.panel("send 6011002")  // zone alarm: Back door
            // The alarm's card, once both phones' notifications are delivered (the mock providers accept them).
            let card = "[...document.querySelectorAll('#delivery-list .alarm')].find((card) => card.textContent.includes('Back door'))"
            try await browser.waitForScript(
                "return \(card)?.querySelectorAll(\".delivery[data-status='delivered']\").length === 2", timeout: .seconds(20))
            let text = try await browser.evaluate("return \(card).textContent") as? String ?? ""
            #expect(text.contains("Anna's iPhone") && text.contains("Ben's Pixel"), "\(text)")

            try await page.show("devices")
            try await browser.waitForText("Anna's iPhone", in: "#devices-list")
            let anna = try #require(try await browser.evaluate("""
                return [...document.querySelectorAll('#devices-list .device')]
                  .find((item) => item.querySelector('h3').textContent === "Anna's iPhone").dataset.device
                """) as? String)
            try await browser.type("Anna's old iPhone", into: "#rename-\(anna)")
            try await browser.click("#devices-list [data-device='\(anna)'] button[type='submit']")
            // Renamed by the push consumer, which reports its new device list back to the console.
            try await browser.waitForText("Anna's old iPhone", in: "#devices-list [data-device='\(anna)'] h3", timeout: .seconds(15))

            // A phone registered through the API (by the page's own token, as an app would) shows
            // who registered it: the answers to that token's commands go to it.
            let registered = try await browser.evaluateAsync("""
                const done = arguments[arguments.length - 1];
                import('/js/api.js').then((api) => api.request('/v1/devices', { method: 'POST',
                  body: { platform: 'android', token: 'android:kitchen-tablet', name: 'Kitchen tablet' } }))
                  .then(() => done('queued'), (error) => done(String(error)));
                """) as? String
            #expect(registered == "queued")
            try await browser.waitForText("registered by household-phone", in: "#devices-list", timeout: .seconds(15))
        }
    }

    @Test func aPushMessageToTheServiceWorkerShowsTheAlarm() async throws {
        try await withConsole { page in
            try await page.signInShowingNotifications(pasting: page.stage.controlToken, as: "household-phone")
            let payload = """
                {"title":"Alarm: Back door","body":"Zone alarm: Back door, partition 1","event_id":"3c9fa86a-8008-4591-820e-4a4f59604a5d",\
                "type":"alarm","alarm":true,"partition":1,"zone":2,"time":1764100000123,"tag":"p1-alarm"}
                """
            let shown = try await page.pushShowingNotification(payload)
            #expect(shown["title"] as? String == "Alarm: Back door")
            #expect(shown["tag"] as? String == "p1-alarm")
            #expect(shown["requireInteraction"] as? Double == 1, "an alarm stays until it is dismissed")
            #expect((shown["actions"] as? [any Sendable])?.compactMap { $0 as? String } == ["open", "ack"])
        }
    }

    /// A phone away from home may not reach the box (a LAN address, a VPN that is down), but the
    /// push service still brings the alarm: its notification must not wait on the box (Chromium
    /// holds a notification until its icon and badge are fetched, for up to 90 s, and the console
    /// serves them `no-cache`), and its Acknowledge must say soon that it failed. Here the
    /// console's server is stopped (SIGSTOP: it accepts connections and answers nothing, as a
    /// dropped route does).
    @Test func whenTheBoxDoesNotAnswerAnAlarmShowsAtOnceAndAcknowledgeSaysItFailed() async throws {
        try await withConsole { page in
            try await page.signInShowingNotifications(pasting: page.stage.controlToken, as: "household-phone")
            let server = try #require(page.stage.daemons["howalarming-command"])
            server.signal(SIGSTOP)
            defer { server.signal(SIGCONT) }
            let eventID = "6d1f0c2e-5b7a-4e8d-9a3c-2f4b6d8e0a1c"
            let payload = """
                {"title":"Alarm: Front door","body":"Zone alarm: Front door, partition 1","event_id":"\(eventID)",\
                "type":"alarm","alarm":true,"partition":1,"zone":1,"time":1764100000123,"tag":"p1-alarm"}
                """
            let shown = try await page.pushShowingNotification(payload)
            #expect(shown["title"] as? String == "Alarm: Front door")
            // With the icon the worker keeps, not without one.
            #expect((shown["icon"] as? String)?.hasPrefix("data:image/png;base64,") == true, "\(shown["icon"] ?? "no icon")")
            #expect((shown["badge"] as? String)?.hasPrefix("data:image/png;base64,") == true, "\(shown["badge"] ?? "no badge")")

            // Acknowledge cannot reach the box either: within its 10 s the person learns that the
            // alarm is not acknowledged, rather than nothing.
            try await page.clickInTheWorker("ack", notificationTagged: "p1-alarm")
            let refusal = try await page.shownNotification(tagged: "ack-\(eventID)", timeout: .seconds(20))
            #expect(refusal["title"] as? String == "Not acknowledged")
            #expect((refusal["body"] as? String)?.hasPrefix("HowAlarming did not answer.") == true, "\(refusal)")
        }
    }

    /// The kept icon is a nicety: a worker whose cache cannot be read shows the alarm without an
    /// icon, never not at all.
    @Test func anAlarmShowsWithoutAnIconWhenTheKeptOneCannotBeRead() async throws {
        try await withConsole { page in
            try await page.signInShowingNotifications(pasting: page.stage.controlToken, as: "household-phone")
            try await page.browser.evaluateInWorker(
                "caches.match = async () => ({ arrayBuffer: () => Promise.reject(new Error('a damaged cache')) })", of: page.stage.origin)
            let shown = try await page.pushShowingNotification("""
                {"title":"Alarm: Hall PIR","body":"Zone alarm: Hall PIR, partition 1","event_id":"0b3e9d4f-7a61-4c2e-8f15-93d2a6c4e7b8",\
                "type":"alarm","alarm":true,"partition":1,"zone":3,"time":1764100000123,"tag":"p1-alarm"}
                """)
            #expect(shown["title"] as? String == "Alarm: Hall PIR")
            #expect(shown["icon"] as? String == "", "\(shown["icon"] ?? "no icon")")
        }
    }

    @Test func theAlarmNotificationsActionsAcknowledgeTheAlarmAndOpenItsEvent() async throws {
        try await withConsole { page in
            let browser = page.browser
            let origin = page.stage.origin
            try await page.signInShowingNotifications(pasting: page.stage.controlToken, as: "household-phone")
            try await page.stage.panel("send 6011002")  // zone alarm: Back door
            // The alarm as the API lists it, asked by the worker with the token the page stored.
            let alarm = """
                (async () => {
                  const answer = await fetch('/v1/deliveries', { headers: { Authorization: `Bearer ${await storedToken()}` } });
                  const { alarms } = await answer.json();
                  const alarm = alarms.find((candidate) => candidate.event.zone === 2);
                  return alarm ? { id: alarm.event.id, acknowledgedBy: alarm.acknowledgements.map((ack) => ack.by) } : null;
                })()
                """
            var eventID = ""
            try await waitUntil("the alarm to be stored") {
                eventID = (try await browser.evaluateInWorker(alarm, of: origin) as? [String: any Sendable])?["id"] as? String ?? ""
                return !eventID.isEmpty
            }
            let payload = """
                {"title":"Alarm: Back door","body":"Zone alarm: Back door, partition 1","event_id":"\(eventID)",\
                "type":"alarm","alarm":true,"partition":1,"zone":2,"time":1764100000123,"tag":"p1-alarm"}
                """
            // A click on an action, as the browser dispatches it to the worker (no DevTools command
            // clicks a notification; the event is the one the browser would send).
            func click(_ action: String) async throws {
                _ = try await page.pushShowingNotification(payload)
                try await page.clickInTheWorker(action, notificationTagged: "p1-alarm")
            }

            try await click("ack")
            try await waitUntil("the acknowledgement to be recorded") {
                let acknowledgedBy = (try await browser.evaluateInWorker(alarm, of: origin) as? [String: any Sendable])?["acknowledgedBy"]
                return (acknowledgedBy as? [any Sendable])?.compactMap { $0 as? String } == ["household-phone"]
            }
            let left = try await browser.evaluateInWorker(
                "self.registration.getNotifications({ tag: 'p1-alarm' }).then((list) => list.length)", of: origin)
            #expect(left as? Double == 0, "the acknowledged notification is closed")

            try await click("open")
            try await browser.waitForScript("return window.location.hash === '#event=\(eventID)'")
            try await browser.waitUntil("#view-history")
            try await browser.waitForText("Back door", in: "#history-list .event.focused[data-event-id='\(eventID)']")
        }
    }

    @Test func everyViewPassesTheAccessibilityCheckOnAPhoneAndADesktop() async throws {
        try await withConsole(push: true) { page in
            let browser = page.browser
            var violations: [String] = []
            try await browser.viewport(width: ConsolePage.phone.width, height: ConsolePage.phone.height, mobile: true)
            try await browser.open(page.stage.url)
            try await browser.waitUntil("#view-signin")
            violations += try await page.accessibilityViolations(of: "sign-in")
            try await page.screenshot("phone-sign-in")

            try await page.signIn(pasting: page.stage.controlToken, as: "household-phone")
            try await page.stage.panel("open 1")
            try await browser.waitForText("Open", in: "#zones [data-zone='1'] .zone-state")
            try await page.stage.panel("send 6011002")  // an alarm, so that the delivery view has one
            for (view, size) in [("live", ConsolePage.phone), ("control", ConsolePage.phone), ("live", ConsolePage.desktop),
                                 ("history", ConsolePage.desktop), ("control", ConsolePage.desktop),
                                 ("delivery", ConsolePage.desktop), ("devices", ConsolePage.desktop)] {
                let device = size == ConsolePage.phone ? "phone" : "desktop"
                try await browser.viewport(width: size.width, height: size.height, mobile: device == "phone")
                try await page.show(view)
                if view == "delivery" {
                    try await browser.waitForScript(
                        "return document.querySelectorAll(\"#delivery-list .delivery[data-status='delivered']\").length >= 2",
                        timeout: .seconds(20))
                } else if view == "devices" {
                    try await browser.waitForText("Ben's Pixel", in: "#devices-list")
                }
                violations += try await page.accessibilityViolations(of: "\(view) on a \(device)")
                try await page.screenshot("\(device)-\(view)")
            }
            try await page.show("control")
            try await browser.click("#control-form button[data-command=fire]")
            try await browser.waitUntil("#confirm")
            violations += try await page.accessibilityViolations(of: "the panic confirmation")
            try await page.screenshot("desktop-panic-confirmation")
            try await browser.click("#confirm button[value=cancel]")
            #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
        }
    }
}
