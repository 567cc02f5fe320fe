import Events
import Testing

/// The package's one binary search, against a linear scan.
struct PartitioningIndexTests {
    @Test func itFindsTheFirstElementOfTheSecondPart() {
        #expect([Int]().partitioningIndex { $0 >= 1 } == 0)
        #expect([1, 2, 3].partitioningIndex { $0 >= 0 } == 0)
        #expect([1, 2, 3].partitioningIndex { $0 >= 2 } == 1)
        #expect([1, 2, 2, 2, 3].partitioningIndex { $0 >= 2 } == 1)
        #expect([1, 2, 3].partitioningIndex { $0 >= 4 } == 3)
        let slice = [5, 6, 7, 8, 9][2...]
        #expect(slice.partitioningIndex { $0 >= 8 } == 3, "an index of the slice's base")
    }

    @Test func itAgreesWithALinearScanOnRandomSortedArrays() {
        var generator = LinearCongruentialGenerator(seed: 12)
        for _ in 0..<500 {
            let count = Int(generator.next() % 40)
            let values = (0..<count).map { _ in Int(generator.next() % 30) }.sorted()
            let bound = Int(generator.next() % 32)
            let expected = values.firstIndex { $0 >= bound } ?? values.count
            #expect(values.partitioningIndex { $0 >= bound } == expected)
        }
    }
}
