import AutoLayout

/// `row`: N siblings in one visual format, `H:|[v0][v1]…[vN-1]|`, written as a single string
/// with a views dictionary (as a user would), each view with an intrinsic size of 4 × 20 and
/// top == root.top, in a root 4N wide. View k's frame is (4k, 0, 4, 20).
final class RowShape: EngineShape {
    let root: LayoutView
    private(set) var views: [LayoutView] = []
    /// The constraints the format made (the constant operation changes the middle view's
    /// leading one).
    private(set) var format: [LayoutConstraint] = []
    private let count: Int
    let operations = ["resize", "constant"]
    /// How long parsing the format took, within the build.
    private var formatSeconds = 0.0
    var buildDetails: [(String, Double)] { [("vfl_s", formatSeconds)] }

    init(count: Int) {
        precondition(count >= 3, "a row needs at least 3 views")
        self.count = count
        root = LayoutView(frame: Rect(x: 0, y: 0, width: 4 * Double(count), height: 667))
    }

    func build() throws {
        var named: [String: LayoutView] = [:]
        var text = "H:|"
        for k in 0..<count {
            let view = SizedView(width: 4, height: 20)
            root.addSubview(view)
            views.append(view)
            named["v\(k)"] = view
            text += "[v\(k)]"
        }
        text += "|"
        formatSeconds = try timed { format = try LayoutConstraint.constraints(withVisualFormat: text, views: named) }
        try LayoutConstraint.activate(format)
        try LayoutConstraint.activate(views.map { $0.topAnchor.constraint(equalTo: root.topAnchor) })
    }

    func checkBuilt(_ log: ShapeLog) {
        for k in [0, count / 2, count - 1] {
            log.checkFrame(views[k].frame, Rect(x: 4 * Double(k), y: 0, width: 4, height: 20), "built: view \(k)")
        }
    }

    /// Checks the whole row after a change that leaves the split of the width to the
    /// engine: it starts at 0 and ends at the root's width, every view 20 high at the top
    /// and at least `minimumWidth` wide, each starting where the previous one ends (plus
    /// `gap` before the middle view).
    func checkCovering(_ log: ShapeLog, _ context: String, gap: Double = 0, minimumWidth: Double = -.infinity) {
        log.checkValue(views[0].frame.minX, 0, "\(context): first view's x")
        log.checkValue(views[count - 1].frame.maxX, root.frame.width, "\(context): last view's right edge")
        var problems = 0
        for k in 0..<count {
            let frame = views[k].frame
            let start = k == 0 ? 0 : views[k - 1].frame.maxX + (k == count / 2 ? gap : 0)
            if abs(frame.minX - start) > 1e-4 || frame.minY != 0 || frame.height != 20 || frame.width < minimumWidth - 1e-4 {
                if problems == 0 { log.check(false, "\(context): view \(k) at \(frame), expected x \(start)") }
                problems += 1
            }
        }
        log.check(problems <= 1, "\(context): \(problems) views out of place")
    }

    /// The format's constraint between the middle view and the one before it, and the sign
    /// its constant takes for a gap (the format may write it either way round).
    private func middleSpacing() -> (LayoutConstraint, Double)? {
        let middle = views[count / 2], previous = views[count / 2 - 1]
        for constraint in format {
            if constraint.firstItem === middle && constraint.secondItem === previous { return (constraint, 1) }
            if constraint.firstItem === previous && constraint.secondItem === middle { return (constraint, -1) }
        }
        return nil
    }

    func run(_ operation: String, _ timer: OperationTimer) throws {
        let width = 4 * Double(count)
        switch operation {
        case "resize":
            measureResize(timer, width: width, height: 667) { checkCovering($0, "resize", minimumWidth: 4) }
        case "constant":
            guard let (spacing, sign) = middleSpacing() else {
                timer.log.check(false, "no format constraint between the middle view and the one before it")
                return
            }
            let original = spacing.constant
            // A gap in a row exactly as wide as its views: compression resistance gives way.
            // Every split of the shortfall costs the same, and nothing keeps a width
            // positive, so any view may take all of it (even below zero).
            timer.measure("constant", change: { step in
                spacing.constant = sign * (step % 2 == 0 ? 12 : 8)
            }, check: { step in checkCovering(timer.log, "constant", gap: step % 2 == 0 ? 12 : 8) })
            spacing.constant = original
            root.layoutIfNeeded()
        default:
            break
        }
    }
}
