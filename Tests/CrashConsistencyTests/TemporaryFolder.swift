import Foundation

/// A fresh folder for one test, removed when the test ends.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "crash-consistency-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func bytes(_ name: String) -> [UInt8] {
        FileManager.default.contents(atPath: path + "/" + name).map { [UInt8]($0) } ?? []
    }
}
