import TestSupport
import EventLogFile
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Runs `body` with the path of a new, empty temporary directory, removed afterwards.
private func withTemporaryFolder<Result>(_ body: (String) throws -> Result) throws -> Result {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("LogFileDescriptorTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory.path)
}

/// The permission bits (mask 0o777) of the file at `path`.
private func permissions(of path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    let mode = try #require(attributes[.posixPermissions] as? NSNumber)
    return mode.intValue & 0o777
}

/// Reads the whole file at `path` through `descriptor` with `read(into:at:)`.
private func contents(of descriptor: borrowing LogFileDescriptor) throws -> [UInt8] {
    let size = Int(try descriptor.size())
    var bytes = [UInt8](repeating: 0, count: size)
    var offset = 0
    while offset < size {
        let count = try bytes.withUnsafeMutableBytes { buffer in
            try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[offset...]), at: Int64(offset))
        }
        try #require(count > 0)
        offset += count
    }
    return bytes
}

private func append(_ text: String, to descriptor: borrowing LogFileDescriptor) throws {
    try Array(text.utf8).withUnsafeBytes { bytes in
        try descriptor.appendAll(bytes)
    }
}

@Suite("LogFileDescriptor")
struct LogFileDescriptorTests {
    @Test("a created log file has mode 0600 and is empty")
    func createdFileHasMode0600() throws {
        try withTemporaryFolder { directory in
            let path = directory + "/log.jsonl"
            let descriptor = try LogFileDescriptor.openForAppending(path: path, createIfMissing: true)
            #expect(try permissions(of: path) == 0o600)
            #expect(try descriptor.size() == 0)
            #expect(descriptor.path == path)
            descriptor.close()
            #expect(try permissions(of: path) == 0o600)
        }
    }

    @Test("opening an existing log for appending keeps its content and mode")
    func reopeningKeepsContentAndMode() throws {
        try withTemporaryFolder { directory in
            let path = directory + "/log.jsonl"
            let first = try LogFileDescriptor.openForAppending(path: path, createIfMissing: true)
            try append("a\n", to: first)
            first.close()
            for createIfMissing in [true, false] {
                let again = try LogFileDescriptor.openForAppending(path: path, createIfMissing: createIfMissing)
                try append("b\n", to: again)
                again.close()
            }
            let reader = try LogFileDescriptor.openForReading(path: path)
            #expect(try contents(of: reader) == Array("a\nb\nb\n".utf8))
            #expect(try permissions(of: path) == 0o600)
        }
    }

    @Test("opening a missing log for appending without creating it fails with notFound")
    func missingFileWithoutCreating() throws {
        try withTemporaryFolder { directory in
            let path = directory + "/missing.jsonl"
            let error = try #require(throws: EventLogFileError.self) {
                _ = try LogFileDescriptor.openForAppending(path: path, createIfMissing: false)
            }
            #expect(error.code == .notFound)
            #expect(error.path == path)
            #expect(error.description.hasPrefix(path + ": "))
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test("a missing folder fails with notFound naming the path", arguments: [true, false])
    func missingFolder(createIfMissing: Bool) throws {
        try withTemporaryFolder { directory in
            let path = directory + "/no-such-folder/log.jsonl"
            let error = try #require(throws: EventLogFileError.self) {
                _ = try LogFileDescriptor.openForAppending(path: path, createIfMissing: createIfMissing)
            }
            #expect(error.code == .notFound)
            #expect(error.path == path)
            #expect(error.systemErrorNumber == ENOENT)
        }
    }

