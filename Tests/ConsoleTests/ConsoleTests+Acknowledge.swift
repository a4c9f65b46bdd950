import Foundation
import PushMocks
import Testing
import TestSupport

extension ConsoleTests {
    /// The Acknowledge action sends the notification's own acknowledgement token: it works where
    /// the page keeps only a read token, acknowledges as the phone the token was sent to, and the
    /// delivery view shows that phone's acknowledgement.
    @Test func theNotificationsOwnTokenAcknowledgesAsItsPhone() async throws {
        try await withConsole(push: true) { page in
            let browser = page.browser
            let origin = page.stage.origin
            let providers = try #require(page.stage.providers)
            try await browser.grantNotifications(to: origin)
            try await page.signIn(pasting: page.stage.readToken, as: "wall-display")
            try await page.stage.panel("send 6011002")  // zone alarm: Back door
            // Anna's iPhone's notification, as the mock APNs received it from the push consumer.
            var notification: [String: Any] = [:]
            try await waitUntil("the alarm at APNs", timeout: .seconds(20)) {
                notification = await providers.apns.requests().lazy
                    .compactMap { try? JSONSerialization.jsonObject(with: Data($0.body)) as? [String: Any] }
                    .first { $0["type"] as? String == "alarm" } ?? [:]
                return !notification.isEmpty
            }
            let eventID = try #require(notification["id"] as? String)
            let token = try #require(notification["ack_token"] as? String)
            // The same notification by Web Push, with Anna's token: the worker must send that one,
            // since the page's read token may not acknowledge.
            try await page.waitUntilTheWorkerCanNotify()
            try await browser.push("""
                {"title":"Alarm","body":"Zone alarm: Back door","event_id":"\(eventID)","type":"alarm","alarm":true,\
                "time":1764100000123,"tag":"ack-test","ack_path":"/v1/alarms/\(eventID)/ack","ack_token":"\(token)"}
                """, to: origin)
            try await waitUntil("the alarm's notification") {
                try await browser.evaluateInWorker(
                    "self.registration.getNotifications({ tag: 'ack-test' }).then((list) => list.length)", of: origin) as? Double == 1
            }
            try await browser.evaluateInWorker("""
                self.registration.getNotifications({ tag: 'ack-test' }).then(([notification]) =>
                  self.dispatchEvent(new NotificationEvent('notificationclick', { notification, action: 'ack' })))
                """, of: origin)
            try await page.show("delivery")
            try await browser.waitForText(
                "Acknowledged by Anna's iPhone from its notification", in: "#delivery-list", timeout: .seconds(15))
        }
    }
}
