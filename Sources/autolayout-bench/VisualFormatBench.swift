import AutoLayout
import SeededRandom

/// Parse + build of `count` visual formats of realistic length (the kinds of line a screen
/// is written with: bars, standard and explicit spacing, size predicates with relations,
/// priorities and metrics, equal sizes, alignment options), over views in one superview.
/// Returns the median time for all of them, the mean format length and constraints made.
func visualFormatBenchmark(count: Int, reps: Int) throws -> (median: Double, length: Double, constraints: Int) {
    let root = LayoutView(identifier: "root", frame: Rect(x: 0, y: 0, width: 375, height: 667))
    let names = ["photo", "name", "score", "stepper", "title", "body", "cancel", "accept"]
    var views: [String: LayoutView] = [:]
    for name in names {
        let view = LayoutView(identifier: name)
        root.addSubview(view)
        views[name] = view
    }
    let metrics: [String: Double] = ["inset": 20, "gap": 12, "minWidth": 95, "high": 750]
    var random = SplitMix64(seed: 2026)
    func pick(_ choices: [String]) -> String { choices.randomElement(using: &random)! }
    var formats: [(String, LayoutConstraint.FormatOptions)] = []
    for _ in 0..<count {
        let vertical = Bool.random(using: &random)
        var format = vertical ? "V:" : "H:"
        if Bool.random(using: &random) { format += "|" + pick(["-", "-inset-", "-(>=8)-", ""]) }
        let used = names.shuffled(using: &random).prefix(Int.random(in: 2...4, using: &random))
        for (k, name) in used.enumerated() {
            if k > 0 { format += pick(["-", "-gap-", "-(>=8@high)-", "-(8,<=20)-", ""]) }
            format += "[" + name + pick(["", "(>=minWidth)", "(44)", "(>=40,<=200@750)", "(==\(used.first!))"]) + "]"
        }
        if Bool.random(using: &random) { format += pick(["-", "-inset-", "-(>=8)-", ""]) + "|" }
        formats.append((format, vertical ? .alignAllCenterX : .alignAllCenterY))
    }
    let clock = ContinuousClock()
    var times: [Double] = []
    var made = 0
    for _ in 0..<reps {
        made = 0
        var failure: (any Error)?
        let elapsed = clock.measure {
            for (format, options) in formats {
                do {
                    made += try LayoutConstraint.constraints(withVisualFormat: format, options: options, metrics: metrics,
                                                             views: views).count
                } catch {
                    failure = error
                }
            }
        }
        if let failure { throw failure }
        times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }
    let length = Double(formats.reduce(0) { $0 + $1.0.count }) / Double(count)
    return (times.sorted()[times.count / 2], length, made)
}
