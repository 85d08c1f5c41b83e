import Cassowary

// Silent leaves: views that move with their superview are not visited when it moves.
//
// A view's variables are in root coordinates, its frame in its superview's. When a stack
// hides a row, every row below moves, and with it the labels inside: their variables change
// while their frames do not. Each label costs a report, a claim, a rectangle read and a
// frame compared, four times what its row costs.
//
// So a view without subviews whose edge is in the same equality class as its superview's
// matching edge (`label.top == row.top`, in any number of steps) has that edge made silent
// in the solver (see ``Solver/silence(_:alongside:)``): the solver writes it but does not
// tell its moves with the class, as the superview's edge makes the same move and is told.
// The superview, whose origin or size moved, then places its subviews; one whose frame,
// computed along the axes the superview changed, is the one it has is skipped (see
// ``LayoutEngine/keepsFrame(_:origin:after:)``). Any other change of the view's variables
// is told as before.
//
// The engine tries this for a view the first time the view keeps its frame while its
// superview moves (a first layout, which places every view, tries none), and not again
// along an axis where it did not work until the view changes superview or a constraint on
// it is installed (a stack whose alignment changes makes its views' constraints anew). A
// view that gains a subview, or leaves its superview, ends its silence: its frame would no
// longer follow from its superview's alone.

/// What the engine keeps about silence in a view's variables (the client bits of its minX
/// variable, see ``Cassowary/Variable/clientBits``).
struct SilenceFlags: OptionSet {
    let rawValue: UInt8
    /// Silence was tried along x and did not work for both edges: not tried again until
    /// the view changes superview or a constraint on it is installed.
    static let refusedX = SilenceFlags(rawValue: 1)
    /// The same along y.
    static let refusedY = SilenceFlags(rawValue: 2)
    /// A subview was made silent (kept once set): a change of this view's size, not only
    /// of its origin, makes it place its subviews.
    static let hasSilentSubviews = SilenceFlags(rawValue: 4)
    /// An edge of the view was made silent (until ``LayoutEngine/endSilence(of:)``).
    static let silent = SilenceFlags(rawValue: 8)

    /// The refusals along both axes.
    static let refusals: SilenceFlags = [.refusedX, .refusedY]
    /// The flags about the view's own edges, which depend on its superview.
    static let ownState: SilenceFlags = refusals.union(.silent)

    /// The flag of an axis (0 x, 1 y) where silence did not work.
    static func refusal(along axis: Int) -> SilenceFlags { axis == 0 ? .refusedX : .refusedY }
}

extension ItemVariables {
    /// The engine's ``SilenceFlags`` for the view (none while there are no variables).
    var silenceFlags: SilenceFlags {
        get { hasVariables ? SilenceFlags(rawValue: variable(at: 0)._withUnsafeGuaranteedRef { $0.clientBits }) : [] }
        set {
            guard hasVariables else { return }
            variable(at: 0)._withUnsafeGuaranteedRef { $0.setClientBits(newValue.rawValue) }
        }
    }
}

/// Along which axes a view's rectangle changed in a solve: only there can the frames of its
/// subviews that the solve did not report have changed.
struct FrameChange {
    let alongX: Bool, alongY: Bool
}

extension FrameChange {
    /// The axes along which `old` and `new` differ, in origin or size.
    init(from old: Rect, to new: Rect) {
        alongX = old.minX != new.minX || old.width != new.width
        alongY = old.minY != new.minY || old.height != new.height
    }
}

extension LayoutEngine {
    /// Whether the engine makes views silent: not in a scratch engine, whose solves are
    /// read once.
    var silencesLeaves: Bool { !isScratch && tracking.silencesLeaves }

    /// A view without subviews to make silent along some axes (bit 0 x, bit 1 y): in the
    /// last solve it kept its frame while its superview moved along them.
    struct SilenceCandidate {
        var view: Unmanaged<LayoutView>
        var axes: Int
    }

