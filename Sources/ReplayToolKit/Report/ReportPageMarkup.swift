/// The markup pieces the report page is made of. Everything the page writes is also
/// well-formed XML: every element closed (`<br />`), every attribute quoted, only the five
/// XML entities, so a test can check the page with an XML parser.
enum ReportPageMarkup {
    /// `text` safe as element content or as a quoted attribute value: `&`, `<`, `>`, `"`
    /// and `'` become entities, and control characters (which neither HTML nor XML allow,
    /// even as references) become U+FFFD; tab, line feed and carriage return are kept.
    static func escape(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xFFFE || value == 0xFFFF {
                    result.unicodeScalars.append("\u{FFFD}")
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// The opening of an inline chart: `<svg>` with a view box, `role="img"`, and a
    /// `<title>` and `<desc>` it is labelled and described by (their ids are `id-title` and
    /// `id-desc`); a chart mirrored for a right-to-left language (`SVGDirection`) also says
    /// `direction="rtl"`. Close it with `</svg>`.
    static func openChart(id: String, className: String, width: Double, height: Double, title: String, description: String, rightToLeft: Bool = false) -> String {
        let w = SVGNumber.format(width)
        let h = SVGNumber.format(height)
        return "<svg id=\"\(escape(id))\" class=\"chart \(escape(className))\" viewBox=\"0 0 \(w) \(h)\" width=\"\(w)\" height=\"\(h)\""
            + (rightToLeft ? " direction=\"rtl\"" : "")
            + " role=\"img\" aria-labelledby=\"\(escape(id))-title\" aria-describedby=\"\(escape(id))-desc\">"
            + "<title id=\"\(escape(id))-title\">\(escape(title))</title>"
            + "<desc id=\"\(escape(id))-desc\">\(escape(description))</desc>"
    }

    /// A rectangle; `rx` rounds its corners (kept within half its size).
    static func rect(x: Double, y: Double, width: Double, height: Double, rx: Double = 0, className: String) -> String {
        let width = max(SVGNumber.clamp(width, 0, 1e6), 0)
        let height = max(SVGNumber.clamp(height, 0, 1e6), 0)
        let radius = min(max(rx, 0), width / 2, height / 2)
        var text = "<rect class=\"\(className)\" x=\"\(SVGNumber.format(x))\" y=\"\(SVGNumber.format(y))\" width=\"\(SVGNumber.format(width))\" height=\"\(SVGNumber.format(height))\""
        if radius > 0 { text += " rx=\"\(SVGNumber.format(radius))\"" }
        return text + " />"
    }

    /// A straight line.
    static func line(x1: Double, y1: Double, x2: Double, y2: Double, className: String) -> String {
        "<line class=\"\(className)\" x1=\"\(SVGNumber.format(x1))\" y1=\"\(SVGNumber.format(y1))\" x2=\"\(SVGNumber.format(x2))\" y2=\"\(SVGNumber.format(y2))\" />"
    }

    /// A circle.
    static func circle(cx: Double, cy: Double, r: Double, className: String, extra: String = "") -> String {
        "<circle class=\"\(className)\" cx=\"\(SVGNumber.format(cx))\" cy=\"\(SVGNumber.format(cy))\" r=\"\(SVGNumber.format(max(r, 0)))\"" + (extra.isEmpty ? "" : " " + extra) + " />"
    }

    /// A path through `runs`, each run a polyline of points (`M` then `L`s); nothing when
    /// every run is empty. Runs of one point draw nothing visible, so callers mark points too.
    static func polyline(_ runs: [[(x: Double, y: Double)]], className: String) -> String {
        var commands: [String] = []
        for run in runs where !run.isEmpty {
            for (index, point) in run.enumerated() {
                commands.append((index == 0 ? "M" : "L") + SVGNumber.format(point.x) + " " + SVGNumber.format(point.y))
            }
        }
        guard !commands.isEmpty else { return "" }
        return "<path class=\"\(className)\" d=\"\(commands.joined(separator: " "))\" />"
    }

    /// A text label; `anchor` is `start`, `middle` or `end`.
    static func text(_ content: String, x: Double, y: Double, anchor: String = "start", className: String) -> String {
        "<text class=\"\(className)\" x=\"\(SVGNumber.format(x))\" y=\"\(SVGNumber.format(y))\" text-anchor=\"\(anchor)\">\(escape(content))</text>"
    }
}
