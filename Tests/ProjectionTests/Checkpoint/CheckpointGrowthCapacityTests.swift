import Projections
import Testing

/// Arrays the fold goes on growing are read with room to grow, so that a rewind's first
/// insert does not move them to new memory; the values read are the same either way.
@Suite("Checkpoint: arrays read with room to grow")
struct CheckpointGrowthCapacityTests {
    static func bytes(_ values: [UInt64]) -> [UInt8] {
        var writer = CheckpointWriter()
        writer.integers(values)
        writer.array(values) { $0.uint64($1) }
        return writer.bytes
    }

    @Test(arguments: [0, 1, 100, 70_000])
    func growingArraysHaveRoomAndTheSameValues(count: Int) throws {
        let values = (0..<UInt64(count)).map { $0 &* 0x9E37_79B9_7F4A_7C15 }
        for growing in [false, true] {
            let read = Self.bytes(values).withUnsafeBytes { raw in
                Result { () throws(CheckpointDecodingError) -> ([UInt64], [UInt64]) in
                    var reader = CheckpointReader(raw)
                    let integers = try reader.integers("integers", as: UInt64.self, growing: growing)
                    let array = try reader.array("array", minimumElementSize: 8, growing: growing) { reader throws(CheckpointDecodingError) in try reader.uint64("value") }
                    try reader.finish()
                    return (integers, array)
                }
            }
            let (integers, array) = try read.get()
            #expect(integers == values && array == values)
            if growing, count > 0 {
                #expect(integers.capacity >= CheckpointReader.growthCapacity(count), "\(integers.capacity)")
                #expect(array.capacity >= CheckpointReader.growthCapacity(count), "\(array.capacity)")
            }
        }
        #expect(CheckpointReader.growthCapacity(count) >= count + count / 16)
    }
}
