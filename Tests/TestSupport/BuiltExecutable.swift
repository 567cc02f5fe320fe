import Foundation
import Testing

/// An executable of this package, found in the build products directory next to the test
/// bundle, to run as a real process.
public enum BuiltExecutable {
    /// The path of the executable `name`; the environment variable `override`, when set,
    /// names it instead (a binary built elsewhere).
    public static func path(_ name: String, override: String) throws -> String {
        if let path = ProcessInfo.processInfo.environment[override] {
            return path
        }
        var starts: [URL] = [Bundle.main.bundleURL, Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])]
            .compactMap { $0 }
        starts += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
        var tried: [String] = []
        for start in starts {
            var folder = start.resolvingSymlinksInPath()
            for _ in 0..<5 {
                let candidate = folder.appendingPathComponent(name).path
                tried.append(candidate)
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
                   FileManager.default.isExecutableFile(atPath: candidate) {
                    return candidate
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        Issue.record("""
            \(name) was not found next to the test bundle; build it (swift build --product \(name)) \
            or set \(override). Tried: \(tried.joined(separator: ", "))
            """)
        throw NotFound(name: name)
    }

    /// The executable was not found.
    public struct NotFound: Error, CustomStringConvertible {
        /// Its name.
        public var name: String
        public var description: String { "\(name) was not found next to the test bundle" }
    }
}
