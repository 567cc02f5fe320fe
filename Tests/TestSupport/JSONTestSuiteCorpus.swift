import Foundation
import Testing

/// The JSONTestSuite `test_parsing` corpus (y_ must be accepted, n_ rejected, i_ either),
/// kept in the repository under `Tests/Fixtures/JSONTestSuite` with its MIT licence.
public enum JSONTestSuiteCorpus {
    /// Stands in for the file list when the corpus is missing, so the tests fail instead of
    /// silently running zero cases.
    public static let missingMarker = "<JSONTestSuite corpus not found>"

    /// The absolute path of `test_parsing`, or `nil` if it cannot be found.
    public static let directory: String? = {
        // Tests/TestSupport/JSONTestSuiteCorpus.swift → Tests/Fixtures/JSONTestSuite/test_parsing
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let corpus = tests.appendingPathComponent("Fixtures/JSONTestSuite/test_parsing").standardizedFileURL.path
        return isDirectory(corpus) ? corpus : nil
    }()

    /// Every `.json` file name in the corpus, sorted; `[missingMarker]` if there is no corpus.
    public static let fileNames: [String] = {
        guard let directory,
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory)
        else { return [missingMarker] }
        let jsonNames = names.filter { $0.hasSuffix(".json") }.sorted()
        return jsonNames.isEmpty ? [missingMarker] : jsonNames
    }()

    /// The `y_` file names (or `[missingMarker]`).
    public static let acceptedFileNames: [String] = {
        let names = fileNames.filter { $0.hasPrefix("y_") }
        return names.isEmpty ? [missingMarker] : names
    }()

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The bytes of corpus file `name`; records an issue and returns `nil` if unavailable.
    public static func bytes(of name: String, sourceLocation: SourceLocation = #_sourceLocation) -> [UInt8]? {
        guard name != missingMarker, let directory else {
            Issue.record("JSONTestSuite corpus not found in Tests/Fixtures/JSONTestSuite/test_parsing", sourceLocation: sourceLocation)
            return nil
        }
        guard let data = FileManager.default.contents(atPath: directory + "/" + name) else {
            Issue.record("cannot read corpus file \(name)", sourceLocation: sourceLocation)
            return nil
        }
        return [UInt8](data)
    }
}

extension JSONTestSuiteCorpus {
    /// The `i_` files (implementation-defined) this parser accepts; every other `i_` file is
    /// rejected. Numbers are kept as literal text, so huge or tiny numbers parse fine; every
    /// encoding problem (lone surrogates, invalid UTF-8, UTF-16, BOM) is rejected.
    public static let implementationDefinedAccepted: Set<String> = [
        "i_number_double_huge_neg_exp.json",
        "i_number_huge_exp.json",
        "i_number_neg_int_huge_exp.json",
        "i_number_pos_double_huge_exp.json",
        "i_number_real_neg_overflow.json",
        "i_number_real_pos_overflow.json",
        "i_number_real_underflow.json",
        "i_number_too_big_neg_int.json",
        "i_number_too_big_pos_int.json",
        "i_number_very_big_negative_int.json",
        "i_structure_500_nested_arrays.json",
    ]
}
