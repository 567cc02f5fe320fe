#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Why an export could not be read. The message never quotes the file's content.
public struct HealthExportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: Sendable, Hashable {
        /// The file (or a folder on its path) does not exist.
        case notFound
        /// The path is a directory.
        case isDirectory
        /// The system refused to open or read the file.
        case permissionDenied
        /// A read failed.
        case ioError
        /// The file is not an Apple Health export: its root element is not `<HealthData>`.
        case notHealthExport
        /// One element (or comment, or DOCTYPE) is longer than the scanner's limit.
        case elementTooLong
    }

    /// The kind of failure.
    public var code: Code
    /// What is wrong and what to do, without the path or line.
    public var message: String
    /// The export's path.
    public var path: String
    /// The 1-based line, when the error is about one.
    public var line: Int?

    /// Creates the error.
    public init(code: Code, message: String, path: String, line: Int? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.line = line
    }

    /// `PATH:LINE: message` or `PATH: message`.
    public var description: String {
        if let line { return "\(path):\(line): \(message)" }
        return "\(path): \(message)"
    }

    static func system(_ number: Int32, action: String, path: String) -> HealthExportError {
        let code: Code
        switch number {
        case ENOENT, ENOTDIR: code = .notFound
        case EACCES, EPERM: code = .permissionDenied
        case EISDIR: code = .isDirectory
        default: code = .ioError
        }
        let explanation: String
        if let text = strerror(number) {
            explanation = String(cString: text)
        } else {
            explanation = "error \(number)"
        }
        return HealthExportError(code: code, message: "could not \(action): \(explanation)", path: path)
    }
}
