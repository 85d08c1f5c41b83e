// Activation: installing constraints on the closest common ancestor and in its engine.

extension LayoutConstraint {
    /// Activates the constraint: installs it on the closest common ancestor of its items
    /// and adds it to the hierarchy's engine. A constraint that cannot hold is broken and
    /// reported (see ``LayoutDiagnostic/unsatisfiable(constraint:conflicts:broken:)``), as in
    /// UIKit; it stays active.
    /// - Throws: ``LayoutError/noCommonAncestor(_:)`` or
    ///   ``LayoutError/guideWithoutOwningView(_:)``.
    public func activate() throws {
        guard installedOn == nil else { return }
        if let error = deferredError { throw error }
        let host = try commonAncestor()
        installedOn = host
        host.constraints.append(self)
        host.engine.install(self)
    }

    /// Deactivates the constraint: removes it from its view and the engine.
    public func deactivate() {
        guard let host = installedOn else { return }
        host.constraints.removeAll { $0 === self }
        installedOn = nil
        host.engineIfAny?.uninstall(self)
    }

    /// Activates several constraints; stops at the first one that cannot be activated and
    /// throws its error, keeping those before it active.
    public static func activate(_ constraints: [LayoutConstraint]) throws {
        for constraint in constraints { try constraint.activate() }
    }

    /// Deactivates several constraints.
    public static func deactivate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.deactivate() }
    }

    /// The view a constraint between these items is installed on.
    func commonAncestor() throws -> LayoutView {
        func view(of item: LayoutItem?) throws -> LayoutView? {
            switch item {
            case nil: return nil
            case let view as LayoutView: return view
            case let guide as LayoutGuide:
                guard let owner = guide.owningView else { throw LayoutError.guideWithoutOwningView(guide.description) }
                return owner
            case let other?: throw LayoutError.unsupportedItem(String(describing: other))
            }
        }
        guard var host = try view(of: firstItem) else { throw LayoutError.invalidPairing(description) }
        if let second = try view(of: secondItem), second !== host {
            host = try LayoutConstraint.commonAncestor(host, second, description)
        }
        // Offset dimensions also relate the ends of their spans.
        for span in [firstSpan, secondSpan].compactMap({ $0 }) {
            for item in [span.start.item, span.end.item] {
                if let other = try view(of: item) { host = try LayoutConstraint.commonAncestor(host, other, description) }
            }
        }
        return host
    }

    static func commonAncestor(_ first: LayoutView, _ second: LayoutView,
                               _ description: @autoclosure () -> String) throws -> LayoutView {
        if first === second || second.superview === first { return first }
        if first.superview === second || first.superview === second.superview && first.superview != nil {
            return first.superview === second ? second : first.superview!
        }
        func depth(_ view: LayoutView) -> Int {
            var d = 0, current = view.superview
            while let v = current { d += 1; current = v.superview }
            return d
        }
        var a = first, b = second, da = depth(a), db = depth(b)
        while da > db { a = a.superview!; da -= 1 }
        while db > da { b = b.superview!; db -= 1 }
        while a !== b {
            guard let pa = a.superview, let pb = b.superview else { throw LayoutError.noCommonAncestor(description()) }
            a = pa
            b = pb
        }
        return a
    }

    /// The items the constraint relates.
    var items: [LayoutItem] {
        [firstItem, secondItem, firstSpan?.start.item, firstSpan?.end.item, secondSpan?.start.item,
         secondSpan?.end.item].compactMap { $0 }
    }
}
