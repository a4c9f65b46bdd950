import Foundation
import Testing
import TestSupport

/// The small daemons' (the push consumer's: PushMetricsEndToEndTests) `/healthz` and `/metrics` as built: configured in the file (or with
/// `consume --metrics`), fetched over a real socket, moved by real events; an address that is
/// not loopback, or a port that is taken, stops start-up naming the key.
@Suite struct DaemonMetricsSystemTests {
    static let password = "Rl7x2Q"
    /// Empty values count as unset: the children use only what the test gives them.
    static let environment = ["HOWALARMING_CONFIG": "", "HOWALARMING_LOG_LEVEL": "", "HOWALARMING_MQTT_PASSWORD": ""]

    /// Starts `executable` with `arguments`, its log (standard error) on standard output.
    private func start(_ executable: String, _ arguments: [String]) throws -> ChildProcess {
        try ProcessRunner.start(
            "/bin/sh", arguments: ["-c", "exec \"$0\" \"$@\" 2>&1", try Executables.path(executable)] + arguments,
            environment: Self.environment)
    }

    /// The `/metrics` text once it contains every one of `lines`.
    private func awaitMetrics(port: Int, containing lines: [String]) async throws -> String {
        var body = ""
        try await waitUntil("/metrics to show \(lines)") {
            body = (try? RawHTTP.request("/metrics", port: port).body) ?? ""
            return lines.allSatisfy(body.contains)
        }
        return body
    }

