import Foundation
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
