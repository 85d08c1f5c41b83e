import Cassowary

// The trace of a hierarchy, as UIKit's `_autolayoutTrace` prints it: one line per view,
// marked by how it is laid out, with the frame components the constraints leave open.

extension LayoutView {
    /// This view and every view below it, one line each, indented by depth with `|   `,
    /// and marked: `•` for the root (the engine's host), `*` for a view laid out by
    /// constraints, `+` for one placed by its frame (its autoresizing mask becomes
    /// constraints). A view whose frame the constraints do not determine gets
    /// `- AMBIGUOUS LAYOUT for` and each open component (`minX`, `minY`, `Width`, `Height`,
    /// as UIKit names them) with the range of values it can take, `{any}` when that is
    /// unbounded. Views are named by their identifier (see ``description``), so the trace
    /// of the same layout is the same text every time.
    public func autolayoutTrace() -> String {
        var lines: [String] = []
        var stack: [(view: LayoutView, depth: Int)] = [(self, 0)]
        engine.scanningFace {
            while let (view, depth) = stack.popLast() {
                lines.append(String(repeating: "|   ", count: depth) + view.traceLine())
                for subview in view.subviews.reversed() { stack.append((subview, depth + 1)) }
            }
        }
        return lines.joined(separator: "\n")
            + "\n\nLegend:\n\t• - the root, whose engine lays the hierarchy out\n\t* - laid out by constraints\n"
            + "\t+ - placed by its frame, through constraints made from its autoresizing mask\n"
    }

    /// The view's line of the trace, without its indentation.
    private func traceLine() -> String {
        let engine = self.engine
        let mark = self === engine.root ? "•" : translatesAutoresizingMaskIntoConstraints ? "+" : "*"
        let open = engine.openRanges(of: self)
        guard !open.isEmpty else { return mark + description }
        let parts = open.map { "\(description).\($0.name){\($0.range)}" }
        return mark + description + "- AMBIGUOUS LAYOUT for " + parts.joined(separator: ", ")
    }
}

extension LayoutEngine {
    /// The ambiguous components of a view's frame, with UIKit's names and the range each
    /// can take over the solutions that satisfy the constraints equally well.
    func openRanges(of view: LayoutView) -> [(name: String, range: String)] {
        let open = ambiguousComponents(of: view)
        guard !open.isEmpty else { return [] }
        guard let expressions = frameExpressions(of: view) else {
            return [("minX", "any"), ("minY", "any"), ("Width", "any"), ("Height", "any")]
        }
        let names: [(FrameComponents, String, Expression)] = [(.x, "minX", expressions.x), (.y, "minY", expressions.y),
                                                              (.width, "Width", expressions.width),
                                                              (.height, "Height", expressions.height)]
        return names.filter { open.contains($0.0) }.map { ($0.1, Self.describe(optimalRange(of: $0.2))) }
    }

    /// A range as `lower...upper`, `lower...`, `...upper` or `any`.
    static func describe(_ range: ClosedRange<Double>) -> String {
        switch (range.lowerBound.isFinite, range.upperBound.isFinite) {
        case (true, true): "\(format(range.lowerBound))...\(format(range.upperBound))"
        case (true, false): "\(format(range.lowerBound))..."
        case (false, true): "...\(format(range.upperBound))"
        case (false, false): "any"
        }
    }
}
