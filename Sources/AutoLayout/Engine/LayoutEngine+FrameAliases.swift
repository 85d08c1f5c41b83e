import Cassowary

// Frame aliases: a subview of the root that translates its autoresizing mask is placed by
// four required equalities whose other side is the root's rectangle plus constants (a table
// placing its cells, say). Instead of giving the solver four variables and four rows for
// it, the engine writes each of its edges straight in terms of the root's variables, and
// writes the view's variables itself after each solve. Its autoresizing constraints still
// exist, for descriptions and conflict reports, but are not in the solver.

/// What the engine keeps about its frame aliases.
struct FrameAliasState {
    /// Whether translated subviews of the root are placed through aliases at all (a
    /// switch for tests, see ``LayoutEngine/aliasesTranslatedViews``).
    var isEnabled = true
    /// Whether an alias changed since the aliased views' variables were last written.
    var needWriting = false
    /// The root's rectangle the aliased views' variables were last written for.
    var base: Rect?
    /// False once a writing found no aliased view, until an alias is made again.
    var mayExist = false
    /// Views whose alias was undone to break one of their autoresizing constraints (see
    /// ``LayoutEngine/unalias(_:)``): they keep variables of their own while in the hierarchy.
    var refused: Set<Identity> = []
}

/// One variable of an aliased view as `constant + Σ coefficient × root variable`, over the
/// root's x, y, width and height.
struct AliasForm: Equatable {
    var x = 0.0, y = 0.0, width = 0.0, height = 0.0, constant = 0.0

    /// Adds `factor ×` another form.
    mutating func add(_ other: AliasForm, times factor: Double) {
        guard factor != 0 else { return }
        x += factor * other.x
        y += factor * other.y
        width += factor * other.width
        height += factor * other.height
        constant += factor * other.constant
    }

    /// The value for the root's rectangle.
    func value(_ root: Rect) -> Double {
        constant + x * root.minX + y * root.minY + width * root.width + height * root.height
    }
}

/// One autoresizing constraint before it is made: its constant, and the share of the
/// parent's size change it takes (see ``LayoutEngine/autoresizingParts(for:in:)``).
struct AutoresizingPart {
    let constant: Double, share: Double
}

/// A translated view's four autoresizing constraints before they are made, for `left`,
/// `top`, `width` and `height`.
struct AutoresizingParts {
    let left: AutoresizingPart, top: AutoresizingPart, width: AutoresizingPart, height: AutoresizingPart
}

/// The four variables of an aliased view (its alignment rectangle in root coordinates).
final class FrameAlias: Equatable {
    let x: AliasForm, y: AliasForm, width: AliasForm, height: AliasForm
    /// The view's autoresizing mask when the alias was made, which names its autoresizing
    /// constraints when they are made from the alias (see
    /// ``LayoutEngine/madeFrameConstraints(of:)``).
    let mask: AutoresizingMask

    init(x: AliasForm, y: AliasForm, width: AliasForm, height: AliasForm, mask: AutoresizingMask) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.mask = mask
    }

    /// The parts of the autoresizing constraints the alias stands for: the constants, and
    /// the root's size in the sizes' forms (the one extra term such a constraint has).
    var parts: AutoresizingParts {
        AutoresizingParts(left: AutoresizingPart(constant: x.constant, share: x.width),
                          top: AutoresizingPart(constant: y.constant, share: y.height),
                          width: AutoresizingPart(constant: width.constant, share: width.width),
                          height: AutoresizingPart(constant: height.constant, share: height.height))
    }

    static func == (a: FrameAlias, b: FrameAlias) -> Bool {
        a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height
    }
}

