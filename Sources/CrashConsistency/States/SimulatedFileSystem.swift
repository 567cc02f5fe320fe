/// The files a workload changed, replayed operation by operation with what is durable kept
/// apart from what is not: the model `CrashStates` builds crash states from.
///
/// A file's contents are durable up to its last `fsync`; a name (a file created, renamed or
/// removed, a folder made) is durable once its folder was synced. Everything present
/// before the workload began is durable.
struct SimulatedFileSystem {
    /// A change to a file's bytes not yet synced.
    enum PendingChange: Hashable {
        case write(offset: Int, bytes: [UInt8])
        case truncate(length: Int)
    }

    /// A file's bytes: as of its last `fsync`, now, and the changes between.
    struct File {
        var durable: [UInt8]
        var current: [UInt8]
        var pending: [PendingChange] = []
    }

    private var files: [Int: File] = [:]
    private var names: [String: Int] = [:]
    private var durableNames: [String: Int] = [:]
    private var folders: Set<String> = []
    private var durableFolders: Set<String> = []
    private var nextFile = 0

    /// The files and folders present before the workload (all durable).
    init(files initial: [String: [UInt8]], folders initialFolders: Set<String>) {
        for (path, bytes) in initial {
            files[nextFile] = File(durable: bytes, current: bytes)
            names[path] = nextFile
            nextFile += 1
        }
        durableNames = names
        folders = initialFolders
        durableFolders = initialFolders
    }

    /// Applies one recorded operation.
    mutating func apply(_ operation: RecordedOperation) {
        switch operation {
        case .createFile(let path):
            files[nextFile] = File(durable: [], current: [])
            names[path] = nextFile
            nextFile += 1
        case .write(let path, let offset, let bytes):
            guard let file = names[path] else { return }
            files[file]?.pending.append(.write(offset: Int(offset), bytes: bytes))
            if var changed = files[file] {
                Self.apply(.write(offset: Int(offset), bytes: bytes), to: &changed.current)
                files[file] = changed
            }
        case .truncate(let path, let length):
            guard let file = names[path] else { return }
            files[file]?.pending.append(.truncate(length: Int(length)))
            if var changed = files[file] {
                Self.apply(.truncate(length: Int(length)), to: &changed.current)
                files[file] = changed
            }
        case .synchronizeFile(let path):
            guard let file = names[path], var synced = files[file] else { return }
            synced.durable = synced.current
            synced.pending = []
            files[file] = synced
        case .synchronizeFolder(let folder):
            for path in Set(names.keys).union(durableNames.keys) where Self.parent(of: path) == folder {
                durableNames[path] = names[path]
            }
            for path in folders.union(durableFolders) where Self.parent(of: path) == folder {
                if folders.contains(path) { durableFolders.insert(path) } else { durableFolders.remove(path) }
            }
        case .makeFolder(let path):
            folders.insert(path)
        case .rename(let source, let destination):
            names[destination] = names[source]
            names[source] = nil
        case .remove(let path):
            names[path] = nil
        case .acknowledged:
            break
        }
    }

    /// Every state a crash now could leave under `model`; `limit` caps the combinations
    /// tried when several files have unsynced changes, or a file many sectors.
    func crashStates(_ model: PersistenceModel, limit: Int) -> [CrashState] {
        // The durable names whose folders are durable, and each one's possible contents.
        let present = durableNames.filter { path, _ in isDurableFolder(Self.parent(of: path)) }
        let folderSet = durableFolders.filter { isDurableFolder(Self.parent(of: $0)) }
        var fixed: [String: [UInt8]] = [:]
        var varying: [(path: String, variants: [(bytes: [UInt8], name: String)])] = []
        for (path, file) in present.sorted(by: { $0.key < $1.key }) {
            guard let state = files[file] else { continue }
            if state.pending.isEmpty {
                fixed[path] = state.durable
            } else {
                varying.append((path, Self.variants(of: state, model: model, limit: limit)))
            }
        }
        var states: [CrashState] = []
        func emit(_ choice: [Int]) {
            var contents = fixed
            var parts: [String] = []
            for (position, entry) in varying.enumerated() {
                let variant = entry.variants[choice[position]]
                contents[entry.path] = variant.bytes
                parts.append("\(entry.path.split(separator: "/").last ?? ""): \(variant.name)")
            }
            states.append(CrashState(files: contents, folders: folderSet, variant: parts.isEmpty ? "everything synced" : parts.joined(separator: "; ")))
        }
        let product = varying.reduce(1) { $0.multipliedReportingOverflow(by: $1.variants.count).partialValue }
        if product <= limit {
            // Every combination.
            var choice = [Int](repeating: 0, count: varying.count)
            while true {
                emit(choice)
                var position = 0
                while position < varying.count {
                    choice[position] += 1
                    if choice[position] < varying[position].variants.count { break }
                    choice[position] = 0
                    position += 1
                }
                if position == varying.count { break }
            }
        } else {
            // Each file's variants with the others at their first and their last.
            for extreme in [0, -1] {
                for (position, entry) in varying.enumerated() {
                    for index in entry.variants.indices {
                        var choice = varying.map { extreme == 0 ? 0 : $0.variants.count - 1 }
                        choice[position] = index
                        emit(choice)
                    }
                }
            }
        }
        return states
    }

    private func isDurableFolder(_ path: String) -> Bool {
        durableFolders.contains(path) || !folders.union(durableFolders).contains(path)
    }

