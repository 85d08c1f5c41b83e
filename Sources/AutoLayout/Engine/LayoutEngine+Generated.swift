import Cassowary

// The constraints the engine makes itself, per view: recorded, replaced when the view
// changes, and taken out when it leaves (what they are: LayoutEngine+Autoresizing.swift,
// +ContentSize.swift and +Guides.swift).

extension LayoutEngine {
    /// What the engine made for one view.
    struct Generated {
        var frame: [LayoutConstraint] = []
        /// The content-size constraints, held without an array in the usual case.
        var contentConstraints = ContentConstraints()
        var guides: [LayoutConstraint] = []
        var all: [LayoutConstraint] { frame + content + guides }

        init(frame: [LayoutConstraint] = [], content: ContentConstraints, guides: [LayoutConstraint]) {
            self.frame = frame
            contentConstraints = content
            self.guides = guides
        }

        /// The content-size constraints as an array.
        var content: [LayoutConstraint] {
            get { contentConstraints.array }
            set { contentConstraints = ContentConstraints(newValue) }
        }

        /// One group of the constraints. (A switch rather than a key path: the runtime
        /// made the key path's object again at every call, a few thousand instructions
        /// each time a root is resized or a label's text changes its size.)
        subscript(group: Group) -> [LayoutConstraint] {
            get {
                switch group {
                case .frame: frame
                case .content: content
                case .guides: guides
                }
            }
            set {
                switch group {
                case .frame: frame = newValue
                case .content: content = newValue
                case .guides: guides = newValue
                }
            }
        }

        /// The groups of a view's generated constraints, each replaced as a whole (see
        /// ``LayoutEngine/replace(_:of:with:)``).
        enum Group {
            case frame, content, guides
        }
    }

    /// What the engine made for a view, nil when it has not taken the view in. A hierarchy's
    /// engine keeps it on the view (``LayoutView/generatedStorage``: no table to hash into
    /// for every view); a scratch engine, whose views stay in their hierarchy, in a table.
    @inline(__always) func generatedConstraints(of view: LayoutView) -> Generated? {
        isScratch ? scratchGenerated[Identity(view)] : view.generatedStorage
    }

    /// Whether the engine made its constraints for a view (has taken it in).
    @inline(__always) func hasGenerated(_ view: LayoutView) -> Bool {
        isScratch ? scratchGenerated[Identity(view)] != nil : view.generatedStorage != nil
    }

    /// Records what the engine made for a view (nil: the view left), keeping the count.
    func setGenerated(_ made: Generated?, of view: LayoutView) {
        let had = hasGenerated(view)
        generatedCount += (made != nil ? 1 : 0) - (had ? 1 : 0)
        if isScratch { scratchGenerated[Identity(view)] = made } else { view.generatedStorage = made }
    }

    /// Makes and installs the engine's constraints for one view.
    func addGenerated(for view: LayoutView) {
        guard !hasGenerated(view) else { return }
        // An aliased view's autoresizing constraints are made when something asks for them
        // (see ``madeFrameConstraints(of:)``): the solver never sees them. (A view that
        // ``deferringAlias(for:)`` does not alias is not aliased by ``frameAlias(for:frame:)``
        // either: both ask the same of the view.)
        let alias = isScratch ? nil : deferringAlias(for: view)
        let made = Generated(frame: alias == nil ? frameConstraints(for: view) : [],
                             content: contentConstraints(for: view), guides: guideConstraints(for: view))
        if !isScratch {
            if alias != nil || view.frameAlias != nil {
                aliasState.needWriting = true
                changed = true
            }
            view.frameAlias = alias
            if alias != nil { aliasState.mayExist = true }
        }
        // (Recorded before installing: lowering an autoresizing width reads its left, see
        // ``autoresizingCompanion(of:)``.)
        if isScratch { setGenerated(made, of: view) } else {
            view.generatedStorage = made
            generatedCount += 1
        }
        if isScratch || alias == nil {
            for constraint in made.frame { install(constraint) }
        }
        made.contentConstraints.forEach { install($0) }
        for constraint in made.guides { install(constraint) }
    }

    func removeGenerated(for view: LayoutView) {
        guard let made = generatedConstraints(of: view) else { return }
        setGenerated(nil, of: view)
        let deferred = !isScratch && view.frameAlias != nil && made.frame.isEmpty
        if !isScratch && view.frameAlias != nil {
            view.frameAlias = nil
            aliasState.needWriting = true
            changed = true
        }
        // (Deferred autoresizing constraints were never made, let alone installed:
        // uninstalling them would only have flushed the queue.)
        if deferred { flush() }
        for constraint in made.all { uninstall(constraint) }
    }

    /// Replaces one group of a view's constraints, changing constants in place when only
    /// the constants differ (a resize, a new frame, a new intrinsic size).
    func replace(_ group: Generated.Group, of view: LayoutView, with new: [LayoutConstraint]) {
        guard var made = generatedConstraints(of: view) else { return }
        let old = made[group]
        if old.count == new.count, zip(old, new).allSatisfy({ LayoutEngine.sameShape($0, $1) }) {
            var changed = zip(old, new).map { $0.storedConstant != $1.storedConstant }
            // An autoresizing width (height) is lowered with its left (top): see
            // ``autoresizingCompanion(of:)``.
            if changed.count == 4 && old[0].origin == .autoresizing {
                changed[2] = changed[2] || changed[0]
                changed[3] = changed[3] || changed[1]
            }
            for (o, n) in zip(old, new) where o.storedConstant != n.storedConstant { o.storedConstant = n.storedConstant }
            for k in old.indices where changed[k] { constantChanged(old[k]) }
            return
        }
        for constraint in old { uninstall(constraint) }
        made[group] = new
        setGenerated(made, of: view)
        for constraint in new { install(constraint) }
    }

    static func sameShape(_ a: LayoutConstraint, _ b: LayoutConstraint) -> Bool {
        a.firstItem === b.firstItem && a.firstAttribute == b.firstAttribute && a.relation == b.relation
            && a.secondItem === b.secondItem && a.secondAttribute == b.secondAttribute && a.multiplier == b.multiplier
            && a.storedPriority == b.storedPriority && a.compressionPriority == b.compressionPriority
            && a.extraTerms.count == b.extraTerms.count
            && zip(a.extraTerms, b.extraTerms).allSatisfy { $0.item === $1.item && $0.coefficient == $1.coefficient }
    }

    /// Makes a view's frame and content-size constraints again (its mask, its translating
    /// or its content changed) and replaces the old ones.
    func refreshGenerated(for view: LayoutView) {
        guard hasGenerated(view) else { return }
        let frame = frameConstraints(for: view)
        if !refreshAlias(of: view, frame: frame) { replace(.frame, of: view, with: frame) }
        replace(.content, of: view, with: contentConstraints(for: view).array)
    }
}
