/// The JSON field names of the event and command formats.
enum FormatField: String, CaseIterable {
    case type
    case code
    case data
    case message
    case raw
    case timestamp
    case id
    case source
    case sequence
    case partition
    case zone
    case zoneName = "zone_name"
    case user
    case userName = "user_name"
    case commandID = "command_id"
    case commandSource = "command_source"
    case accessCode = "access_code"
    case zones
    case profile
}
