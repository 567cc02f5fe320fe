/// A JSON key or short string value of up to 24 UTF-8 bytes, packed little-endian into
/// three words and zero-padded, so that the fast path compares names with three integer
/// comparisons instead of building a `String`.
///
/// Zero padding is unambiguous because a name the fast path reads never holds a NUL byte
/// (a raw control character inside a JSON string is invalid). The constants below are
/// written out so they fold at compile time; `FastDecoderNameTests` checks each against
/// the packing of its text, and every key, type name and enumeration value of the v1
/// catalogue against these constants.
struct PackedName: Equatable {
    /// Bytes 0–7.
    var w0: UInt64
    /// Bytes 8–15.
    var w1: UInt64
    /// Bytes 16–23.
    var w2: UInt64

    /// The longest name that packs.
    static let maximumLength = 24

    /// Creates a name from its three words.
    @inline(__always)
    init(w0: UInt64, w1: UInt64, w2: UInt64) {
        self.w0 = w0
        self.w1 = w1
        self.w2 = w2
    }

    /// Packs `count` bytes at `start`, or returns `nil` when there are more than 24.
    /// `available` is how many bytes may be read from `start` (at least `count`): with
    /// 24 or more, whole words are loaded and masked instead of reading byte by byte.
    @inline(__always)
    init?(_ start: UnsafePointer<UInt8>, count: Int, available: Int) {
        guard count <= PackedName.maximumLength else { return nil }
        if available >= 24 {
            let raw = UnsafeRawPointer(start)
            w0 = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) & PackedName.mask(count)
            w1 = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) & PackedName.mask(count - 8)
            w2 = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)) & PackedName.mask(count - 16)
        } else {
            var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
            for index in 0..<count {
                let shifted = UInt64(start[index]) << UInt64((index & 7) * 8)
                switch index >> 3 {
                case 0: words.0 |= shifted
                case 1: words.1 |= shifted
                default: words.2 |= shifted
                }
            }
            (w0, w1, w2) = words
        }
    }

    /// Packs `bytes`, or returns `nil` when there are more than 24.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else {
            self.init(w0: 0, w1: 0, w2: 0)
            return
        }
        self.init(start, count: bytes.count, available: bytes.count)
    }

    /// Packs the UTF-8 bytes of `text`, or returns `nil` when there are more than 24.
    init?(text: String) {
        var text = text
        guard let name = text.withUTF8({ PackedName($0) }) else { return nil }
        self = name
    }

    /// The number of bytes packed (names hold no NUL byte, so the first zero byte ends it).
    @inline(__always)
    var length: Int {
        if w2 != 0 { return 24 - w2.leadingZeroBitCount >> 3 }
        if w1 != 0 { return 16 - w1.leadingZeroBitCount >> 3 }
        return 8 - w0.leadingZeroBitCount >> 3
    }

    /// The mask keeping the low `count` bytes of a word (all of it from 8 up, none below 1).
    @inline(__always)
    static func mask(_ count: Int) -> UInt64 {
        if count >= 8 { return ~0 }
        if count <= 0 { return 0 }
        return (1 << UInt64(count * 8)) &- 1
    }
}

// The names the fast path knows, generated from their text (see the type's comment).
extension PackedName {
    // MARK: Envelope keys

    /// `"seq"`
    static var seq: PackedName { PackedName(w0: 0x0071_6573, w1: 0, w2: 0) }
    /// `"id"`
    static var id: PackedName { PackedName(w0: 0x6469, w1: 0, w2: 0) }
    /// `"type"`
    static var typeKey: PackedName { PackedName(w0: 0x6570_7974, w1: 0, w2: 0) }
    /// `"v"`
    static var v: PackedName { PackedName(w0: 0x0076, w1: 0, w2: 0) }
    /// `"at"`
    static var at: PackedName { PackedName(w0: 0x7461, w1: 0, w2: 0) }
    /// `"tz"`
    static var tz: PackedName { PackedName(w0: 0x7a74, w1: 0, w2: 0) }
    /// `"source"`
    static var source: PackedName { PackedName(w0: 0x6563_7275_6f73, w1: 0, w2: 0) }
    /// `"causedBy"`
    static var causedBy: PackedName { PackedName(w0: 0x7942_6465_7375_6163, w1: 0, w2: 0) }
    /// `"batch"`
    static var batch: PackedName { PackedName(w0: 0x0068_6374_6162, w1: 0, w2: 0) }
    /// `"data"`
    static var data: PackedName { PackedName(w0: 0x6174_6164, w1: 0, w2: 0) }

