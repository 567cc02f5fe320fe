/// One top-level `<Record …>` or `<Workout …>` element of a Health export: its attributes,
/// its nested `<MetadataEntry key="…" value="…"/>` children and, for a workout, its
/// `<WorkoutStatistics …/>` children, entity-decoded, in file order.
public struct HealthExportRecord: Sendable, Hashable {
    /// Which element it is.
    public enum Element: Sendable, Hashable {
        /// A `<Record>` (its `type` says what it holds).
        case record
        /// A `<Workout>` (its `workoutActivityType` says which).
        case workout
    }

    /// A name and its decoded value (an attribute, or a metadata entry's key and value).
    public struct Entry: Sendable, Hashable {
        /// The attribute name, or the metadata key.
        public var name: String
        /// The decoded value.
        public var value: String

        /// Creates the value from its parts.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The 1-based line of the file on which the element starts.
    public var line: Int
    /// The attributes, in file order.
    public var attributes: [Entry]
    /// The metadata entries that are direct children of the record, in file order.
    public var metadata: [Entry]

    /// Which element it is.
    public var element: Element
    /// A workout's `<WorkoutStatistics>` children, each its attributes in file order
    /// (empty for a record).
    public var statistics: [[Entry]]

    /// Creates the value from its parts.
    public init(line: Int, attributes: [Entry], metadata: [Entry] = [], element: Element = .record, statistics: [[Entry]] = []) {
        self.line = line
        self.attributes = attributes
        self.metadata = metadata
        self.element = element
        self.statistics = statistics
    }

    /// The value of the attribute `name`, if present.
    public func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The value of the first metadata entry with key `key`, if present.
    public func metadataValue(_ key: String) -> String? {
        metadata.first { $0.name == key }?.value
    }

    /// The `type` attribute (empty when missing).
    public var type: String { attribute("type") ?? "" }
}

/// What the scanner yields.
public enum HealthExportItem: Sendable, Hashable {
    /// A top-level record of a selected type, or a top-level workout when workouts are
    /// selected.
    case record(HealthExportRecord)
    /// A top-level record of a selected type (or of a type that could not be read) that
    /// could not be read: the line it starts on and why, never its content.
    case malformedRecord(line: Int, reason: String)
}
