public import AlarmCore

extension DeviceToken {
    /// The device's public handle (``AlarmCore/DeviceID``): push reports, the command API and
    /// `devices list` name devices by it, so that tokens and Web Push endpoints (capabilities)
    /// never leave the push consumer.
    public var deviceID: DeviceID { DeviceID(provider: provider, token: value) }
}