    /// The contents a crash may leave of `file`, each with a short name.
    private static func variants(of file: File, model: PersistenceModel, limit: Int) -> [(bytes: [UInt8], name: String)] {
        switch model {
        case .prefix:
            return prefixVariants(of: file)
        case .sectors:
            // Sectors only model appended bytes; a pending cut is taken as the prefix model does.
            if file.pending.contains(where: { if case .truncate = $0 { return true } else { return false } }) {
                return prefixVariants(of: file)
            }
            return sectorVariants(of: file, limit: limit)
        }
    }

    /// The durable bytes, then each pending change applied in order, each write cut at
    /// every byte.
    private static func prefixVariants(of file: File) -> [(bytes: [UInt8], name: String)] {
        var variants: [([UInt8], String)] = [(file.durable, "none of \(file.pending.count) unsynced changes")]
        var bytes = file.durable
        for (index, change) in file.pending.enumerated() {
            switch change {
            case .write(let offset, let written):
                for cut in 1..<max(1, written.count) {
                    var partial = bytes
                    apply(.write(offset: offset, bytes: Array(written[..<cut])), to: &partial)
                    variants.append((partial, "change \(index + 1) (write) cut after \(cut) of \(written.count) bytes"))
                }
                apply(change, to: &bytes)
                variants.append((bytes, "changes 1–\(index + 1) whole"))
            case .truncate:
                apply(change, to: &bytes)
                variants.append((bytes, "changes 1–\(index + 1) whole (a cut)"))
            }
        }
        return variants
    }

    /// Each sector of the bytes written since the last sync dropped, zeroed or kept: every
    /// combination when there are few, else every single-sector change, every run of kept
    /// sectors followed by dropped or zeroed ones, and a fixed sample of the rest.
    private static func sectorVariants(of file: File, limit: Int) -> [(bytes: [UInt8], name: String)] {
        let size = PersistenceModel.sectorSize
        let start = file.pending.compactMap { change -> Int? in
            if case .write(let offset, _) = change { return offset } else { return nil }
        }.min() ?? file.durable.count
        let end = file.current.count
        guard end > start else { return [(file.durable, "nothing written")] }
        let firstSector = start / size
        let sectorCount = (end + size - 1) / size - firstSector
        // 0 dropped, 1 zeroed, 2 kept.
        func build(_ states: [UInt8]) -> ([UInt8], String) {
            var length = file.durable.count
            for (index, state) in states.enumerated() where state != 0 {
                length = max(length, min(end, (firstSector + index + 1) * size))
            }
            var bytes = [UInt8](repeating: 0, count: length)
            let durableCount = min(length, file.durable.count)
            bytes.replaceSubrange(0..<durableCount, with: file.durable[0..<durableCount])
            for (index, state) in states.enumerated() {
                let low = max(start, (firstSector + index) * size)
                let high = min(length, (firstSector + index + 1) * size, end)
                guard low < high else { continue }
                switch state {
                case 2: bytes.replaceSubrange(low..<high, with: file.current[low..<high])
                case 1: bytes.replaceSubrange(low..<high, with: repeatElement(0, count: high - low))
                default:
                    // Dropped: what was durable there, or a hole (zeros) before a later sector.
                    for position in low..<high { bytes[position] = position < file.durable.count ? file.durable[position] : 0 }
                }
            }
            let name = "sectors " + states.map { ["d", "z", "k"][Int($0)] }.joined()
            return (bytes, name)
        }
        var chosen: [[UInt8]] = []
        var total = 1
        for _ in 0..<sectorCount where total <= limit { total *= 3 }
        if total <= limit {
            var states = [UInt8](repeating: 0, count: sectorCount)
            while true {
                chosen.append(states)
                var position = 0
                while position < sectorCount {
                    states[position] += 1
                    if states[position] < 3 { break }
                    states[position] = 0
                    position += 1
                }
                if position == sectorCount { break }
            }
        } else {
            let all = { (state: UInt8) in [UInt8](repeating: state, count: sectorCount) }
            chosen = [all(0), all(1), all(2)]
            for index in 0..<sectorCount {
                for state: UInt8 in [0, 1] {
                    var states = all(2)
                    states[index] = state
                    chosen.append(states)
                }
                var zeroedOne = all(0)
                zeroedOne[index] = 1
                chosen.append(zeroedOne)
                for rest: UInt8 in [0, 1] {
                    chosen.append((0..<sectorCount).map { $0 < index ? 2 : rest })
                }
            }
            var random: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(sectorCount)
            while chosen.count < limit {
                chosen.append((0..<sectorCount).map { _ in
                    random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    return UInt8((random >> 33) % 3)
                })
            }
        }
        var seen: Set<[UInt8]> = []
        var variants: [([UInt8], String)] = []
        for states in chosen {
            let (bytes, name) = build(states)
            if seen.insert(bytes).inserted { variants.append((bytes, name)) }
        }
        return variants
    }

    private static func apply(_ change: PendingChange, to bytes: inout [UInt8]) {
        switch change {
        case .write(let offset, let written):
            if bytes.count < offset { bytes.append(contentsOf: repeatElement(0, count: offset - bytes.count)) }
            let overlap = min(written.count, bytes.count - offset)
            bytes.replaceSubrange(offset..<offset + overlap, with: written[0..<overlap])
            bytes.append(contentsOf: written[overlap...])
        case .truncate(let length):
            if length < bytes.count {
                bytes.removeSubrange(length...)
            } else {
                bytes.append(contentsOf: repeatElement(0, count: length - bytes.count))
            }
        }
    }

    /// The folder part of a path.
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = path[..<slash]
        return folder.isEmpty ? "/" : String(folder)
    }
}

extension SimulatedFileSystem {
    /// The bytes of the file named `path` now (written, synced or not).
    func currentBytes(of path: String) -> [UInt8]? {
        names[path].flatMap { files[$0]?.current }
    }
}
