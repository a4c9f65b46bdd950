import EnvisalinkTPI
import Logging

/// `drop-after`, `hold`/`release` and `fail`: a command that is carried out but never answered,
/// one answered late, one answered with a `502`, for the integrator's failure paths.
extension Simulator {
    /// Applies the pending interception to a command's session actions.
    func intercept(_ actions: [SessionMachine.Action], with action: Interception, connection id: Int) {
        interception = nil
        switch action {
        case .dropAfter:
            logger.notice("carrying out the command, then dropping the client before answering (control)")
            endConnection()
            // With no connection, whatever the panel answers goes nowhere.
            perform(actions, connection: id)
        case .hold:
            held = (actions, id)
        case .fail(let error):
            write(error.frame)
        }
    }

    /// `release`: carries out the held command and sends its answer.
    func releaseHeld() -> String {
        guard let held else { return "error no command is held" }
        self.held = nil
        guard connection?.id == held.connection else { return "error the client that sent the held command is gone" }
        perform(held.actions, connection: held.connection)
        return "ok released the held command"
    }
}

extension TPIClientLine {
    /// The frame, when the input is a well-formed one.
    var frame: TPIFrame? {
        if case .frame(let frame) = self { return frame }
        return nil
    }
}
