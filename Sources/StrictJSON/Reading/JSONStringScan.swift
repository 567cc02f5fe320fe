/// The eight-bytes-at-a-time scan through a JSON string's plain bytes that both JSON
/// readers use (`JSONParser` and `FastLineScanner`).
package enum JSONStringScan {
    /// Sets the high bit of each byte of `word` (little-endian) that is '"', '\\', below
    /// 0x20 or at least 0x80. Bytes above a flagged byte may be flagged spuriously; the
    /// lowest flagged byte is always a true hit (borrows only run upwards).
    @inlinable @inline(__always)
    package static func specialByteMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let quoteHits = (quote &- ones) & ~quote
        let backslashHits = (backslash &- ones) & ~backslash
        let controlOrHigh = (word &- ones &* 0x20) | word
        return (quoteHits | backslashHits | controlOrHigh) & highs
    }

    /// Skips, eight bytes at a time, bytes that are none of '"', '\\', a control character
    /// or non-ASCII, from `offset`: returns the first such byte's offset, or where fewer
    /// than eight bytes remain before `end` (the caller goes on byte by byte).
    @inlinable @inline(__always)
    package static func skipPlainWords(in base: UnsafePointer<UInt8>, from offset: Int, end: Int) -> Int {
        var p = offset
        while end - p >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self))
            let special = specialByteMask(word)
            if special != 0 { return p + special.trailingZeroBitCount >> 3 }
            p += 8
        }
        return p
    }
}
