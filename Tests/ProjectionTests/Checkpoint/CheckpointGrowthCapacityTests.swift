import Projections
import Testing
import TestSupport

/// Arrays the fold goes on growing are read with room to grow, so that a rewind's first
/// insert does not move them to new memory; the values read are the same either way.
@Suite("Checkpoint: arrays read with room to grow")
struct CheckpointGrowthCapacityTests {
    /// Two arrays of the same values: in bulk, and element by element.
    struct Arrays: StateCodable {
        var integers: [UInt64] = []
        var array: [UInt64] = []
        /// Whether they are read with room to grow (not written).
        var growing = false

        static var placeholder: Arrays { Arrays() }

        /// Both arrays.
        var both: ([UInt64], [UInt64]) { (integers, array) }

        mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
            try coder.bulk("integers", &integers, growing: growing)
            try coder.field("array", &array, growing: growing)
        }
    }

    @Test(arguments: [0, 1, 100, 70_000])
    func growingArraysHaveRoomAndTheSameValues(count: Int) throws {
        let values = (0..<UInt64(count)).map { $0 &* 0x9E37_79B9_7F4A_7C15 }
        for growing in [false, true] {
            let bytes = StateBytes.of(Arrays(integers: values, array: values))
            let read = bytes.withUnsafeBytes { raw in
                Result { () throws(CheckpointDecodingError) -> Arrays in
                    var reader = CheckpointReader(raw)
                    var arrays = Arrays(growing: growing)
                    try arrays.describeState(&reader)
                    try reader.finish()
                    return arrays
                }
            }
            let (integers, array) = try read.get().both
            #expect(integers == values && array == values)
            if growing, count > 0 {
                #expect(integers.capacity >= StateCoding.growthCapacity(count), "\(integers.capacity)")
                #expect(array.capacity >= StateCoding.growthCapacity(count), "\(array.capacity)")
            }
        }
        #expect(StateCoding.growthCapacity(count) >= count + count / 16)
    }
}
