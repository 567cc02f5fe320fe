import EventLogFile
import Events
import Simulation

/// `replay-tool simulate --nights N [--seed S] [--profile P] [--start YYYY-MM-DD] [--zone Z]`:
/// a realistic synthetic log on standard output, written as it is made.
enum SimulateCommand {
    static let specification = CommandSpecification(
        name: "simulate",
        abstract: "Write a realistic synthetic log to standard output.",
        discussion: """
            Simulates a person following, or not, a bedtime plan for N nights and writes \
            their log (docs/log-format.md) to standard output as it is made: a goal set the \
            evening before the first night (and a new one every few months), app tiers, \
            then each night the checklist and its reminders, early starts, "I'm going to \
            bed", mindful exits (request, wait, confirm or cancel, free window ended early \
            or run out), and in the morning the check-in and HealthKit's deliveries: the \
            watch's sleep stages (in bed, onset latency, 80–110 minute cycles with deep \
            sleep early and REM late, short awakenings, final wake), on some nights the \
            phone's overlapping samples and the night's vitals. Some nights have no data. \
            The person travels (the first trip leaves after night 8 for 3 nights, to \
            America/New_York from the default home; later ones every 1 to 3 months, for 2 \
            to 6 nights, to a zone at least 3 hours away), so events and samples change \
            zone, and a night spent flying has no data; daylight-saving nights come as the \
            calendar has them.

            Every event is decided by the product's own commands against the state folded \
            so far, so the log passes 'replay-tool verify' and replays without a warning. \
            The same arguments always give the same bytes; a run of N nights is the start \
            of a longer one with the same seed, profile, start and zone. About 38 events a \
            night with the default profile (40 steady, 36 struggling), about 65 % of them \
            sleep samples and vitals; memory stays flat however many nights.

            Profiles: steady: \(SimulationProfile.steady.summary). mixed (the default): \
            \(SimulationProfile.mixed.summary). struggling: \
            \(SimulationProfile.struggling.summary).

            The defaults (first night 2026-10-19, Europe/Berlin) make a 14-night run cross \
            the end of daylight saving time (the night of 2026-10-24) and hold the first \
            trip. A summary goes to standard error. Exits 0 when every night was written, \
            64 on wrong usage (nothing is written), 1 when the simulator made an event the \
            product refuses (a bug: the lines written are sound but the log is incomplete).
            
            With --devices phone,watch[,ipad] and --out DIR, the same history is written \
            as a log set, a stream per device in DIR (docs/sync.md): both the phone and the \
            watch ingest HealthKit's samples (the same ids and content; the phone's copies \
            arrive late after the watch's offline stretches, about one night in ten, of 1 \
            to 3 nights), an exit is requested on the phone and confirmed or cancelled on \
            the watch about half the time it is in reach, goals are set on either in turn, \
            and an iPad ticks the checklist one night in three. DIR is created when missing; \
            a DIR that already holds a stream is refused (64).
""",
        arguments: [],
        options: [
            .value("nights", valueName: "n", help: "How many nights to simulate (1–\(SimulationConfiguration.maximumNights)).", isRequired: true),
            .value("seed", valueName: "n", help: "The seed of every random choice: a whole number from 0 through \(UInt64.max).", defaultDescription: "\(SimulationConfiguration.defaultSeed)"),
            .value("profile", valueName: "name", help: "How the person behaves: \(profileNames).", defaultDescription: SimulationProfile.defaultProfile.rawValue),
            .value("start", valueName: "date", help: "The first night, YYYY-MM-DD (the goal is set the evening before).", defaultDescription: SimulationConfiguration.defaultFirstNight.iso),
            .value("zone", valueName: "zone", help: "The person's home zone, an IANA name such as Europe/Berlin.", defaultDescription: SimulationConfiguration.defaultTimeZone),
            .value("devices", valueName: "list", help: "Write a log set, a stream per device: phone,watch or phone,watch,ipad (needs --out)."),
            .value("out", valueName: "dir", help: "With --devices: the log set's directory."),
        ]
    )

    static func run(_ arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        let simulator = try simulator(for: arguments)
        if let devices = arguments.value("devices") {
            return try writeLogSet(simulator, devices: devices, arguments, console: console)
        }
        if arguments.value("out") != nil {
            throw UsageError(message: "--out names a log set's directory: give --devices too", commandPath: arguments.commandPath)
        }
        do {
            let summary = try simulator.write { chunk in console.output(String(decoding: chunk, as: UTF8.self)) }
            console.error(render(summary))
            return .success
        } catch {
            console.error("\(ReplayTool.name) simulate: \(error.description)\n")
            return .checkFailed
        }
    }

