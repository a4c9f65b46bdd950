import Foundation
import PushMocks
import Testing
import TestSupport

extension ConsoleTests {
    /// The delivery view shows each escalation step of an alarm nobody acknowledged as it is made,
    /// and the Acknowledge button stops the escalation, with the reason shown.
    @Test func theDeliveryViewShowsEachEscalationStepAndAcknowledgingStopsIt() async throws {
        try await withConsole(escalation: "after: 1, repeat: 2, limit: 5") { page in
            let browser = page.browser
            try await page.signIn(pasting: page.stage.controlToken, as: "household-phone")
            try await page.stage.panel("send 6011002")  // zone alarm: Back door
            try await page.show("delivery")
            _ = try await browser.waitForText("Escalation 2: sent again to every device", in: "#delivery-list", timeout: .seconds(15))
            try await page.screenshot("desktop-escalation")
            try await browser.click("#delivery-list li.alarm button")
            let shown = try await browser.waitForText(
                "Escalation stopped: acknowledged by household-phone", in: "#delivery-list", timeout: .seconds(10))
            #expect(shown.contains("Acknowledged by household-phone"), "\(shown)")
        }
    }
}

extension ConsoleTests {
    /// An escalation's notification carries the Acknowledge action of the alarm it escalates: the
    /// worker acknowledges that alarm with the notification's own token, and the escalation stops.
    @Test func anEscalationsNotificationAcknowledgesItsAlarmAndStopsTheEscalation() async throws {
        try await withConsole(push: true, escalation: "after: 1, repeat: 30, limit: 5") { page in
            let browser = page.browser
            try await page.signInShowingNotifications(pasting: page.stage.readToken, as: "wall-display")
            try await page.stage.panel("send 6011002")  // zone alarm: Back door
            // The escalation's notification to Anna's iPhone, as the mock APNs received it.
            let notification = try await page.apnsNotification("the escalation at APNs") {
                $0["code"] as? String == "escalation"
            }
            let stepID = try #require(notification["id"] as? String)
            let alarmID = try #require(notification["raw"] as? String)
            let token = try #require(notification["ack_token"] as? String)
            #expect(notification["ack_path"] as? String == "/v1/alarms/\(alarmID)/ack")
            let escalation = try await page.pushShowingNotification("""
                {"title":"Alarm","body":"Alarm not acknowledged","event_id":"\(stepID)","type":"info","alarm":true,\
                "time":1764100000123,"tag":"escalation-test","ack_path":"/v1/alarms/\(alarmID)/ack","ack_token":"\(token)"}
                """)
            // The worker acknowledges the alarm its ack_path names.
            #expect(escalation["ackAlarmID"] as? String == alarmID, "\(escalation)")
            try await page.clickInTheWorker("ack", notificationTagged: "escalation-test")
            try await page.show("delivery")
            let shown = try await browser.waitForText(
                "Escalation stopped: acknowledged by Anna's iPhone", in: "#delivery-list", timeout: .seconds(15))
            #expect(shown.contains("Acknowledged by Anna's iPhone from its notification"), "\(shown)")
        }
    }
}
