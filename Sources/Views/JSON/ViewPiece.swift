import Events
import Projections

/// One piece of the JSON view written apart, on whichever core is free
/// (``JSONView/bytes(state:warnings:asOf:nights:)``): the elements of `plans`, `sleep` or
/// `scores` for a run of nights, or the whole value of `exits` or `copy`. Each piece holds
/// what it shows; its bytes depend on nothing else, so the view is the same however the
/// pieces are shared out.
enum ViewPiece {
    /// The members whose values the pieces write, in the view's order.
    enum Section: Int, CaseIterable {
        case plans, sleep, exits, scores, copy

        /// Whether the section's value is an array whose elements the pieces write in runs
        /// (joined with ``PrettyJSONEmitter/array(joining:atDepth:)``); else one piece writes
        /// the whole value.
        var isArray: Bool {
            switch self {
            case .plans, .sleep, .scores: return true
            case .exits, .copy: return false
            }
        }
    }

    /// The plans of the nights `nights` keeps, as elements of `plans`.
    case plans(NightFilter)
    /// The sleep records of these nights, as elements of `sleep`.
    case sleep(ArraySlice<LocalDate>)
    /// The scores of these nights, as elements of `scores`.
    case scores(ArraySlice<LocalDate>)
    /// The whole value of `exits`, its `byNight` the rows of the nights `nights` keeps.
    case exits(NightFilter)
    /// The whole value of `copy`.
    case copy

    /// The member this piece writes (part of).
    var section: Section {
        switch self {
        case .plans: return .plans
        case .sleep: return .sleep
        case .scores: return .scores
        case .exits: return .exits
        case .copy: return .copy
        }
    }

    /// How many runs each long section's nights are cut into: enough for two cores to
    /// share the work evenly, few enough that each run is long.
    static let runsPerSection = 2

    /// The pieces of the view of `state` as of `asOf` for the nights `nights` keeps. The runs
    /// of plans are written first (the other pieces read the plans again); the others in the
    /// order the cores take them, those of most work first: the scores (each night against
    /// the 14 before it), the exits and the copy, the sleep records. Within a section, in the
    /// order of its nights.
    ///
    /// `runs` is how many runs each long section's nights are cut into
    /// (``runsPerSection``; the tests cut them otherwise, for the same bytes).
    static func pieces(state: LogState, asOf: Instant?, nights: NightFilter, runs runCount: Int = runsPerSection) -> [ViewPiece] {
        let withData = state.sleep.nightsWithData(in: nights)
        var pieces = runs(of: withData[...], count: runCount).map(ViewPiece.scores)
        pieces.append(.exits(nights))
        pieces.append(.copy)
        if let asOf, let listed = state.nightPlans.listedNights(asOf: asOf), let kept = nights.clamped(first: listed.lowerBound, last: listed.upperBound) {
            let count = kept.upperBound.days(from: kept.lowerBound) + 1
            let size = (count + runCount - 1) / runCount
            var first = kept.lowerBound
            while first <= kept.upperBound {
                let last = min(kept.upperBound, first.adding(days: size - 1))
                pieces.append(.plans(NightFilter(from: first, to: last)))
                first = last.adding(days: 1)
            }
        }
        pieces.append(contentsOf: runs(of: withData[...], count: runCount).map(ViewPiece.sleep))
        return pieces
    }

    /// `nights` cut into `count` runs in order, or fewer when there are fewer nights (none
    /// when it is empty).
    private static func runs(of nights: ArraySlice<LocalDate>, count: Int) -> [ArraySlice<LocalDate>] {
        guard !nights.isEmpty else { return [] }
        let size = (nights.count + count - 1) / count
        return stride(from: nights.startIndex, to: nights.endIndex, by: size).map { start in
            nights[start..<min(nights.endIndex, start + size)]
        }
    }

