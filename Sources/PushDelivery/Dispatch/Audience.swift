public import AlarmCore

/// Who an event is for: every device, or only the devices of the person who asked. Pure.
///
/// The `response` and the `fault` that answer a command sent through the command API (with a
/// `command_id` and a `command_source` `howalarming-command:<token name>`) are for the devices
/// that token registered (``RegisteredDevice/owner``), when it registered at least one the
/// process can reach; otherwise, and for every other event (alarms included), every device:
/// an answer nobody hears is worse than one everybody hears.
///
/// The dispatcher records an answer's audience at its first run (``DeliveryLedger/audience(eventID:proposal:)``),
/// so that a retried or redelivered job goes to the same devices even when devices were
/// registered or removed in between.
public enum Audience: Sendable, Hashable {
    /// Every registered device.
    case everyone
    /// The devices registered with the API token of this name.
    case owner(String)

    /// The `source` prefix of the commands sent through the command API.
    static let commandAPISourcePrefix = "howalarming-command:"

    /// The audience of `event`, given the registered `devices` and the `providers` this process
    /// sends through: the asker's devices (``asker(of:)``) when one of them is reachable,
    /// otherwise ``everyone``.
    public init(for event: AlarmEvent, devices: some Sequence<RegisteredDevice>, providers: Set<PushProvider>) {
        guard let asker = Self.asker(of: event), Self.reachable(asker, among: devices, providers: providers) else {
            self = .everyone
            return
        }
        self = .owner(asker)
    }

    /// The name of the API token whose command `event` answers: for a `fault` or `response`
    /// with a `command_id` and a `command_source` `howalarming-command:<token name>`; `nil` for
    /// every other event.
    public static func asker(of event: AlarmEvent) -> String? {
        guard event.type == .fault || event.type == .response, event.commandID != nil,
            let source = event.commandSource, source.hasPrefix(commandAPISourcePrefix)
        else { return nil }
        let name = source.dropFirst(commandAPISourcePrefix.count)
        return name.isEmpty ? nil : String(name)
    }

    /// The devices of `devices` in this audience, in their order. An owner none of whose devices
    /// is reachable through `providers` any more (removed since the audience was decided) gets
    /// every device instead, so that nothing is lost.
    public func select(_ devices: [RegisteredDevice], providers: Set<PushProvider>) -> [RegisteredDevice] {
        guard case .owner(let owner) = self, Self.reachable(owner, among: devices, providers: providers) else { return devices }
        return devices.filter { $0.owner == owner }
    }

    /// Whether one of `owner`'s `devices` is delivered through one of `providers`.
    private static func reachable(_ owner: String, among devices: some Sequence<RegisteredDevice>, providers: Set<PushProvider>) -> Bool {
        devices.contains { $0.owner == owner && providers.contains($0.token.provider) }
    }
}
