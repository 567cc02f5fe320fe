import EventLogFile
import Events
import Projections

/// `replay-tool share LOG --person NAME (--night D | --week YYYY-Www) [--at INSTANT]`.
enum ShareCommand {
    static let specification = CommandSpecification(
        name: "share",
        abstract: "Print a night share or a week share made from a log, as its JSON.",
        discussion: """
            Makes the share a person would send their partner or group (docs/rules.md §13) \
            and prints its compact JSON on one line: with --night, whether that night was \
            on target (planned, and asleep, else in bed, by bedtime + 15 min); with \
            --week, the ISO week's nights with a plan, those on target and the regularity \
            index over its seven nights (null with fewer than 5 pairs). Nothing else of \
            the log leaves it. The shareId is derived from the content, so the same share \
            made twice is the same bytes. Give exactly one of --night and --week.

            The share is made as of the instant. Asked too early (a night before its wake \
            time, or before 12:00 the next day when it has no plan; a week before its \
            Sunday night is over) it exits 1 saying when it can be made. A name that is \
            empty, longer than 40 bytes or holds a control or bidirectional formatting \
            character is a usage error (64).
            """,
        arguments: [ReplayTool.logOrLogSetArgument],
        options: [
            .value("person", valueName: "name", help: "The name the share carries (1–40 bytes of UTF-8)."),
            .value("night", valueName: "date", help: "Share this night, YYYY-MM-DD."),
            .value("week", valueName: "week", help: "Share this ISO week, YYYY-Www (its nights Monday … Sunday)."),
            LogStateFold.atOption,
        ] + CheckpointChoice.options
    )

    static func run(_ arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        let path = try arguments.positional("log")
        guard let person = arguments.value("person") else {
            throw UsageError(message: "Missing expected option '--person <name>'", commandPath: arguments.commandPath)
        }
        let nightText = arguments.value("night")
        let weekText = arguments.value("week")
        enum Asked { case night(LocalDate), week(ISOWeek) }
        let asked: Asked
        switch (nightText, weekText) {
        case (let text?, nil):
            do {
                asked = .night(try LocalDate(iso: text))
            } catch {
                throw UsageError(message: "The value '\(text)' is invalid for '--night': \(error)", commandPath: arguments.commandPath)
            }
        case (nil, let text?):
            do {
                asked = .week(try ISOWeek(text: text))
            } catch {
                throw UsageError(message: "The value '\(text)' is invalid for '--week': \(error)", commandPath: arguments.commandPath)
            }
        case (nil, nil):
            throw UsageError(message: "Give one of '--night <date>' or '--week <week>'", commandPath: arguments.commandPath)
        case (.some, .some):
            throw UsageError(message: "'--night' and '--week' ask for different shares: give one", commandPath: arguments.commandPath)
        }
        let instant = try AtChoice(option: "at", in: arguments)?.instant(forLogAt: path, arguments: arguments, console: console)
        let fold = try LogStateFold.foldForFigures(path: path, at: instant, checkpoints: CheckpointChoice(arguments), console: console)
        guard let asOf = fold.asOf else {
            console.error("\(path): the log holds no event, so there is nothing to share\n")
            return .dataError
        }
        let state = fold.runner.state
        do throws(ShareMakingError) {
            let share: Share
            switch asked {
            case .night(let night): share = .night(try state.nightShare(person: person, night: night, at: asOf))
            case .week(let week): share = .week(try state.weekShare(person: person, week: week, at: asOf))
            }
            console.output(share.jsonText + "\n")
            return .success
        } catch {
            switch error {
            case .notYet(let available):
                console.error("not yet: as of \(asOf.rfc3339) it cannot be made; it can from \(available.rfc3339) on\n")
                return .checkFailed
            case .invalidPerson(let problem):
                throw UsageError(message: "The value given for '--person' is invalid: \(problem.message)", commandPath: arguments.commandPath)
            }
        }
    }
}
