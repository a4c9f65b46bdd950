import EnvisalinkTPI
import Testing

@Suite("Chime keys: *4 only while the chime is not as asked, at most twice")
struct ChimeKeysTests {
    @Test("the next step, from the last report and the toggles sent", arguments: [
        // asked, state reported, toggles sent so far, step
        (true, false as Bool?, 0, ChimeKeys.Step.toggle),  // known off: one *4
        (true, true, 0, .done),  // already on: no key at all
        (false, false, 0, .done),
        (true, nil, 0, .toggle),  // unknown: *4, then look
        (true, true, 1, .done),  // the report after *4 says on
        (true, false, 1, .toggle),  // the first *4 turned it off (it was on): *4 again
        (false, true, 2, .failed),  // still not as asked after two
        (true, nil, 2, .failed),  // no report after two: give up
    ])
    func nextStep(asked: Bool, state: Bool?, toggles: Int, step: ChimeKeys.Step) {
        #expect(ChimeKeys.next(asked: asked, state: state, toggles: toggles) == step)
    }

    @Test func theKeysAreStarFourOnThePartitionsKeypad() throws {
        let command = ChimeKeys.command(partition: 2)
        #expect(command == .keyString(partition: 2, keys: "*4"))
        #expect(try command.frame().code == "071")
        #expect(try command.frame().data == "2*4")
    }
}
