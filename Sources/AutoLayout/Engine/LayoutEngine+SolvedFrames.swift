import Cassowary
import Synchronization

// After a solve: finding the views the solve moved, and setting their frames.

/// What the engine keeps to find the views a solve moved.
struct SolveTracking {
    /// The list of the views the last solve moved, and of those among them to make silent
    /// (emptied after use; kept for their capacity).
    var movedScratch: [Unmanaged<LayoutView>] = []
    var candidateScratch: [LayoutEngine.SilenceCandidate] = []
    /// Whether views that move with their superviews are made silent (see
    /// LayoutEngine+Silence.swift); true unless a test turns it off.
    var silencesLeaves = true
    /// Whether silence was refused to some view along an axis since the engine was made:
    /// then installing a constraint lets its views be tried again.
    var hasRefusals = false
}

extension LayoutEngine {
    /// Writes the solution into the variables and sets the frames the solve changed; a view
    /// whose subviews moved is flagged for ``LayoutView/layoutSubviews()``.
    ///
    /// The solver reports each variable it changed, and each names its view (see
    /// ``owner(of:in:)``), so only the views the solve moved are visited: one view moving in
    /// a row of 100,000 costs one frame, and a hide that moves half a list costs that half.
    /// Each such view gets its frame, and a view whose origin moved gets its subviews'
    /// frames too (they are relative to it). Views that moved with their superview are not
    /// told of at all once silent (see LayoutEngine+Silence.swift).
    func applySolution() {
        var moved = MovedViews(views: tracking.movedScratch, candidates: tracking.candidateScratch)
        tracking.movedScratch = []
        tracking.candidateScratch = []
        var slotsRenewed = false
        // (The slots read once: reading them through the table for each variable would
        // retain and release its arrays every time.)
        let slots = views.slots
        // (A batch at a time: a call per variable cost more than the rest of its work.)
        solver.updateVariables(changedBatches: { batch in
            for ref in batch {
                ref._withUnsafeGuaranteedRef { variable in
                    if let owner = Self.owner(of: variable, in: slots) {
                        moved.claim(owner)
                    } else if !slotsRenewed && variable.ownerSlot >= 0 {
                        // A view's variable that names another slot: every view's variables
                        // are given their slots again, once.
                        slotsRenewed = true
                        renewOwnerSlots()
                        if let owner = Self.owner(of: variable, in: slots) { moved.claim(owner) }
                    }
                }
            }
        })
        if !isScratch { writeAliases(into: &moved) }
        defer {
            for ref in moved.views { ref._withUnsafeGuaranteedRef { $0.cycle.isSolveHost = false } }
            moved.views.removeAll(keepingCapacity: true)
            moved.candidates.removeAll(keepingCapacity: true)
            tracking.movedScratch = moved.views
            tracking.candidateScratch = moved.candidates
        }
        guard !moved.views.isEmpty else { return }
        moved.readRectangles()
        // A view whose superview's origin moved is placed with all its siblings below.
        for ref in moved.views {
            ref._withUnsafeGuaranteedRef { view in
                guard let parent = view.superviewReference else { return }
                parent._withUnsafeGuaranteedRef { parent in
                    guard !parent.cycle.placesSubviews else { return }
                    if applyFrame(of: view, rect: view.solvedRect, origin: solvedOrigin(of: parent)) {
                        parent.markNeedsLayout(in: self)
                    }
                }
            }
        }
        // Each host's subviews are placed independently, so the order does not matter.
        for origin in moved.origins {
            origin.view._withUnsafeGuaranteedRef { view in
                view.cycle.placesSubviews = false
                if applyFrames(ofSubviewsOf: view, after: origin.change, noting: &moved.candidates) {
                    view.markNeedsLayout(in: self)
                }
            }
        }
        if !moved.candidates.isEmpty { silenceLeaves(moved.candidates) }
    }

