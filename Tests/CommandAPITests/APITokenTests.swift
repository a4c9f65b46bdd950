import Testing

@testable import CommandAPI

/// Tokens: their format, their hash, and that they never print.
@Suite struct APITokenTests {
    @Test func aNewTokenIsThePrefixAnd43Base64URLCharacters() throws {
        let token = APIToken.generate()
        #expect(token.value.wholeMatch(of: /hal_[A-Za-z0-9_-]{43}/) != nil, "\(token.value)")
        #expect(APIToken(token.value) == token)
        #expect(token.hash.count == 32)
        #expect(APIToken.generate() != token)
    }

    @Test(arguments: ["", "hal_", "hal_abc", "HAL_" + String(repeating: "a", count: 43), "hal_" + String(repeating: "a", count: 44),
        "hal_" + String(repeating: "a", count: 42) + "+", "bearer " + String(repeating: "a", count: 43)])
    func textOfAnotherShapeIsNoToken(text: String) {
        #expect(APIToken(text) == nil)
    }

    @Test func aTokenNeverPrints() {
        let token = APIToken.generate()
        var dumped = ""
        dump(token, to: &dumped)
        for text in ["\(token)", String(describing: token), String(reflecting: token), dumped] {
            #expect(!text.contains(token.value.dropFirst(4)), "\(text)")
        }
    }

    @Test func constantTimeComparisonComparesWholeContents() {
        #expect(ConstantTime.equals([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equals([9, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equals([1, 2], [1, 2, 3]))
        #expect(ConstantTime.equals([UInt8](), []))
    }

    @Test func aReadScopeAllowsOnlyGet() {
        #expect(TokenScope.read.allows(method: "GET"))
        #expect(!TokenScope.read.allows(method: "POST"))
        #expect(!TokenScope.read.allows(method: "DELETE"))
        #expect(TokenScope.control.allows(method: "DELETE"))
    }
}
