public import AlarmCore
public import Logging

/// Checks that `consume` reads a tube of its own: never another consumer's (it would take
/// events away from it), a command tube (commands are not events) or a tap (events sent while
/// the consumer is stopped would never reach it).
public enum ConsumeTube {
    /// Throws ``ScriptConsumerError`` naming the configuration key that gives `tube` to someone else;
    /// warns when no event is put on `tube` (neither an event tube nor `command.escalation.tube`).
    public static func check(_ tube: TubeName, in configuration: HowAlarmingConfig, logger: Logger) throws(ScriptConsumerError) {
        if configuration.beanstalkd.commandTubes.contains(tube) {
            throw ScriptConsumerError("tube \(tube) carries commands (beanstalkd.tubes.commands), not events: consume a tube of your own")
        }
        let owners: KeyValuePairs<String, TubeName> = [
            "push.tube": configuration.push.tube,
            "push.registration_tube": configuration.push.registrationTube,
            "log.tube": configuration.log.tube,
            "command.tube": configuration.command.tube,
        ]
        if let owner = owners.first(where: { $0.value == tube }) {
            throw ScriptConsumerError("tube \(tube) is another consumer's (\(owner.key)): consume a tube of your own")
        }
        if configuration.beanstalkd.tapTubes.contains(tube) {
            throw ScriptConsumerError(
                "tube \(tube) is a tap (beanstalkd.tubes.taps), which gets events only while watched: consume a tube of your own")
        }
        let escalation = configuration.command.escalation
        let escalationSteps = escalation.enabled && escalation.tube == tube
        if !configuration.beanstalkd.eventTubes.contains(tube), !escalationSteps {
            logger.warning("events are not put on this tube: add it to beanstalkd.tubes.events", metadata: ["tube": "\(tube)"])
        }
    }
}
