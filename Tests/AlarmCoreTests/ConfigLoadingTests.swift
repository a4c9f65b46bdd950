import AlarmCore
import Foundation
import Testing

@Suite struct ConfigLoadingTests {
    /// Three config files with ports 1001, 1002 and 1003.
    private func files(in directory: ConfigTestDirectory) throws -> (String, String, String) {
        (
            try directory.write("explicit.yaml", "beanstalkd: {port: 1001}\n"),
            try directory.write("environment.yaml", "beanstalkd: {port: 1002}\n"),
            try directory.write("default.yaml", "beanstalkd: {port: 1003}\n")
        )
    }

    @Test func explicitPathComesFirst() throws {
        let directory = try ConfigTestDirectory()
        defer { directory.remove() }
        let (explicit, environment, fallback) = try files(in: directory)
        let config = try HowAlarmingConfig.load(
            explicitPath: explicit, environment: ["HOWALARMING_CONFIG": environment], defaultSearchPaths: [fallback])
        #expect(config.beanstalkd.port == 1001)
        #expect(config.path == explicit)
    }

    @Test func environmentComesBeforeTheDefaultPaths() throws {
        let directory = try ConfigTestDirectory()
        defer { directory.remove() }
        let (_, environment, fallback) = try files(in: directory)
        let config = try HowAlarmingConfig.load(
            explicitPath: nil, environment: ["HOWALARMING_CONFIG": environment], defaultSearchPaths: [fallback])
        #expect(config.beanstalkd.port == 1002)
        #expect(config.path == environment)
    }

    @Test func firstExistingDefaultPathIsUsed() throws {
        let directory = try ConfigTestDirectory()
        defer { directory.remove() }
        let (_, _, fallback) = try files(in: directory)
        let config = try HowAlarmingConfig.load(
            explicitPath: nil, environment: ["HOWALARMING_CONFIG": ""],
            defaultSearchPaths: ["\(directory.path)/missing.yaml", fallback])
        #expect(config.beanstalkd.port == 1003)
        #expect(config.path == fallback)
    }

    @Test func noFileAnywhereGivesTheDefaults() throws {
        let config = try HowAlarmingConfig.load(
            explicitPath: nil, environment: [:], defaultSearchPaths: ["/nonexistent/howalarming/config.yaml"])
        #expect(config == HowAlarmingConfig())
        #expect(config.path == nil)
        #expect(HowAlarmingConfig.defaultSearchPaths == ["/etc/howalarming/config.yaml", "./config.yaml"])
    }

    @Test func missingExplicitFileIsAnError() {
        let missing = "/nonexistent/howalarming/explicit.yaml"
        let error = #expect(throws: ConfigError.self) {
            try HowAlarmingConfig.load(explicitPath: missing, environment: [:], defaultSearchPaths: [])
        }
        #expect(error?.file == missing)
        #expect(error?.description == "\(missing): cannot read the configuration file (given by --config): no such file")
        let fromEnvironment = #expect(throws: ConfigError.self) {
            try HowAlarmingConfig.load(
                explicitPath: nil, environment: ["HOWALARMING_CONFIG": missing], defaultSearchPaths: [])
        }
        #expect(fromEnvironment?.file == missing)
        #expect(fromEnvironment?.reason.contains("HOWALARMING_CONFIG") == true)
    }

    @Test func secretFilesAreRelativeToTheConfigFile() throws {
        let directory = try ConfigTestDirectory()
        defer { directory.remove() }
        try directory.write("password.txt", "s3cret\n")
        let file = try directory.write("config.yaml", ConfigFixtures.originalLayout
            .replacingOccurrences(of: "password: s3cret", with: "password_file: password.txt"))
        let config = try HowAlarmingConfig.load(explicitPath: file, environment: [:], defaultSearchPaths: [])
        #expect(config.envisalink?.password?.value == "s3cret")
        #expect(config.warnings.isEmpty)
    }

    @Test func errorsInAFileNameTheFile() throws {
        let directory = try ConfigTestDirectory()
        defer { directory.remove() }
        let file = try directory.write("config.yaml", "log:\n  tube: ''\n")
        let error = #expect(throws: ConfigError.self) {
            try HowAlarmingConfig.load(explicitPath: file, environment: [:], defaultSearchPaths: [])
        }
        #expect(error?.description.hasPrefix("\(file): log.tube: invalid tube name") == true)
    }
}
