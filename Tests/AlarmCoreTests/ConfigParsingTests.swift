import AlarmCore
import Testing

@Suite struct ConfigParsingTests {
    private func parse(_ yaml: String, path: String? = nil) throws -> HowAlarmingConfig {
        try HowAlarmingConfig.parse(yaml: yaml, path: path, environment: [:])
    }

    private func tubes(_ names: String...) throws -> [TubeName] {
        try names.map { try TubeName($0) }
    }

    @Test func emptyDocumentGivesTheDefaults() throws {
        for text in ["", "# only a comment\n", "---\n", "~"] {
            let config = try parse(text)
            #expect(config == HowAlarmingConfig())
            #expect(config.warnings.isEmpty)
        }
        let defaults = HowAlarmingConfig()
        #expect(defaults.beanstalkd.host == "127.0.0.1")
        #expect(defaults.beanstalkd.port == 11300)
        #expect(defaults.beanstalkd.socket == nil)
        #expect(defaults.beanstalkd.commandTubes == (try tubes("commands")))
        #expect(defaults.beanstalkd.eventTubes == (try tubes("cli", "push", "log", "command")))
        #expect(defaults.beanstalkd.tapTubes == (try tubes("cli")))
        #expect(defaults.beanstalkd.consumerEventTubes == (try tubes("push", "log", "command")))
        #expect(defaults.envisalink == nil)
        #expect(defaults.push.tube.rawValue == "push")
        #expect(defaults.push.triggers == [.alarm, .recovery, .fault, .armed, .disarmed])
        #expect(defaults.push.database == "/var/lib/howalarming/push.sqlite")
        #expect(defaults.push.apns == nil && defaults.push.fcm == nil)
        #expect(defaults.log.tube.rawValue == "log")
        #expect(defaults.log.file == "/var/log/howalarming/events.jsonl")
        #expect(defaults.command.tube.rawValue == "command")
        #expect(defaults.command.listen == ListenAddress(host: "127.0.0.1", port: 8080))
        #expect(defaults.command.database == "/var/lib/howalarming/command.sqlite")
        #expect(defaults.path == nil)
    }

    @Test func onlyBeanstalkdIsValid() throws {
        let config = try parse("beanstalkd:\n  port: 11400\n")
        #expect(config.beanstalkd.port == 11400)
        #expect(config.push == PushConfig())
        #expect(config.envisalink == nil)
    }

