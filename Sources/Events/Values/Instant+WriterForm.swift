// Reading the two forms of instant the log's writer makes, for `FastEventLineDecoder`:
//
//     YYYY-MM-DDTHH:MM:SS±HH:MM        (25 bytes)
//     YYYY-MM-DDTHH:MM:SS.mmm±HH:MM    (29 bytes)
//
// with the same checks and the same result as `parseRFC3339`, without its per-field error
// handling. Any other text (a `Z`, another number of fraction digits, any invalid field)
// gives `nil`, and the caller uses `init(rfc3339Bytes:)`, which decides.

extension Instant {
    /// The instant `bytes` writes in one of the writer's two forms, or `nil` when the text
    /// is not one of them or is not a valid instant (the reference parser then decides).
    @inline(__always)
    static func parseWriterForm(_ bytes: UnsafeBufferPointer<UInt8>) -> Instant? {
        guard let p = bytes.baseAddress else { return nil }
        let count = bytes.count
        let offsetStart: Int
        var millisecond: Int64 = 0
        if count == 25 {
            offsetStart = 19
        } else if count == 29 {
            guard p[19] == UInt8(ascii: ".") else { return nil }
            let f0 = p[20] &- 0x30, f1 = p[21] &- 0x30, f2 = p[22] &- 0x30
            guard f0 < 10, f1 < 10, f2 < 10 else { return nil }
            millisecond = Int64(f0) * 100 + Int64(f1) * 10 + Int64(f2)
            offsetStart = 23
        } else {
            return nil
        }
        guard p[4] == UInt8(ascii: "-"), p[7] == UInt8(ascii: "-"), p[10] == UInt8(ascii: "T"),
              p[13] == UInt8(ascii: ":"), p[16] == UInt8(ascii: ":"), p[offsetStart + 3] == UInt8(ascii: ":")
        else { return nil }
        let sign = p[offsetStart]
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        guard let year = fourDigits(p), let month = twoDigits(p + 5), let day = twoDigits(p + 8),
              let hour = twoDigits(p + 11), let minute = twoDigits(p + 14), let second = twoDigits(p + 17),
              let offsetHour = twoDigits(p + offsetStart + 1), let offsetMinute = twoDigits(p + offsetStart + 4)
        else { return nil }
        guard year >= 1, month >= 1, month <= 12, day >= 1,
              day <= LocalDate.numberOfDays(inMonth: month, year: Int64(year)),
              hour <= 23, minute <= 59, second <= 59, offsetHour <= 23, offsetMinute <= 59
        else { return nil }
        let magnitude = Int32(offsetHour * 3600 + offsetMinute * 60)
        let offsetSeconds = sign == UInt8(ascii: "-") ? -magnitude : magnitude
        let days = LocalDate.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
        let localSeconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return Instant(
            millisecondsSince1970: (localSeconds - Int64(offsetSeconds)) * 1000 + millisecond,
            normalizedOffsetSeconds: offsetSeconds)
    }

    /// Two ASCII digits as a number, or `nil`.
    @inline(__always)
    private static func twoDigits(_ p: UnsafePointer<UInt8>) -> Int? {
        let tens = p[0] &- 0x30
        let ones = p[1] &- 0x30
        guard tens < 10, ones < 10 else { return nil }
        return Int(tens) * 10 + Int(ones)
    }

    /// Four ASCII digits as a number, or `nil`.
    @inline(__always)
    private static func fourDigits(_ p: UnsafePointer<UInt8>) -> Int? {
        guard let high = twoDigits(p), let low = twoDigits(p + 2) else { return nil }
        return high * 100 + low
    }
}