extension LayoutEngine {
    /// The alias for a view with these autoresizing constraints, or nil when the view keeps
    /// variables of its own: it must be a subview of the root of a hierarchy's engine (not a
    /// fitting engine), translate its mask, and have the four constraints `left`, `top`,
    /// `width`, `height` against the root.
    func frameAlias(for view: LayoutView, frame: [LayoutConstraint]) -> FrameAlias? {
        guard frame.count == 4, aliasState.isEnabled, !isScratch, view.superview === root, view !== root,
              aliasState.refused.isEmpty || !aliasState.refused.contains(Identity(view)) else {
            return nil
        }
        /// `first == (root attribute) + constant + share × root size`.
        func form(_ c: LayoutConstraint, _ attribute: LayoutAttribute) -> AliasForm? {
            guard c.firstAttribute == attribute, c.relation == .equal, c.firstSpan == nil, c.secondSpan == nil,
                  c.extraTerms.count <= 1, c.extraTerms.allSatisfy({ $0.item === root }) else { return nil }
            var form = AliasForm(constant: c.storedConstant)
            switch c.secondAttribute {
            case .left where c.secondItem === root: form.x = c.multiplier
            case .top where c.secondItem === root: form.y = c.multiplier
            case .notAnAttribute: break
            default: return nil
            }
            for extra in c.extraTerms {
                switch extra.attribute {
                case .width: form.width += extra.coefficient
                case .height: form.height += extra.coefficient
                default: return nil
                }
            }
            return form
        }
        guard let x = form(frame[0], .left), let y = form(frame[1], .top),
              let width = form(frame[2], .width), let height = form(frame[3], .height) else { return nil }
        return FrameAlias(x: x, y: y, width: width, height: height, mask: view.autoresizingMask)
    }

    /// The alias of a view joining the hierarchy, made straight from its frame and mask
    /// (the forms ``frameAlias(for:frame:)`` reads off the autoresizing constraints, without
    /// making them), or nil when the view is not aliased.
    func deferringAlias(for view: LayoutView) -> FrameAlias? {
        guard aliasState.isEnabled, !isScratch, view.translatesAutoresizingMaskIntoConstraints,
              let parent = view.superviewReference, parent.toOpaque() == Unmanaged.passUnretained(root).toOpaque(),
              aliasState.refused.isEmpty || !aliasState.refused.contains(Identity(view))
        else { return nil }
        let root = parent.takeUnretainedValue()
        let parts = autoresizingParts(for: view, in: root)
        /// As ``frameAlias(for:frame:)`` reads a constraint: `constant`, the root's edge
        /// (multiplier 1), and the share of the root's size as its extra term.
        func form(_ part: AutoresizingPart, x: Double, y: Double, sharesWidth: Bool) -> AliasForm {
            var form = AliasForm(constant: part.constant)
            form.x = x
            form.y = y
            if part.share != 0 {
                if sharesWidth { form.width += part.share } else { form.height += part.share }
            }
            return form
        }
        return FrameAlias(x: form(parts.left, x: 1, y: 0, sharesWidth: true),
                          y: form(parts.top, x: 0, y: 1, sharesWidth: false),
                          width: form(parts.width, x: 0, y: 0, sharesWidth: true),
                          height: form(parts.height, x: 0, y: 0, sharesWidth: false), mask: view.autoresizingMask)
    }

    /// A view's autoresizing constraints; an aliased view's are made now, from its alias, if
    /// they were not made yet (see ``addGenerated(for:)``).
    func madeFrameConstraints(of view: LayoutView) -> [LayoutConstraint] {
        guard var made = generatedConstraints(of: view) else { return [] }
        if made.frame.isEmpty, !isScratch, let alias = view.frameAlias, let parent = view.superview {
            made.frame = autoresizingConstraints(for: view, in: parent, alias.parts,
                                                 code: ConstraintIdentifier(alias.mask.logCode))
            view.generatedStorage = made
        }
        return made.frame
    }

