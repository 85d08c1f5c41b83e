import AutoLayout

/// `stacks`: a vertical stack of rows, each a horizontal stack of three labels, about N
/// views (N / 4 rows). Root 375 × 667; the column 16 from the sides and 8 from the top,
/// spacing 4; each row spacing 8: a 60 × 20 label, a 120 × 20 label that takes the room left
/// (hugging 249), a 40 × 20 label. Row k is at (0, 24k, W − 32, 20) in the column; its
/// labels at x 0, 68 and W − 72.
final class StackShape: EngineShape {
    let root = LayoutView(frame: Rect(x: 0, y: 0, width: 375, height: 667))
    let column = StackView()
    private(set) var views: [LayoutView] = []
    private(set) var rows: [StackView] = []
    private let rowCount: Int
    let operations = ["resize", "hide", "append"]

    init(count: Int) {
        rowCount = max(3, count / 4)
    }

    func build() throws {
        placeColumn(column, in: root)
        views.append(column)
        rows.reserveCapacity(rowCount)
        for _ in 0..<rowCount {
            let row = Self.makeRow()
            column.addArrangedSubview(row)
            rows.append(row)
            views.append(row)
            views.append(contentsOf: row.arrangedSubviews)
        }
        try LayoutConstraint.activate(columnPins(column, in: root))
    }

    /// A row: a horizontal stack, spacing 8, of a 60 × 20 label, a 120 × 20 label that
    /// takes the room left (hugging 249) and a 40 × 20 label.
    static func makeRow() -> StackView {
        let labels = [SizedView(width: 60, height: 20), SizedView(width: 120, height: 20), SizedView(width: 40, height: 20)]
        labels[1].setContentHuggingPriority(249, for: .horizontal)
        let row = StackView(arrangedSubviews: labels)
        row.spacing = 8
        return row
    }

    /// Checks the first, middle and last rows and the labels of the middle one; with
    /// `hidden`, the middle row is collapsed and the rows after it are one row up.
    func checkFrames(_ log: ShapeLog, _ context: String, hidden: Bool = false) {
        let width = root.frame.width - 32, middle = rowCount / 2
        for k in [0, middle - 1, middle + 1, rowCount - 1] {
            let y = 24 * Double(k) - (hidden && k > middle ? 24 : 0)
            log.checkFrame(rows[k].frame, Rect(x: 0, y: y, width: width, height: 20), "\(context): row \(k)")
        }
        if hidden {
            log.checkFrame(rows[middle].frame, Rect(x: 0, y: 24 * Double(middle), width: width, height: 0),
                           "\(context): hidden row")
        } else {
            let labels = rows[middle].arrangedSubviews
            log.checkFrame(labels[1].frame, Rect(x: 68, y: 0, width: width - 116, height: 20), "\(context): middle label")
            log.checkFrame(labels[2].frame, Rect(x: width - 40, y: 0, width: 40, height: 20), "\(context): last label")
        }
    }

    func checkBuilt(_ log: ShapeLog) { checkFrames(log, "built") }

    func run(_ operation: String, _ timer: OperationTimer) throws {
        switch operation {
        case "resize":
            measureResize(timer, width: 375, height: 667) { checkFrames($0, "resize") }
        case "hide":
            let row = rows[rowCount / 2]
            timer.measurePair("hide", "show", change: { row.isHidden = true },
                              check: { checkFrames(timer.log, "hide", hidden: true) },
                              undo: { row.isHidden = false }, checkUndone: { checkFrames(timer.log, "show") })
        case "append":
            // A row added after the last one, and removed again (which takes it out of the
            // arrangement, as in UIKit).
            var added: StackView?
            timer.measurePair("append", "remove", change: {
                let row = Self.makeRow()
                column.addArrangedSubview(row)
                added = row
            }, check: {
                let width = root.frame.width - 32
                timer.log.checkFrame(added?.frame ?? .zero, Rect(x: 0, y: 24 * Double(rowCount), width: width, height: 20),
                                     "append: new row")
                checkFrames(timer.log, "append")
            }, undo: {
                added?.removeFromSuperview()
            }, checkUndone: {
                timer.log.check(column.arrangedSubviews.count == rowCount, "remove: \(column.arrangedSubviews.count) rows")
                checkFrames(timer.log, "remove")
            })
        default:
            break
        }
    }
}

/// Makes `column` a vertical stack with spacing 4, placed by constraints (see
/// ``columnPins(_:in:bottom:)``), in `root`: the column of the stack shapes.
func placeColumn(_ column: StackView, in root: LayoutView) {
    column.translatesAutoresizingMaskIntoConstraints = false
    column.axis = .vertical
    column.spacing = 4
    root.addSubview(column)
}

/// The constraints that hold a column 16 inside the root's sides and 8 below its top (and,
/// with `bottom`, 8 above its bottom); activated once its views are in, as a user would.
func columnPins(_ column: StackView, in root: LayoutView, bottom: Bool = false) -> [LayoutConstraint] {
    [column.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
     column.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
     column.topAnchor.constraint(equalTo: root.topAnchor, constant: 8)]
        + (bottom ? [column.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -8)] : [])
}
