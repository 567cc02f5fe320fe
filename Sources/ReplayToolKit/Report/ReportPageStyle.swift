/// The page's style sheet, inline in its `<head>`: the night-sky look of the Sleep Cycle
/// design, and a light palette for `prefers-color-scheme: light`.
///
/// Dark (the default): canvas `#14152E`, surfaces `#1E2046`, accent `#6C7BFF`, aqua
/// `#4FD1E6`; stages awake `#FF8FB1`, REM `#4FD1E6`, core `#6C7BFF`, deep `#3D4ABF`, and
/// asleep without a stage `#8C90C8`, a muted indigo: greyer than core, lighter than deep,
/// another hue than awake and REM. The score ring is rose `#FF8FB1` below 50, indigo
/// `#6C7BFF` from 50 to 74, aqua `#4FD1E6` from 75.
///
/// The sleep raster's asleep time is `--raster`: indigo `#6C7BFF` on the dark surfaces, the
/// deep `#2C3794` on white (each at least 3:1 against its surface and canvas).
///
/// Light: canvas `#F4F5FB`, surfaces white, text `#1A1B3A` (16:1), secondary text
/// `#4D5180` (7:1); the same hues a step deeper so each mark keeps at least 3:1 against
/// white: awake `#E0577F`, REM `#1597AE`, core `#5565F2`, deep `#2C3794`, asleep `#8286BD`.
///
/// Exits have colours of their own, apart from every stage's: confirmed (a free window
/// used) amber `#F5B453`, cancelled during the pause green `#57B86A`; in the light scheme
/// `#9A5600` and `#1A5A24`. Each keeps at least 4.5:1 on the canvas and the surfaces, so it
/// could also colour text.
///
/// Charts keep their text at ``minimumTextPixels`` CSS px or more on any screen from a
/// phone's 390 px up: the layout scales, not the text. The four charts are drawn in a
/// ``chartWidth``-unit view box with 12-unit text and shown between ``chartMinimumPixels``
/// and ``chartMaximumPixels`` CSS px wide (so 12 units are 11 to 16 px); below
/// ``narrowLayoutPixels`` the page is one column with tighter padding, which leaves a
/// chart ``chartMinimumPixels`` or more from a 360 px wide screen up (390 px phones
/// included); on a screen narrower still a chart scrolls sideways in its frame rather
/// than shrink. The score ring is 150 to 190 px wide (15-unit text in a 200-unit box:
/// 11.25 px or more). `ReportPageLayoutTests` checks the arithmetic on every page, and
/// `.ci/browser-check.sh` measures it in Chromium at 360 and 390 px.
///
/// Text in a colour (`--accent-text`, `--aqua-text`, `--rose-text`: a score's band, the
/// page's eyebrow) keeps at least 4.5:1 on the canvas and the surfaces in both schemes;
/// `ReportPageTests` checks every text colour's contrast.
///
/// No font is fetched (system fonts only), nothing refers outside the page (no `url(`),
/// and the sheet holds no `<` or `&`, so the page stays well-formed XML.
///
/// Every rule that has a side says it logically (`text-align: start`, `padding-inline`,
/// `margin-inline-end`, `border-block-end`), never `left` or `right`: under
/// `<html dir="rtl">` the whole layout mirrors (tables read from the right, the score's
/// meters fill from the right, the parts' names stand on the right), and the charts mirror
/// their own coordinates (`SVGDirection`). `ReportLocaleTests` checks the sheet for physical
/// sides.
enum ReportPageStyle {
    /// The smallest chart text, in CSS px, at any viewport from 390 px wide.
    static let minimumTextPixels = 11.0
    /// The view box width of the bedtime, debt, exit and stage charts, in units.
    static let chartWidth = 330.0
    /// The narrowest a chart is drawn, in CSS px: 12-unit text is 11.02 px there.
    static let chartMinimumPixels = 303.0
    /// The widest a chart is drawn, in CSS px: 12-unit text is 16 px there.
    static let chartMaximumPixels = 440.0
    /// The viewport width below which the page is one column.
    static let narrowLayoutPixels = 860.0
    /// The page's side padding in the one-column layout, in CSS px.
    static let narrowPagePadding = 14.0
    /// A card's padding in the one-column layout, in CSS px (its border is 1 px).
    static let narrowCardPadding = 12.0