    /// The simulator the options ask for, or a usage error naming the option and its value.
    static func simulator(for arguments: ParsedArguments) throws(UsageError) -> LogSimulator {
        let path = arguments.commandPath
        guard let nights = try arguments.integer("nights", in: 1...SimulationConfiguration.maximumNights) else {
            throw UsageError(message: "Missing expected argument '--nights <n>'", commandPath: path)
        }
        var configuration = SimulationConfiguration(nights: nights)
        if let text = arguments.value("seed") {
            guard let seed = UInt64(text) else {
                throw UsageError(message: "The value '\(text)' is invalid for '--seed': expected a whole number from 0 through \(UInt64.max)", commandPath: path)
            }
            configuration.seed = seed
        }
        if let text = arguments.value("profile") {
            guard let profile = SimulationProfile(rawValue: text) else {
                throw UsageError(message: "The value '\(text)' is invalid for '--profile': expected one of \(profileNames)", commandPath: path)
            }
            configuration.profile = profile
        }
        if let text = arguments.value("start") {
            do {
                configuration.firstNight = try LocalDate(iso: text)
            } catch {
                throw UsageError(message: "The value '\(text)' is invalid for '--start': \(error.description)", commandPath: path)
            }
        }
        if let text = arguments.value("zone") {
            configuration.timeZone = text
        }
        do {
            return try LogSimulator(configuration: configuration)
        } catch {
            let option: String
            let value: String
            switch error.field {
            case .nights: (option, value) = ("nights", "\(configuration.nights)")
            case .firstNight: (option, value) = ("start", configuration.firstNight.iso)
            case .timeZone: (option, value) = ("zone", configuration.timeZone)
            }
            throw UsageError(message: "The value '\(value)' is invalid for '--\(option)': \(error.message)", commandPath: path)
        }
    }

    /// The profile names, for help and errors.
    /// `--devices LIST --out DIR`: the run as a log set (`DeviceSplitter`).
    static func writeLogSet(_ simulator: LogSimulator, devices list: String, _ arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        let devices = list.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        if let problem = DeviceSplitter.problem(with: devices) {
            throw UsageError(message: "The value '\(list)' is invalid for '--devices': \(problem)", commandPath: arguments.commandPath)
        }
        guard let out = arguments.value("out") else {
            throw UsageError(message: "--devices writes a log set: give its directory with --out", commandPath: arguments.commandPath)
        }
        if LogSetDirectory.isDirectory(out), !(try LogSetDirectory(path: out).list().streams.isEmpty) {
            throw UsageError(message: "'\(out)' already holds streams; simulate writes a new log set", commandPath: arguments.commandPath)
        }
        guard var splitter = DeviceSplitter(devices: devices, seed: simulator.configuration.seed) else { return .usage }
        let writers = try SimulatedStreams(directory: out, devices: devices)
        var last: Event?
        do {
            let summary = try simulator.forEachAppend { append in
                last = append.last?.event ?? last
                writers.write(splitter.split(append))
            }
            if let last { writers.write(splitter.finish(after: last)) }
            try writers.close()
            console.error(render(summary))
            console.error("simulate: " + devices.map { "\($0) \(writers.lineCount(of: $0)) lines" }.joined(separator: ", ") + " in \(out)\n")
            return .success
        } catch let error as EventLogFileError {
            console.error("\(error.description)\n")
            return ExitCode(error)
        } catch {
            console.error("\(ReplayTool.name) simulate: \(error)\n")
            return .checkFailed
        }
    }

    static var profileNames: String {
        SimulationProfile.allCases.map(\.rawValue).joined(separator: ", ")
    }

    /// The summary on standard error.
    static func render(_ summary: SimulationSummary) -> String {
        let perNight = (summary.eventsPerNight * 10).rounded() / 10
        var text = "simulate: \(summary.nights) nights, \(summary.events) events (\(perNight) a night), \(summary.sleepSamples) sleep samples, \(summary.vitalSamples) vitals, \(summary.exitsRequested) exits requested\n"
        text += "simulate: \(summary.nightsWithoutData) nights without data (\(summary.nightsLostToTravel) lost to travel), \(summary.nightsAway) nights away; zones: \(summary.zones.joined(separator: ", "))\n"
        return text
    }
}
