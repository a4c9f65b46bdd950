import Testing
@Test func logPlaceholder() { #expect(Bool(true)) }
