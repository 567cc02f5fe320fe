import Events
import Foundation
import Projections
import Testing
import TestSupport
@testable import ReplayToolKit

/// The report page on a phone: chart text stays at 11 CSS px or more from a 390 px wide
/// viewport up (the layout scales, not the text), and the exits have colours of their own.
///
/// A chart's text is drawn at its font size (in view box units) × the chart's rendered
/// width ÷ its view box width. The rendered width follows the rules of `ReportPageStyle`: a
/// chart is as wide as its card but never narrower than `chartMinimumPixels` nor wider than
/// `chartMaximumPixels` (the ring: 150 to 190 px); so the smallest text any viewport can
/// give is the font size × the minimum width ÷ the view box width, and at 390 px the card
/// leaves the chart at least that minimum (no sideways scrolling on a phone).
struct ReportPageLayoutTests {
    static let phoneWidth = 390.0
    /// The narrowest common phone (Android's 360 px): charts still fit without scrolling.
    static let narrowestPhoneWidth = 360.0

    /// The font size, in view box units, of each text class the charts use, read from the
    /// style sheet (`.chart text` for the rest).
    static func fontSizes() throws -> (base: Double, byClass: [String: Double]) {
        let css = ReportPageStyle.css
        func number(_ substring: Substring?) -> Double? { substring.flatMap { Double(String($0)) } }
        let baseMatch = try #require(css.firstMatch(of: try Regex("\\.chart text \\{[^}]*font-size: ([0-9.]+)px")))
        let base = try #require(number(baseMatch.output[1].substring))
        var byClass: [String: Double] = [:]
        for match in css.matches(of: try Regex("\\.chart \\.([a-z-]+) \\{[^}]*font-size: ([0-9.]+)px")) {
            let name = try #require(match.output[1].substring)
            let size: Double = try #require(number(match.output[2].substring))
            byClass[String(name)] = size
        }
        return (base, byClass)
    }

    /// The width a chart is drawn at in a card `available` px wide, by the style's rules.
    static func renderedWidth(ring: Bool, available: Double) -> Double {
        ring ? min(max(available, 150), 190) : min(max(available, ReportPageStyle.chartMinimumPixels), ReportPageStyle.chartMaximumPixels)
    }

    /// The width a card leaves its chart on a phone-sized (one-column) viewport.
    static func cardContentWidth(viewport: Double) -> Double {
        viewport - 2 * ReportPageStyle.narrowPagePadding - 2 * 1 - 2 * ReportPageStyle.narrowCardPadding
    }

