import Foundation
import PushDelivery
import Testing

@Suite struct RetryAfterTests {
    private let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

    @Test(arguments: [
        ("120", Duration.seconds(120)),
        ("0", .zero),
        ("Sun, 06 Nov 1994 08:51:37 GMT", .seconds(120)),
        ("Sun, 06 Nov 1994 08:49:37 GMT", .zero),
        ("Sat, 05 Nov 1994 08:49:37 GMT", .zero),
        ("Thu, 01 Jan 1970 00:00:00 GMT", .zero),
        ("Tue, 29 Feb 2000 12:00:00 GMT", .seconds(951_825_600 - 784_111_777)),
    ])
    func understood(_ header: String, _ wait: Duration) {
        #expect(RetryAfter.parse(header, now: now) == wait)
    }

    @Test(arguments: [
        "", "-5", "1.5", "soon", "99999999999999999999", "Sunday, 06-Nov-94 08:49:37 GMT",
        "Sun Nov  6 08:49:37 1994", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 06 Foo 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 25:49:37 GMT", "Sun, 6 Nov 1994 08:49:37 GMT",
    ])
    func refused(_ header: String) {
        #expect(RetryAfter.parse(header, now: now) == nil)
    }
}