    /// `12` for `12.0`: a whole number of px as CSS writes it.
    private static func px(_ value: Double) -> String { "\(Int(value))px" }

    static let css = """
        :root {
          color-scheme: dark;
          --bg: #14152E; --bg-deep: #0E0F24; --surface: #1E2046; --surface-2: #2A2D5E; --line: #34376B;
          --text: #ECEDFB; --muted: #A9ADD6; --accent: #6C7BFF; --aqua: #4FD1E6; --rose: #FF8FB1;
          --awake: #FF8FB1; --rem: #4FD1E6; --core: #6C7BFF; --deep: #3D4ABF; --asleep: #8C90C8;
          --low: #FF8FB1; --fair: #6C7BFF; --good: #4FD1E6;
          --planned: #6C7BFF; --actual: #4FD1E6; --confirmed: #F5B453; --cancelled: #57B86A; --debt: #6C7BFF;
          --accent-text: #8A96FF; --aqua-text: #4FD1E6; --rose-text: #FF8FB1;
          --raster: #6C7BFF;
          --star: rgba(255, 255, 255, 0.85);
        }
        @media (prefers-color-scheme: light) {
          :root {
            color-scheme: light;
            --bg: #F4F5FB; --bg-deep: #E7E9F7; --surface: #FFFFFF; --surface-2: #E3E5F3; --line: #D3D6EA;
            --text: #1A1B3A; --muted: #4D5180; --accent: #4453D6; --aqua: #0E7F93; --rose: #C93D6B;
            --awake: #E0577F; --rem: #1597AE; --core: #5565F2; --deep: #2C3794; --asleep: #8286BD;
            --low: #E0577F; --fair: #4453D6; --good: #1597AE;
            --planned: #4453D6; --actual: #1597AE; --confirmed: #9A5600; --cancelled: #1A5A24; --debt: #5565F2;
            --accent-text: #4453D6; --aqua-text: #0A7285; --rose-text: #B8345F;
            --raster: #2C3794;
            --star: transparent;
          }
        }
        * { box-sizing: border-box; }
        html { background: var(--bg); }
        body {
          margin: 0; color: var(--text); background: linear-gradient(180deg, var(--bg-deep) 0, var(--bg) 420px);
          font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
          -webkit-text-size-adjust: 100%;
        }
        .page { max-width: 1100px; margin: 0 auto; padding: 0 24px 32px; }
        h1, h2, h3 { line-height: 1.2; margin: 0; font-weight: 650; }
        h1 { font-size: 30px; letter-spacing: -0.01em; }
        h2 { font-size: 18px; margin-bottom: 12px; }
        h3 { font-size: 16px; }
        p { margin: 0; }
        .hero {
          padding: 36px 0 24px;
          background:
            radial-gradient(circle 1.5px at 4% 9%, var(--star) 99%, transparent 100%),
            radial-gradient(circle 1px at 15% 4%, var(--star) 99%, transparent 100%),
            radial-gradient(circle 1.5px at 29% 10%, var(--star) 99%, transparent 100%),
            radial-gradient(circle 1px at 43% 3%, var(--star) 99%, transparent 100%),
            radial-gradient(circle 2px at 57% 8%, var(--star) 99%, transparent 100%),
            radial-gradient(circle 1px at 69% 4%, var(--star) 99%, transparent 100%),
            radial-gradient(circle 1.5px at 81% 10%, var(--star) 99%, transparent 100%),
            radial-gradient(circle 1px at 90% 3%, var(--star) 99%, transparent 100%),
            radial-gradient(circle 2px at 98% 16%, var(--star) 99%, transparent 100%),
            radial-gradient(circle 1px at 99% 42%, var(--star) 99%, transparent 100%);
        }
        .eyebrow { color: var(--aqua-text); font-size: 13px; font-weight: 600; letter-spacing: 0.08em; text-transform: uppercase; margin-bottom: 6px; }
        .subtitle { color: var(--muted); margin-top: 6px; }
        .stats { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 12px; margin: 24px 0 0; }
        .stat { background: var(--surface); border: 1px solid var(--line); border-radius: 14px; padding: 12px 16px; }
        .stat dt { color: var(--muted); font-size: 13px; }
        .stat dd { margin: 2px 0 0; font-size: 24px; font-weight: 650; }
        .stat dd small { display: block; font-size: 13px; font-weight: 400; color: var(--muted); }
        .layout { display: grid; gap: 16px; margin-top: 16px; }
        .layout-a { grid-template-columns: minmax(0, 1fr) minmax(0, 2fr); }
        .layout-b { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); }
        .card { background: var(--surface); border: 1px solid var(--line); border-radius: 18px; padding: 18px 20px; }
        .note { color: var(--muted); font-size: 13px; margin-top: 8px; }
        .chart-frame { overflow-x: auto; }
        svg.chart { display: block; width: 100%; min-width: \(px(chartMinimumPixels)); max-width: \(px(chartMaximumPixels)); height: auto; margin: 0 auto; overflow: visible; }
        svg.ring { min-width: 150px; max-width: 190px; }
        .chart text { fill: var(--muted); font-size: 12px; font-family: inherit; }
        .chart .value { fill: var(--text); font-weight: 600; }
        .chart .empty { fill: var(--muted); font-size: 14px; }
        .chart .grid { stroke: var(--line); stroke-width: 1; }
        .chart .baseline { stroke: var(--muted); stroke-opacity: 0.6; stroke-width: 1; }
        .chart .guide { stroke: var(--line); stroke-width: 1; stroke-dasharray: 2 4; }
        .seg-awake { fill: var(--awake); }
        .seg-rem { fill: var(--rem); }
        .seg-core { fill: var(--core); }
        .seg-deep { fill: var(--deep); }
        .seg-asleep { fill: var(--asleep); }
        .step { fill: none; stroke: var(--muted); stroke-opacity: 0.5; stroke-width: 1; }
        .planned-line { fill: none; stroke: var(--planned); stroke-width: 2; stroke-dasharray: 6 5; }
        .actual-line { fill: none; stroke: var(--actual); stroke-width: 2.5; stroke-linejoin: round; }
        .planned-point { fill: var(--surface); stroke: var(--planned); stroke-width: 2; }
        .actual-point { fill: var(--actual); stroke: var(--surface); stroke-width: 1.5; }
        .late { stroke: var(--muted); stroke-opacity: 0.55; stroke-width: 1.5; }
        .work-point { fill: var(--planned); stroke: var(--surface); stroke-width: 1.5; }
        .free-point { fill: var(--confirmed); stroke: var(--surface); stroke-width: 1.5; }
        .work-mean { stroke: var(--planned); stroke-width: 1.5; stroke-dasharray: 6 5; }
        .free-mean { stroke: var(--confirmed); stroke-width: 1.5; stroke-dasharray: 6 5; }
        .debt-bar { fill: var(--debt); }
        .debt-bar.nodata { fill-opacity: 0.35; }
        .exit-confirmed { fill: var(--confirmed); }
        .exit-cancelled { fill: var(--cancelled); }
        .raster-asleep { fill: var(--raster); }
        .raster-label-ground { fill: var(--surface); }
        .raster-none { fill: none; stroke: var(--muted); stroke-opacity: 0.6; stroke-width: 1; stroke-dasharray: 3 3; }
        .ring-track { fill: none; stroke: var(--surface-2); stroke-width: 16; }
        .ring-arc { fill: none; stroke-width: 16; stroke-linecap: round; }
        .ring-low { stroke: var(--low); }
        .ring-fair { stroke: var(--fair); }
        .ring-good { stroke: var(--good); }
        .chart .ring-total { fill: var(--text); font-size: 54px; font-weight: 700; }
        .chart .ring-band { fill: var(--muted); font-size: 15px; }
        .score-body { display: grid; gap: 14px; }
        .score-caption { text-align: center; color: var(--muted); font-size: 13px; }
        .legend { list-style: none; display: flex; flex-wrap: wrap; gap: 6px 18px; margin: 10px 0 0; padding: 0; color: var(--muted); font-size: 13px; }
        .legend li { display: flex; align-items: center; gap: 7px; }
        .key { display: inline-block; width: 14px; height: 10px; border-radius: 3px; }
        .key-planned { height: 0; border-top: 2px dashed var(--planned); border-radius: 0; width: 18px; }
        .key-actual { height: 3px; background: var(--actual); width: 18px; }
        .key-late { height: 10px; width: 2px; background: var(--muted); border-radius: 0; }
        .key-debt { background: var(--debt); }
        .key-nodata { background: var(--debt); opacity: 0.35; }
        .key-confirmed { background: var(--confirmed); }
        .key-work { background: var(--planned); border-radius: 50%; width: 10px; }
        .key-free { background: var(--confirmed); border-radius: 50%; width: 10px; }
        .key-cancelled { background: var(--cancelled); }
        .key-raster { background: var(--raster); }
        .key-raster-none { border: 1px dashed var(--muted); }
        .key-awake { background: var(--awake); }
        .key-rem { background: var(--rem); }
        .key-core { background: var(--core); }
        .key-deep { background: var(--deep); }
        .key-asleep { background: var(--asleep); }
        .parts { width: 100%; border-collapse: collapse; font-size: 13px; }
        .parts th { text-align: start; font-weight: 500; color: var(--text); padding-block: 3px; padding-inline: 0 8px; white-space: nowrap; }
        .parts td { padding: 3px 0; color: var(--muted); white-space: nowrap; text-align: end; }
        .parts td.bar-cell { width: 100%; padding-block: 3px; padding-inline: 0 10px; }
        .meter { display: block; height: 6px; border-radius: 3px; background: var(--surface-2); overflow: hidden; }
        .meter span { display: block; height: 100%; border-radius: 3px; background: var(--accent); margin-inline-end: auto; }
        .section-head { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 8px 24px; margin-top: 28px; }
        .section-head .legend { margin: 0 0 12px; }
        .nights { display: grid; grid-template-columns: repeat(auto-fill, minmax(420px, 1fr)); gap: 16px; }
        .night-head { display: flex; align-items: baseline; justify-content: space-between; gap: 12px; margin-bottom: 6px; }
        .badge { font-size: 13px; color: var(--muted); white-space: nowrap; }
        .badge strong { font-size: 16px; }
        .band-low { color: var(--rose-text); }
        .band-fair { color: var(--accent-text); }
        .band-good { color: var(--aqua-text); }
        .sentence { margin-top: 8px; }
        .meta { color: var(--muted); font-size: 13px; margin-top: 2px; }
        .missing { color: var(--muted); margin-top: 12px; }
        .figures-card, .insights-card, .regularity-card { margin-top: 16px; }
        .habits-heading { margin-top: 18px; }
        .table-caption { color: var(--muted); font-size: 13px; margin: 12px 0 8px; }
        .table-wrap { overflow-x: auto; }
        table.figures { border-collapse: collapse; width: 100%; font-size: 13px; font-variant-numeric: tabular-nums; }
        table.figures th, table.figures td { padding: 6px 8px; border-block-end: 1px solid var(--line); text-align: end; white-space: nowrap; }
        table.figures th:first-child, table.figures td:first-child { text-align: start; }
        table.figures thead th { color: var(--muted); font-weight: 500; white-space: normal; vertical-align: bottom; }
        table.figures tbody th { font-weight: 500; }
        footer { color: var(--muted); font-size: 13px; margin-top: 28px; }
        .sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
        @media (max-width: \(px(narrowLayoutPixels - 1))) {
          .layout-a, .layout-b { grid-template-columns: minmax(0, 1fr); }
          .nights { grid-template-columns: minmax(0, 1fr); }
          .page { padding: 0 \(px(narrowPagePadding)) 24px; }
          .card { padding: 14px \(px(narrowCardPadding)); }
        }
        """
}
