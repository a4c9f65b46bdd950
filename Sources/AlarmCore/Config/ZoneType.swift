/// What a zone's sensor is, as a Home Assistant `binary_sensor` device class (`envisalinkd.zones`,
/// key `type`): it sets the entity's icon and what its on and off states read as. Only the
/// classes whose *on* means open, detected or unsafe, as a zone's open state does.
public enum ZoneType: String, Sendable, Hashable, CaseIterable {
    case door
    case garageDoor = "garage_door"
    case window
    case opening
    case motion
    case occupancy
    case presence
    case vibration
    case sound
    case smoke
    case heat
    case cold
    case gas
    case carbonMonoxide = "carbon_monoxide"
    case moisture
    case tamper
    case safety
    case problem
}