    // MARK: Event types

    /// `"goalSet"`
    static var goalSet: PackedName { PackedName(w0: 0x0074_6553_6c61_6f67, w1: 0, w2: 0) }
    /// `"goalCleared"`
    static var goalCleared: PackedName { PackedName(w0: 0x6165_6c43_6c61_6f67, w1: 0x0064_6572, w2: 0) }
    /// `"bedtimeOverridden"`
    static var bedtimeOverridden: PackedName { PackedName(w0: 0x4f65_6d69_7464_6562, w1: 0x6564_6469_7272_6576, w2: 0x006e) }
    /// `"appTierAssigned"`
    static var appTierAssigned: PackedName { PackedName(w0: 0x4172_6569_5470_7061, w1: 0x0064_656e_6769_7373, w2: 0) }
    /// `"windDownStartedEarly"`
    static var windDownStartedEarly: PackedName { PackedName(w0: 0x6e77_6f44_646e_6977, w1: 0x4564_6574_7261_7453, w2: 0x796c_7261) }
    /// `"checklistItemCompleted"`
    static var checklistItemCompleted: PackedName { PackedName(w0: 0x7369_6c6b_6365_6863, w1: 0x6d6f_436d_6574_4974, w2: 0x6465_7465_6c70) }
    /// `"checklistItemReopened"`
    static var checklistItemReopened: PackedName { PackedName(w0: 0x7369_6c6b_6365_6863, w1: 0x6f65_526d_6574_4974, w2: 0x0064_656e_6570) }
    /// `"notificationInteracted"`
    static var notificationInteracted: PackedName { PackedName(w0: 0x6163_6966_6974_6f6e, w1: 0x6574_6e49_6e6f_6974, w2: 0x6465_7463_6172) }
    /// `"exitRequested"`
    static var exitRequested: PackedName { PackedName(w0: 0x7571_6552_7469_7865, w1: 0x0064_6574_7365, w2: 0) }
    /// `"exitCancelled"`
    static var exitCancelled: PackedName { PackedName(w0: 0x636e_6143_7469_7865, w1: 0x0064_656c_6c65, w2: 0) }
    /// `"exitConfirmed"`
    static var exitConfirmed: PackedName { PackedName(w0: 0x666e_6f43_7469_7865, w1: 0x0064_656d_7269, w2: 0) }
    /// `"freeWindowUsed"`
    static var freeWindowUsed: PackedName { PackedName(w0: 0x646e_6957_6565_7266, w1: 0x6465_7355_776f, w2: 0) }
    /// `"wentToBed"`
    static var wentToBed: PackedName { PackedName(w0: 0x6542_6f54_746e_6577, w1: 0x0064, w2: 0) }
    /// `"wokeUp"`
    static var wokeUp: PackedName { PackedName(w0: 0x7055_656b_6f77, w1: 0, w2: 0) }
    /// `"sleepSampleIngested"`
    static var sleepSampleIngested: PackedName { PackedName(w0: 0x6d61_5370_6565_6c73, w1: 0x7365_676e_4965_6c70, w2: 0x0064_6574) }
    /// `"sleepSampleDeleted"`
    static var sleepSampleDeleted: PackedName { PackedName(w0: 0x6d61_5370_6565_6c73, w1: 0x7465_6c65_4465_6c70, w2: 0x6465) }
    /// `"vitalSampleIngested"`
    static var vitalSampleIngested: PackedName { PackedName(w0: 0x6d61_536c_6174_6976, w1: 0x7365_676e_4965_6c70, w2: 0x0064_6574) }
    /// `"manualSleepLogged"`
    static var manualSleepLogged: PackedName { PackedName(w0: 0x6c53_6c61_756e_616d, w1: 0x6567_676f_4c70_6565, w2: 0x0064) }
    /// `"appleSleepScoreLogged"`
    static var appleSleepScoreLogged: PackedName { PackedName(w0: 0x656c_5365_6c70_7061, w1: 0x4c65_726f_6353_7065, w2: 0x0064_6567_676f) }
    /// `"scoreSettingsChanged"`
    static var scoreSettingsChanged: PackedName { PackedName(w0: 0x7465_5365_726f_6373, w1: 0x6168_4373_676e_6974, w2: 0x6465_676e) }
    /// `"demoNightStarted"`
    static var demoNightStarted: PackedName { PackedName(w0: 0x6867_694e_6f6d_6564, w1: 0x6465_7472_6174_5374, w2: 0) }

