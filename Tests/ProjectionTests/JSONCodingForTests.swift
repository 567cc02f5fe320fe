import Foundation

/// Foundation's coders, for checking that Codable values round-trip.
enum JSONEncoderForTests {
    static func encode<Value: Encodable>(_ value: Value) throws -> Data { try JSONEncoder().encode(value) }
}

enum JSONDecoderForTests {
    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value { try JSONDecoder().decode(type, from: data) }
}