    /// The piece's bytes: elements of an array at depth 1 (a member of the view's object)
    /// for the sections of runs, else the whole value at depth 1; and for a run of plans,
    /// the plans it shows.
    func written(state: LogState, asOf: Instant?) -> (bytes: [UInt8], plans: [NightPlan]) {
        switch self {
        case .plans(let nights):
            guard let asOf else { return ([], []) }
            // About 450 bytes a night on long logs: room for most runs without growing.
            let count = nights.from.flatMap { from in nights.to.map { $0.days(from: from) + 1 } } ?? 0
            var out = PrettyJSONEmitter(elementsOfArrayAtDepth: 1, capacity: 4_096 + 512 * count)
            var zones = ZoneCache()
            let plans = state.nightPlans.plans(asOf: asOf, nights: nights)
            for plan in plans {
                out.element()
                JSONView.write(plan, at: asOf, zones: &zones, into: &out)
            }
            return (out.bytes, plans)
        case .sleep(let nights):
            var out = PrettyJSONEmitter(elementsOfArrayAtDepth: 1, capacity: 4_096 + 448 * nights.count)
            JSONView.writeSleep(state: state, nights: nights, into: &out)
            return (out.bytes, [])
        case .scores(let nights):
            var out = PrettyJSONEmitter(elementsOfArrayAtDepth: 1, capacity: 4_096 + 320 * nights.count)
            JSONView.writeScores(state: state, nights: nights, into: &out)
            return (out.bytes, [])
        case .exits(let nights):
            var out = PrettyJSONEmitter(valueAtDepth: 1)
            var zones = ZoneCache()
            JSONView.writeExits(state: state, at: asOf, nights: nights, zones: &zones, into: &out)
            return (out.bytes, [])
        case .copy:
            var out = PrettyJSONEmitter(valueAtDepth: 1)
            JSONView.writeCopy(state: state, asOf: asOf, into: &out)
            return (out.bytes, [])
        }
    }

    /// The nights of a run of plans (`nil` for the other pieces).
    var planNights: ClosedRange<LocalDate>? {
        guard case .plans(let nights) = self, let from = nights.from, let to = nights.to, from <= to else { return nil }
        return from...to
    }
}

/// Where each section's value goes in the view written without them.
struct ViewGaps {
    private var places = [Int](repeating: 0, count: ViewPiece.Section.allCases.count)

    subscript(section: ViewPiece.Section) -> Int {
        get { places[section.rawValue] }
        set { places[section.rawValue] = newValue }
    }
}

/// The bytes of the pieces and of the rest of the view, and the plans the runs of plans
/// listed, written on several cores and read once they all returned
/// (``JSONView/bytes(state:warnings:asOf:nights:)``).
final class WrittenPieces: @unchecked Sendable {
    // @unchecked: each slot is written by one iteration of `concurrentPerform` and read only
    // after it returned, which orders the writes before the reads; the slots live in
    // buffers made before and never resized.
    private let slots: UnsafeMutableBufferPointer<(bytes: [UInt8], plans: [NightPlan])>
    private var document = PrettyJSONEmitter(capacity: 0)
    private var gaps = ViewGaps()

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: ([], []))
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    /// Keeps what piece `index` wrote.
    func set(_ index: Int, _ written: (bytes: [UInt8], plans: [NightPlan])) {
        slots[index] = written
    }

    /// The plans the pieces at `indices` listed, in order.
    func plans(of indices: [Int]) -> [NightPlan] {
        indices.flatMap { slots[$0].plans }
    }

    /// Keeps the rest of the view, and where each section goes in it.
    func setDocument(_ document: PrettyJSONEmitter, gaps: ViewGaps) {
        self.document = document
        self.gaps = gaps
    }

    /// The whole view as chunks to be written one after the other: each section's pieces,
    /// in their order, at the section's place.
    func finishedChunks(pieces: [ViewPiece]) -> [[UInt8]] {
        let filled = ViewPiece.Section.allCases.map { section -> (at: Int, chunks: [[UInt8]]) in
            let parts = pieces.indices.filter { pieces[$0].section == section }.map { slots[$0].bytes }
            return (gaps[section], section.isArray ? PrettyJSONEmitter.array(joining: parts, atDepth: 1) : parts)
        }
        let written = document
        return written.finishedChunks(filling: filled)
    }
}
