import AutoLayout
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Release-mode benchmark of the AutoLayout engine: a table of N score cells, each
// `H:|-[photo]-[name(>=95)]-[score(>=40)]-(>=8)-[stepper]-|` (written with anchors), the
// photo square and pinned to the margins vertically, the score centred at priority 750,
// everything centred vertically. Cells are placed by frame with a flexible width, as a
// table places them. Prints medians: build + first layout, a rotation (375 → 667 wide and
// back, per width change), and a constant change in one cell followed by layout.

final class Control: LayoutView {
    let size: Size
    init(_ name: String, _ width: Double, _ height: Double, hugging: LayoutPriority = .defaultLow) {
        size = Size(width: width, height: height)
        super.init(frame: .zero)
        identifier = name
        translatesAutoresizingMaskIntoConstraints = false
        setContentHuggingPriority(hugging, for: .horizontal)
    }
    override var intrinsicContentSize: Size { size }
}

struct Table {
    let root = LayoutView(identifier: "table", frame: Rect(x: 0, y: 0, width: 375, height: 667))
    var spacings: [LayoutConstraint] = []
    var names: [LayoutView] = []

    /// `wrappingNames`: each name a `WrappingName` of 24 characters (two lines in portrait,
    /// one in landscape) instead of a fixed 97 × 30.
    init(cells: Int, wrappingNames: Bool = false) throws {
        for i in 0..<cells {
            let cell = LayoutView(identifier: "cell\(i)", frame: Rect(x: 0, y: Double(i) * 60, width: 375, height: 60))
            cell.autoresizingMask = .flexibleWidth
            root.addSubview(cell)
            let photo = Control("photo", 44, 44)
            let name: LayoutView = wrappingNames ? WrappingName(characters: 24) : Control("name", 97, 30)
            let score = Control("score", 40, 30), stepper = Control("stepper", 94, 29, hugging: 750)
            for v in [photo, name, score, stepper] { cell.addSubview(v) }
            let margins = cell.layoutMarginsGuide
            let centring = score.centerXAnchor.constraint(equalTo: cell.centerXAnchor)
            centring.priority = 750
            let spacing = name.leadingAnchor.constraint(equalTo: photo.trailingAnchor, constant: 8)
            try LayoutConstraint.activate([
                photo.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
                spacing,
                name.widthAnchor.constraint(greaterThanOrEqualToConstant: 95),
                score.leadingAnchor.constraint(equalTo: name.trailingAnchor, constant: 8),
                score.widthAnchor.constraint(greaterThanOrEqualToConstant: 40),
                stepper.leadingAnchor.constraint(greaterThanOrEqualTo: score.trailingAnchor, constant: 8),
                stepper.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
                centring,
                photo.widthAnchor.constraint(equalTo: photo.heightAnchor),
                photo.topAnchor.constraint(equalTo: margins.topAnchor),
                photo.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
                name.centerYAnchor.constraint(equalTo: photo.centerYAnchor),
                score.centerYAnchor.constraint(equalTo: photo.centerYAnchor),
                stepper.centerYAnchor.constraint(equalTo: photo.centerYAnchor),
            ])
            spacings.append(spacing)
            names.append(name)
        }
    }
}

let clock = ContinuousClock()
func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18 }
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
func shown(_ value: Double) -> String {
    value >= 1 ? "\(Double(Int((value * 100).rounded())) / 100) s"
        : value >= 1e-3 ? "\(Double(Int((value * 1e5).rounded())) / 100) ms" : "\(Double(Int((value * 1e8).rounded())) / 100) µs"
}
nonisolated(unsafe) var failed = false
func check(_ ok: Bool, _ message: String) {
    if !ok {
        print("CHECK FAILED: \(message)")
        failed = true
    }
}

if CommandLine.arguments.dropFirst().first == "shapes" {
    // One shape of the shape benchmark per process (see Shapes.swift and Benchmarks/shapes.py).
    exit(runShapesCommand(Array(CommandLine.arguments.dropFirst(2))))
}
if CommandLine.arguments.dropFirst().first == "stack-variants" {
    // Every arrangement of a stack, for its growth (see StackVariants.swift).
    exit(runStackVariants(Array(CommandLine.arguments.dropFirst(2))))
}
if CommandLine.arguments.dropFirst().first == "profile" {
    // A fixed workload for instruction-count profiling: 1,000 cells (or the given count),
    // then 20 constant changes and 4 rotations, each followed by layout (`profile N build`
    // stops after the first layout; `profile N issues` scans the table for issues instead;
    // `profile N wrap` builds the table with names of two lines and stops after its layout).
    let cells = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 1000
    let wrapping = CommandLine.arguments.count > 3 && CommandLine.arguments[3] == "wrap"
    let t = try Table(cells: cells, wrappingNames: wrapping)
    t.root.layoutIfNeeded()
    if wrapping { exit(0) }  // `profile N wrap`: the table with two-line names, built and laid out
    if CommandLine.arguments.count > 3 && CommandLine.arguments[3] == "build" { exit(0) }
    if CommandLine.arguments.count > 3 && CommandLine.arguments[3] == "issues" {
        _ = t.root.layoutIssues()
        exit(0)
    }
    for k in 0..<20 {
        t.spacings[cells / 2].constant = k % 2 == 0 ? 12 : 8
        t.root.layoutIfNeeded()
    }
    for k in 0..<4 {
        t.root.frame = Rect(x: 0, y: 0, width: k % 2 == 0 ? 667 : 375, height: 667)
        t.root.layoutIfNeeded()
    }
    exit(0)
}
/// Builds and lays out a table of `n` cells `reps` times: the times, and the last table.
func measuredBuilds(_ n: Int, reps: Int, wrappingNames: Bool = false) throws -> ([Double], Table) {
    var builds: [Double] = [], table: Table?
    for _ in 0..<reps {
        var made: Table?
        builds.append(seconds(try clock.measure {
            made = try Table(cells: n, wrappingNames: wrappingNames)
            made!.root.layoutIfNeeded()
        }))
        table = made
    }
    return (builds, table!)
}

