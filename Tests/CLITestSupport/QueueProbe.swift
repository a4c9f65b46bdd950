import Foundation
package import TestSupport

/// Looks into a test's beanstalkd over fresh raw connections, independently of our own client.
package struct QueueProbe: Sendable {
    package let server: BeanstalkdServer

    /// `stats-tube TUBE` as key/value pairs, or `nil` when beanstalkd has no such tube.
    package func stats(_ tube: String) throws -> [String: String]? {
        try statsDocument("stats-tube \(tube)")
    }

    /// `stats-job ID` as key/value pairs, or `nil` when beanstalkd has no such job (any more).
    package func stats(job id: Int) throws -> [String: String]? {
        try statsDocument("stats-job \(id)")
    }

    /// How many times job `id` has been released; 0 when there is no such job.
    package func releases(ofJob id: Int) throws -> Int {
        Int(try stats(job: id)?["releases"] ?? "") ?? 0
    }

    /// A `stats-tube` counter such as `current-jobs-ready`; 0 for a tube beanstalkd does not
    /// have (it drops tubes with no jobs that nobody uses or watches).
    package func count(_ key: String, in tube: String) throws -> Int {
        guard let stats = try stats(tube) else { return 0 }
        guard let value = stats[key].flatMap({ Int($0) }) else { throw unexpected("no \(key)", "stats-tube \(tube)") }
        return value
    }

    /// Takes every ready job of `tube`, oldest first: reserves and deletes each, returns the bodies.
    package func takeAll(from tube: String) throws -> [String] {
        let client = try RawBeanstalkClient(server)
        guard try client.command("watch \(tube)").hasPrefix("WATCHING"),
              try client.command("ignore default").hasPrefix("WATCHING") else { throw unexpected("no WATCHING", "watch \(tube)") }
        var bodies: [String] = []
        while true {
            let reply = try client.request("reserve-with-timeout 0")
            if reply.line == "TIMED_OUT" { return bodies }
            let words = reply.line.split(separator: " ")
            guard words.first == "RESERVED", words.count == 3, let body = reply.bodyText else { throw unexpected(reply.line, "reserve") }
            guard try client.command("delete \(words[1])") == "DELETED" else { throw unexpected("not deleted", "delete \(words[1])") }
            bodies.append(body)
        }
    }

    /// Puts `body` on `tube` exactly as given; returns the job's id.
    @discardableResult
    package func put(_ body: String, in tube: String) throws -> Int {
        try RawBeanstalkClient(server).put(Array(body.utf8), in: tube)
    }

    /// A stats command's reply as key/value pairs, or `nil` for `NOT_FOUND`.
    private func statsDocument(_ command: String) throws -> [String: String]? {
        let reply = try RawBeanstalkClient(server).request(command)
        if reply.line == "NOT_FOUND" { return nil }
        guard reply.line.hasPrefix("OK "), let text = reply.bodyText else { throw unexpected(reply.line, command) }
        var pairs: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { pairs[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        return pairs
    }

    private func unexpected(_ reply: String, _ command: String) -> TestSupportError {
        TestSupportError(.unexpectedReply, "beanstalkd on port \(server.port) answered \(command) with \(reply)")
    }
}
