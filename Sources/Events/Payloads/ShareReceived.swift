import StrictJSON

/// `shareReceived`: a share from someone else, received through the front end
/// (docs/rules.md §13). `share` is kept as it was written: a share that is not exactly a
/// night or a week share is still a sound line, skipped with a warning by the fold.
public struct ShareReceived: EventPayloadContent {
    /// The share's object, as received.
    package var share: JSONObject

    /// A payload holding `share`, written compactly.
    public init(share: Share) {
        let parsed = try? JSONParser.parse(share.json)
        self.share = parsed?.objectValue ?? JSONObject()
    }

    /// A payload holding a share received as JSON bytes, kept as written once it passes
    /// the one check of its shape (`Share.read(_:)`).
    ///
    /// - Throws: ``ShareProblem``: what is wrong, and where.
    public init(json bytes: [UInt8]) throws(ShareProblem) {
        let object = try Share.object(json: bytes)
        _ = try Share.read(object)
        self.share = object
    }

    /// A payload holding an object as received.
    package init(object: JSONObject) {
        self.share = object
    }

    /// The share read by the one check of its shape (`Share.read(_:)`).
    public func readShare() throws(ShareProblem) -> Share {
        try Share.read(share)
    }

    /// The share's object as compact JSON bytes.
    public var shareJSON: [UInt8] { JSONWriter.encode(.object(share)) }

    /// The description of the payload: its fields, once (see `EventPayloadContent`).
    package static var placeholder: ShareReceived { ShareReceived(object: JSONObject()) }

    package mutating func visitFields<Visitor: PayloadFieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.anyObject("share", &share)
    }
}
