/// Something the engine noticed and handled without stopping the program.
public enum LayoutDiagnostic: CustomStringConvertible {
    /// `constraint` could not hold together with `conflicts` (a minimal set of active
    /// constraints). The engine broke `broken`, one of them, and kept going: one made from
    /// an autoresizing mask when the set has one; when `constraint` is a stack's
    /// `UISV-hiding`, another one (a hidden arranged view takes no room); else
    /// `constraint`, the one activated last.
    case unsatisfiable(constraint: LayoutConstraint, conflicts: [LayoutConstraint], broken: LayoutConstraint)
    /// A constraint could not be activated or taken out of the solver, or a value was
    /// refused.
    case rejected(constraint: LayoutConstraint, error: LayoutError)
    /// A value for a view was refused: a frame, margins, safe-area insets, an intrinsic
    /// content size or a fitting size beyond ``LayoutLimits`` (or not finite). The view
    /// keeps its previous value (an intrinsic size counts as none on that axis).
    case rejectedValue(view: LayoutView, error: LayoutError)
    /// ``LayoutView/layoutSubviews()`` kept invalidating layout; these views still needed
    /// layout when the engine stopped after `passes` passes.
    case layoutFeedbackLoop(views: [LayoutView], passes: Int)

    /// Apple's log, in Apple's words where it has them. Constraints are described as
    /// Apple describes them, without their address where every item they name has an
    /// identifier, so the same layout logs the same text every run.
    public var description: String {
        switch self {
        case .unsatisfiable(let constraint, let conflicts, let broken):
            var lines = ["Unable to simultaneously satisfy constraints.",
                         "\tProbably at least one of the constraints in the following list is one you don't want.",
                         "\tTry this:",
                         "\t\t(1) look at each constraint and try to figure out which you don't expect;",
                         "\t\t(2) find the code that added the unwanted constraint or constraints and fix it.",
                         "("]
            for c in conflicts + [constraint] where !lines.contains("    \(c.logDescription)") {
                lines.append("    \(c.logDescription)")
            }
            lines.append(")")
            if (conflicts + [constraint]).contains(where: \.isAutoresizingConstraint) {
                lines.insert("\t(Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand, "
                             + "refer to the documentation for the UIView property translatesAutoresizingMaskIntoConstraints)",
                             at: 5)
            }
            lines.append("")
            lines.append("Will attempt to recover by breaking constraint ")
            lines.append(broken.logDescription)
            lines.append(broken.isAutoresizingConstraint
                ? "(Broken as a constraint made from an autoresizing mask: those go first, then the one activated last.)"
                : LayoutDiagnostic.keepsHiding(refused: constraint, broken: broken)
                ? "(Broken to keep the stack's 'UISV-hiding': a hidden arranged view takes no room.)"
                : "(Broken as the constraint activated last: the set has no constraint made from an autoresizing mask, which would go first.)")
            return lines.joined(separator: "\n")
        case .rejected(let constraint, let error):
            return "Rejected \(constraint.logDescription): \(error)"
        case .rejectedValue(let view, let error):
            return "Rejected a value for \(view): \(error)"
        case .layoutFeedbackLoop(let views, let passes):
            return "Layout feedback loop: after \(passes) passes these views still need layout: "
                + views.map(\.description).joined(separator: ", ")
        }
    }

    /// Whether the engine broke `broken` rather than `refused`, a stack's `UISV-hiding`, so
    /// that the hidden view takes no room (see ``LayoutEngine/breakConstraint(_:because:)``).
    static func keepsHiding(refused: LayoutConstraint, broken: LayoutConstraint) -> Bool {
        broken !== refused && refused.isStackHiding
    }
}
