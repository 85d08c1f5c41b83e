import Cassowary

// UIKit's ambiguity API: whether the constraints determine a view's frame, and moving an
// ambiguous view to another solution that satisfies them as well.

extension LayoutView {
    /// Whether the constraints leave this view's frame undetermined: some other frame
    /// satisfies them equally well (the required ones hold, and each priority's error is
    /// as small). Decided exactly, over every optimal solution; equal priorities pulling
    /// different ways are ambiguous (two labels of equal hugging in a row: Interface
    /// Builder's "Content Priority Ambiguity"). A view no constraint places is ambiguous;
    /// a root view, whose frame is set, never is.
    public var hasAmbiguousLayout: Bool { !ambiguousFrameComponents.isEmpty }

    /// The components of the frame (x and y in the superview's coordinates, width,
    /// height) that differ between solutions that satisfy the constraints equally well.
    public var ambiguousFrameComponents: FrameComponents {
        engine.ambiguousComponents(of: self)
    }

    /// Moves an ambiguous view to another solution that satisfies the constraints as well,
    /// and lays the hierarchy out; calling it again moves the view back, and so on. Does
    /// nothing to a view whose frame is determined.
    ///
    /// The first ambiguous component (in the order x, y, width, height) goes to the far end
    /// of its range over those solutions (the higher end when the view is not there
    /// already, else the lower); where the range is unbounded, 100 points that way. The
    /// view is held there by a constraint weaker than every priority, so nothing that
    /// decides the layout changes; later calls move that hold between the two values. It
    /// goes when the view leaves the hierarchy.
    public func exerciseAmbiguityInLayout() {
        let engine = self.engine
        engine.flush()
        engine.exercise(self)
        engine.changed = true
        engine.layout()
    }
}

/// A view held by ``LayoutView/exerciseAmbiguityInLayout()``: the constraint holding it,
/// the component it holds, and the two values it moves the component between.
struct ExercisePin {
    var constraint: Cassowary.Constraint
    let component: Expression
    let original: Double, alternative: Double
    var atAlternative = true
}

extension LayoutEngine {
    /// How far an exercised component moves where its range is unbounded.
    static let exerciseStep = 100.0
    /// The solver level of the weakest priority a constraint can have (1).
    static let weakestPriorityLevel = 1.0
    /// The strength of an exercise pin: below every priority.
    static let exerciseStrength = Strength.level(1e-3)

    /// The first ambiguous component of a view as an expression over solver variables (a
    /// view no constraint places gets its variables now, to be held by them).
    private func ambiguousComponent(of view: LayoutView) -> Expression? {
        let components = ambiguousComponents(of: view)
        guard !components.isEmpty else { return nil }
        if !view.variables.hasVariables && view.frameAlias == nil { _ = view.variables.minX }
        guard let frame = frameExpressions(of: view) else { return nil }
        if components.contains(.x) { return frame.x }
        if components.contains(.y) { return frame.y }
        if components.contains(.width) { return frame.width }
        return frame.height
    }

    /// Holds an ambiguous view at another optimal solution, or moves a held view back (see
    /// ``LayoutView/exerciseAmbiguityInLayout()``).
    func exercise(_ view: LayoutView) {
        if var pin = exercisePins[Identity(view)] {
            pin.atAlternative.toggle()
            let target = pin.atAlternative ? pin.alternative : pin.original
            let moved = Cassowary.Constraint(pin.component - target, .equal, strength: LayoutEngine.exerciseStrength)
            guard (try? solver.replaceConstraint(pin.constraint, with: moved)) != nil else { return }
            pin.constraint = moved
            exercisePins[Identity(view)] = pin
            return
        }
        guard let component = ambiguousComponent(of: view) else { return }
        let current = solver.value(of: component)
        let range = optimalRange(of: component)
        let tolerance = 1e-7 * max(1, abs(current))
        let target: Double
        if range.upperBound > current + tolerance {
            target = range.upperBound.isFinite ? range.upperBound : current + LayoutEngine.exerciseStep
        } else {
            target = range.lowerBound.isFinite ? range.lowerBound : current - LayoutEngine.exerciseStep
        }
        let pin = Cassowary.Constraint(component - target, .equal, strength: LayoutEngine.exerciseStrength)
        guard (try? solver.addConstraint(pin)) != nil else { return }
        exercisePins[Identity(view)] = ExercisePin(constraint: pin, component: component, original: current,
                                                   alternative: target)
    }

    /// Drops the pin of a view leaving the hierarchy.
    func releasePin(of view: LayoutView) {
        guard let pin = exercisePins.removeValue(forKey: Identity(view)) else { return }
        removeLowering(pin.constraint, of: nil)
    }
}

extension Solver {
    /// The value of an expression at the current solution.
    func value(of expression: Expression) -> Double {
        expression.terms.reduce(expression.constant) { $0 + $1.coefficient * value(of: $1.variable) }
    }
}
