import EventLogFile
import Events
import Foundation

/// The files of a simulated log set (`simulate --devices … --out DIR`): one stream per
/// device, created 0600 in DIR (made 0700 when missing), written in chunks of whole lines
/// and synced when closed.
final class SimulatedStreams {
    private let directory: LogSetDirectory
    private var files: [String: FileHandle] = [:]
    private var buffers: [String: [UInt8]] = [:]
    private var lines: [String: Int] = [:]
    private var failure: EventLogFileError?
    private var paths: [String: String] = [:]

    /// Opens a new stream file for each device (an existing one is refused by the caller).
    init(directory path: String, devices: [String]) throws(EventLogFileError) {
        directory = LogSetDirectory(path: path)
        if !LogSetDirectory.isDirectory(path) {
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw EventLogFileError(code: .ioError, message: "the log set's directory cannot be made: \(error.localizedDescription)", path: path)
            }
        }
        for device in devices {
            guard let stream = StreamName(device) else { continue }
            let file = directory.path(of: stream)
            // A new file, 0600 (it holds health data); an existing one is never overwritten.
            guard !FileManager.default.fileExists(atPath: file),
                  FileManager.default.createFile(atPath: file, contents: nil, attributes: [.posixPermissions: 0o600]),
                  let handle = FileHandle(forWritingAtPath: file)
            else {
                throw EventLogFileError(code: .ioError, message: "the stream's file cannot be made (it exists, or the directory is not writable)", path: file)
            }
            files[device] = handle
            paths[device] = file
            buffers[device] = []
            lines[device] = 0
        }
    }

    /// The lines written for `device`.
    func lineCount(of device: String) -> Int { lines[device] ?? 0 }

    /// Writes each device's append (a failure is kept and thrown by `close`).
    func write(_ appends: [(device: String, append: [RecordedEvent])]) {
        for (device, append) in appends {
            for event in append {
                buffers[device, default: []] += EventLineEncoder.encode(event)
                buffers[device, default: []].append(UInt8(ascii: "\n"))
            }
            lines[device, default: 0] += append.count
            if (buffers[device]?.count ?? 0) >= 1 << 16 { flush(device) }
        }
    }

    /// Writes what is buffered, syncs every file and closes them.
    func close() throws(EventLogFileError) {
        for device in files.keys.sorted() { flush(device) }
        if let failure { throw failure }
        for device in files.keys.sorted() {
            do {
                try files[device]?.synchronize()
                try files[device]?.close()
            } catch {
                throw EventLogFileError(code: .ioError, message: "the stream's file cannot be synced: \(error.localizedDescription)", path: paths[device])
            }
        }
        files = [:]
    }

    private func flush(_ device: String) {
        guard failure == nil, let bytes = buffers[device], !bytes.isEmpty, let file = files[device] else { return }
        do {
            try file.write(contentsOf: Data(bytes))
        } catch {
            failure = EventLogFileError(code: .ioError, message: "the stream's file cannot be written: \(error.localizedDescription)", path: paths[device])
        }
        buffers[device] = []
    }
}