    // MARK: Payload keys

    /// `"currentBedtime"`
    static var currentBedtime: PackedName { PackedName(w0: 0x4274_6e65_7272_7563, w1: 0x656d_6974_6465, w2: 0) }
    /// `"targetBedtime"`
    static var targetBedtime: PackedName { PackedName(w0: 0x6542_7465_6772_6174, w1: 0x0065_6d69_7464, w2: 0) }
    /// `"days"`
    static var days: PackedName { PackedName(w0: 0x7379_6164, w1: 0, w2: 0) }
    /// `"firstNight"`
    static var firstNight: PackedName { PackedName(w0: 0x6769_4e74_7372_6966, w1: 0x7468, w2: 0) }
    /// `"sleepNeedMinutes"`
    static var sleepNeedMinutes: PackedName { PackedName(w0: 0x6565_4e70_6565_6c73, w1: 0x7365_7475_6e69_4d64, w2: 0) }
    /// `"night"`
    static var night: PackedName { PackedName(w0: 0x0074_6867_696e, w1: 0, w2: 0) }
    /// `"bedtime"`
    static var bedtime: PackedName { PackedName(w0: 0x0065_6d69_7464_6562, w1: 0, w2: 0) }
    /// `"app"`
    static var app: PackedName { PackedName(w0: 0x0070_7061, w1: 0, w2: 0) }
    /// `"tier"`
    static var tier: PackedName { PackedName(w0: 0x7265_6974, w1: 0, w2: 0) }
    /// `"item"`
    static var item: PackedName { PackedName(w0: 0x6d65_7469, w1: 0, w2: 0) }
    /// `"template"`
    static var template: PackedName { PackedName(w0: 0x6574_616c_706d_6574, w1: 0, w2: 0) }
    /// `"action"`
    static var action: PackedName { PackedName(w0: 0x6e6f_6974_6361, w1: 0, w2: 0) }
    /// `"returnedEarly"`
    static var returnedEarly: PackedName { PackedName(w0: 0x6465_6e72_7574_6572, w1: 0x0079_6c72_6145, w2: 0) }
    /// `"sampleId"`
    static var sampleId: PackedName { PackedName(w0: 0x6449_656c_706d_6173, w1: 0, w2: 0) }
    /// `"stage"`
    static var stage: PackedName { PackedName(w0: 0x0065_6761_7473, w1: 0, w2: 0) }
    /// `"start"`
    static var start: PackedName { PackedName(w0: 0x0074_7261_7473, w1: 0, w2: 0) }
    /// `"end"`
    static var end: PackedName { PackedName(w0: 0x0064_6e65, w1: 0, w2: 0) }
    /// `"sourceName"`
    static var sourceName: PackedName { PackedName(w0: 0x614e_6563_7275_6f73, w1: 0x656d, w2: 0) }
    /// `"kind"`
    static var kind: PackedName { PackedName(w0: 0x646e_696b, w1: 0, w2: 0) }
    /// `"value"`
    static var value: PackedName { PackedName(w0: 0x0065_756c_6176, w1: 0, w2: 0) }
    /// `"unit"`
    static var unit: PackedName { PackedName(w0: 0x7469_6e75, w1: 0, w2: 0) }
    /// `"wakeTime"`
    static var wakeTime: PackedName { PackedName(w0: 0x656d_6954_656b_6177, w1: 0, w2: 0) }
    /// `"total"`
    static var total: PackedName { PackedName(w0: 0x006c_6174_6f74, w1: 0, w2: 0) }
    /// `"duration"`
    static var duration: PackedName { PackedName(w0: 0x6e6f_6974_6172_7564, w1: 0, w2: 0) }
    /// `"interruptions"`
    static var interruptions: PackedName { PackedName(w0: 0x7075_7272_6574_6e69, w1: 0x0073_6e6f_6974, w2: 0) }
    /// `"weights"`
    static var weights: PackedName { PackedName(w0: 0x0073_7468_6769_6577, w1: 0, w2: 0) }
    /// `"deepTarget"`
    static var deepTarget: PackedName { PackedName(w0: 0x6772_6154_7065_6564, w1: 0x7465, w2: 0) }
    /// `"remTarget"`
    static var remTarget: PackedName { PackedName(w0: 0x6567_7261_546d_6572, w1: 0x0074, w2: 0) }
    /// `"preset"`
    static var preset: PackedName { PackedName(w0: 0x7465_7365_7270, w1: 0, w2: 0) }
    /// `"compression"`
    static var compression: PackedName { PackedName(w0: 0x7373_6572_706d_6f63, w1: 0x006e_6f69, w2: 0) }
    /// `"deep"`
    static var deep: PackedName { PackedName(w0: 0x7065_6564, w1: 0, w2: 0) }
    /// `"rem"`
    static var rem: PackedName { PackedName(w0: 0x006d_6572, w1: 0, w2: 0) }
    /// `"minutes"`
    static var minutes: PackedName { PackedName(w0: 0x0073_6574_756e_696d, w1: 0, w2: 0) }
    /// `"percent"`
    static var percent: PackedName { PackedName(w0: 0x0074_6e65_6372_6570, w1: 0, w2: 0) }