    /// The view of the hierarchy that `variable` belongs to, or nil (a guide's variable),
    /// from the slots of the engine's table of views (``ViewTable/slots``). Each view's
    /// variables keep the view's slot (see ``ItemVariables/setOwnerSlot(_:)``), checked here
    /// against the view found there.
    @inline(__always)
    static func owner(of variable: Variable, in slots: [Unmanaged<LayoutView>?]) -> Unmanaged<LayoutView>? {
        let slot = Int(variable.ownerSlot)
        guard slot >= 0 && slot < slots.count, let ref = slots[slot] else { return nil }
        return ref._withUnsafeGuaranteedRef { $0.variables.owns(variable) } ? ref : nil
    }

    /// Gives every view's variables its slot again (a safety net: the slots are given when
    /// a view joins, and variables made later take them from the view).
    @inline(never) func renewOwnerSlots() {
        for ref in views.slots { ref?._withUnsafeGuaranteedRef { $0.variables.setOwnerSlot($0.viewSlot) } }
    }

    /// Sets the frames of the views added to laid-out superviews since the last layout
    /// (their superviews do not place every subview again for them, see
    /// ``LayoutEngine/adopt(_:)``). A view that left the hierarchy since is skipped.
    func placeAddedViews() {
        let added = addedViews
        addedViews = []
        for view in added {
            guard let parent = view.superview, view.engineIfAny === self else { continue }
            if applyFrame(of: view, rect: currentRect(of: view), origin: solvedOrigin(of: parent)) {
                parent.markNeedsLayout(in: self)
            }
        }
    }

    /// The views a solve moved (each once, flagged with ``LayoutCycleFlags/isSolveHost`` until
    /// their frames are applied), those with subviews to place, and the views without
    /// subviews that kept their frames while their superviews moved (to make silent).
    /// (Unretained: the hierarchy keeps the views. A struct whose methods change it: a
    /// nested function capturing the arrays would check exclusivity on every access.)
    struct MovedViews {
        var views: [Unmanaged<LayoutView>]
        var candidates: [SilenceCandidate]
        var origins: [MovedOrigin] = []

        /// A view whose subviews are placed, and along which axes its rectangle changed, in
        /// one word: the view's address, whose low bits are free (objects are aligned to 16
        /// bytes), holds the axes (a first layout lists every view with subviews, and a
        /// list of wider entries raised its peak memory).
        struct MovedOrigin {
            private let bits: UInt

            init(view: Unmanaged<LayoutView>, change: FrameChange) {
                bits = UInt(bitPattern: view.toOpaque()) | (change.alongX ? 1 : 0) | (change.alongY ? 2 : 0)
            }

