import Testing
import TestSupport

/// The golden helper's diff is what a reader sees when a golden breaks.
struct GoldenTests {
    @Test func diffShowsChangedLinesWithContext() {
        let expected = "a\nb\nc\nd\ne\nf\ng\n"
        let actual = "a\nb\nc\nD\ne\nf\ng\n"
        #expect(Golden.diff(expected: expected, actual: actual) == "  b\n  c\n- d\n+ D\n  e\n  f\n")
    }

    @Test func diffShowsAddedAndRemovedLines() {
        #expect(Golden.diff(expected: "x\ny\n", actual: "x\n") == "  x\n- y\n  \n")
        #expect(Golden.diff(expected: "x\n", actual: "x\nz\n") == "  x\n+ z\n  \n")
    }

    @Test func equalTextsHaveNoDiff() {
        #expect(Golden.diff(expected: "same\n", actual: "same\n").isEmpty)
    }
}