    /// Appends the terms of one edge of an aliased view (the root's variables) and returns
    /// its constant part, as ``edge(_:_:_:_:_:_:)`` does for a view's own variables.
    func aliasedEdge(_ alias: FrameAlias, _ attribute: LayoutAttribute, _ direction: UserInterfaceLayoutDirection,
                     _ baselines: (first: Double?, last: Double)?, _ f: Double, _ terms: inout TermList) -> Double {
        let ltr = direction == .leftToRight
        var sum = AliasForm()
        switch attribute {
        case .left: sum.add(alias.x, times: 1)
        case .right:
            sum.add(alias.x, times: 1)
            sum.add(alias.width, times: 1)
        case .top: sum.add(alias.y, times: 1)
        case .bottom:
            sum.add(alias.y, times: 1)
            sum.add(alias.height, times: 1)
        case .leading, .trailing:
            sum.add(alias.x, times: 1)
            if (attribute == .leading) != ltr { sum.add(alias.width, times: 1) }
        case .width: sum.add(alias.width, times: 1)
        case .height: sum.add(alias.height, times: 1)
        case .centerX:
            sum.add(alias.x, times: 1)
            sum.add(alias.width, times: 0.5)
        case .centerY:
            sum.add(alias.y, times: 1)
            sum.add(alias.height, times: 0.5)
        case .firstBaseline:
            sum.add(alias.y, times: 1)
            if let offset = baselines?.first { sum.constant += offset } else { sum.add(alias.height, times: 1) }
        case .lastBaseline:
            sum.add(alias.y, times: 1)
            sum.add(alias.height, times: 1)
            sum.constant -= baselines?.last ?? 0
        default: return 0
        }
        // Over the root's edges: x·minX + width·(maxX − minX), and the same for y.
        let v = root.variables
        if sum.x != sum.width { terms.append(Term(v.minX, coefficient: f * (sum.x - sum.width))) }
        if sum.width != 0 { terms.append(Term(v.maxX, coefficient: f * sum.width)) }
        if sum.y != sum.height { terms.append(Term(v.minY, coefficient: f * (sum.y - sum.height))) }
        if sum.height != 0 { terms.append(Term(v.maxY, coefficient: f * sum.height)) }
        return f * sum.constant
    }

    /// Brings a view's frame constraints up to date after its frame, mask or translation
    /// changed, aliasing it or not as ``frameAlias(for:frame:)`` says; returns false when
    /// the view neither was nor is aliased (the caller replaces its constraints then).
    func refreshAlias(of view: LayoutView, frame new: [LayoutConstraint]) -> Bool {
        guard !isScratch, view.generatedStorage != nil else { return false }
        _ = madeFrameConstraints(of: view)
        guard var made = view.generatedStorage else { return false }
        let old = view.frameAlias
        let alias = frameAlias(for: view, frame: new)
        guard old != nil || alias != nil else { return false }
        if old == nil {
            for constraint in made.frame { uninstall(constraint) }
        }
        if made.frame.count == new.count, zip(made.frame, new).allSatisfy({ LayoutEngine.sameShape($0, $1) }) {
            // Keep the constraint objects, as a resize of a view with constraints does.
            for (o, n) in zip(made.frame, new) { o.storedConstant = n.storedConstant }
        } else {
            made.frame = new
            view.generatedStorage = made
        }
        view.frameAlias = alias
        if alias != nil { aliasState.mayExist = true }
        if alias == nil {
            for constraint in made.frame { install(constraint) }
        }
        if old == nil || alias == nil || old! != alias! {
            aliasState.needWriting = true
            changed = true
            // As a removal would: the change may make room for a broken constraint.
            retryPending = retryPending || !broken.isEmpty
            relowerUsers(of: view)
        }
        return true
    }

    /// Gives an aliased view variables of its own and puts its autoresizing constraints in
    /// the solver, so that one of them can be broken in a conflict as any other view's
    /// would be (see ``breakConstraint(_:because:)``). The view stays unaliased while it is
    /// in the hierarchy. Returns false when the view is not aliased.
    func unalias(_ view: LayoutView) -> Bool {
        guard view.frameAlias != nil else { return false }
        let frame = madeFrameConstraints(of: view)
        view.frameAlias = nil
        aliasState.refused.insert(Identity(view))
        // Fresh variables, each defined by one equality: these cannot conflict (were one
        // refused, it would be kept as broken, not lost).
        for constraint in frame {
            do { try addNow(constraint) } catch { broken.append(constraint) }
        }
        aliasState.needWriting = true
        changed = true
        relowerUsers(of: view)
        return true
    }