/// Turns the table to 667 points wide and back, `count` times: the time of each, after
/// `check` is given the width.
func measuredRotations(_ t: Table, count: Int, check: (Double) -> Void) -> [Double] {
    (0..<count).map { k in
        let width = k % 2 == 0 ? 667.0 : 375.0
        let time = seconds(clock.measure {
            t.root.frame = Rect(x: 0, y: 0, width: width, height: 667)
            t.root.layoutIfNeeded()
        })
        check(width)
        return time
    }
}

/// One line of the table printed: scenario, N, median, repetitions.
func printRow(_ name: String, _ n: Int, _ values: [Double]) {
    let label = name + String(repeating: " ", count: max(0, 16 - name.count))
    let count = "\(n)", time = shown(median(values)), repetitions = "\(values.count)"
    print(label + String(repeating: " ", count: max(0, 6 - count.count)) + count
          + String(repeating: " ", count: max(0, 14 - time.count)) + time
          + String(repeating: " ", count: max(0, 6 - repetitions.count)) + repetitions)
}

let sizes = CommandLine.arguments.dropFirst().compactMap { Int($0) }
print("scenario            N        median  reps")
for n in sizes.isEmpty ? [100, 1_000, 10_000] : sizes {
    let reps = n >= 10_000 ? 3 : 7
    let (builds, t) = try measuredBuilds(n, reps: reps)
    // Portrait: photo 44 (60 − 16), name at 8 + 44 + 8 = 60, up to the score centred at 187.5 − 20 − 8.
    check(t.names[0].frame.minX == 60 && t.names[n - 1].frame.width == 99.5, "portrait \(t.names[0].frame)")
    let rotations = measuredRotations(t, count: 10) { width in
        check(t.names[n - 1].frame.width == (width == 667 ? 245.5 : 99.5), "rotation \(t.names[n - 1].frame)")
    }
    var changes: [Double] = []
    for k in 0..<10 {
        let constant = k % 2 == 0 ? 12.0 : 8.0
        changes.append(seconds(clock.measure {
            t.spacings[n / 2].constant = constant
            t.root.layoutIfNeeded()
        }))
        check(t.names[n / 2].frame.minX == 52 + constant, "constant \(t.names[n / 2].frame)")
    }
    // The issue scan of the laid-out table (ambiguity decided exactly for every view).
    var scans: [Double] = []
    var issueCount = 0
    for _ in 0..<(n >= 10_000 ? 1 : 3) {
        scans.append(seconds(clock.measure { issueCount = t.root.layoutIssues().count }))
    }
    // Cells below the root's height lie outside it (the root is not a scrolling table).
    check(issueCount == n - 11, "the table has \(issueCount) issues, not \(n - 11) cells outside the root")
    for (name, values) in [("build+layout", builds), ("rotation", rotations), ("constant change", changes),
                           ("issue scan", scans)] {
        printRow(name, n, values)
    }
}
// The table with names of two lines: a second layout pass wraps them at their width.
for n in sizes.isEmpty ? [1_000, 10_000] : sizes {
    let (builds, t) = try measuredBuilds(n, reps: n >= 10_000 ? 3 : 7, wrappingNames: true)
    // Portrait: the name is 99.5 wide, 12 characters a line: two lines of 20.
    check(t.names[n - 1].frame.height == 40 && t.names[0].frame.width == 99.5, "two-line names \(t.names[n - 1].frame)")
    let rotations = measuredRotations(t, count: 4) { width in
        check(t.names[n - 1].frame.height == (width == 667 ? 20 : 40), "wrapping rotation \(t.names[n - 1].frame)")
    }
    printRow("2-line names", n, builds)
    printRow("2-line rotation", n, rotations)
}
// Parse + build of visual formats, per format.
let formatCount = sizes.isEmpty ? 10_000 : sizes.max()!
let vfl = try visualFormatBenchmark(count: formatCount, reps: 7)
check(vfl.constraints >= formatCount, "formats made \(vfl.constraints) constraints")
let vflTime = shown(vfl.median)
print("vfl parse+build" + String(repeating: " ", count: max(0, 7 - "\(formatCount)".count)) + "\(formatCount)"
      + String(repeating: " ", count: max(0, 14 - vflTime.count)) + vflTime + "     7")
print("  per format: \(shown(vfl.median / Double(formatCount))) (mean length \(Int(vfl.length.rounded())) characters, "
      + "\(Double(Int(Double(vfl.constraints) / Double(formatCount) * 10)) / 10) constraints)")
exit(failed ? 1 : 0)
