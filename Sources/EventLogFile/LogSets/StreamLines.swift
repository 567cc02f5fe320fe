/// What one device sends another, over any transport: "stream S, the lines after seq N".
///
/// A front end encodes it (it is `Codable`: `{"stream": "watch-1", "afterSeq": 120,
/// "lines": ["{\"seq\":121,…}", …]}`) and hands it to WatchConnectivity's
/// `transferUserInfo`, CloudKit, a file copy or a server; the receiver applies it with
/// `StreamSync.receive(_:into:ownStream:)`, which checks it as a file sync would. Each line
/// is one log line's text without its `\n`.
///
/// Made by `StreamSync.lines(of:in:after:)` from the sender's copy: only its sound prefix
/// (up to a torn tail or the first invalid line), and only whole batches.
public struct StreamLines: Sendable, Hashable, Codable {
    /// The stream the lines belong to.
    public var stream: StreamName
    /// The seq (= line number) of the line before the first one sent; 0 for the first line.
    public var afterSeq: Int
    /// The lines, in order, each without its `\n`.
    public var lines: [String]

    /// Creates the value from its parts.
    public init(stream: StreamName, afterSeq: Int, lines: [String]) {
        self.stream = stream
        self.afterSeq = afterSeq
        self.lines = lines
    }

    /// The seq of the last line sent (`afterSeq` when none is).
    public var lastSeq: Int { afterSeq + lines.count }

    /// The lines as the bytes of a file, each ended by `\n`.
    var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 })
        for line in lines {
            bytes.append(contentsOf: line.utf8)
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }
}
