/// Shares as JSON text for the refusal rows of the command's and the fold's tests: a night or
/// week share with a fixed `shareId` and person, the rest of its members given.
public enum ShareJSON {
    /// The `shareId` member.
    public static let id = #""shareId":"0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9""#
    /// A night share whose members after `kind`, `v`, `shareId` and `person` are `rest`.
    public static func night(_ rest: String, person: String = #""person":"Sam""#) -> String {
        #"{"kind":"night","v":1,"# + id + "," + person + "," + rest + "}"
    }
    /// A week share whose members after `kind`, `v`, `shareId` and `person` are `rest`.
    public static func week(_ rest: String, person: String = #""person":"Sam""#) -> String {
        #"{"kind":"week","v":1,"# + id + "," + person + "," + rest + "}"
    }
    /// A sound night share's own members.
    public static let nightRest = #""night":"2026-11-30","onTarget":true"#
    /// A sound week share's own members.
    public static let weekRest = #""week":"2026-W49","nightsPlanned":7,"nightsOnTarget":5,"sri":81.2"#
}