            var view: Unmanaged<LayoutView> {
                Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits & ~3).unsafelyUnwrapped)
            }
            var change: FrameChange { FrameChange(alongX: bits & 1 != 0, alongY: bits & 2 != 0) }
        }

        /// Notes a view whose variables changed, the first time it is named (its rectangle
        /// is read once all variables are written, by ``readRectangles()``).
        @inline(__always)
        mutating func claim(_ ref: Unmanaged<LayoutView>) {
            ref._withUnsafeGuaranteedRef { view in
                guard !view.cycle.isSolveHost else { return }
                view.cycle.isSolveHost = true
                views.append(ref)
            }
        }

        /// Reads each moved view's rectangle in the solution, and notes those with subviews
        /// whose origin moved, or whose size changed when they have silent subviews.
        mutating func readRectangles() {
            for ref in views {
                ref._withUnsafeGuaranteedRef { view in
                    let old = view.solvedRect, rect = view.variables.rect
                    view.solvedRect = rect
                    guard !view.subviews.isEmpty else { return }
                    if old.minX != rect.minX || old.minY != rect.minY
                        || (old.size != rect.size && view.variables.silenceFlags.contains(.hasSilentSubviews)) {
                        view.cycle.placesSubviews = true
                        origins.append(MovedOrigin(view: ref, change: FrameChange(from: old, to: rect)))
                    }
                }
            }
        }
    }

    /// Where a view's subviews' frames are measured from, in root coordinates: its frame's
    /// origin from the solver (the root's own coordinates for the root).
    @inline(__always) func solvedOrigin(of view: LayoutView) -> (x: Double, y: Double) {
        guard ObjectIdentifier(view) != rootIdentity else { return (0, 0) }
        let base = currentRect(of: view), insets = view.alignmentRectInsets
        return (base.minX - insets.left, base.minY - insets.top)
    }

    /// A view's rectangle in the solution: the one just noted for a view the solve moved
    /// (while it is flagged ``LayoutCycleFlags/isSolveHost``), else read from its variables.
    @inline(__always) func currentRect(of view: LayoutView) -> Rect {
        view.cycle.isSolveHost ? view.solvedRect : view.variables.rect
    }

    /// Sets the frame of `subview` from its rectangle in the solution, `origin` being its
    /// superview's (see ``solvedOrigin(of:)``); returns whether it moved or changed size.
    @inline(__always)
    func applyFrame(of subview: LayoutView, rect r: Rect, origin: (x: Double, y: Double)) -> Bool {
        let i = subview.alignmentRectInsets
        let frame = Rect(x: r.minX - i.left - origin.x, y: r.minY - i.top - origin.y,
                         width: r.width + i.left + i.right, height: r.height + i.top + i.bottom)
        guard frame != subview.storedFrame else { return false }
        subview.applyLayoutFrame(frame, engine: self)
        return true
    }

    /// Sets the frames of the subviews of `view`, whose rectangle just changed along the
    /// axes of `change`, and returns whether any moved or changed size. Subviews the solve
    /// did not report are skipped when they keep their frames (see
    /// ``keepsFrame(_:origin:after:)``). A reported subview without subviews that keeps its
    /// frame moved with `view`: it is noted in `candidates`, to be made silent.
    func applyFrames(ofSubviewsOf view: LayoutView, after change: FrameChange,
                     noting candidates: inout [SilenceCandidate]) -> Bool {
        // (Each read when first needed: a first layout places every subview of every view.)
        var skips: Bool?, notes: Bool?
        var moved = false
        let origin = solvedOrigin(of: view)
        // (The subviews unretained: `view.subviews` keeps them, and nothing here changes it.)
        let subviews = view.subviews
        for index in subviews.indices {
            let ref = Unmanaged.passUnretained(subviews[index])
            ref._withUnsafeGuaranteedRef { subview in
                guard subview.cycle.isSolveHost else {
                    if skips == nil { skips = view.variables.silenceFlags.contains(.hasSilentSubviews) }
                    if skips == true && keepsFrame(subview, origin: origin, after: change) { return }
                    if applyFrame(of: subview, rect: currentRect(of: subview), origin: origin) { moved = true }
                    return
                }
                if applyFrame(of: subview, rect: subview.solvedRect, origin: origin) {
                    moved = true
                } else if subview.subviews.isEmpty {
                    if notes == nil {
                        notes = silencesLeaves && ObjectIdentifier(view) != rootIdentity && view.frameAlias == nil
                            && view.variables.hasVariables
                    }
                    guard notes == true else { return }
                    let refused = subview.variables.silenceFlags
                    let axes = (change.alongX && !refused.contains(.refusedX) ? 1 : 0)
                        | (change.alongY && !refused.contains(.refusedY) ? 2 : 0)
                    if axes != 0 { candidates.append(SilenceCandidate(view: ref, axes: axes)) }
                }
            }
        }
        return moved
    }

    /// Sets the frame of every subview of `view` from the solver; returns whether any moved
    /// or changed size.
    @discardableResult
    func applyFrames(ofSubviewsOf view: LayoutView) -> Bool {
        var moved = false
        let origin = solvedOrigin(of: view)
        // (The subviews unretained: `view.subviews` keeps them, and nothing here changes it.)
        let subviews = view.subviews
        for index in subviews.indices {
            Unmanaged.passUnretained(subviews[index])._withUnsafeGuaranteedRef { subview in
                if applyFrame(of: subview, rect: currentRect(of: subview), origin: origin) { moved = true }
            }
        }
        return moved
    }
}
