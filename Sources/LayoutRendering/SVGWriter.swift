import AutoLayout

/// Builds SVG text element by element, escaping text and attributes.
struct SVGWriter {
    private var lines: [String]
    private var depth = 1
    /// The picture's size.
    let width: Double, height: Double

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
        lines = ["<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(number(width))\" height=\"\(number(height))\" "
                 + "viewBox=\"0 0 \(number(width)) \(number(height))\" font-family=\"DejaVu Sans, Verdana, sans-serif\">",
                 "  <rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>"]
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }

    mutating func element(_ name: String, _ attributes: [(String, String)], text: String? = nil) {
        let attrs = attributes.map { " \($0.0)=\"\(Self.escape($0.1))\"" }.joined()
        let indent = String(repeating: "  ", count: depth)
        if let text {
            lines.append("\(indent)<\(name)\(attrs)>\(Self.escape(text))</\(name)>")
        } else {
            lines.append("\(indent)<\(name)\(attrs)/>")
        }
    }

    mutating func open(_ name: String, _ attributes: [String: String]) {
        let attrs = attributes.sorted { $0.key < $1.key }.map { " \($0.key)=\"\(Self.escape($0.value))\"" }.joined()
        lines.append(String(repeating: "  ", count: depth) + "<\(name)\(attrs)>")
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        lines.append(String(repeating: "  ", count: depth) + "</\(name)>")
    }

    mutating func rect(_ r: Rect, fill: String, stroke: String, width: Double, dash: String? = nil, radius: Double = 0) {
        var attributes = [("x", number(r.minX)), ("y", number(r.minY)), ("width", number(max(0, r.width))),
                          ("height", number(max(0, r.height))), ("fill", fill), ("stroke", stroke),
                          ("stroke-width", number(width))]
        if radius > 0 { attributes.append(("rx", number(radius))) }
        if let dash { attributes.append(("stroke-dasharray", dash)) }
        element("rect", attributes)
    }

    mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String, width: Double,
                       dash: String? = nil) {
        var attributes = [("x1", number(x1)), ("y1", number(y1)), ("x2", number(x2)), ("y2", number(y2)),
                          ("stroke", stroke), ("stroke-width", number(width))]
        if let dash { attributes.append(("stroke-dasharray", dash)) }
        element("line", attributes)
    }

    mutating func text(_ text: String, x: Double, y: Double, size: Double, fill: String, weight: String? = nil,
                       anchor: String? = nil) {
        var attributes = [("x", number(x)), ("y", number(y)), ("font-size", number(size)), ("fill", fill)]
        if let weight { attributes.append(("font-weight", weight)) }
        if let anchor { attributes.append(("text-anchor", anchor)) }
        element("text", attributes, text: text)
    }

    /// Draws another picture (not finished) with its top left corner at `x`, `y`.
    mutating func nest(_ picture: SVGWriter, x: Double, y: Double) {
        let indent = String(repeating: "  ", count: depth)
        lines.append(indent + "<svg x=\"\(number(x))\" y=\"\(number(y))\" width=\"\(number(picture.width))\" "
                     + "height=\"\(number(picture.height))\" viewBox=\"0 0 \(number(picture.width)) \(number(picture.height))\">")
        lines += picture.lines.dropFirst().map { indent + $0 }
        lines.append(indent + "</svg>")
    }

    mutating func finish() -> String {
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }
}
