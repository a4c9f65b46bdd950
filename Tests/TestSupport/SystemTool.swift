import Foundation

/// A program from the system's packages that tests run (beanstalkd, mosquitto, supervisord).
public enum SystemTool {
    /// The path of `name` on `PATH`, in /usr/bin or in /usr/sbin. Throws
    /// ``TestSupportError/Code/notInstalled`` naming it and the make target that installs it.
    public static func locate(_ name: String, installedBy makeTarget: String) throws(TestSupportError) -> String {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/bin:/usr/sbin"
        guard let executable = Posix.resolveExecutable(name, searchPath: path) else {
            throw TestSupportError(.notInstalled, "\(name) is not installed: run `make test` (or `make \(makeTarget)`)")
        }
        return executable
    }

    /// `beanstalkd`, which every queue test starts.
    public static func beanstalkd() throws(TestSupportError) -> String {
        try locate("beanstalkd", installedBy: "beanstalkd")
    }

    /// `supervisord`, which `deploy/run-local.sh` (`make run`) starts the system under.
    public static func supervisord() throws(TestSupportError) -> String {
        try locate("supervisord", installedBy: "supervisor")
    }

    /// `mosquitto`, the MQTT broker the MQTT tests start.
    public static func mosquitto() throws(TestSupportError) -> String {
        try locate("mosquitto", installedBy: "mosquitto")
    }

    /// `mosquitto_passwd`, which writes a test broker's password file.
    public static func mosquittoPasswd() throws(TestSupportError) -> String {
        try locate("mosquitto_passwd", installedBy: "mosquitto")
    }

    /// mosquitto's dynamic security plugin (`mosquitto_dynamic_security.so`, in Debian's `mosquitto`).
    public static func mosquittoDynamicSecurityPlugin() throws(TestSupportError) -> String {
        let name = "mosquitto_dynamic_security.so"
        let libraries = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib")) ?? []
        let candidates = ["/usr/lib/\(name)"] + libraries.map { "/usr/lib/\($0)/\(name)" }
        guard let plugin = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw TestSupportError(.notInstalled, "\(name) is not installed: run `make test` (or `make mosquitto`)")
        }
        return plugin
    }
}
