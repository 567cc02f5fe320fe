import StrictJSON
/// Which types and payload versions a reader knows, and how older versions are brought
/// to the current shape on read (the file is never rewritten).
///
/// `EventCatalogue.current` is the v1 catalogue of docs/log-format.md §5. No type has an older
/// version yet; when one changes shape, its version goes up here and an upcaster from the
/// old shape is registered, so old files stay readable forever.
public struct EventCatalogue: Sendable {
    /// Turns a `data` object of version `fromVersion` into version `fromVersion + 1`.
    package typealias Upcaster = @Sendable (JSONObject) throws(EventDecodingError) -> JSONObject

    private var currentVersions: [String: Int]
    private var upcasters: [String: [Int: Upcaster]]

    /// The catalogue of docs/log-format.md v1 (§5).
    public static let current = EventCatalogue()

    /// Creates the v1 catalogue.
    public init() {
        currentVersions = Dictionary(uniqueKeysWithValues: EventType.allCases.map { ($0.rawValue, $0.currentVersion) })
        upcasters = [:]
    }

    /// The version a type is read in natively, or `nil` for an unknown type.
    public func currentVersion(of typeName: String) -> Int? { currentVersions[typeName] }

    /// Declares that `type` is now read natively at `version`, and registers the upcasters
    /// that bring each older version one step up (`upcasters[n]` maps version n to n + 1).
    package mutating func setCurrentVersion(_ version: Int, of type: EventType, upcasters steps: [Int: Upcaster]) {
        currentVersions[type.rawValue] = version
        upcasters[type.rawValue] = steps
    }

    /// Reads a payload: native, upcast from an older version, or opaque.
    package func decodePayload(typeName: String, version: Int, data: JSONObject) throws(EventDecodingError) -> (payload: EventPayload, additional: JSONObject) {
        guard let type = EventType(rawValue: typeName), let current = currentVersions[typeName] else {
            return (.opaque(OpaquePayload(typeName: typeName, version: version, data: data, reason: .unknownType)), JSONObject())
        }
        if version > current {
            return (.opaque(OpaquePayload(typeName: typeName, version: version, data: data, reason: .newerVersion(knownVersion: current))), JSONObject())
        }
        var shaped = data
        if version < current {
            for step in version..<current {
                guard let upcast = upcasters[typeName]?[step] else {
                    return (.opaque(OpaquePayload(typeName: typeName, version: version, data: data, reason: .noUpcaster(fromVersion: version))), JSONObject())
                }
                shaped = try upcast(shaped)
            }
        }
        let reader = PayloadDecoder(object: shaped)
        let payload = try type.decodePayload(reader)
        let names = type.fieldNames
        if data.members.allSatisfy({ names.contains($0.key) }) { return (payload, JSONObject()) }
        return (payload, reader.additionalFields(knownKeys: Set(names)))
    }
}
