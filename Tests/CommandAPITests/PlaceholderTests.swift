import Testing
@Test func commandPlaceholder() { #expect(Bool(true)) }
