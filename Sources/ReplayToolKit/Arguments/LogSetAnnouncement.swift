import EventLogFile

/// What every command that reads a log or a log set does first with a directory: refuse one
/// that holds no stream (exit 66, "no streams in DIR"), then say on standard error which
/// streams it reads and which `.jsonl` files it ignores, so a folder of unrelated logs is
/// never read as one person's streams without a word.
enum LogSetAnnouncement {
    /// For a directory at `path`: its listing, after the refusal and the notice above; `nil`
    /// for a file (or nothing: the command then says the log is missing).
    @discardableResult
    static func announce(_ path: String, console: ToolConsole) throws(EventLogFileError) -> LogSetDirectory.Listing? {
        guard LogSetDirectory.isDirectory(path) else { return nil }
        let logSet = LogSetDirectory(path: path)
        let listing = try logSet.listForReading()
        for ignored in listing.ignored {
            console.error("\(logSet.path(ofFile: ignored.file)): not a stream, ignored: \(ignored.reason)\n")
        }
        let count = listing.streams.count
        let names = listing.streams.map(\.text).joined(separator: ", ")
        console.error("\(path): a log set of \(count == 1 ? "1 stream" : "\(count) streams"): \(names)\n")
        return listing
    }
}
