import AutoLayout

/// A hierarchy of views built through the AutoLayout API for `autolayout-bench shapes`: it
/// builds itself, checks its frames against values computed from its definition, and runs
/// the incremental operations it supports.
protocol EngineShape: AnyObject {
    /// The root view; its frame is the size the hierarchy is laid out in.
    var root: LayoutView { get }
    /// Every view but the root, in creation order (their frames are compared to count the
    /// views an operation moved).
    var views: [LayoutView] { get }
    /// The names of the incremental operations the shape supports, in the order they run.
    var operations: [String] { get }
    /// Creates the views and their constraints (the first part of the timed build; the
    /// first `layoutIfNeeded()` is the second).
    func build() throws
    /// Parts of `build()` the shape timed on its own, as (metric, seconds).
    var buildDetails: [(String, Double)] { get }
    /// Checks the frames of the shape's first, middle and last views after the build and
    /// the first layout.
    func checkBuilt(_ log: ShapeLog)
    /// Runs the named operation several times through `timer`, checking frames after each.
    func run(_ operation: String, _ timer: OperationTimer) throws
}

extension EngineShape {
    var buildDetails: [(String, Double)] { [] }

    /// Times `resize`: the root alternates between `width` and `width + 39` (375 ↔ 414 for
    /// a phone), `check` after each; the root is left at `width` and laid out.
    func measureResize(_ timer: OperationTimer, width: Double, height: Double, check: (ShapeLog) -> Void) {
        timer.measure("resize", change: { step in
            root.frame = Rect(x: 0, y: 0, width: step % 2 == 0 ? width + 39 : width, height: height)
        }, check: { _ in check(timer.log) })
        root.frame = Rect(x: 0, y: 0, width: width, height: height)
        root.layoutIfNeeded()
    }
}

/// Times incremental changes, each followed by `layoutIfNeeded()`, and counts the views
/// whose frame each one changed, so the time per affected view can be computed.
struct OperationTimer {
    /// Where the results go.
    let log: ShapeLog
    /// The hierarchy's root, laid out after every change.
    let root: LayoutView
    /// The views whose frames are compared.
    let views: [LayoutView]
    /// Repetitions per operation (fewer when they take longer than `budget` seconds in all).
    var repetitions = 5
    /// Seconds one operation may take over all its repetitions before it stops repeating.
    var budget = 5.0

    /// One change and the layout after it: its time in seconds and how many views moved or
    /// changed size. Frames are read before and after, outside the timed part.
    func sample(_ change: () throws -> Void) rethrows -> (seconds: Double, affected: Int) {
        let before = views.map(\.frame)
        let seconds = try timed {
            try change()
            root.layoutIfNeeded()
        }
        var affected = 0
        for (index, view) in views.enumerated() where view.frame != before[index] { affected += 1 }
        return (seconds, affected)
    }

    /// Prints `NAME_s` (median seconds), `NAME_affected` (median count) and `NAME_reps`.
    func report(_ name: String, _ samples: [(seconds: Double, affected: Int)]) {
        guard !samples.isEmpty else { return }
        log.value("\(name)_s", medianOf(samples.map(\.seconds)))
        log.value("\(name)_affected", Int(medianOf(samples.map { Double($0.affected) }).rounded()))
        log.value("\(name)_reps", samples.count)
    }

    /// Runs `change(step)` for steps 0, 1, 2… (each followed by layout and `check(step)`),
    /// then reports them as `name`.
    func measure(_ name: String, change: (Int) throws -> Void, check: (Int) -> Void) rethrows {
        var samples: [(seconds: Double, affected: Int)] = []
        var spent = 0.0
        for step in 0..<repetitions {
            let result = try sample { try change(step) }
            check(step)
            samples.append(result)
            spent += result.seconds
            if spent > budget { break }
        }
        report(name, samples)
    }

    /// Times a change and its undoing in turns (hiding and showing, say), each followed by
    /// layout and its check, and reports them as `name` and `undoName`.
    func measurePair(_ name: String, _ undoName: String, change: () throws -> Void, check: () -> Void,
                     undo: () throws -> Void, checkUndone: () -> Void) rethrows {
        var done: [(seconds: Double, affected: Int)] = [], undone: [(seconds: Double, affected: Int)] = []
        var spent = 0.0
        for _ in 0..<repetitions {
            let first = try sample(change)
            check()
            let second = try sample(undo)
            checkUndone()
            done.append(first)
            undone.append(second)
            spent += first.seconds + second.seconds
            if spent > budget { break }
        }
        report(name, done)
        report(undoName, undone)
    }
}

/// A view with a fixed intrinsic content size, as a label, an icon or a button has.
final class SizedView: LayoutView {
    /// The intrinsic content size.
    let size: Size

    init(width: Double, height: Double) {
        size = Size(width: width, height: height)
        super.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
    }

    override var intrinsicContentSize: Size { size }
}

/// A new view placed by constraints (`translatesAutoresizingMaskIntoConstraints = false`).
func constrainedView() -> LayoutView {
    let view = LayoutView()
    view.translatesAutoresizingMaskIntoConstraints = false
    return view
}