    @Test(arguments: ReportPageTests.Page.allCases)
    func everyChartTextIsAtLeast11PxFromAPhoneUp(_ page: ReportPageTests.Page) throws {
        let html = ReportPageRenderer.render(try ReportPageTests.report(page))
        let root = try PageOutline.parse(html)
        let sizes = try Self.fontSizes()
        var checked = 0
        for chart in root.all("svg") {
            let viewBox = ReportPageTests.numbers(in: try #require(chart.attributes["viewBox"]))
            let viewBoxWidth = try #require(viewBox.count == 4 ? viewBox[2] : nil)
            let ring = chart.attributes["class"]?.split(separator: " ").contains("ring") == true
            // The narrowest it can be drawn (any viewport), and as drawn on a 390 px phone.
            let narrowest = ring ? 150 : ReportPageStyle.chartMinimumPixels
            let onPhone = Self.renderedWidth(ring: ring, available: Self.cardContentWidth(viewport: Self.phoneWidth))
            for text in chart.all("text") {
                let classes = (text.attributes["class"] ?? "").split(separator: " ").map(String.init)
                let size = classes.compactMap { sizes.byClass[$0] }.first ?? sizes.base
                let smallest = size * narrowest / viewBoxWidth
                #expect(smallest >= ReportPageStyle.minimumTextPixels, "\(chart.attributes["id"] ?? "?") \"\(text.text)\": \(smallest) px at its narrowest")
                #expect(size * onPhone / viewBoxWidth >= ReportPageStyle.minimumTextPixels)
                checked += 1
            }
        }
        if page != .noNight { #expect(checked > 10, "the page has chart text") }
    }

    @Test func onAPhoneTheCardLeavesEveryChartItsMinimumWidth() {
        // One column below the breakpoint: at 390 px the card is wide enough, so a chart
        // neither shrinks below its minimum nor scrolls.
        #expect(Self.cardContentWidth(viewport: Self.phoneWidth) >= ReportPageStyle.chartMinimumPixels)
        #expect(Self.cardContentWidth(viewport: Self.narrowestPhoneWidth) >= ReportPageStyle.chartMinimumPixels)
        // Two columns from the breakpoint up (page padding 24 px, gap 16 px, card border 1 px
        // and padding 20 px): each column still leaves a chart its minimum.
        let twoColumns = (ReportPageStyle.narrowLayoutPixels - 2 * 24 - 16) / 2 - 2 * (1 + 20)
        #expect(twoColumns >= ReportPageStyle.chartMinimumPixels)
        // The nights' grid has columns of 420 px or more.
        #expect(420 - 2 * (1 + 20) >= ReportPageStyle.chartMinimumPixels)
    }

    @Test func theStyleSheetHoldsTheLayoutRules() {
        let css = ReportPageStyle.css
        #expect(css.contains("svg.chart { display: block; width: 100%; min-width: 303px; max-width: 440px; height: auto;"))
        #expect(css.contains("svg.ring { min-width: 150px; max-width: 190px; }"))
        #expect(css.contains(".chart-frame { overflow-x: auto; }"))
        #expect(css.contains("@media (max-width: 859px) {"))
        #expect(css.contains(".page { padding: 0 14px 24px; }"))
        #expect(css.contains(".card { padding: 14px 12px; }"))
        #expect(css.contains(".layout { display: grid; gap: 16px;"), "the gap the two-column check assumes")
        #expect(css.contains(".page { max-width: 1100px; margin: 0 auto; padding: 0 24px 32px; }"))
        #expect(css.contains(".card { background: var(--surface); border: 1px solid var(--line); border-radius: 18px; padding: 18px 20px; }"))
        #expect(css.contains(".nights { display: grid; grid-template-columns: repeat(auto-fill, minmax(420px, 1fr));"))
    }

    @Test(arguments: ReportPageTests.Page.allCases)
    func everyChartButTheRingSitsInAFrameThatCanScroll(_ page: ReportPageTests.Page) throws {
        let root = try PageOutline.parse(ReportPageRenderer.render(try ReportPageTests.report(page)))
        for chart in root.all("svg") {
            let ring = chart.attributes["class"]?.contains("ring") == true
            #expect((chart.parent?.attributes["class"] == "chart-frame") != ring, "\(chart.attributes["id"] ?? "?")")
        }
    }

    // MARK: The exits' colours

    static func schemes() throws -> [(name: String, colours: [String: String])] {
        let css = ReportPageStyle.css
        let light = try #require(css.range(of: "@media (prefers-color-scheme: light)"))
        return [
            ("dark", ReportPageTests.customProperties(String(css[..<light.lowerBound]))),
            ("light", ReportPageTests.customProperties(String(css[light.lowerBound...]))),
        ]
    }

    @Test func exitsHaveColoursOfTheirOwn() throws {
        let stages = Hypnogram.Level.allCases.map(\.rawValue)
        for (scheme, colours) in try Self.schemes() {
            let confirmed = try #require(colours["confirmed"])
            let cancelled = try #require(colours["cancelled"])
            #expect(confirmed != cancelled)
            for stage in stages {
                let colour = try #require(colours[stage], "\(scheme) --\(stage)")
                for (name, exit) in [("confirmed", confirmed), ("cancelled", cancelled)] {
                    #expect(exit != colour, "\(scheme): --\(name) is --\(stage)")
                    // Far apart, not merely different: CIE76 ΔE of 40 or more.
                    #expect(try Self.distance(exit, colour) >= 40, "\(scheme): --\(name) is close to --\(stage)")
                }
            }
            #expect(try Self.distance(confirmed, cancelled) >= 40, "\(scheme): the two exit colours are far apart")
            // Text-grade contrast on every ground, so either may also colour text.
            for exit in [confirmed, cancelled] {
                for ground in ["bg", "bg-deep", "surface"] {
                    let ratio = try ReportPageTests.contrast(exit, try #require(colours[ground]))
                    #expect(ratio >= 4.5, "\(scheme): \(exit) on --\(ground) is \(ratio):1")
                }
            }
        }
        let css = ReportPageStyle.css
        #expect(css.contains(".exit-confirmed { fill: var(--confirmed); }"))
        #expect(css.contains(".exit-cancelled { fill: var(--cancelled); }"))
        #expect(css.contains(".key-confirmed { background: var(--confirmed); }"))
        #expect(css.contains(".key-cancelled { background: var(--cancelled); }"))
    }

    @Test func theTerminalReportsExitsUseTheirOwnColoursToo() throws {
        let stageColours = Set(Hypnogram.Level.allCases.map(Painter.colour(of:)))
        #expect(!stageColours.contains(.amber) && !stageColours.contains(.green))
        let paint = Painter(enabled: true)
        let text = ReportTextRenderer.exits(try ReportPageTests.report(.sampleWeek), paint: paint)
        #expect(text.contains(paint.tint("●", .amber)) && text.contains(paint.tint("○", .green)))
    }

    /// The CIE76 distance of two `#RRGGBB` colours in CIELAB (D65).
    static func distance(_ first: String, _ second: String) throws -> Double {
        func lab(_ hex: String) throws -> (Double, Double, Double) {
            let value = try #require(UInt32(hex.dropFirst(), radix: 16))
            let channels = [Double((value >> 16) & 0xFF), Double((value >> 8) & 0xFF), Double(value & 0xFF)].map { channel -> Double in
                let c = channel / 255
                return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            }
            let (r, g, b) = (channels[0], channels[1], channels[2])
            let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
            let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
            let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
            func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116 }
            return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
        }
        let (l1, a1, b1) = try lab(first)
        let (l2, a2, b2) = try lab(second)
        return ((l1 - l2) * (l1 - l2) + (a1 - a2) * (a1 - a2) + (b1 - b2) * (b1 - b2)).squareRoot()
    }
}
