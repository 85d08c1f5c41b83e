import Cassowary
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Release-mode benchmark of the Cassowary solver. Prints a table of medians, one row per
// scenario and size, each after a check that the result is right. With `--tsv` it prints
// `scenario<TAB>N<TAB>median seconds<TAB>repetitions` lines instead, which
// `Benchmarks/compare.py` reads to put kiwisolver's numbers beside ours.

let clock = ContinuousClock()

func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
}

func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func measure(_ repetitions: Int, _ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<repetitions { times.append(seconds(try clock.measure(body))) }
    return median(times)
}

func report(_ scenario: String, _ n: Int, _ value: Double, _ repetitions: Int) {
    if tsv {
        print("\(scenario)\t\(n)\t\(value)\t\(repetitions)")
        return
    }
    let shown = value >= 1 ? "\(rounded(value)) s" : value >= 1e-3 ? "\(rounded(value * 1e3)) ms" : "\(rounded(value * 1e6)) µs"
    func pad(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
    print(scenario + String(repeating: " ", count: max(0, 20 - scenario.count)) + pad("\(n)", 7) + pad(shown, 14)
          + pad("\(repetitions)", 6))
}

func rounded(_ value: Double) -> String {
    let digits = value >= 100 ? 0 : value >= 10 ? 1 : 2
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let text = String((value * scale).rounded() / scale)
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
}

func check(_ condition: Bool, _ message: String) {
    if !condition {
        print("CHECK FAILED: \(message)")
        exitCode = 1
    }
}
nonisolated(unsafe) var exitCode: Int32 = 0

var arguments = CommandLine.arguments.dropFirst()
let tsv = arguments.contains("--tsv")
arguments.removeAll { $0 == "--tsv" }
if arguments.first == "profile" {
    // A fixed workload for instruction-count profiling (valgrind --tool=callgrind).
    try profile(arguments.dropFirst().first ?? "resize")
    exit(0)
}
let sizes = arguments.isEmpty ? [100, 1_000, 10_000] : arguments.compactMap { Int($0) }
if !tsv { print("scenario" + String(repeating: " ", count: 12) + "      N        median  reps") }

do {
    for n in sizes {
        let reps = n >= 10_000 ? 3 : 7
        // Constraints are built before the clock starts; only solver work is timed.
        let chainCase = Chain(n)
        report("chain", n, try measure(reps) {
            _ = try chainCase.solve()
            check(chainCase.xs[n - 1].value == Double(10 * (n - 1)), "chain end at \(chainCase.xs[n - 1].value)")
        }, reps)
        report("chain.singleBatches", n, try measure(reps) {
            _ = try chainCase.solve(singleBatches: true)
            check(chainCase.xs[n - 1].value == Double(10 * (n - 1)), "chain end at \(chainCase.xs[n - 1].value)")
        }, reps)
        for requiredFirst in [false, true] {
            var times: [Double] = []
            for _ in 0..<reps {
                let grid = Grid(n)
                times.append(seconds(try clock.measure { try grid.build(requiredFirst: requiredFirst) }))
                check(abs(grid.viewWidth[n - 1].value - 88.8) < 1e-6, "grid width \(grid.viewWidth[n - 1].value)")
                check(abs(grid.top[n - 1].value - Double(20 + (n / 10 - 1) * 52)) < 1e-6, "grid top")
            }
            report(requiredFirst ? "grid.requiredFirst" : "grid.viewOrder", n, median(times), reps)
        }
        var batchTimes: [Double] = []
        for _ in 0..<reps {
            let grid = Grid(n)
            batchTimes.append(seconds(try clock.measure { try grid.buildBatch() }))
            check(abs(grid.viewWidth[n - 1].value - 88.8) < 1e-6, "batch width \(grid.viewWidth[n - 1].value)")
            check(abs(grid.top[n - 1].value - Double(20 + (n / 10 - 1) * 52)) < 1e-6, "batch top")
        }
        report("grid.batch", n, median(batchTimes), reps)
        let cells = Cells(n / 10)
        for batch in [false, true] {
            report(batch ? "cells.batch" : "cells", n / 10, try measure(reps) {
                _ = try cells.solve(batch: batch)
                check(cells.stepperLeft[n / 10 - 1].value == 273, "cells stepper at \(cells.stepperLeft[n / 10 - 1].value)")
            }, reps)
        }

        let grid = Grid(n)
        try grid.build(requiredFirst: false)
        for crossing in [false, true] {
            var times: [Double] = []
            for k in 0..<300 {
                let target = crossing ? (k % 2 == 0 ? 700.0 : 1100.0) : 1000.0 + Double((k * 37) % 300)
                times.append(seconds(try clock.measure {
                    try grid.solver.suggestValue(grid.width, target)
                    grid.solver.updateVariables()
                }))
                check(abs(grid.viewWidth[n - 1].value - (target - 112) / 10) < 1e-6, "resize width")
            }
            report(crossing ? "resize.crossing" : "resize.nonCrossing", n, median(times), 300)
        }
        try grid.solver.suggestValue(grid.width, 1000)

        let churnable = grid.churnable
        var cycles: [Double] = []
        for cycle in 0..<9 {
            let chosen = sample(churnable.count / 10, of: churnable.count, seed: UInt64(cycle + 1)).map { churnable[$0] }
            cycles.append(seconds(try clock.measure {
                for c in chosen { try grid.solver.removeConstraint(c) }
                for c in chosen { try grid.solver.addConstraint(c) }
                grid.solver.updateVariables()
            }))
            check(abs(grid.viewWidth[n - 1].value - 88.8) < 1e-6, "churn width \(grid.viewWidth[n - 1].value)")
        }
        report("churn", n, median(cycles), 9)
    }
} catch {
    print("ERROR: \(error)")
    exitCode = 2
}
exit(exitCode)
