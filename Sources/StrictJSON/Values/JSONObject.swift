/// A JSON object: members in document order, duplicate keys kept.
///
/// RFC 8259 allows duplicate names and leaves their meaning to the application, so the
/// parser keeps every member and callers decide (see ``duplicateKeys()``). Lookups by key
/// see the first occurrence. Equality is order-sensitive and compares all members.
///
/// Lookups are linear scans; event objects have a dozen members or fewer, for which a
/// scan beats hashing.
package struct JSONObject: Sendable, Hashable {
    /// One `"key": value` member of an object.
    package struct Member: Sendable, Hashable {
        /// The member's name.
        package var key: String
        /// The member's value.
        package var value: JSONValue

        /// Creates a member with the given name and value.
        package init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members in document (or insertion) order, duplicates included.
    package var members: [Member]

    /// Creates an object with the given members, kept in the given order.
    package init(_ members: [Member] = []) {
        self.members = members
    }

    /// The value of the first member named `key`, or `nil` if there is none.
    package subscript(key: String) -> JSONValue? {
        for member in members where member.key == key {
            return member.value
        }
        return nil
    }

    /// The member names in order, duplicates included.
    package var keys: [String] {
        members.map(\.key)
    }

    /// The number of members, duplicates included.
    package var count: Int {
        members.count
    }

    /// `true` if the object has no members.
    package var isEmpty: Bool {
        members.isEmpty
    }

    /// Whether some member is named `key`.
    package func contains(key: String) -> Bool {
        members.contains { $0.key == key }
    }

    private func hasRepeatedKeyByPairs() -> Bool {
        for later in 1..<members.count {
            for earlier in 0..<later where members[earlier].key == members[later].key {
                return true
            }
        }
        return false
    }

    /// The names that occur more than once, each listed once, in order of first appearance.
    package func duplicateKeys() -> [String] {
        guard members.count > 1 else { return [] }
        // Event objects are small: comparing pairs is much cheaper than hashing every key,
        // and almost every object has no duplicate, so answer that case without a set.
        if members.count <= 16, !hasRepeatedKeyByPairs() { return [] }
        var seen = Set<String>()
        var repeated = Set<String>()
        for member in members where !seen.insert(member.key).inserted {
            repeated.insert(member.key)
        }
        guard !repeated.isEmpty else { return [] }
        // Walk again so names come out in order of first appearance, each once.
        var duplicates: [String] = []
        for member in members where repeated.remove(member.key) != nil {
            duplicates.append(member.key)
        }
        return duplicates
    }

    /// Appends a member at the end, even if a member with that name already exists.
    package mutating func append(_ key: String, _ value: JSONValue) {
        members.append(Member(key: key, value: value))
    }

    /// Replaces the value of the first member named `key`, or appends a member if there is none.
    ///
    /// Later members with the same name (duplicates) are left untouched.
    package mutating func set(_ key: String, _ value: JSONValue) {
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(Member(key: key, value: value))
        }
    }

    /// Removes every member named `key` and returns the value of the first one removed,
    /// or `nil` if there was none.
    @discardableResult
    package mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let index = members.firstIndex(where: { $0.key == key }) else { return nil }
        let removed = members[index].value
        members.removeAll { $0.key == key }
        return removed
    }
}
