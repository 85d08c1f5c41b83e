// Activation: installing constraints on the closest common ancestor and in its engine.

extension LayoutConstraint {
    /// Activates the constraint: installs it on the closest common ancestor of its items
    /// and adds it to the hierarchy's engine. A constraint that cannot hold is broken and
    /// reported (see ``LayoutDiagnostic/unsatisfiable(constraint:conflicts:broken:)``), as in
    /// UIKit; it stays active. The engine takes in the constraints activated since its last
    /// solve all at once, so the report comes when it next solves: at the next layout pass
    /// or fitting, or when ``LayoutView/brokenConstraints`` or
    /// ``LayoutView/layoutDiagnostics`` is read.
    /// - Throws: ``LayoutError/noCommonAncestor(_:)`` or
    ///   ``LayoutError/guideWithoutOwningView(_:)``.
    public func activate() throws {
        var engine: LayoutEngine?
        try activate(batchRemaining: 1, holding: &engine)
    }

    /// Activates the constraint, one of a batch with `batchRemaining` constraints left
    /// (this one included; the content-size constraints wait for the last one, see
    /// ``LayoutEngine/queueContent()``). `engine` holds the engine of the batch's last
    /// constraint, taken again only when this one's is another.
    @inline(__always) func activate(batchRemaining: Int, holding engine: inout LayoutEngine?) throws {
        guard installedReference == nil else { return }
        if let error = deferredError { throw error }
        // (The host unretained: it is in the hierarchy, which keeps it alive, and no user
        // code runs until the constraint is in its list.)
        let host = try fastHost() ?? Unmanaged.passUnretained(commonAncestor())
        installedReference = host
        // (Appends grow the host's list geometrically. Reserving room for the rest of the
        // batch instead would give every host of one constraint room for all of them.)
        host._withUnsafeGuaranteedRef {
            $0.constraints.append(self)
            if let keys = $0.extrasStorage?.hostedKeys { keys.append(self, host: $0) }
        }
        // The engine held for the call (once for a batch in one hierarchy): lowering reads
        // overridable properties (baselines, alignment insets), and code there that moved
        // the root into another hierarchy would release this engine.
        let reference = LayoutView.engineReference(of: host)
        if engine.map({ Unmanaged.passUnretained($0).toOpaque() }) != reference.toOpaque() {
            engine = reference.takeUnretainedValue()
        }
        reference._withUnsafeGuaranteedRef {
            $0.install(self)
            if batchRemaining <= 1 { $0.queueContent() }
        }
    }

    /// Deactivates the constraint: removes it from its view and the engine.
    public func deactivate() {
        guard installedOn != nil else { return }
        noteEditFromOutside()
        uninstallFromHost()
    }

    /// Takes an active constraint out of its host and engine.
    func uninstallFromHost() {
        guard let host = installedOn else { return }
        // Listed once, and most often among the last activated: searched from the end.
        if let index = host.constraints.lastIndex(where: { $0 === self }) {
            host.constraints.remove(at: index)
            host.extrasStorage?.hostedKeys?.remove(at: index)
        }
        installedOn = nil
        host.engineIfAny?.uninstall(self)
    }

    /// Activates several constraints; stops at the first one that cannot be activated and
    /// throws its error, keeping those before it active.
    public static func activate(_ constraints: [LayoutConstraint]) throws {
        let count = constraints.count
        var engine: LayoutEngine?
        // (Each constraint unretained: the array keeps it alive.)
        for index in constraints.indices {
            try Unmanaged.passUnretained(constraints[index])._withUnsafeGuaranteedRef {
                try $0.activate(batchRemaining: count - index, holding: &engine)
            }
        }
    }