    /// Makes the edges of each candidate along its axes silent where they are in the class
    /// of their superview's matching edge; see the top of this file. The solver is asked
    /// once for all of them. An axis where not both edges could be made silent is refused
    /// (see ``SilenceFlags/refusedX``).
    func silenceLeaves(_ candidates: [SilenceCandidate]) {
        // The pairs for the solver: for each candidate and axis, near edges then far edges.
        var pairs: [SilencePair] = []
        for candidate in candidates {
            candidate.view._withUnsafeGuaranteedRef { view in
                let own = view.variables
                guard let parent = view.superviewReference?._withUnsafeGuaranteedRef({ $0.variables }) else { return }
                for axis in 0..<2 where candidate.axes & (1 << axis) != 0 {
                    pairs.append(SilencePair(own.variable(at: axis), alongside: parent.variable(at: axis)))
                    pairs.append(SilencePair(own.variable(at: axis + 2), alongside: parent.variable(at: axis + 2)))
                }
            }
        }
        guard !pairs.isEmpty else { return }
        let made = solver.silence(pairs)
        var next = 0
        for candidate in candidates {
            candidate.view._withUnsafeGuaranteedRef { view in
                guard let parent = view.superviewReference else { return }
                var flags = view.variables.silenceFlags
                for axis in 0..<2 where candidate.axes & (1 << axis) != 0 {
                    let near = made[next], far = made[next + 1]
                    next += 2
                    // (One edge alone stays silent, but the axis is not tried again.)
                    if !(near && far) {
                        flags.insert(SilenceFlags.refusal(along: axis))
                        tracking.hasRefusals = true
                    }
                    if near || far {
                        flags.insert(.silent)
                        parent._withUnsafeGuaranteedRef { _ = $0.variables.silenceFlags.insert(.hasSilentSubviews) }
                    }
                }
                view.variables.silenceFlags = flags
            }
        }
    }

    /// Whether a subview the last solve did not report keeps its frame: along each axis
    /// where its superview's rectangle changed (`change`), its frame computed from the
    /// solution is the one it has (a silent edge moved with the superview's). Along the
    /// others, its superview's edges did not move, nor did its own. The frame is computed as
    /// ``applyFrame(of:rect:origin:)`` does, `origin` being the superview's.
    @inline(__always)
    func keepsFrame(_ subview: LayoutView, origin: (x: Double, y: Double), after change: FrameChange) -> Bool {
        let variables = subview.variables
        guard variables.hasVariables else { return false }
        let frame = subview.storedFrame, insets = subview.alignmentRectInsets
        if change.alongX {
            let low = variables.value(at: 0), high = variables.value(at: 2)
            guard snapped(low) - insets.left - origin.x == frame.minX,
                  snapped(high - low) + insets.left + insets.right == frame.width else { return false }
        }
        if change.alongY {
            let low = variables.value(at: 1), high = variables.value(at: 3)
            guard snapped(low) - insets.top - origin.y == frame.minY,
                  snapped(high - low) + insets.top + insets.bottom == frame.height else { return false }
        }
        return true
    }

    /// Ends the silence of a view's edges (it gained a subview, or is leaving its
    /// superview), forgets where silence did not work, and notes the view's rectangle as it
    /// is: while silent, its moves were not noted in ``LayoutView/solvedRect``.
    func endSilence(of view: LayoutView) {
        let variables = view.variables, flags = variables.silenceFlags
        variables.silenceFlags = flags.subtracting(SilenceFlags.ownState)
        guard flags.contains(.silent) else { return }
        for edge in 0..<4 { variables.variable(at: edge)._withUnsafeGuaranteedRef { solver.endSilence(of: $0) } }
        view.solvedRect = variables.rect
    }

    /// Lets silence be tried again for the views a constraint relates: installed now, it may
    /// tie them to their superviews.
    func allowSilence(for constraint: LayoutConstraint) {
        Self.allowSilence(of: constraint.firstHandle)
        Self.allowSilence(of: constraint.secondHandle)
    }

    @inline(__always) private static func allowSilence(of handle: ItemHandle?) {
        handle?.viewReference?._withUnsafeGuaranteedRef { view in
            let flags = view.variables.silenceFlags
            if !flags.isDisjoint(with: SilenceFlags.refusals) {
                view.variables.silenceFlags = flags.subtracting(SilenceFlags.refusals)
            }
        }
    }
}