    @Test("a directory cannot be opened for appending", arguments: [true, false])
    func directoryForAppending(createIfMissing: Bool) throws {
        try withTemporaryFolder { directory in
            let error = try #require(throws: EventLogFileError.self) {
                _ = try LogFileDescriptor.openForAppending(path: directory, createIfMissing: createIfMissing)
            }
            #expect(error.code == .isDirectory)
            #expect(error.path == directory)
        }
    }

    @Test("a dangling symbolic link is not followed to create a log", arguments: [true, false])
    func danglingLinkForAppending(createIfMissing: Bool) throws {
        try withTemporaryFolder { directory in
            let path = directory + "/link.jsonl"
            let target = directory + "/target.jsonl"
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
            let error = try #require(throws: EventLogFileError.self) {
                _ = try LogFileDescriptor.openForAppending(path: path, createIfMissing: createIfMissing)
            }
            #expect(error.code == .notFound)
            #expect(error.path == path)
            #expect(!FileManager.default.fileExists(atPath: target))
        }
    }

    @Test("opening a missing file for reading fails with notFound naming the path")
    func missingFileForReading() throws {
        try withTemporaryFolder { directory in
            let path = directory + "/missing.jsonl"
            let error = try #require(throws: EventLogFileError.self) {
                _ = try LogFileDescriptor.openForReading(path: path)
            }
            #expect(error.code == .notFound)
            #expect(error.path == path)
            #expect(error.message.contains("no such file"))
            #expect(error.description.contains(path))
            #expect(error.line == nil)
        }
    }

    @Test("opening a directory for reading fails with isDirectory")
    func directoryForReading() throws {
        try withTemporaryFolder { directory in
            let error = try #require(throws: EventLogFileError.self) {
                _ = try LogFileDescriptor.openForReading(path: directory)
            }
            #expect(error.code == .isDirectory)
            #expect(error.path == directory)
        }
    }

    @Test("opening a dangling symbolic link for reading fails with notFound")
    func danglingLinkForReading() throws {
        try withTemporaryFolder { directory in
            let path = directory + "/link.jsonl"
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: directory + "/gone.jsonl")
            let error = try #require(throws: EventLogFileError.self) {
                _ = try LogFileDescriptor.openForReading(path: path)
            }
            #expect(error.code == .notFound)
            #expect(error.path == path)
        }
    }

    @Test("appended bytes read back after synchronize, in pieces and at offsets")
    func appendSynchronizeAndReadBack() throws {
        try withTemporaryFolder { directory in
            let path = directory + "/log.jsonl"
            let writer = try LogFileDescriptor.openForAppending(path: path, createIfMissing: true)
            try append("{\"seq\":1}\n", to: writer)
            try append("", to: writer)
            try append("{\"seq\":2}\n", to: writer)
            try writer.synchronize()
            #expect(try writer.size() == 20)

            let reader = try LogFileDescriptor.openForReading(path: path)
            #expect(try contents(of: reader) == Array("{\"seq\":1}\n{\"seq\":2}\n".utf8))
            var four = [UInt8](repeating: 0, count: 4)
            let count = try four.withUnsafeMutableBytes { buffer in
                try reader.read(into: buffer, at: 12)
            }
            #expect(count == 4)
            #expect(four == Array("seq\"".utf8))
            let atEnd = try four.withUnsafeMutableBytes { buffer in
                try reader.read(into: buffer, at: 100)
            }
            #expect(atEnd == 0)
        }
    }

    @Test("a large append is written whole")
    func largeAppend() throws {
        try withTemporaryFolder { directory in
            let path = directory + "/log.jsonl"
            let writer = try LogFileDescriptor.openForAppending(path: path, createIfMissing: true)
            let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            try bytes.withUnsafeBytes { try writer.appendAll($0) }
            try writer.synchronize()
            #expect(try contents(of: writer) == bytes)
        }
    }

    @Test("truncate removes a tail")
    func truncateRemovesTail() throws {
        try withTemporaryFolder { directory in
            let path = directory + "/log.jsonl"
            let writer = try LogFileDescriptor.openForAppending(path: path, createIfMissing: true)
            try append("{\"seq\":1}\n{\"seq\":2,\"tor", to: writer)
            try writer.truncate(to: 10)
            #expect(try writer.size() == 10)
            // Appending goes on at the new end.
            try append("{\"seq\":2}\n", to: writer)
            #expect(try contents(of: writer) == Array("{\"seq\":1}\n{\"seq\":2}\n".utf8))
        }
    }

    @Test("negative offsets and lengths are invalid arguments")
    func negativeArguments() throws {
        try withTemporaryFolder { directory in
            let path = directory + "/log.jsonl"
            let writer = try LogFileDescriptor.openForAppending(path: path, createIfMissing: true)
            let truncateError = try #require(throws: EventLogFileError.self) {
                try writer.truncate(to: -1)
            }
            #expect(truncateError.code == .invalidArgument)
            var byte: UInt8 = 0
            let readError = try #require(throws: EventLogFileError.self) {
                _ = try withUnsafeMutableBytes(of: &byte) { buffer throws(EventLogFileError) in
                    try writer.read(into: buffer, at: -5)
                }
            }
            #expect(readError.code == .invalidArgument)
        }
    }

    @Test("a second descriptor of the same file cannot take the lock until the first lets go")
    func lockExcludesSecondDescriptor() throws {
        try withTemporaryFolder { directory in
            let path = directory + "/log.jsonl"
            let first = try LogFileDescriptor.openForAppending(path: path, createIfMissing: true)
            let second = try LogFileDescriptor.openForAppending(path: path, createIfMissing: false)
            try first.lockExclusive(timeout: .zero)

            let timeout = Duration.milliseconds(50)
            let clock = ContinuousClock()
            let started = clock.now
            let error = try #require(throws: EventLogFileError.self) {
                try second.lockExclusive(timeout: timeout)
            }
            let elapsed = started.duration(to: clock.now)
            #expect(error.code == .lockTimeout)
            #expect(error.path == path)
            #expect(error.message.contains("nothing was written"))
            #expect(error.message.contains("try again"))
            #expect(elapsed >= timeout)
            #expect(elapsed < timeout + .seconds(1))

            first.unlock()
            try second.lockExclusive(timeout: .milliseconds(50))
            // Now the first one is locked out.
            #expect(throws: EventLogFileError.self) {
                try first.lockExclusive(timeout: .zero)
            }
            second.unlock()
        }
    }

    @Test("timeout zero tries exactly once")
    func zeroTimeoutTriesOnce() throws {
        try withTemporaryFolder { directory in
            let path = directory + "/log.jsonl"
            let first = try LogFileDescriptor.openForAppending(path: path, createIfMissing: true)
            let second = try LogFileDescriptor.openForReading(path: path)
            try first.lockExclusive(timeout: .zero)
            let clock = ContinuousClock()
            let started = clock.now
            let error = try #require(throws: EventLogFileError.self) {
                try second.lockExclusive(timeout: .zero)
            }
            #expect(error.code == .lockTimeout)
            #expect(started.duration(to: clock.now) < .milliseconds(500))
        }
    }

    @Test("closing the holder releases the lock")
    func closeReleasesLock() throws {
        try withTemporaryFolder { directory in
            let path = directory + "/log.jsonl"
            let first = try LogFileDescriptor.openForAppending(path: path, createIfMissing: true)
            let second = try LogFileDescriptor.openForAppending(path: path, createIfMissing: false)
            try first.lockExclusive(timeout: .zero)
            #expect(throws: EventLogFileError.self) {
                try second.lockExclusive(timeout: .zero)
            }
            first.close()
            try second.lockExclusive(timeout: .zero)
        }
    }

    @Test("waiting for the lock succeeds as soon as the holder lets go")
    func lockWaitsForHolder() throws {
        try withTemporaryFolder { directory in
            let path = directory + "/log.jsonl"
            let waiter = try LogFileDescriptor.openForAppending(path: path, createIfMissing: true)
            let holder = open(path, O_RDONLY | O_CLOEXEC)
            try #require(holder >= 0)
            defer { _ = close(holder) }
            try #require(flock(holder, LOCK_EX | LOCK_NB) == 0)
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(80)) {
                _ = flock(holder, LOCK_UN)
            }
            let clock = ContinuousClock()
            let started = clock.now
            try waiter.lockExclusive(timeout: .seconds(10))
            let elapsed = started.duration(to: clock.now)
            #expect(elapsed >= .milliseconds(60))
            #expect(elapsed < .seconds(5))
        }
    }
}

