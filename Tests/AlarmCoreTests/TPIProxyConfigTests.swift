import AlarmCore
import Testing

/// The `envisalinkd.proxy` section: the integrator's TPI proxy and its named clients.
@Suite struct TPIProxyConfigTests {
    private func parse(_ proxy: String, environment: [String: String] = [:]) throws(ConfigError) -> HowAlarmingConfig {
        try HowAlarmingConfig.parse(yaml: "envisalinkd:\n  proxy:\n" + proxy, path: nil, environment: environment)
    }

    private func error(_ proxy: String, environment: [String: String] = [:]) -> ConfigError? {
        do throws(ConfigError) {
            _ = try parse(proxy, environment: environment)
            return nil
        } catch {
            return error
        }
    }

    @Test func absentOrWithoutListenMeansNoProxy() throws {
        #expect(try HowAlarmingConfig.parse(yaml: "envisalinkd: {}", path: nil, environment: [:]).envisalink?.proxy == nil)
        #expect(try parse("    allow_remote: false\n").envisalink?.proxy == nil)
    }

    @Test func everyKeyIsRead() throws {
        let config = try parse(
            """
                listen: 0.0.0.0:4026
                allow_remote: true
                clients:
                  homeassistant: {password: ha1234, permission: control, allow_raw: ["010", "071"], connections: 2}
                  viewer: {password: "000042"}
            """)
        let proxy = try #require(config.envisalink?.proxy)
        #expect(config.warnings.isEmpty)
        #expect(proxy.listen == ListenAddress(host: "0.0.0.0", port: 4026))
        #expect(proxy.allowRemote)
        #expect(proxy.clients.map(\.name) == ["homeassistant", "viewer"])
        let home = proxy.clients[0], viewer = proxy.clients[1]
        #expect(home.password.value == "ha1234" && home.permission == .control)
        #expect(home.allowedRawCodes == ["010", "071"] && home.connections == 2)
        #expect(viewer.password.value == "000042" && viewer.permission == .read)
        #expect(viewer.allowedRawCodes.isEmpty && viewer.connections == 1)
    }

    @Test func aPasswordMayComeFromTheEnvironment() throws {
        let config = try parse(
            "    listen: 127.0.0.1:4026\n    clients: {homeassistant: {permission: control}}\n",
            environment: ["HOWALARMING_ENVISALINKD_PROXY_CLIENTS_HOMEASSISTANT_PASSWORD": "envpw1"])
        #expect(config.envisalink?.proxy?.clients.first?.password.value == "envpw1")
    }

    @Test("refusals naming the key", arguments: [
        ("    listen: 192.168.1.5:4026\n    clients: {a: {password: abc}}\n", "envisalinkd.proxy.listen", "allow_remote"),
        ("    clients: {a: {password: abc}}\n", "envisalinkd.proxy.clients", "listen"),
        ("    listen: 127.0.0.1:4026\n", "envisalinkd.proxy.clients", "required"),
        ("    listen: 127.0.0.1:4026\n    clients: {}\n", "envisalinkd.proxy.clients", "at least one"),
        ("    listen: 127.0.0.1:4026\n    clients: {a: {permission: read}}\n", "envisalinkd.proxy.clients.a.password", "required"),
        ("    listen: 127.0.0.1:4026\n    clients: {a: {password: toolong7}}\n", "envisalinkd.proxy.clients.a.password", "1 to 6"),
        ("    listen: 127.0.0.1:4026\n    clients: {a: {password: \"a b\"}}\n", "envisalinkd.proxy.clients.a.password", "without spaces"),
        ("    listen: 127.0.0.1:4026\n    clients: {a: {password: abc}, b: {password: abc}}\n", "envisalinkd.proxy.clients.b", "same password"),
        ("    listen: 127.0.0.1:4026\n    clients: {home-assistant: {password: abc}}\n", "envisalinkd.proxy.clients.home-assistant", "letters, digits or _"),
        ("    listen: 127.0.0.1:4026\n    clients: {a: {password: abc, permission: admin}}\n", "envisalinkd.proxy.clients.a.permission", "read, control"),
        ("    listen: 127.0.0.1:4026\n    clients: {a: {password: abc, allow_raw: [\"30\"]}}\n", "envisalinkd.proxy.clients.a.allow_raw[0]", "3-digit"),
        ("    listen: 127.0.0.1:4026\n    clients: {a: {password: abc, connections: 17}}\n", "envisalinkd.proxy.clients.a.connections", "17"),
    ])
    func refusals(proxy: String, keyPath: String, reason: String) {
        let error = error(proxy)
        #expect(error?.keyPath == keyPath, "\(error.map(String.init(describing:)) ?? "accepted")")
        #expect(error?.reason.contains(reason) == true, "\(error.map(String.init(describing:)) ?? "accepted")")
    }

    @Test func noRefusalQuotesAPassword() {
        for proxy in [
            "    listen: 127.0.0.1:4026\n    clients: {a: {password: Sec7et9}}\n",
            "    listen: 127.0.0.1:4026\n    clients: {a: {password: Sec7et}, b: {password: Sec7et}}\n",
        ] {
            let text = error(proxy).map(String.init(describing:)) ?? ""
            let quoted = text.contains("Sec7et")
            #expect(!text.isEmpty && !quoted, "a refusal quoted the password")
        }
    }
}
