import AlarmCore
import Testing

/// The `metrics` key of the daemons' sections: off when absent, a loopback `HOST:PORT`, another
/// address only with `metrics_allow_non_loopback: true`, errors naming the key.
@Suite struct MetricsConfigTests {
    /// Each section with a `metrics` key, and the configuration's value of it.
    static let sections: [(name: String, metrics: @Sendable (HowAlarmingConfig) -> MetricsConfig?)] = [
        ("envisalinkd", { $0.envisalink?.metrics }), ("push", { $0.push.metrics }),
        ("log", { $0.log.metrics }), ("mqtt", { $0.mqtt?.metrics }),
    ]

    private func parse(_ yaml: String) throws(ConfigError) -> HowAlarmingConfig {
        try HowAlarmingConfig.parse(yaml: yaml, path: "config.yaml", environment: [:])
    }

    @Test(arguments: sections.indices)
    func absentIsOffAndAnAddressNamesItsKey(index: Int) throws {
        let (name, metrics) = Self.sections[index]
        #expect(metrics(try parse("\(name): {}")) == nil)
        let config = try parse("\(name): {metrics: '127.0.0.1:9101'}")
        #expect(config.warnings.isEmpty)
        #expect(metrics(config) == MetricsConfig(address: ListenAddress(host: "127.0.0.1", port: 9101), keyPath: "\(name).metrics"))
        #expect(metrics(try parse("\(name): {metrics: '[::1]:9101'}"))?.address == ListenAddress(host: "::1", port: 9101))
    }

    @Test(arguments: sections.indices)
    func anAddressOtherThanLoopbackNeedsTheOptIn(index: Int) throws {
        let (name, metrics) = Self.sections[index]
        let error = #expect(throws: ConfigError.self) { try parse("\(name): {metrics: '0.0.0.0:9101'}") }
        #expect(error?.keyPath == "\(name).metrics")
        #expect(error?.reason == "0.0.0.0 is not a loopback address; set \(name).metrics_allow_non_loopback: true to accept connections from the network")
        let allowed = try parse("\(name): {metrics: '0.0.0.0:9101', metrics_allow_non_loopback: true}")
        #expect(metrics(allowed)?.address == ListenAddress(host: "0.0.0.0", port: 9101))
    }

    @Test(arguments: [
        ("log: {metrics: 9101}", "log.metrics", "HOST:PORT"),
        ("log: {metrics: '127.0.0.1:0'}", "log.metrics", "port must be an integer from 1 to 65535"),
        ("push: {metrics: [1]}", "push.metrics", "must be HOST:PORT, got a list"),
        ("mqtt: {metrics_allow_non_loopback: maybe}", "mqtt.metrics_allow_non_loopback", "true or false"),
    ])
    func badValuesNameTheKey(yaml: String, keyPath: String, reason: String) {
        let error = #expect(throws: ConfigError.self) { try parse(yaml) }
        #expect(error?.keyPath == keyPath)
        #expect(error?.reason.contains(reason) == true, "\(String(describing: error))")
    }

    @Test func theParserIsSharedWithTheCommandLine() throws {
        #expect(try ListenAddress(parsing: "localhost:9101") == ListenAddress(host: "localhost", port: 9101))
        let error = #expect(throws: ListenAddressError.self) { try ListenAddress(parsing: "9101") }
        #expect(error?.reason == #"must be HOST:PORT, such as 127.0.0.1:8080 or [::1]:8080, got "9101""#)
        #expect(ListenAddress(host: "127.0.0.1", port: 1).nonLoopbackRefusal(optIn: "x") == nil)
        #expect(ListenAddress(host: "10.0.0.1", port: 1).nonLoopbackRefusal(optIn: "add --opt")
            == "10.0.0.1 is not a loopback address; add --opt to accept connections from the network")
    }
}
