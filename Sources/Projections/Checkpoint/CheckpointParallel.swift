import Dispatch

/// Two decoding steps run at once, on two threads (`DispatchQueue.concurrentPerform`): a
/// payload's large sections decoded side by side (`LogState` decodes the sleep ledger, half
/// its bytes' work, beside the other projections). The answer is the same as running them
/// one after the other: each step reads its own section and builds its own value; when both
/// fail, the first one's error is thrown.
enum CheckpointParallel {
    /// Below this many bytes in the larger step's section, the steps run one after the
    /// other (a thread's start costs more than they would save).
    static let minimumParallelBytes = 1 << 16

    /// Runs `first` and `second`, at once when `parallel` is `true`.
    static func both<First, Second>(
        parallel: Bool,
        _ first: () throws(CheckpointDecodingError) -> First,
        _ second: () throws(CheckpointDecodingError) -> Second
    ) throws(CheckpointDecodingError) -> (First, Second) {
        guard parallel else { return (try first(), try second()) }
        let results = withoutActuallyEscaping(first) { first in
            withoutActuallyEscaping(second) { second in
                let steps = Steps(first: first, second: second)
                DispatchQueue.concurrentPerform(iterations: 2) { index in steps.run(index) }
                return (steps.firstResult, steps.secondResult)
            }
        }
        guard let firstResult = results.0, let secondResult = results.1 else {
            // Both iterations always run before `concurrentPerform` returns.
            throw CheckpointDecodingError(what: "the payload", offset: 0, reason: "a decoding step did not run")
        }
        return (try firstResult.get(), try secondResult.get())
    }

    /// The two steps and their answers, shared by the two threads: each thread runs one step
    /// and writes only that step's answer, read after both ended; the steps never outlive
    /// `both` (`withoutActuallyEscaping`).
    private final class Steps<First, Second>: @unchecked Sendable {
        let first: () throws(CheckpointDecodingError) -> First
        let second: () throws(CheckpointDecodingError) -> Second
        var firstResult: Result<First, CheckpointDecodingError>?
        var secondResult: Result<Second, CheckpointDecodingError>?

        init(first: @escaping () throws(CheckpointDecodingError) -> First, second: @escaping () throws(CheckpointDecodingError) -> Second) {
            self.first = first
            self.second = second
        }

        func run(_ index: Int) {
            if index == 0 {
                firstResult = Result { () throws(CheckpointDecodingError) in try first() }
            } else {
                secondResult = Result { () throws(CheckpointDecodingError) in try second() }
            }
        }
    }
}
