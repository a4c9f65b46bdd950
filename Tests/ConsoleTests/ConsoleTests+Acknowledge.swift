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
            try await page.signInShowingNotifications(pasting: page.stage.readToken, as: "wall-display")
            try await page.stage.panel("send 6011002")  // zone alarm: Back door
            // Anna's iPhone's notification, as the mock APNs received it from the push consumer.
            let notification = try await page.apnsNotification("the alarm at APNs") { $0["type"] as? String == "alarm" }
            let eventID = try #require(notification["id"] as? String)
            let token = try #require(notification["ack_token"] as? String)
            // The same notification by Web Push, with Anna's token: the worker must send that one,
            // since the page's read token may not acknowledge.
            _ = try await page.pushShowingNotification("""
                {"title":"Alarm","body":"Zone alarm: Back door","event_id":"\(eventID)","type":"alarm","alarm":true,\
                "time":1764100000123,"tag":"ack-test","ack_path":"/v1/alarms/\(eventID)/ack","ack_token":"\(token)"}
                """)
            try await page.clickInTheWorker("ack", notificationTagged: "ack-test")
            try await page.show("delivery")
            try await browser.waitForText(
                "Acknowledged by Anna's iPhone from its notification", in: "#delivery-list", timeout: .seconds(15))
        }
    }
}
