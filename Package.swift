// swift-tools-version:6.2
import PackageDescription

/// Settings every HowAlarming target shares: Swift 6 language mode (strict concurrency),
/// explicit `any`, imports that are internal unless marked and that each file must make itself
/// (a member is visible only where its module is imported), and no warnings.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "howalarming",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Beanstalk", targets: ["Beanstalk"]),
        .library(name: "AlarmCore", targets: ["AlarmCore"]),
        .library(name: "EnvisalinkTPI", targets: ["EnvisalinkTPI"]),
        .library(name: "PushDelivery", targets: ["PushDelivery"]),
        .library(name: "MQTT", targets: ["MQTT"]),
        .executable(name: "howalarming", targets: ["HowAlarmingCLI"]),
        .executable(name: "howalarming-envisalink", targets: ["HowAlarmingEnvisalink"]),
        .executable(name: "envisalink-simulator", targets: ["EnvisalinkSimulatorCLI"]),
        .executable(name: "howalarming-push", targets: ["HowAlarmingPush"]),
        .executable(name: "howalarming-log", targets: ["HowAlarmingLog"]),
        .executable(name: "howalarming-command", targets: ["HowAlarmingCommand"]),
        .executable(name: "howalarming-mqtt", targets: ["HowAlarmingMQTT"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.7.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-http2.git", from: "1.46.0"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    ],
    targets: [
        // The beanstalkd protocol client: commands, pure reply decoder, pipelined connection, worker helper.
        .target(
            name: "Beanstalk",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // The MQTT 3.1.1 client: packets, pure codec, topic names and filters, the session state
        // machine, and the NIO client that drives it. AlarmCore for `Secret` (the password),
        // Beanstalk for `Backoff` (the reconnects), NIOSSL for TLS.
        .target(
            name: "MQTT",
            dependencies: [
                "AlarmCore",
                "Beanstalk",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // The shared event and command format, configuration, publisher and consumer runtime.
        .target(
            name: "AlarmCore",
            dependencies: [
                "Beanstalk",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                "CLibYAML",
            ],
            swiftSettings: strictSettings
        ),
        // libyaml (Debian's libyaml-dev), which the configuration loader composes: YAML without
        // Foundation, which Yams would bring into every executable.
        .systemLibrary(name: "CLibYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        // One glibc call Swift's Glibc module does not show: closing every inherited descriptor in a
        // spawned child (the script consumer's programs, the tests' child processes).
        .target(name: "CSpawnActions"),
        // What HowAlarming's SQLite databases share (the push registry, the command API's store):
        // opening and versioned migrations (`VersionedDatabase`), times as UTC text (`DatabaseTime`).
        .target(
            name: "AlarmStorage",
            dependencies: [
                "AlarmCore",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strictSettings
        ),
        // The Envisalink TPI (DSC) protocol: frame codec, panel messages → events, commands, session.
        .target(
            name: "EnvisalinkTPI",
            dependencies: [
                "AlarmCore",
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // The TPI proxy: the EVL's side of the TPI for other clients of the integrator's one panel
        // session (sessions as a state machine, the panel state replay, the listener).
        .target(
            name: "TPIProxy",
            dependencies: [
                "AlarmCore",
                "EnvisalinkTPI",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        // The alarm integrator: the TPI session, the command queue side, the spool.
        .target(
            name: "EnvisalinkIntegrator",
            dependencies: [
                "AlarmCore",
                "Beanstalk",
                "EnvisalinkTPI",
                "TPIProxy",
                "CTimex",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        // The C library's <sys/timex.h> (glibc, nothing to link): whether the kernel counts the box's
        // clock as synchronised, before the integrator sets the panel's clock from it.
        .systemLibrary(name: "CTimex"),
        // The small daemons' `/healthz` and Prometheus `/metrics`: a minimal HTTP/1 listener on
        // NIO (not a web framework), and swift-metrics bootstrapped to a Prometheus registry.
        .target(
            name: "DaemonMetrics",
            dependencies: [
                "AlarmCore",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        // What every daemon's main shares: `--config`, `--log-level`, metrics, running until SIGTERM.
        .target(
            name: "DaemonSupport",
            dependencies: [
                "AlarmCore",
                "DaemonMetrics",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        // `howalarming-envisalink`: thin main over EnvisalinkIntegrator.
        .executableTarget(
            name: "HowAlarmingEnvisalink",
            dependencies: [
                "AlarmCore",
                "DaemonMetrics",
                "DaemonSupport",
                "EnvisalinkIntegrator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        // A faithful fake EVL-4 + DSC panel: panel model, TPI server, control port.
        .target(
            name: "EnvisalinkSimulator",
            dependencies: [
                "AlarmCore",
                "EnvisalinkTPI",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        // `envisalink-simulator`: thin main over EnvisalinkSimulator.
        .executableTarget(
            name: "EnvisalinkSimulatorCLI",
            dependencies: [
                "EnvisalinkSimulator",
                "AlarmCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        // Push delivery: APNs and FCM payloads, error → action tables, JWT/OAuth tokens,
        // the device registry and the delivery ledger.
        .target(
            name: "PushDelivery",
            dependencies: [
                "AlarmCore",
                "AlarmStorage",
                "Beanstalk",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strictSettings
        ),
        // The push consumer: events and registrations from the queue → the device registry and
        // the providers.
        .target(
            name: "PushConsumer",
            dependencies: [
                "AlarmCore",
                "Beanstalk",
                "PushDelivery",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        // `howalarming-push`: thin main over PushConsumer, plus `devices` subcommands.
        .executableTarget(
            name: "HowAlarmingPush",
            dependencies: [
                "AlarmCore",
                "DaemonMetrics",
                "DaemonSupport",
                "PushConsumer",
                "PushDelivery",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        // The log consumer: every event as one synced JSON line in the audit log.
        .target(
            name: "LogConsumer",
            dependencies: [
                "AlarmCore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        // `howalarming-log`: thin main over LogConsumer.
        .executableTarget(
            name: "HowAlarmingLog",
            dependencies: [
                "AlarmCore",
                "DaemonMetrics",
                "DaemonSupport",
                "LogConsumer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        // The command consumer: the phone apps' HTTP API (status, history, commands, devices),
        // API tokens, metrics.
        .target(
            name: "CommandAPI",
            dependencies: [
                "AlarmCore",
                "AlarmState",
                "AlarmStorage",
                "Beanstalk",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // The web console's files are embedded by the plugin, not compiled.
            exclude: ["Console"],
            swiftSettings: strictSettings,
            plugins: ["EmbedConsole"]
        ),
        // Embeds every file under Sources/CommandAPI/Console/ in the command API as generated
        // Swift source, at build time; no package dependency.
        .plugin(name: "EmbedConsole", capability: .buildTool(), dependencies: ["ConsoleEmbedder"]),
        // The plugin's tool: one small file, Foundation only.
        .executableTarget(name: "ConsoleEmbedder", path: "Plugins/ConsoleEmbedder", swiftSettings: strictSettings),
        // `howalarming-command`: thin main over CommandAPI, plus `tokens` subcommands.
        .executableTarget(
            name: "HowAlarmingCommand",
            dependencies: [
                "AlarmCore",
                "CommandAPI",
                "DaemonSupport",
                "TerminalQR",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        // The script consumer (`howalarming consume --exec`): a program run for every event of a
        // tube, in a process group of its own, with a timeout; its exit status settles the job.
        .target(
            name: "ScriptConsumer",
            dependencies: [
                "AlarmCore",
                "CSpawnActions",
                "DaemonMetrics",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        // `howalarming`: the operators' debug CLI; `consume` is a thin layer over ScriptConsumer.
        .executableTarget(
            name: "HowAlarmingCLI",
            dependencies: [
                "AlarmCore",
                "DaemonMetrics",
                "Beanstalk",
                "ScriptConsumer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // The panel's state from the event stream (partitions, zones, troubles, link) and what each
        // event changed: what the MQTT bridge publishes. Pure.
        .target(
            name: "AlarmState",
            dependencies: ["AlarmCore"],
            swiftSettings: strictSettings
        ),
        // The MQTT bridge's pure parts: its topics, Home Assistant discovery configs, and the state
        // messages of each panel change.
        .target(
            name: "MQTTBridge",
            dependencies: ["AlarmCore", "AlarmState"],
            swiftSettings: strictSettings
        ),
        // The MQTT bridge as a service: the event consumer that publishes, the command intake,
        // the integrator watch, the republication after each connection.
        .target(
            name: "MQTTConsumer",
            dependencies: [
                "AlarmCore",
                "AlarmState",
                "Beanstalk",
                "MQTT",
                "MQTTBridge",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        // `howalarming-mqtt`: thin main over MQTTConsumer.
        .executableTarget(
            name: "HowAlarmingMQTT",
            dependencies: [
                "AlarmCore",
                "DaemonMetrics",
                "DaemonSupport",
                "MQTTConsumer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        // QR codes for terminals (`howalarming-command tokens create --qr`): byte mode, Reed–Solomon,
        // masking, rendered with Unicode half blocks. Pure Swift, no dependencies.
        .target(
            name: "TerminalQR",
            swiftSettings: strictSettings
        ),
        // Benchmarks (`make bench`): the queue client against a raw-socket baseline.
        .executableTarget(
            name: "bench-queue",
            dependencies: [
                "Beanstalk",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "bench/Sources/BenchQueue",
            swiftSettings: strictSettings
        ),
        // Benchmarks: HowAlarming's MQTT client publishing, against paho-mqtt on the same broker.
        .executableTarget(
            name: "bench-mqtt",
            dependencies: [
                "MQTT",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "bench/Sources/BenchMQTT",
            swiftSettings: strictSettings
        ),
        // Benchmarks: the mock APNs server as a process, for every push client alike.
        .executableTarget(
            name: "bench-mock-apns",
            dependencies: ["PushMocks", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "bench/Sources/BenchMockAPNs",
            swiftSettings: strictSettings
        ),
        // Benchmarks: the mock Web Push service as a process, for howalarming-push and pywebpush alike.
        .executableTarget(
            name: "bench-mock-webpush",
            dependencies: [
                "PushMocks",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "bench/Sources/BenchMockWebPush",
            swiftSettings: strictSettings
        ),
        // Test helpers: a real beanstalkd per test, running the built executables.
        .target(
            name: "TestSupport",
            dependencies: ["Beanstalk", "CSpawnActions", .product(name: "Logging", package: "swift-log")],
            path: "Tests/TestSupport",
            swiftSettings: strictSettings
        ),
        // Test helpers of the command API's tests: the API in-process (APIStage) or as a daemon
        // (DaemonAPI), and an HTTP client for it.
        .target(
            name: "CommandAPITestSupport",
            dependencies: [
                "AlarmCore",
                "Beanstalk",
                "CommandAPI",
                "TestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Tests/CommandAPITestSupport",
            swiftSettings: strictSettings
        ),
        // Test helpers of the TPI's tests: the table of every TPI message, the event it maps to.
        .target(
            name: "EnvisalinkTPITestSupport",
            dependencies: ["AlarmCore", "EnvisalinkTPI"],
            path: "Tests/EnvisalinkTPITestSupport",
            swiftSettings: strictSettings
        ),
        // Test helpers of the CLI's tests: the built `howalarming` against a test beanstalkd,
        // `consume --exec` consumers, the queued JSON.
        .target(
            name: "CLITestSupport",
            dependencies: ["TestSupport"],
            path: "Tests/CLITestSupport",
            swiftSettings: strictSettings
        ),
        // The test targets are grouped by how `make test` runs them (Makefile, TEST_GROUPS): most
        // by module, side by side; FuzzTests, LoadTests, QueueRuntimeTests, ScriptConsumerTests and
        // the pipeline's ReliabilityTests in steps of their own, so that their load does not starve
        // the one-second timings of the others.
        .testTarget(
            name: "BeanstalkTests",
            dependencies: [
                "Beanstalk",
                "TestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOTestUtils", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "MQTTTests",
            dependencies: [
                "MQTT",
                "AlarmCore",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOTestUtils", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // The MQTT client against a real mosquitto (password and ACL files, restarts) and
        // paho-mqtt as an independent peer.
        .testTarget(
            name: "MQTTBrokerTests",
            dependencies: [
                "MQTT",
                "AlarmCore",
                "Beanstalk",
                "TestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "AlarmCoreTests",
            dependencies: [
                "AlarmCore",
                "Beanstalk",
                "TestSupport",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "EnvisalinkTPITests",
            dependencies: [
                "EnvisalinkTPI",
                "EnvisalinkTPITestSupport",
                "AlarmCore",
                "TestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOTestUtils", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "EnvisalinkSimulatorTests",
            dependencies: [
                "EnvisalinkSimulator",
                "EnvisalinkTPI",
                "TestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // The proxy's sessions and state replay with no sockets.
        .testTarget(
            name: "TPIProxyTests",
            dependencies: [
                "TPIProxy",
                "EnvisalinkTPI",
                "AlarmCore",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "EnvisalinkIntegratorTests",
            dependencies: [
                "EnvisalinkIntegrator",
                "EnvisalinkSimulator",
                "EnvisalinkTPI",
                "TPIProxy",
                "AlarmCore",
                "Beanstalk",
                "TestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // Stand-ins for the APNs and FCM clouds: HTTP/2 over TLS with a test CA, real JWT checks,
        // scripted replies.
        .target(
            name: "PushMocks",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdHTTP2", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/PushMocks",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PushDeliveryTests",
            dependencies: [
                "PushDelivery",
                "PushMocks",
                "AlarmCore",
                "AlarmStorage",
                "TestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PushConsumerTests",
            dependencies: [
                "PushConsumer",
                "PushDelivery",
                "PushMocks",
                "AlarmCore",
                "Beanstalk",
                "EnvisalinkSimulator",
                "TestSupport",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // The fuzzers (make test's short runs; the million-input runs are `.soak`), schemathesis
        // and the hostile HTTP clients: CPU-bound, run before the others.
        .testTarget(
            name: "FuzzTests",
            dependencies: [
                "AlarmCore",
                "EnvisalinkTPI",
                "TPIProxy",
                "MQTT",
                "EnvisalinkTPITestSupport",
                "CommandAPITestSupport",
                "TestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // Thousands of concurrent requests or jobs: the provider connection over TLS, the command
        // API's enqueueing, the queue client's fan-outs. One suite at a time.
        .testTarget(
            name: "LoadTests",
            dependencies: [
                "AlarmCore",
                "Beanstalk",
                "CommandAPITestSupport",
                "PushDelivery",
                "PushMocks",
                "TestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                "CommandAPI",
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // AlarmCore's queue runtime (the consumer runtime, the publishers): they time beanstalkd's
        // one-second TTRs, so they run beside the queue client's tests only.
        .testTarget(
            name: "QueueRuntimeTests",
            dependencies: [
                "AlarmCore",
                "Beanstalk",
                "TestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // `howalarming consume --exec` with shell scripts and the example consumers (Python
        // stand-ins): many short-lived processes.
        .testTarget(
            name: "ScriptConsumerTests",
            dependencies: ["CLITestSupport", "TestSupport"],
            swiftSettings: strictSettings
        ),
        // Faults injected into the whole pipeline of built executables (make test), and the
        // long load and outage runs (`.soak` suites, make soak).
        .testTarget(
            name: "ReliabilityTests",
            dependencies: [
                "AlarmCore",
                "PushMocks",
                "TestSupport",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "AlarmStateTests",
            dependencies: ["AlarmState", "AlarmCore", "EnvisalinkTPI"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "MQTTBridgeTests",
            dependencies: ["MQTTBridge", "AlarmState", "AlarmCore"],
            swiftSettings: strictSettings
        ),
        // The MQTT bridge end to end: the built executables, a real mosquitto, paho-mqtt as Home Assistant.
        .testTarget(
            name: "MQTTBridgeSystemTests",
            dependencies: ["TestSupport"],
            swiftSettings: strictSettings
        ),
        // The metrics listener in process: routing and replies, and a real socket.
        .testTarget(
            name: "DaemonMetricsTests",
            dependencies: [
                "DaemonMetrics",
                "AlarmCore",
                "TestSupport",
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LogConsumerTests",
            dependencies: [
                "LogConsumer",
                "AlarmCore",
                "Beanstalk",
                "TestSupport",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // Checked by independent peers: zbarimg decodes pictures of the codes, segno makes the same
        // symbols. With the heavy targets in `make test` (the peers are many processes).
        .testTarget(
            name: "TerminalQRTests",
            dependencies: ["TerminalQR", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CommandAPITests",
            dependencies: [
                "CommandAPI",
                "CommandAPITestSupport",
                "PushMocks",
                "AlarmCore",
                "Beanstalk",
                "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                "TerminalQR",
            ],
            swiftSettings: strictSettings
        ),
        // The web console in a headless Chromium (Selenium, Tests/Interop/browser_peer.py) against
        // the whole pipeline.
        .testTarget(
            name: "ConsoleTests",
            dependencies: ["PushMocks", "TestSupport"],
            swiftSettings: strictSettings
        ),
        // The whole system as `make run` starts it, under supervisord.
        .testTarget(
            name: "SystemTests",
            dependencies: ["AlarmCore", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CLITests",
            dependencies: ["AlarmCore", "Beanstalk", "CLITestSupport", "TestSupport"],
            swiftSettings: strictSettings
        ),
    ]
)
