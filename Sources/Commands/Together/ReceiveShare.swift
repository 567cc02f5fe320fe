import Events
import Projections

/// Records a share from someone else (`shareReceived`, docs/rules.md §13), received by the
/// front end (CloudKit sharing, Messages) as JSON bytes.
///
/// The share must be exactly a night share or a week share, as `Share.read(_:)` (the one
/// check, which the fold asks too) says: else `.invalidShare`, naming what is wrong and
/// where, and nothing is appended. A share whose `shareId` the log already holds appends
/// nothing (the fold would leave the copy out). The event carries `source: share`, and the
/// share as it was written.
public struct ReceiveShare: Command {
    /// The share's JSON, as received.
    public var json: [UInt8]

    /// A share received as JSON bytes.
    public init(json: [UInt8]) {
        self.json = json
    }

    /// A share received as JSON text.
    public init(json: String) {
        self.json = Array(json.utf8)
    }

    /// A share already read (e.g. made by `LogState.nightShare` on another device).
    public init(share: Share) {
        self.json = share.json
    }

    public func decide(in state: LogState, context: CommandContext) throws(CommandError) -> [Event] {
        let payload: ShareReceived
        let share: Share
        do {
            payload = try ShareReceived(json: json)
            share = try payload.readShare()
        } catch {
            throw CommandError(rule: .invalidShare, message: error.description)
        }
        if state.shares.contains(shareId: share.shareId) { return [] }
        return [context.event(.shareReceived(payload), identifier: nil, source: .share)]
    }
}
