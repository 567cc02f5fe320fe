import Projections

/// A part of the state written alone by its description, and read back from such bytes.
package enum StateBytes {
    /// The bytes `value`'s description writes.
    package static func of<Value: StateCodable>(_ value: Value) -> [UInt8] {
        var writer = CheckpointWriter()
        writer.write(value)
        return writer.bytes
    }

    /// The value `bytes` hold, read by its description to their last byte, or why not.
    package static func read<Value: StateCodable>(_ bytes: [UInt8], as type: Value.Type = Value.self) -> Result<Value, CheckpointDecodingError> {
        bytes.withUnsafeBytes { raw in
            Result { () throws(CheckpointDecodingError) in
                var reader = CheckpointReader(raw)
                let value = try reader.read(Value.self)
                try reader.finish()
                return value
            }
        }
    }
}
