internal import AlarmCore

/// What a panel message says, before it becomes an `AlarmEvent`: type, text and the fields it concerns.
struct EventDescription {
    var type: EventType
    var text: String
    var partition: Int?
    var zone: Int?
    var user: Int?

    init(_ type: EventType, _ text: String, partition: Int? = nil, zone: Int? = nil, user: Int? = nil) {
        self.type = type
        self.text = text
        self.partition = partition
        self.zone = zone
        self.user = user
    }
}
