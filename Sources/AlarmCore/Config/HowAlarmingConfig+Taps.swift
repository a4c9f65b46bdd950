extension HowAlarmingConfig {
    /// Refuses a daemon's tube that is a tap: a tap gets events only while watched, so the
    /// daemon would lose every event sent while it is stopped or restarting.
    /// - Parameter file: the configuration file, for the error.
    func checkConsumerTubesAreNotTaps(file: String?) throws(ConfigError) {
        let consumerTubes: [(key: String, tube: TubeName?)] = [
            ("push.tube", push.tube), ("log.tube", log.tube), ("command.tube", command.tube), ("mqtt.tube", mqtt?.tube),
        ]
        for case let (key, tube?) in consumerTubes where beanstalkd.tapTubes.contains(tube) {
            throw ConfigError(
                file: file, keyPath: key,
                reason: "tube \(tube) is a tap (beanstalkd.tubes.taps), which gets events only while watched: "
                    + "give this consumer a tube of its own")
        }
    }
}
