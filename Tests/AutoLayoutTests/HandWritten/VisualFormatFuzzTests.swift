import SeededRandom
import Testing
@testable import AutoLayout

/// Random and mutated format strings: each either parses or throws a ``VisualFormatError``
/// whose caret is inside the string; nothing crashes. What parses can be activated, and
/// its descriptions read back.
@Suite struct VisualFormatFuzzTests {
    static let pieces = ["H:", "V:", "|", "-", "[", "]", "(", ")", ",", "@", "==", ">=", "<=", "=", "<", ">", "!",
                         "a", "b", "c", "m", "p", "zz", "loner", "0", "8", "20", "-22", "1.5", ".5", "1000", "1001",
                         "99999999999999999999999999999999999999", " ", ":", "é", "😀", "\t", "_", "1a", "\\", "'"]
    static let seeds = ["H:|-[a]-[b(>=95)]-(>=8@750)-[c]-|", "V:|-20-[a(==b)]-(m)-[b]|", "[a(>=70,<=100@p)]-(-22)-[b]",
                        "|[a][b(a)]-0-[c]|", "V:[a]-(>=8,<=20)-[b(44@250)]"]

    let root = LayoutView(identifier: "root", frame: Rect(x: 0, y: 0, width: 320, height: 480))
    let views: [String: LayoutView]
    let metrics: [String: Double] = ["m": 12, "p": 750]

    init() {
        var views: [String: LayoutView] = ["loner": LayoutView(identifier: "loner")]
        for name in ["a", "b", "c"] {
            let view = LayoutView(identifier: name)
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
            views[name] = view
        }
        self.views = views
    }

    /// Parses one string; returns whether it parsed.
    func check(_ format: String, options: LayoutConstraint.FormatOptions = []) -> Bool {
        do {
            let made = try LayoutConstraint.constraints(withVisualFormat: format, options: options, metrics: metrics,
                                                        views: views)
            do {
                try LayoutConstraint.activate(made)
            } catch {
                Issue.record("\(format): made constraints that cannot be activated: \(error)")
            }
            expectDescriptionsRoundTrip(made, items: itemsByIdentifier(root))
            LayoutConstraint.deactivate(made)
            return true
        } catch {
            #expect(error.position >= 0 && error.position <= format.count, "\(format): caret at \(error.position)")
            #expect(error.description.hasPrefix(error.isAboutWholeFormat ? "Unable to parse constraint format: "
                                                                          : "Unable to parse constraint format: \n"))
            return false
        }
    }

    @Test("5,000 random strings of VFL pieces")
    func randomStrings() {
        var random = SplitMix64(seed: 4)
        for _ in 0..<5_000 {
            let count = Int.random(in: 1...12, using: &random)
            let format = (0..<count).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
            let options = LayoutConstraint.FormatOptions(rawValue: [0, 0, 1 << 3, 1 << 5, 1 << 16, 2 << 16, 1 << 19]
                .randomElement(using: &random)!)
            _ = check(format, options: options)
        }
    }

    /// A random valid format: optional axis and bars, one to four views with predicates,
    /// connections of every kind.
    static func generate(_ random: inout SplitMix64) -> String {
        func pick(_ choices: [String]) -> String { choices.randomElement(using: &random)! }
        func predicate(_ objects: [String]) -> String {
            pick(["", "==", ">=", "<="]) + pick(objects) + pick(["", "", "@750", "@p", "@1", "@999.5"])
        }
        func connection() -> String {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: return pick(["", "-"])
            case 1: return "-" + pick(["0", "8", "20", "1.5", "m"]) + "-"
            default:
                let count = Int.random(in: 1...2, using: &random)
                return "-(" + (0..<count).map { _ in predicate(["8", "-22", "m", "0"]) }.joined(separator: ",") + ")-"
            }
        }
        var format = pick(["", "H:", "V:"])
        if Bool.random(using: &random) { format += "|" + connection() }
        let count = Int.random(in: 1...4, using: &random)
        for k in 0..<count {
            if k > 0 { format += connection() }
            format += "[" + pick(["a", "b", "c"])
            if Bool.random(using: &random) {
                let predicates = Int.random(in: 1...2, using: &random)
                format += "(" + (0..<predicates).map { _ in predicate(["44", "m", "a", "b", "60.25"]) }
                    .joined(separator: ",") + ")"
            }
            format += "]"
        }
        if Bool.random(using: &random) { format += connection() + "|" }
        return format
    }

    @Test("5,000 formats from the grammar all parse")
    func grammar() {
        var random = SplitMix64(seed: 11)
        for _ in 0..<5_000 {
            let format = Self.generate(&random)
            #expect(check(format), "\(format)")
        }
    }

    @Test("5,000 mutations of valid formats")
    func mutations() {
        var random = SplitMix64(seed: 9)
        var parsed = 0
        for _ in 0..<5_000 {
            var characters = Array(Self.seeds.randomElement(using: &random)!)
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let at = Int.random(in: 0...characters.count, using: &random)
                let piece = Array(Self.pieces.randomElement(using: &random)!)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: characters.insert(contentsOf: piece, at: at)
                case 1 where at < characters.count: characters.remove(at: at)
                default: if at < characters.count { characters[at] = piece[0] }
                }
            }
            if check(String(characters)) { parsed += 1 }
        }
        #expect(parsed > 200)
    }
}