    @Test func theLogConsumerIsHealthyWhenConsumingAndCountsWhatItHandles() async throws {
        try await withTemporaryDirectory(prefix: "metrics") { directory in
            try await withBeanstalkd { server in
                let port = try RawHTTP.freePort()
                let config = directory.appending("config.yaml")
                try """
                    beanstalkd: {host: 127.0.0.1, port: \(server.port), tubes: {events: [log]}}
                    log: {file: \(directory.appending("events.jsonl")), metrics: '127.0.0.1:\(port)'}
                    """.write(toFile: config, atomically: true, encoding: .utf8)
                let daemon = try start("howalarming-log", ["--config", config])
                try await running({
                    _ = try await daemon.awaitLine(containing: "serving /healthz and /metrics", timeout: .seconds(20))
                    try await waitUntil("/healthz to answer 200") { (try? RawHTTP.request("/healthz", port: port).status) == 200 }
                    #expect(try RawHTTP.request("/healthz", port: port).body == #"{"status":"ok"}"#)
                    #expect(try RawHTTP.request("/nothing", port: port).status == 404)

                    let client = try RawBeanstalkClient(server)
                    defer { client.close() }
                    let now = Int(Date().timeIntervalSince1970)
                    _ = try client.put(Array(#"{"type":"alarm","code":"alarm","message":"Zone 1 alarm","raw":"6541","timestamp":\#(now)}"#.utf8), in: "log")
                    _ = try client.put(Array("not an event".utf8), in: "log")
                    let text = try await awaitMetrics(port: port, containing: [
                        #"howalarming_consumer_jobs_total{tube="log",type="alarm",outcome="handled"} 1"#,
                        #"howalarming_consumer_jobs_total{tube="log",type="malformed",outcome="buried"} 1"#,
                        #"howalarming_consumer_jobs_buried_total{tube="log"} 1"#,
                        #"howalarming_consumer_queue_latency_seconds_count{tube="log"} 1"#,
                    ])
                    #expect(text.contains("# TYPE howalarming_consumer_queue_latency_seconds histogram"), "\(text)")

                    daemon.signal(SIGTERM)
                    #expect(try await daemon.waitForExit(timeout: .seconds(15)) == .exited(0))
                }, then: {
                    daemon.kill()
                })
            }
        }
    }

    @Test func theIntegratorShowsItsPanelLinkAndReconnects() async throws {
        try await withTemporaryDirectory(prefix: "metrics") { directory in
            try await withBeanstalkd { server in
                let simulator = try ProcessRunner.start(try Executables.path("envisalink-simulator"), arguments: [
                    "--port", "0", "--control-port", "0", "--password", Self.password, "--no-stdin-control",
                ])
                var integrator: ChildProcess?
                try await running({
                    let tpiPort = try SimulatorProcess.port(in: try await simulator.awaitLine(containing: "tpi listening on"))
                    let controlPort = try SimulatorProcess.port(in: try await simulator.awaitLine(containing: "control listening on"))
                    let port = try RawHTTP.freePort()
                    let proxyPort = try RawHTTP.freePort()
                    let config = directory.appending("config.yaml")
                    try """
                        beanstalkd: {host: 127.0.0.1, port: \(server.port), tubes: {events: [log]}}
                        envisalinkd:
                          host: 127.0.0.1
                          port: \(tpiPort)
                          password: \(Self.password)
                          spool: \(directory.appending("spool.jsonl"))
                          sequence_file: \(directory.appending("sequence"))
                          metrics: '127.0.0.1:\(port)'
                          proxy: {listen: '127.0.0.1:\(proxyPort)', clients: {viewer: {password: Vw3P7x}}}
                        """.write(toFile: config, atomically: true, encoding: .utf8)
                    let daemon = try start("howalarming-envisalink", ["--config", config])
                    integrator = daemon
                    _ = try await daemon.awaitLine(containing: "logged in", timeout: .seconds(20))
                    _ = try await awaitMetrics(port: port, containing: ["howalarming_envisalink_link_up 1.0\n", "howalarming_envisalink_reconnects_total 0\n"])
                    try await waitUntil("/healthz to answer 200") { (try? RawHTTP.request("/healthz", port: port).status) == 200 }

                    // The TPI proxy: a client logged in, a command it may not send, a wrong password.
                    _ = try await awaitMetrics(port: port, containing: ["howalarming_tpi_proxy_clients 0.0\n"])
                    let client = try RawConnection(port: proxyPort)
                    #expect(try client.readLine() == "5053CD")
                    try client.send(SupervisedSystemTests.tpiLine("005Vw3P7x"))
                    #expect([try client.readLine(), try client.readLine()] == ["5000052A", "5051CB"])
                    try client.send(SupervisedSystemTests.tpiLine("0301"))
                    #expect(try client.readLine() == "5020222B")
                    let stranger = try RawConnection(port: proxyPort)
                    #expect(try stranger.readLine() == "5053CD")
                    try stranger.send(SupervisedSystemTests.tpiLine("005Wr0ng1"))
                    _ = try await awaitMetrics(port: port, containing: [
                        "howalarming_tpi_proxy_clients 1.0\n", "howalarming_tpi_proxy_commands_total{outcome=\"refused\"} 1\n",
                        "howalarming_tpi_proxy_wrong_passwords_total 1\n",
                    ])

                    #expect(try await SimulatorProcess.control(controlPort, "drop").hasPrefix("ok"))
                    _ = try await awaitMetrics(port: port, containing: ["howalarming_envisalink_reconnects_total 1\n"])
                    _ = try await awaitMetrics(port: port, containing: ["howalarming_tpi_proxy_clients 0.0\n"])
                    _ = try await awaitMetrics(port: port, containing: ["howalarming_envisalink_link_up 1.0\n"])

                    simulator.kill()
                    _ = try await awaitMetrics(port: port, containing: ["howalarming_envisalink_link_up 0.0\n"])
                    daemon.signal(SIGTERM)
                    #expect(try await daemon.waitForExit(timeout: .seconds(15)) == .exited(0))
                }, then: {
                    integrator?.kill()
                    simulator.kill()
                })
            }
        }
    }

    @Test func aScriptConsumerServesThemWithTheOption() async throws {
        try await withTemporaryDirectory(prefix: "metrics") { directory in
            try await withBeanstalkd { server in
                let port = try RawHTTP.freePort()
                let config = directory.appending("config.yaml")
                try "beanstalkd: {host: 127.0.0.1, port: \(server.port), tubes: {events: [scripts]}}\n"
                    .write(toFile: config, atomically: true, encoding: .utf8)
                let daemon = try start("howalarming", [
                    "consume", "--config", config, "--tube", "scripts", "--metrics", "127.0.0.1:\(port)", "--exec", "/bin/cat",
                ])
                try await running({
                    try await waitUntil("/healthz to answer 200") { (try? RawHTTP.request("/healthz", port: port).status) == 200 }
                    let client = try RawBeanstalkClient(server)
                    defer { client.close() }
                    _ = try client.put(Array(#"{"type":"info","code":"test","message":"hello","raw":"","timestamp":1}"#.utf8), in: "scripts")
                    _ = try await awaitMetrics(port: port, containing: [
                        #"howalarming_consumer_jobs_total{tube="scripts",type="info",outcome="handled"} 1"#,
                    ])
                    daemon.signal(SIGTERM)
                    #expect(try await daemon.waitForExit(timeout: .seconds(15)) == .exited(0))
                }, then: {
                    daemon.kill()
                })
            }
        }
    }

    @Test func theMQTTBridgeIsHealthyWhenConsumingAndCountsWhatItPublishes() async throws {
        let bridge = MosquittoUser(name: "bridge-home", password: "m4Tq8-bridge-pw", rules: [
            "topic readwrite howalarming/home/#", "topic readwrite homeassistant/#",
        ])
        try await withTemporaryDirectory(prefix: "metrics") { directory in
            try await withBeanstalkd { server in
                try await withMosquitto(users: [bridge]) { broker in
                    let port = try RawHTTP.freePort()
                    let config = directory.appending("config.yaml")
                    try bridge.password.write(toFile: directory.appending("mqtt-password"), atomically: true, encoding: .utf8)
                    try """
                        beanstalkd: {host: 127.0.0.1, port: \(server.port), tubes: {events: [mqtt]}}
                        mqtt:
                          host: 127.0.0.1
                          port: \(broker.port)
                          username: \(bridge.name)
                          password_file: mqtt-password
                          site: home
                          tube: mqtt
                          metrics: '127.0.0.1:\(port)'
                        """.write(toFile: config, atomically: true, encoding: .utf8)
                    let daemon = try start("howalarming-mqtt", ["--config", config])
                    try await running({
                        _ = try await daemon.awaitLine(containing: "consuming", timeout: .seconds(20))
                        try await waitUntil("/healthz to answer 200") { (try? RawHTTP.request("/healthz", port: port).status) == 200 }
                        #expect(try RawHTTP.request("/healthz", port: port).body == #"{"status":"ok"}"#)

                        let client = try RawBeanstalkClient(server)
                        defer { client.close() }
                        let now = Int(Date().timeIntervalSince1970)
                        _ = try client.put(Array(#"{"type":"alarm","code":"alarm","message":"Zone 1 alarm","raw":"6541","timestamp":\#(now),"partition":1,"zone":1}"#.utf8), in: "mqtt")
                        let text = try await awaitMetrics(port: port, containing: [
                            #"howalarming_consumer_jobs_total{tube="mqtt",type="alarm",outcome="handled"} 1"#,
                        ])
                        #expect(!text.contains(bridge.password), "no secret in /metrics")
                        daemon.signal(SIGTERM)
                        #expect(try await daemon.waitForExit(timeout: .seconds(15)) == .exited(0))
                    }, then: {
                        daemon.kill()
                    })
                }
            }
        }
    }

    /// An address that is not loopback without the opt-in, or a port another socket holds.
    @Test func aListenerThatMayNotOrCannotListenStopsStartUpNamingTheKey() async throws {
        let taken = try ClosedPort()
        try await withTemporaryDirectory(prefix: "metrics") { directory in
            for (metrics, expected) in [
                ("0.0.0.0:9101", "log.metrics: 0.0.0.0 is not a loopback address; set log.metrics_allow_non_loopback: true"),
                ("127.0.0.1:\(taken.port)", "log.metrics: cannot listen on 127.0.0.1:\(taken.port)"),
            ] {
                let config = directory.appending("config.yaml")
                try """
                    beanstalkd: {host: 127.0.0.1, port: \(try ClosedPort().port)}
                    log: {file: \(directory.appending("events.jsonl")), metrics: '\(metrics)'}
                    """.write(toFile: config, atomically: true, encoding: .utf8)
                let result = try await ProcessRunner.run(
                    try Executables.path("howalarming-log"), arguments: ["--config", config], environment: Self.environment,
                    timeout: .seconds(20))
                #expect(result.status != .exited(0), "\(result)")
                #expect(result.stderr.contains(expected), "\(result)")
            }
            let refused = try await ProcessRunner.run(
                try Executables.path("howalarming"), arguments: ["consume", "--tube", "scripts", "--metrics", "10.0.0.1:9101", "--exec", "/bin/cat"],
                environment: Self.environment)
            #expect(refused.status != .exited(0))
            #expect(refused.stderr.contains("--metrics: 10.0.0.1 is not a loopback address; add --metrics-allow-non-loopback"), "\(refused)")
        }
    }
}
