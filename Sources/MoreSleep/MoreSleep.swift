// `import MoreSleep`: everything a front end needs, in one import.
//
// The store (Store) and the commands it sends (Commands), the folded state and its queries
// (Projections), the event vocabulary (Events), the log on disk or in memory
// (EventLogFile), the words and glances built on the state: morning summary, voice
// answers (Summaries), the views a front end renders: the JSON view, the watch summary and
// the widget snapshot (Views), and the observable model a SwiftUI screen reads (FrontEnd).
//
// ```swift
// import MoreSleep
//
// let store = try await MoreSleepStore.open(path: path, environment: .live(source: .phone))
// let tonight = await store.state.tonight(at: .now)
// ```

@_exported import Commands
@_exported import EventLogFile
@_exported import FrontEnd
@_exported import Events
@_exported import Localization
@_exported import Projections
@_exported import Store
@_exported import Summaries
@_exported import Views
