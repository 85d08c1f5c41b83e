// How a view finds its hierarchy's engine, without walking up the hierarchy.

extension LayoutView {
    /// The engine, on a root view only.
    var ownEngine: LayoutEngine? {
        get {
            guard case .owned(let engine) = engineSlot else { return nil }
            return engine
        }
        set { engineSlot = newValue.map { .owned($0) } ?? .none }
    }

    /// The engine of this view's hierarchy, made on first use.
    var engine: LayoutEngine {
        if let engine = engineIfAny { return engine }
        let root = rootView
        let engine = LayoutEngine(root: root)
        root.ownEngine = engine
        engine.adopt(root)
        return engine
    }

    /// The engine of a view's hierarchy (made on first use), unretained: the root keeps it.
    static func engineReference(of view: Unmanaged<LayoutView>) -> Unmanaged<LayoutEngine> {
        switch view._withUnsafeGuaranteedRef({ $0.engineSlot }) {
        case .member(let engine): return engine
        case .owned(let engine): return Unmanaged.passUnretained(engine)
        case .none: return Unmanaged.passUnretained(view._withUnsafeGuaranteedRef { $0.engine })
        }
    }

    /// The engine if the hierarchy has made one already. (No walk up the hierarchy: an
    /// engine marks every view it takes in.)
    var engineIfAny: LayoutEngine? {
        switch engineSlot {
        case .member(let engine): engine.takeUnretainedValue()
        case .owned(let engine): engine
        case .none: nil
        }
    }
}

/// What a view knows of its hierarchy's engine, so that finding it never walks up the
/// hierarchy.
enum EngineSlot {
    /// The hierarchy has no engine yet (or the view is not in one).
    case none
    /// The engine of the hierarchy this view is the root of, which it owns.
    case owned(LayoutEngine)
    /// The engine of the hierarchy the view is in, unretained: set when the engine takes
    /// the view in, cleared when the view leaves or the root (and its engine) goes away.
    case member(Unmanaged<LayoutEngine>)
}