    /// Lowers again the installed constraints that read a view's edges (after its alias
    /// changed): those on the view and on the root that name it or its margins or safe
    /// area, its own content-size and guide constraints, and its subviews' autoresizing
    /// constraints.
    func relowerUsers(of view: LayoutView) {
        let aliases = [view.marginsGuideStorage, view.safeAreaGuideStorage].compactMap { $0 }
        func uses(_ c: LayoutConstraint) -> Bool {
            c.items.contains { item in item === view || aliases.contains { $0 === item } }
        }
        var users = view.constraints.filter(uses) + root.constraints.filter(uses)
        if let made = generatedConstraints(of: view) { users += made.content + made.guides }
        for subview in view.subviews {
            if let made = generatedConstraints(of: subview) { users += made.frame }
        }
        for constraint in users where lowering(of: constraint) != nil { constantChanged(constraint) }
    }

    /// Writes the aliased views' variables from the root's solved rectangle, when it or an
    /// alias changed since they were last written; adds the views whose values changed.
    func writeAliases(into moved: inout MovedViews) {
        let base = root.variables.rect
        guard aliasState.needWriting || base != aliasState.base else { return }
        aliasState.needWriting = false
        aliasState.base = base
        // A resize of a root without aliased subviews (a row of 100,000 constrained views)
        // does not visit them.
        guard aliasState.mayExist else { return }
        // (The subviews unretained: the root keeps them, and nothing here changes that.)
        let subviews = root.subviews
        var found = false
        for index in subviews.indices {
            let ref = Unmanaged.passUnretained(subviews[index])
            guard let alias = ref._withUnsafeGuaranteedRef({ $0.frameAlias }) else { continue }
            found = true
            let v = ref._withUnsafeGuaranteedRef { $0.variables }
            let x = alias.x.value(base), y = alias.y.value(base)
            let new = Rect(x: x, y: y, width: alias.width.value(base), height: alias.height.value(base))
            guard v.hasVariables else {
                // (The usual case: the view never had variables.)
                if v.values != new { moved.claim(ref) }
                v.values = new
                continue
            }
            /// Writes one variable (no array of pairs: this runs for every aliased view).
            func write(_ variable: Variable, _ value: Double) -> Bool {
                guard variable.value != value else { return false }
                variable.value = value
                return true
            }
            var changed = write(v.minX, x)
            changed = write(v.minY, y) || changed
            changed = write(v.maxX, x + new.width) || changed
            changed = write(v.maxY, y + new.height) || changed
            if changed { moved.claim(ref) }
        }
        aliasState.mayExist = found
    }

    /// The autoresizing constraints of aliased views that the given constraints read,
    /// which the solver cannot name in a conflict (they are not in it): for each aliased
    /// view a constraint names, the constraints of the variables its attribute uses.
    func aliasConstraints(readBy constraints: [LayoutConstraint]) -> [LayoutConstraint] {
        var found: [LayoutConstraint] = []
        for c in constraints {
            for (item, attribute) in [(c.firstItem, c.firstAttribute), (c.secondItem, c.secondAttribute)] {
                let owner = (item as? LayoutView) ?? (item as? LayoutGuide).flatMap { $0.isInsetAlias ? $0.owningView : nil }
                guard let view = owner, view.frameAlias != nil, case let frame = madeFrameConstraints(of: view),
                      frame.count == 4 else { continue }
                let bare = attribute.withoutMargin
                let rtl = view.effectiveUserInterfaceLayoutDirection == .rightToLeft
                let usesX = [.left, .right, .leading, .trailing, .centerX].contains(bare)
                let usesWidth = [.right, .centerX, .width].contains(bare)
                    || bare == (rtl ? .leading : .trailing)
                let usesY = [.top, .bottom, .centerY, .firstBaseline, .lastBaseline].contains(bare)
                let usesHeight = [.bottom, .centerY, .height, .lastBaseline].contains(bare)
                let uses = [usesX, usesY, usesWidth, usesHeight]  // frame is left, top, width, height
                for index in uses.indices where uses[index] && !found.contains(where: { $0 === frame[index] }) {
                    found.append(frame[index])
                }
            }
        }
        return found
    }
}