@Suite("EventLogFileError")
struct EventLogFileErrorTests {
    @Test(
        "description is PATH:LINE: message, PATH: message, or the message",
        arguments: [
            ("/logs/a.jsonl", 7, "/logs/a.jsonl:7: bad"),
            ("/logs/a.jsonl", nil, "/logs/a.jsonl: bad"),
            (nil, 3, "line 3: bad"),
            (nil, nil, "bad"),
        ] as [(String?, Int?, String)]
    )
    func descriptionFormat(path: String?, line: Int?, expected: String) {
        let error = EventLogFileError(code: .invalidLine, message: "bad", path: path, line: line)
        #expect(error.description == expected)
        #expect(String(describing: error) == expected)
    }

    @Test("codes are distinct, matchable and named")
    func codes() {
        let codes: [EventLogFileError.Code] = [
            .notFound, .permissionDenied, .isDirectory, .lockTimeout, .ioError, .lineTooLong,
            .invalidLine, .tornTail, .sequenceConflict, .duplicateIdentifier, .corrupt, .invalidArgument,
        ]
        #expect(Set(codes).count == codes.count)
        #expect(Set(codes.map(\.description)).count == codes.count)
        #expect(EventLogFileError.Code.tornTail.description == "tornTail")
        let matched: Bool
        switch EventLogFileError.Code.lockTimeout {
        case .lockTimeout: matched = true
        default: matched = false
        }
        #expect(matched)
    }
}
