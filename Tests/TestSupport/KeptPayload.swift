import Projections

/// A checkpoint payload in memory this object owns, for tests that read a runner keeping its
/// largest columns in place, as an open keeps them in the mapped checkpoint file
/// (`ProjectionRunner.init(checkpointPayload:position:inParallel:keptBy:)`).
///
/// The bytes start at an odd address, as a payload after a checkpoint's header may, so every
/// read in place must be one of any alignment. When the last holder goes, the bytes are
/// overwritten before they are freed: a value that read them without holding this object
/// would then read nonsense, not the payload.
public final class KeptPayload: @unchecked Sendable {
    // @unchecked: the bytes are written once, in `init`, and only read after.
    private let allocation: UnsafeMutableRawBufferPointer
    /// The payload's bytes, valid while this object lives.
    public let bytes: UnsafeRawBufferPointer

    /// A copy of `payload`, one byte past an aligned address.
    public init(_ payload: [UInt8]) {
        allocation = .allocate(byteCount: payload.count + 1, alignment: 16)
        allocation[0] = 0xEE
        let region = UnsafeMutableRawBufferPointer(rebasing: allocation[1...])
        region.copyBytes(from: payload)
        bytes = UnsafeRawBufferPointer(region)
    }

    deinit {
        allocation.initializeMemory(as: UInt8.self, repeating: 0xEE)
        allocation.deallocate()
    }

    /// The runner of `payload` that keeps its columns in a `KeptPayload` of it, and a weak
    /// reference to that object (alive exactly as long as something read from it is).
    package static func runner(
        _ payload: [UInt8], position: ReplayPosition = .end
    ) throws(CheckpointDecodingError) -> (runner: ProjectionRunner<LogState>, keeper: WeakKeeper) {
        let kept = KeptPayload(payload)
        let runner = try ProjectionRunner<LogState>(checkpointPayload: kept.bytes, position: position, keptBy: kept)
        return (runner, WeakKeeper(kept))
    }
}

/// A weak reference to a ``KeptPayload``.
public struct WeakKeeper {
    private weak var object: KeptPayload?

    init(_ object: KeptPayload) { self.object = object }

    /// Whether the payload is still held by something.
    public var isAlive: Bool { object != nil }
}