    /// Deactivates several constraints.
    public static func deactivate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.deactivate() }
    }

    /// The host of a constraint between two views (or a view and a guide) that are the same
    /// view, parent and child, or siblings; nil for anything else, which
    /// ``commonAncestor()`` sorts out (and throws for). (Unretained: the items are alive,
    /// and the references are only compared.)
    @inline(__always) func fastHost() -> Unmanaged<LayoutView>? {
        guard firstSpan == nil, secondSpan == nil, let first = firstHandle?.viewReference else { return nil }
        guard let secondHandle else { return first }
        guard let second = secondHandle.viewReference
                ?? secondHandle.guideReference?._withUnsafeGuaranteedRef({ $0.owningReference }) else { return nil }
        let firstID = first.toOpaque(), secondID = second.toOpaque()
        if firstID == secondID { return first }
        let firstParent = first._withUnsafeGuaranteedRef { $0.superviewReference }
        if firstParent?.toOpaque() == secondID { return second }
        let secondParent = second._withUnsafeGuaranteedRef { $0.superviewReference }
        if secondParent?.toOpaque() == firstID { return first }
        if let firstParent, let secondParent, firstParent.toOpaque() == secondParent.toOpaque() { return firstParent }
        return nil
    }

    /// The view a constraint between these items is installed on.
    func commonAncestor() throws -> LayoutView {
        guard var host = try LayoutConstraint.view(of: firstHandle) else { throw LayoutError.invalidPairing(description) }
        if let second = try LayoutConstraint.view(of: secondHandle), second !== host {
            host = try LayoutConstraint.commonAncestor(host, second, description)
        }
        // Offset dimensions also relate the ends of their spans.
        if firstSpan == nil && secondSpan == nil { return host }
        for span in [firstSpan, secondSpan] {
            guard let span else { continue }
            for end in [span.start, span.end] {
                if let other = try LayoutConstraint.view(of: end.itemHandle) {
                    host = try LayoutConstraint.commonAncestor(host, other, description)
                }
            }
        }
        return host
    }

    /// The view an item's constraints are installed on or above: the view itself, or a
    /// guide's owning view; nil for no item (or one that has gone away).
    @inline(__always) static func view(of handle: ItemHandle?) throws -> LayoutView? {
        guard let handle else { return nil }
        if let view = handle.view { return view }
        switch handle.item {
        case nil: return nil
        case let guide as LayoutGuide:
            guard let owner = guide.owningView else { throw LayoutError.guideWithoutOwningView(guide.description) }
            return owner
        case let other?: throw LayoutError.unsupportedItem(String(describing: other))
        }
    }

    static func commonAncestor(_ first: LayoutView, _ second: LayoutView,
                               _ description: @autoclosure () -> String) throws -> LayoutView {
        // The usual cases first: the same view, a parent and its child, two siblings.
        if first === second { return first }
        let firstParent = first.superview, secondParent = second.superview
        if secondParent === first { return first }
        if let firstParent, firstParent === second || firstParent === secondParent { return firstParent }
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

    /// Whether the constraint relates an item whose handle is among `handles`:
    /// ``items`` without making the list or retaining an item, for a subtree leaving a
    /// superview that holds thousands of constraints.
    @inline(__always) func relatesItem(handledBy handles: HandleSet) -> Bool {
        if handles.contains(firstHandle) || handles.contains(secondHandle) { return true }
        guard case .extras(let extras) = rare else { return false }
        return handles.contains(extras.firstSpan?.start.itemHandle) || handles.contains(extras.firstSpan?.end.itemHandle)
            || handles.contains(extras.secondSpan?.start.itemHandle) || handles.contains(extras.secondSpan?.end.itemHandle)
    }
}

/// The handles of the items of a subtree leaving its superview, compared by address.
///
/// Every constraint installed above the subtree is checked against them, so the check is
/// made cheap for the constraints that name none of them, nearly all: a bit for each
/// handle, picked by its address, in one word, and a constraint whose handles' bits are
/// not set is passed over without a lookup. A removed row of a list has one view and no
/// guides, and its superview holds three constraints a row.
struct HandleSet {
    /// The handles' addresses.
    private(set) var addresses = Set<Identity>()
    private var bits: UInt64 = 0

    /// The bit of an address (objects are 16-byte aligned: the low bits are all zero, so
    /// the address is mixed first).
    @inline(__always) private static func bit(_ address: Identity) -> UInt64 {
        1 << ((UInt64(address.raw) &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }

    /// Adds an item's handle.
    mutating func insert(_ handle: ItemHandle) {
        let address = Identity(handle)
        addresses.insert(address)
        bits |= HandleSet.bit(address)
    }

    /// Whether `handle` is one of the set's.
    @inline(__always) func contains(_ handle: ItemHandle?) -> Bool {
        guard let handle else { return false }
        let address = Identity(handle)
        return bits & HandleSet.bit(address) != 0 && addresses.contains(address)
    }
}
