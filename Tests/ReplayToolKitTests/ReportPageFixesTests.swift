import Foundation
import Localization
import Testing
import TestSupport
@testable import ReplayToolKit

/// What a new user saw on the page: the insights card touching the one above it, the debt
/// chart's label over its bars, the figures' caption cut off on a phone, and an Arabic page
/// mixing Arabic-Indic and Latin digits.
struct ReportPageFixesTests {
    @Test func theInsightsCardIsSpacedLikeEveryOtherCard() throws {
        let html = ReportPageRenderer.render(try ReportPageTests.report(.fortnight))
        let root = try PageOutline.parse(html)
        let insights = try #require(root.all("section").first { $0.attributes["aria-labelledby"] == "insights-heading" })
        let classes = insights.attributes["class"]?.split(separator: " ").map(String.init) ?? []
        #expect(classes.contains("insights-card"))
        let rule = try #require(ReportPageStyle.css.firstMatch(of: #/([^}\n]*)\{ margin-top: 16px; \}/#))
        #expect(rule.output.1.contains(".insights-card"), "the rule that spaces it: \(rule.output.0)")
        #expect(rule.output.1.contains(".figures-card"))
    }

    /// A table's caption is shown outside the frame that scrolls the table on a phone, so
    /// it wraps at the card's width; the table keeps it for screen readers.
    @Test(arguments: [ReportPageTests.Page.sampleWeek, .fortnight])
    func tableCaptionsAreNeverInsideTheScrollingFrame(_ page: ReportPageTests.Page) throws {
        let root = try PageOutline.parse(ReportPageRenderer.render(try ReportPageTests.report(page)))
        let tables = root.all("table").filter { $0.attributes["class"]?.hasPrefix("figures") == true }
        #expect(tables.count == 2)
        for table in tables {
            let caption = try #require(table.children.first { $0.name == "caption" })
            #expect(caption.attributes["class"] == "sr-only")
            let frame = try #require(table.parent)
            #expect(frame.attributes["class"] == "table-wrap")
            let card = try #require(frame.parent)
            let elements = card.children.filter { $0.name != "#text" }
            let index = try #require(elements.firstIndex { $0 === frame })
            let shown = elements[index - 1]
            #expect(shown.name == "p" && shown.attributes["class"] == "table-caption" && shown.attributes["aria-hidden"] == "true")
            #expect(shown.text == caption.text)
        }
    }

    /// The last night's label sits above every bar its width spans: on a log whose debt
    /// fell on the last night, the taller bar beside it no longer runs through the label.
    @Test(arguments: [false, true])
    func theDebtLabelIsAboveTheBarsItSpans(rightToLeft: Bool) throws {
        // A fortnight: bars narrower than the label, the one before the last taller.
        let values = [600.0, 720.0, 780.0, 700.0, 760.0, 640.0, 700.0, 650.0, 720.0, 760.0, 700.0, 680.0, 820.0, 690.0]
        let direction = SVGDirection(width: SVGDebtChart.width, rightToLeft: rightToLeft)
        let axis = SVGNightAxis(nights: (0..<values.count).map { .init(daysSince1970: 20_000 + $0) }, left: SVGDebtChart.left, right: SVGDebtChart.width - SVGDebtChart.right, direction: direction)
        let barWidth = min(axis.slot * 0.62, 34)
        let y = { (minutes: Double) in 200 - minutes / 5 }
        let label = "11h30"
        let place = SVGDebtChart.labelPlace(label, over: values.count - 1, values: values, axis: axis, direction: direction, barWidth: barWidth, y: y)
        let halfWidth = Double(label.count) * 12 * 0.62 / 2
        for (index, value) in values.enumerated() {
            let center = axis.center(index)
            let overlapsSideways = abs(center - place.x) < halfWidth + barWidth / 2
            if overlapsSideways { #expect(place.y < y(value), "bar \(index) at \(y(value)), label at \(place.y)") }
        }
        #expect(place.y == y(820) - 6, "above the taller neighbour, not only the last bar")
        let edges = [direction.x(SVGDebtChart.left), direction.x(SVGDebtChart.width - SVGDebtChart.right)]
        #expect(place.x - halfWidth >= edges.min()! && place.x + halfWidth <= edges.max()!, "inside the plot")
    }

    /// Every figure a person reads on an Arabic page is in Arabic-Indic digits: the cards,
    /// the table cells, the charts' labels and the ring, not only the sentences.
    @Test(arguments: [ReportPageTests.Page.sampleWeek, .fortnight, .hostileText])
    func anArabicPageWritesEveryFigureInItsDigits(_ page: ReportPageTests.Page) throws {
        var report = try ReportPageTests.report(page)
        report.renderer = MessageRenderer(locale: MessageLocale("ar"))
        let html = ReportPageRenderer.render(report)
        let root = try PageOutline.parse(html)
        var latin: [String] = []
        func walk(_ element: PageOutline) {
            if element.name == "style" { return }
            if element.name == "#text", element.text.contains(where: { $0.isASCII && $0.isNumber }) { latin.append(element.text) }
            element.children.forEach(walk)
        }
        walk(root)
        #expect(latin.isEmpty, "\(latin.prefix(10))")
        #expect(html.contains("٧h٢٦") || page != .sampleWeek, "a table's duration")
        // With Latin digits asked for, the same page keeps them.
        report.renderer = MessageRenderer(locale: MessageLocale("ar-u-nu-latn"))
        #expect(ReportPageRenderer.render(report).contains("7h26") || page != .sampleWeek)
    }

    @Test func theDigitsPassLeavesMarkupAndTheStyleSheetAlone() {
        let html = #"<style>.a { width: 12px; }</style><svg viewBox="0 0 640 220"><text x="12">7h26</text></svg><p id="n2">23:50 &#39;and&#39; 5</p>"#
        let arabic = ReportPageRenderer.textInLocalDigits(html, MessageLocale("ar"))
        #expect(arabic == #"<style>.a { width: 12px; }</style><svg viewBox="0 0 640 220"><text x="12">٧h٢٦</text></svg><p id="n2">٢٣:٥٠ &#39;and&#39; ٥</p>"#)
        #expect(ReportPageRenderer.textInLocalDigits(html, MessageLocale("de")) == html)
    }
}
