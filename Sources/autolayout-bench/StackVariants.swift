import AutoLayout

// `autolayout-bench stack-variants [N,N,…] [NAME]`: every distribution and alignment of a
// vertical stack, of labels or of horizontal rows of three labels, built and laid out at
// each N (arranged views), then its middle view hidden; prints
// `variant<TAB>N<TAB>build_s<TAB>hide_s` and, per variant, how much the build time grew at
// each doubling of N (about 2 when it is linear, 4 when it is quadratic). NAME runs only
// the variants whose name contains it. The growth is what it checks: the shape benchmark
// (`shapes`) times the fill stacks and the leading-aligned one beside Yoga.

/// One stack to build: the column's distribution and alignment, and whether its arranged
/// views are rows of three labels, aligned as the column is, rather than labels.
struct StackVariant {
    let name: String
    let distribution: StackView.Distribution
    let alignment: StackView.Alignment
    let rows: Bool

    /// Every distribution with fill alignment, then every alignment with fill distribution,
    /// first of labels, then of rows.
    static let all: [StackVariant] = [false, true].flatMap { rows in
        StackView.Distribution.allCases.map { StackVariant(name: "\(rows ? "rows" : "labels") \($0)", distribution: $0,
                                                            alignment: .fill, rows: rows) }
            + StackView.Alignment.allCases.dropFirst().map {
                StackVariant(name: "\(rows ? "rows" : "labels") aligned \($0)", distribution: .fill, alignment: $0, rows: rows)
            }
    }

    /// The root and the column of `count` arranged views, laid out.
    func build(_ count: Int) throws -> (root: LayoutView, column: StackView) {
        let root = LayoutView(frame: Rect(x: 0, y: 0, width: 375, height: 30 * Double(count)))
        let column = StackView()
        placeColumn(column, in: root)
        column.distribution = distribution
        column.alignment = alignment
        for k in 0..<count {
            if rows {
                let row = StackView(arrangedSubviews: [SizedView(width: 60, height: 20),
                                                       SizedView(width: 120, height: 20 + Double(k % 3)),
                                                       SizedView(width: 40, height: 20)])
                row.spacing = 8
                // (Leading is top in a row, trailing bottom.)
                row.alignment = alignment
                column.addArrangedSubview(row)
            } else {
                column.addArrangedSubview(SizedView(width: 100 + Double(k % 7), height: 20 + Double(k % 5)))
            }
        }
        // A distribution that spreads the views needs the column's height fixed.
        let spreads = distribution != .fill && distribution != .fillEqually
        try LayoutConstraint.activate(columnPins(column, in: root, bottom: spreads))
        root.layoutIfNeeded()
        return (root, column)
    }
}

/// Runs the variants; returns the exit status (64 for a wrong command line).
func runStackVariants(_ arguments: [String]) -> Int32 {
    var sizes = [100, 200, 400]
    var rest = arguments[...]
    if let first = rest.first, first.first?.isNumber == true {
        let parts = first.split(separator: ",")
        let parsed = parts.compactMap { Int($0) }
        guard parsed.count == parts.count, parsed.allSatisfy({ $0 >= 3 }) else {
            print("usage: autolayout-bench stack-variants [N,N,… (each at least 3)] [NAME]")
            return 64
        }
        sizes = parsed
        rest = rest.dropFirst()
    }
    let filter = rest.first
    for variant in StackVariant.all where filter.map({ variant.name.contains($0) }) ?? true {
        var builds: [Double] = []
        for n in sizes {
            var made: (root: LayoutView, column: StackView)?
            let build: Double
            do {
                build = try timed { made = try variant.build(n) }
            } catch {
                print("\(variant.name)\t\(n)\terror\t\(error)")
                return 2
            }
            guard let (root, column) = made else { return 2 }
            let middle = column.arrangedSubviews[n / 2]
            let hide = timed {
                middle.isHidden = true
                root.layoutIfNeeded()
            }
            print("\(variant.name)\t\(n)\tbuild_s\t\(build)\thide_s\t\(hide)")
            builds.append(build)
        }
        let growth = zip(builds, builds.dropFirst()).map { "\(Double(Int(($1 / $0) * 10)) / 10)" }
        print("\(variant.name)\tgrowth\t\(growth.joined(separator: " "))")
    }
    return 0
}