    @Test func contractDocumentParses() throws {
        let config = try parse(ConfigFixtures.contract, path: "/etc/howalarming/config.yaml")
        #expect(config.warnings == [])
        #expect(config.path == "/etc/howalarming/config.yaml")
        #expect(config.beanstalkd == BeanstalkdConfig())
        let envisalink = try #require(config.envisalink)
        #expect(envisalink.host == "127.0.0.1")
        #expect(envisalink.port == 4025)
        #expect(envisalink.password?.value == "user")
        #expect(envisalink.codeMaster?.value == "1234")
        #expect(envisalink.zones == [1: "Front door", 2: "Hall PIR"])
        #expect(config.push.triggers == [.alarm, .recovery, .fault, .armed, .disarmed])
        #expect(
            config.push.apns
                == APNSConfig(
                    keyFile: "/etc/howalarming/AuthKey.p8", keyID: "ABC123DEFG", teamID: "TEAM123456",
                    topic: "com.example.alarm", environment: .production))
        #expect(config.push.fcm == FCMConfig(serviceAccountFile: "/etc/howalarming/service-account.json"))
        #expect(config.log == LogConfig())
        #expect(config.command == CommandConfig())
    }

    @Test func originalLayoutLoadsUnchanged() throws {
        let config = try parse(ConfigFixtures.originalLayout, path: "config.yaml")
        #expect(config.warnings == [])
        #expect(config.beanstalkd.host == "10.1.2.3")
        #expect(config.beanstalkd.port == 11301)
        #expect(config.beanstalkd.commandTubes == (try tubes("commands")))
        #expect(config.beanstalkd.eventTubes == (try tubes("cli")))
        #expect(config.beanstalkd.tapTubes == (try tubes("cli")) && config.beanstalkd.consumerEventTubes.isEmpty)
        let envisalink = try #require(config.envisalink)
        #expect(envisalink.host == "192.168.7.20")
        #expect(try envisalink.requirePassword().value == "s3cret")
        #expect(try envisalink.requireCodeMaster().value == "4321")
        #expect(envisalink.zones == [1: "Lounge PIR", 2: "Back door", 3: "Garage side door"])
    }

    @Test func tapsAreTheirOwnTubes() throws {
        let config = try parse("beanstalkd: {tubes: {events: [cli, push, watch], taps: [watch, debug]}}\n")
        #expect(config.beanstalkd.tapTubes == (try tubes("watch", "debug")))
        #expect(config.beanstalkd.consumerEventTubes == (try tubes("cli", "push")))

        let commandTap = #expect(throws: ConfigError.self) {
            try parse("beanstalkd: {tubes: {taps: [cli, commands]}}\n")
        }
        #expect(commandTap?.keyPath == "beanstalkd.tubes.taps", "\(String(describing: commandTap))")
        let tapCommands = #expect(throws: ConfigError.self) {
            try parse("beanstalkd: {tubes: {commands: cli}}\n")
        }
        #expect(tapCommands?.keyPath == "beanstalkd.tubes.commands", "\(String(describing: tapCommands))")
        for (section, key) in [("push", "push.tube"), ("log", "log.tube"), ("command", "command.tube")] {
            let error = #expect(throws: ConfigError.self) {
                try parse("beanstalkd: {tubes: {taps: [mine]}}\n\(section): {tube: mine}\n", path: "config.yaml")
            }
            #expect(error?.keyPath == key && error?.file == "config.yaml", "\(String(describing: error))")
            #expect(error?.reason.contains("tap") == true, "\(String(describing: error))")
        }
    }

    @Test func scalarsAreReadAsWritten() throws {
        let config = try parse("""
            envisalinkd:
              code_master: 0123
              password: 0x1F
              zones: {001: Octal-looking key, 8: 12345, "+9": Signed}
            beanstalkd:
              port: "11302"
              host: yes
            """)
        let envisalink = try #require(config.envisalink)
        #expect(envisalink.codeMaster?.value == "0123")
        #expect(envisalink.password?.value == "0x1F")
        #expect(envisalink.zones == [1: "Octal-looking key", 8: "12345", 9: "Signed"])
        #expect(config.beanstalkd.port == 11302)
        #expect(config.beanstalkd.host == "yes")
    }

    @Test func envisalinkAliasIsAccepted() throws {
        let config = try parse("envisalink:\n  host: panel.local\n  zones: {1: Door}\n")
        #expect(config.envisalink?.host == "panel.local")
        #expect(config.envisalink?.zones == [1: "Door"])
        #expect(config.warnings.isEmpty)
    }

    @Test func nullKeysAndSectionsTakeTheirDefaults() throws {
        let config = try parse("beanstalkd:\n  port: ~\n  host:\npush:\nenvisalinkd: null\n")
        #expect(config.beanstalkd == BeanstalkdConfig())
        #expect(config.push == PushConfig())
        #expect(config.envisalink == nil)
    }

    @Test func singleStringsAreOneElementLists() throws {
        let config = try parse("beanstalkd: {tubes: {events: cli, commands: cmd}}\npush: {triggers: alarm}\n")
        #expect(config.beanstalkd.eventTubes == (try tubes("cli")))
        #expect(config.beanstalkd.commandTubes == (try tubes("cmd")))
        #expect(config.push.triggers == [.alarm])
    }

    @Test func apnsCertificateAuthentication() throws {
        let config = try parse("""
            push:
              apns: {certificate_file: apns.pem, private_key_file: apns-key.pem, topic: com.example.alarm}
              concurrency: 64
              request_timeout: 5
              critical_alarms: true
              registration_tube: phones
            """, path: "/srv/conf/howalarming.yaml")
        #expect(
            config.push.apns?.authentication
                == .certificate(certificateFile: "/srv/conf/apns.pem", privateKeyFile: "/srv/conf/apns-key.pem"))
        #expect(config.push.concurrency == 64)
        #expect(config.push.requestTimeout == 5)
        #expect(config.push.criticalAlarms)
        #expect(config.push.registrationTube.rawValue == "phones")

        let both = #expect(throws: ConfigError.self) {
            try parse("""
                push:
                  apns: {certificate_file: a.pem, private_key_file: b.pem, key_file: k.p8, key_id: ABCDEFGHIJ,
                         team_id: "0123456789", topic: t}
                """)
        }
        #expect(both?.keyPath == "push.apns.certificate_file")
        let noKey = #expect(throws: ConfigError.self) {
            try parse("push: {apns: {certificate_file: a.pem, topic: t}}")
        }
        #expect(noKey?.keyPath == "push.apns.private_key_file")
        let notBoolean = #expect(throws: ConfigError.self) { try parse("push: {critical_alarms: maybe}") }
        #expect(notBoolean?.description.contains("push.critical_alarms: must be true or false") == true)
    }

    @Test func newKeysAndListenForms() throws {
        let config = try parse("""
            beanstalkd: {socket: /run/beanstalkd.sock}
            push:
              apns: {key_file: /keys/k.p8, key_id: ABCDEFGHIJ, team_id: "0123456789", topic: t, environment: sandbox,
                     endpoint: "http://127.0.0.1:9999", ca_file: ca.pem}
              fcm: {service_account_file: sa.json, endpoint: "https://127.0.0.1/fcm"}
            command: {listen: "[::1]:9090"}
            """, path: "/srv/conf/howalarming.yaml")
        #expect(config.beanstalkd.socket == "/run/beanstalkd.sock")
        let apns = try #require(config.push.apns)
        #expect(apns.authentication == .token(key: .file("/keys/k.p8"), keyID: "ABCDEFGHIJ", teamID: "0123456789"))
        #expect(apns.environment == .sandbox)
        #expect(apns.endpoint == "http://127.0.0.1:9999")
        #expect(apns.caFile == "/srv/conf/ca.pem")
        #expect(config.push.fcm?.serviceAccountFile == "/srv/conf/sa.json")
        #expect(config.push.fcm?.endpoint == "https://127.0.0.1/fcm")
        #expect(config.command.listen == ListenAddress(host: "::1", port: 9090))
        #expect(config.command.listen.description == "[::1]:9090")
        #expect(try parse("command: {listen: 'localhost:8081'}").command.listen.description == "localhost:8081")
    }

    /// Issue 20: the integrator's checks of the event tubes' consumers.
    @Test func supervisionKeysAreReadWithTheirRangesAndDefaults() throws {
        #expect(try parse("envisalinkd: {host: evl}").envisalink?.supervision == SupervisionConfig())
        #expect(SupervisionConfig().checkInterval == 30 && SupervisionConfig().staleAfter == 60)
        let set = try #require(try parse("envisalinkd: {supervision: {check_interval: 1, stale_after: 5}}").envisalink?.supervision)
        #expect(set.checkInterval == 1 && set.staleAfter == 5)
        for (key, value) in [("check_interval", "0"), ("check_interval", "3601"), ("stale_after", "0"), ("stale_after", "86401")] {
            #expect {
                try parse("envisalinkd: {supervision: {\(key): \(value)}}")
            } throws: { error in
                (error as? ConfigError)?.keyPath == "envisalinkd.supervision.\(key)" && "\(error)".contains(value)
            }
        }
    }

    /// Issue 22: the panel clock, kept by default in the box's own time zone.
    @Test func clockKeysAreReadWithTheirRangesAndDefaults() throws {
        let defaults = try #require(try parse("envisalinkd: {host: evl}").envisalink?.clock)
        #expect(defaults == ClockConfig())
        #expect(defaults.sync && defaults.timeZone == nil && defaults.maxDrift == 120 && defaults.dailyAt.description == "04:00")
        let set = try #require(try parse(
            "envisalinkd: {clock: {sync: false, time_zone: America/New_York, max_drift: 60, daily_at: '3:15'}}").envisalink?.clock)
        #expect(!set.sync && set.timeZone == "America/New_York" && set.maxDrift == 60 && set.dailyAt == TimeOfDay(hour: 3, minute: 15))
        for (key, value) in [("sync", "sometimes"), ("time_zone", "''"), ("max_drift", "59"), ("max_drift", "86401"), ("daily_at", "25:00")] {
            #expect {
                try parse("envisalinkd: {clock: {\(key): \(value)}}")
            } throws: { error in
                (error as? ConfigError)?.keyPath == "envisalinkd.clock.\(key)"
            }
        }
    }

    /// Issue 20: the daily test notification's local time of day, off by default.
    @Test func theCanaryIsATimeOfDayAndOffByDefault() throws {
        #expect(try parse("push: {}").push.canary == nil)
        #expect(try parse("push: {canary: 09:30}").push.canary == TimeOfDay(hour: 9, minute: 30))
        #expect(try parse("push: {canary: '7:05'}").push.canary?.description == "07:05")
        #expect(try parse("push: {canary: '23:59'}").push.canary == TimeOfDay(hour: 23, minute: 59))
        for value in ["24:00", "9.30", "09:3", "09:60", "-1:30", "0930", "noon", "09:30:00"] {
            #expect {
                try parse("push: {canary: '\(value)'}")
            } throws: { error in
                (error as? ConfigError)?.keyPath == "push.canary" && "\(error)".contains("HH:MM")
                    && "\(error)".contains(value)
            }
        }
    }

    @Test func unknownKeysInOwnedSectionsAreWarnings() throws {
        let config = try parse("""
            beanstalkd:
              prot: 11300
              tubes: {event: [cli]}
            push: {apns: {key_file: k.p8, key_id: ABCDEFGHIJ, team_id: ABCDEFGHIJ, topic: t, enviroment: sandbox}}
            some_other_tool: {anything: 1}
            """, path: "config.yaml")
        #expect(config.warnings.count == 3)
        #expect(config.warnings[0].hasPrefix("config.yaml: beanstalkd.prot: unknown key, ignored"))
        #expect(config.warnings[0].contains("port"))
        #expect(config.warnings[1].hasPrefix("config.yaml: beanstalkd.tubes.event: unknown key"))
        #expect(config.warnings[2].hasPrefix("config.yaml: push.apns.enviroment: unknown key"))
        #expect(!config.warnings.joined().contains("some_other_tool"))
    }
}
