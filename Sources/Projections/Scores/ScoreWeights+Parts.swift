import Events

extension ScoreWeights {
    /// The weight of `part`.
    public func weight(of part: ScorePart) -> Double {
        switch part {
        case .duration: return duration
        case .deep: return deep
        case .rem: return rem
        case .bedtime: return bedtime
        case .interruptions: return interruptions
        }
    }

    /// The weights with `part` set to `value`.
    func with(_ part: ScorePart, _ value: Double) -> ScoreWeights {
        var copy = self
        switch part {
        case .duration: copy.duration = value
        case .deep: copy.deep = value
        case .rem: copy.rem = value
        case .bedtime: copy.bedtime = value
        case .interruptions: copy.interruptions = value
        }
        return copy
    }

    /// The sum of the five weights.
    public var total: Double { ScorePart.allCases.reduce(0) { $0 + weight(of: $1) } }

    /// Whether the weights are each 0…100 and sum to 100 (within 1e-9).
    public var isValid: Bool {
        ScorePart.allCases.allSatisfy { (0...100).contains(weight(of: $0)) } && abs(total - 100) < 1e-9
    }

    /// Sets `part` to `value` (clamped to 0…100) and rebalances the other four
    /// proportionally so the weights still sum to 100; when the others were all 0 they share
    /// the rest equally.
    public func rebalanced(setting part: ScorePart, to value: Double) -> ScoreWeights {
        let clamped = min(100, max(0, value))
        let others = ScorePart.allCases.filter { $0 != part }
        let othersTotal = others.reduce(0) { $0 + weight(of: $1) }
        var result = with(part, clamped)
        for other in others {
            let share = othersTotal > 0 ? weight(of: other) / othersTotal : 1 / Double(others.count)
            result = result.with(other, (100 - clamped) * share)
        }
        return result
    }

    /// For one night: the weights of the parts that have data, scaled up to sum to 100
    /// (docs/rules.md §7.1); a part without data gets `nil`.
    public func scaled(available: Set<ScorePart>) -> [ScorePart: Double] {
        scaled(where: available.contains).dictionary
    }

    /// ``scaled(available:)`` for the parts `isAvailable` admits, as a table.
    func scaled(where isAvailable: (ScorePart) -> Bool) -> ScorePartValues {
        // In part order, so the same night gives the same bits every time.
        var sum = 0.0
        var count = 0
        for part in ScorePart.allCases where isAvailable(part) {
            sum += weight(of: part)
            count += 1
        }
        var result = ScorePartValues()
        for part in ScorePart.allCases where isAvailable(part) {
            result[part] = sum > 0 ? weight(of: part) * 100 / sum : 100 / Double(count)
        }
        return result
    }
}