    // MARK: Values

    /// `"demo"`
    static var demo: PackedName { PackedName(w0: 0x6f6d_6564, w1: 0, w2: 0) }
    /// `"inBed"`
    static var inBed: PackedName { PackedName(w0: 0x0064_6542_6e69, w1: 0, w2: 0) }
    /// `"asleep"`
    static var asleep: PackedName { PackedName(w0: 0x7065_656c_7361, w1: 0, w2: 0) }
    /// `"awake"`
    static var awake: PackedName { PackedName(w0: 0x0065_6b61_7761, w1: 0, w2: 0) }
    /// `"core"`
    static var core: PackedName { PackedName(w0: 0x6572_6f63, w1: 0, w2: 0) }
    /// `"hrv"`
    static var hrv: PackedName { PackedName(w0: 0x0076_7268, w1: 0, w2: 0) }
    /// `"restingHeartRate"`
    static var restingHeartRate: PackedName { PackedName(w0: 0x4867_6e69_7473_6572, w1: 0x6574_6152_7472_6165, w2: 0) }
    /// `"spo2"`
    static var spo2: PackedName { PackedName(w0: 0x326f_7073, w1: 0, w2: 0) }
    /// `"respiratoryRate"`
    static var respiratoryRate: PackedName { PackedName(w0: 0x7461_7269_7073_6572, w1: 0x0065_7461_5279_726f, w2: 0) }
    /// `"wristTemperature"`
    static var wristTemperature: PackedName { PackedName(w0: 0x6d65_5474_7369_7277, w1: 0x6572_7574_6172_6570, w2: 0) }
    /// `"blockFirst"`
    static var blockFirst: PackedName { PackedName(w0: 0x7269_466b_636f_6c62, w1: 0x7473, w2: 0) }
    /// `"block30Min"`
    static var block30Min: PackedName { PackedName(w0: 0x4d30_336b_636f_6c62, w1: 0x6e69, w2: 0) }
    /// `"alwaysAllowed"`
    static var alwaysAllowed: PackedName { PackedName(w0: 0x6c41_7379_6177_6c61, w1: 0x0064_6577_6f6c, w2: 0) }
    /// `"why"`
    static var why: PackedName { PackedName(w0: 0x0079_6877, w1: 0, w2: 0) }
    /// `"done"`
    static var done: PackedName { PackedName(w0: 0x656e_6f64, w1: 0, w2: 0) }
    /// `"dismissed"`
    static var dismissed: PackedName { PackedName(w0: 0x6573_7369_6d73_6964, w1: 0x0064, w2: 0) }
}
