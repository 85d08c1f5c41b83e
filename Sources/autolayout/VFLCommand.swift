import ArgumentParser
import AutoLayout

struct VFLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vfl",
        abstract: "Print the constraints a visual format makes, or its error with a caret.",
        discussion: """
        The views are made for the occasion, as subviews of one superview named 'superview'. \
        Each constraint is printed as an equation, then in the Visual Format Language when it \
        has such a form. Examples:
          autolayout vfl 'H:|-[a]-[b(>=95)]-|' --views a,b
          autolayout vfl 'V:[a]-(gap)-[b]' --views a,b --metrics gap=12 --options alignAllCenterX
        """
    )

    @Argument(help: "The format, such as 'H:|-[a]-[b]-|' (quote it for the shell).")
    var format: String

    @Option(help: "The view names the format uses, separated by commas.")
    var views: String = ""

    @Option(help: "Metrics as name=value pairs separated by commas.")
    var metrics: String = ""

    @Option(help: "Format options separated by commas: alignAllTop, alignAllCenterY, directionRightToLeft, spacingBaselineToBaseline, …")
    var options: String = ""

    @Flag(help: "Make '|-' attach to the superview's layout margins instead of 20 points from its edge.")
    var layoutMargins = false

    /// Checks `--metrics` and `--options` while parsing, so a mistake is reported with this
    /// command's usage (an error thrown from ``run()`` gets the top-level usage).
    func validate() throws {
        _ = try parsedMetrics()
        _ = try parsedOptions()
    }

    /// `--metrics` as a dictionary.
    func parsedMetrics() throws -> [String: Double] {
        var values: [String: Double] = [:]
        for pair in metrics.split(separator: ",") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let value = Double(parts[1].trimmingCharacters(in: .whitespaces)) else {
                throw ValidationError("a metric must be name=number, got '\(pair)'")
            }
            guard value.isFinite else { throw ValidationError("the metric '\(pair)' is not a finite number") }
            values[parts[0].trimmingCharacters(in: .whitespaces)] = value
        }
        return values
    }

    /// `--options` as format options.
    func parsedOptions() throws -> LayoutConstraint.FormatOptions {
        var parsed: LayoutConstraint.FormatOptions = []
        for name in options.split(separator: ",").map({ String($0).trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let option = Self.optionNames[name] else {
                throw ValidationError("unknown option '\(name)'; expected one of: " + Self.optionNames.keys.sorted().joined(separator: ", "))
            }
            parsed.formUnion(option)
        }
        return parsed
    }

    func run() throws {
        let superview = LayoutView(identifier: "superview")
        var made: [String: LayoutView] = [:]
        for name in views.split(separator: ",").map({ String($0).trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            let view = LayoutView(identifier: name)
            superview.addSubview(view)
            made[name] = view
        }
        let values = try parsedMetrics(), parsed = try parsedOptions()
        do {
            let constraints = try LayoutConstraint.constraints(withVisualFormat: format, options: parsed, metrics: values,
                                                               views: made,
                                                               superviewSpacing: layoutMargins ? .layoutMargins : .classic)
            let width = constraints.map(\.equationDescription.count).max() ?? 0
            for c in constraints {
                let equation = c.equationDescription
                print(equation + (c.visualFormatDescription.map { String(repeating: " ", count: width - equation.count + 4) + $0 } ?? ""))
            }
        } catch {
            printError("\(error)")
            throw Exit.inputError
        }
    }

    static let optionNames = LayoutConstraint.FormatOptions.named
}
