import ArgumentParser

/// `--duration`: `90`, `90s`, `10m` or `2h`, from 1 second to 24 hours.
struct LearnDuration: ExpressibleByArgument, CustomStringConvertible, Sendable {
    static let tenMinutes = LearnDuration(seconds: 600)

    let seconds: Int

    var value: Duration { .seconds(seconds) }

    var description: String { Self.spoken(Double(seconds)) }

    var defaultValueDescription: String { "10m" }

    private init(seconds: Int) {
        self.seconds = seconds
    }

    init?(argument: String) {
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600]
        let unit = argument.last.flatMap { units[$0] }
        guard let number = Int(unit == nil ? Substring(argument) : argument.dropLast()),
              (1...86_400).contains(number), (1...86_400).contains(number * (unit ?? 1))
        else { return nil }
        self.init(seconds: number * (unit ?? 1))
    }

    /// `45 s`, `10 min`, `1 h 30 min`: a length of time for people.
    static func spoken(_ interval: Double) -> String {
        let total = max(0, Int(interval.rounded()))
        let (hours, minutes, seconds) = (total / 3600, total % 3600 / 60, total % 60)
        let parts = [(hours, "h"), (minutes, "min"), (seconds, "s")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return parts.isEmpty ? "0 s" : parts.joined(separator: " ")
    }
}
