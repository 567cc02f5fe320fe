/// The inspector page's style sheet, inline in its `<head>`: the report's night-sky palette
/// (``ReportPageStyle``) in the dark, its light palette for `prefers-color-scheme: light`.
/// No text is below 12 px; below 900 px the page is one column (a phone), from 900 px the
/// events and the selected event's change stand side by side, the change kept in view.
/// Sides are logical (`inset-inline-start`, `padding-inline`), except the timeline's marks,
/// placed from noon on the left as a clock runs. Nothing refers outside the page.
enum InspectPageStyle {
    static let sheet = """
        :root { color-scheme: dark; --canvas: #14152E; --surface: #1E2046; --line: #34376B; --text: #ECEDFB;
          --muted: #B4B7E0; --accent: #6C7BFF; --accent-text: #A9B2FF; --mark: #4FD1E6; --current: #FFD36B;
          --before: #FF8FB1; --after: #4FD1E6; }
        @media (prefers-color-scheme: light) {
          :root { color-scheme: light; --canvas: #F4F5FB; --surface: #FFFFFF; --line: #D5D7EC; --text: #1A1B3A;
            --muted: #4D5180; --accent: #5565F2; --accent-text: #3A47C4; --mark: #1597AE; --current: #B36B00;
            --before: #A8284F; --after: #0B6577; }
        }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--canvas); color: var(--text); font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; }
        .page-header { padding: 20px 24px 8px; }
        .eyebrow { margin: 0; color: var(--accent-text); font-size: 13px; font-weight: 600; letter-spacing: .04em; text-transform: uppercase; }
        h1 { margin: 4px 0 6px; font-size: 22px; }
        h2 { margin: 0 0 8px; font-size: 17px; overflow-wrap: anywhere; }
        h3 { margin: 16px 0 6px; font-size: 15px; }
        .summary, .count, .hint { margin: 0 0 8px; color: var(--muted); font-size: 14px; }
        .layout { display: grid; grid-template-columns: minmax(0, 1fr); gap: 16px; padding: 0 24px 24px; }
        @media (min-width: 900px) {
          .layout { grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr); }
          .detail { position: sticky; top: 12px; align-self: start; max-height: calc(100vh - 24px); overflow: auto; }
        }
        .browse, .detail { background: var(--surface); border: 1px solid var(--line); border-radius: 12px; padding: 14px 16px; min-width: 0; }
        .filters { display: flex; flex-wrap: wrap; gap: 8px 16px; margin-block-end: 8px; }
        .filters label { display: flex; flex-direction: column; gap: 2px; font-size: 13px; color: var(--muted); }
        select { font: inherit; font-size: 14px; color: var(--text); background: var(--canvas); border: 1px solid var(--line); border-radius: 6px; padding: 4px 6px; max-width: 100%; }
        .night { margin-block-end: 10px; }
        .night-label { font-size: 13px; font-weight: 600; margin: 0 0 2px; }
        .lane { display: grid; grid-template-columns: 84px minmax(0, 1fr); align-items: center; gap: 6px; min-height: 22px; }
        .lane-label { font-size: 12px; color: var(--muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        .track { position: relative; height: 18px; border-radius: 4px; background: var(--canvas); border: 1px solid var(--line); }
        .tick { position: absolute; top: 0; bottom: 0; width: 1px; background: var(--line); }
        .mark { position: absolute; top: 2px; width: 8px; height: 12px; margin-left: -4px; border-radius: 3px; background: var(--mark); border: 0; padding: 0; cursor: pointer; }
        .mark.current { background: var(--current); outline: 2px solid var(--current); z-index: 1; }
        .scale { display: grid; grid-template-columns: 84px minmax(0, 1fr); gap: 6px; font-size: 12px; color: var(--muted); }
        .scale-track { position: relative; height: 16px; }
        .scale-track span { position: absolute; transform: translateX(-50%); }
        .scale-track span:first-child { transform: none; }
        table.events { width: 100%; border-collapse: collapse; margin-block-start: 10px; font-size: 13px; }
        table.events th { text-align: start; color: var(--muted); font-weight: 600; border-block-end: 1px solid var(--line); padding: 4px 6px; }
        table.events td { padding: 4px 6px; border-block-end: 1px solid var(--line); overflow-wrap: break-word; }
        table.events td:nth-child(-n+3) { white-space: nowrap; }
        table.events tbody tr { cursor: pointer; }
        table.events tbody tr.current { background: var(--canvas); box-shadow: inset 3px 0 0 var(--current); }
        table.events a { color: var(--accent-text); }
        dl.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 2px 12px; margin: 0; font-size: 14px; }
        dl.facts dt { color: var(--muted); }
        dl.facts dd { margin: 0; overflow-wrap: anywhere; }
        ol.diff { margin: 0; padding-inline-start: 0; list-style: none; font: 13px/1.45 ui-monospace, "SFMono-Regular", Menlo, monospace; }
        ol.diff li { padding: 3px 0; border-block-end: 1px solid var(--line); overflow-wrap: anywhere; }
        .path { color: var(--text); font-weight: 600; }
        .before { color: var(--before); }
        .after { color: var(--after); }
        .causes { margin: 0; padding-inline-start: 18px; font-size: 14px; }
        a { color: var(--accent-text); }
        @media (max-width: 600px) {
          .page-header { padding: 14px 12px 6px; }
          .layout { padding: 0 8px 16px; }
          .browse, .detail { padding: 10px; }
          .lane, .scale { grid-template-columns: 62px minmax(0, 1fr); }
          table.events th:nth-child(5), table.events td:nth-child(5) { display: none; }
        }
        """
}
