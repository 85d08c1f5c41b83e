import AutoLayout

/// A document laid out at one root size: the view tree, the constraints the document made,
/// and what the engine reported.
public final class DocumentLayout {
    /// The root's size.
    public let size: Size
    /// The root view.
    public let root: LayoutView
    /// Every view and guide by id, the root included.
    public let items: [String: LayoutItem]
    /// The ids of the root's descendants in document order (parents before children).
    public let order: [String]
    /// The constraints the document's entries made, active or not (an entry whose `when`
    /// does not hold for this size makes inactive ones).
    public let constraints: [LayoutConstraint]

    /// Where each constraint's entry (its text) and each view was written.
    private let constraintPositions: [ObjectIdentifier: SourcePosition]
    private let viewPositions: [String: SourcePosition]

    init(size: Size, root: LayoutView, items: [String: LayoutItem], order: [String], constraints: [LayoutConstraint],
         constraintPositions: [ObjectIdentifier: SourcePosition], viewPositions: [String: SourcePosition]) {
        self.size = size
        self.root = root
        self.items = items
        self.order = order
        self.constraints = constraints
        self.constraintPositions = constraintPositions
        self.viewPositions = viewPositions
    }

    /// Where the document wrote the entry that made a constraint, or the stack that made it
    /// (`UISV-…`); nil for one the engine made (content size, autoresizing masks, margins).
    public func position(of constraint: LayoutConstraint) -> SourcePosition? {
        constraintPositions[ObjectIdentifier(constraint)] ?? stack(making: constraint).flatMap { position(of: $0) }
    }

    /// The stack view that made a constraint (one of UIKit's `UISV-…`), or nil: a stack
    /// is an item of its constraints or the superview of one (a guide counts as its owning
    /// view), and lists them in `StackView.arrangementConstraints`.
    public func stack(making constraint: LayoutConstraint) -> StackView? {
        for item in [constraint.firstItem, constraint.secondItem] {
            let view = item as? LayoutView ?? (item as? LayoutGuide)?.owningView
            for case let stack as StackView in [view, view?.superview]
            where stack.arrangementConstraints.contains(where: { $0 === constraint }) {
                return stack
            }
        }
        return nil
    }

    /// Where the document wrote a view (nil for the root).
    public func position(of view: LayoutView) -> SourcePosition? {
        view.identifier.flatMap { viewPositions[$0] }
    }

    /// The layout's issues (`LayoutView.layoutIssues()` of the root).
    public var issues: [LayoutIssue] { root.layoutIssues() }

    /// What the engine reported: broken constraints, feedback loops (the most recent 100).
    public var diagnostics: [LayoutDiagnostic] { root.layoutDiagnostics }

    /// How many diagnostics came before ``diagnostics`` and were dropped.
    public var droppedDiagnosticCount: Int { root.droppedLayoutDiagnosticCount }

    /// Constraints the engine had to break.
    public var brokenConstraints: [LayoutConstraint] { root.brokenConstraints }

    /// The frame of a view in its superview's coordinates, or a guide's layout frame in its
    /// owning view's coordinates.
    public func frame(of id: String) -> Rect? {
        switch items[id] {
        case let view as LayoutView: view.frame
        case let guide as LayoutGuide: guide.layoutFrame
        default: nil
        }
    }

    /// The rectangle of a view or guide in the root's coordinates.
    public func rootFrame(of id: String) -> Rect? {
        func origin(of view: LayoutView?) -> Point {
            var point = Point(x: 0, y: 0)
            var current = view
            while let v = current, v !== root {
                point.x += v.frame.minX
                point.y += v.frame.minY
                current = v.superview
            }
            return point
        }
        switch items[id] {
        case let view as LayoutView:
            if view === root { return Rect(x: 0, y: 0, width: size.width, height: size.height) }
            let o = origin(of: view.superview)
            return Rect(x: o.x + view.frame.minX, y: o.y + view.frame.minY, width: view.frame.width, height: view.frame.height)
        case let guide as LayoutGuide:
            let o = origin(of: guide.owningView), f = guide.layoutFrame
            return Rect(x: o.x + f.minX, y: o.y + f.minY, width: f.width, height: f.height)
        default:
            return nil
        }
    }

    /// Whether a view is hidden at this size (itself or an ancestor).
    public func isHidden(_ id: String) -> Bool {
        (items[id] as? LayoutView ?? (items[id] as? LayoutGuide)?.owningView)?.isHiddenInHierarchy ?? false
    }

    /// How deep an item is below the root (the root's subviews are 1).
    public func depth(of id: String) -> Int {
        var depth = items[id] is LayoutGuide ? 1 : 0
        var current = items[id] as? LayoutView ?? (items[id] as? LayoutGuide)?.owningView
        while let view = current, view !== root {
            depth += 1
            current = view.superview
        }
        return depth
    }
}

extension LayoutDocument {
    /// Builds the view tree, makes every constraint, activates those whose `when` holds for
    /// `size`, and lays the root out at that size. The root starts at the document's first
    /// size (frames are written for it) and is then resized, so autoresizing masks act.
    /// - Throws: ``DocumentError`` for a visual format or equation that does not parse (with
    ///   the caret's line and column), or constraints that cannot be activated.
    public func layout(at size: Size) throws(DocumentError) -> DocumentLayout {
        // Frames are written for the first size, as on Interface Builder's canvas; the root is
        // built at that size and then resized, so autoresizing masks act.
        let design = sizes.first ?? size
        let root = LayoutView(identifier: rootID, frame: Rect(x: 0, y: 0, width: design.width, height: design.height))
        root.userInterfaceLayoutDirection = direction
        root.safeAreaInsets = safeArea
        if let margins { root.layoutMargins = margins }
        var items: [String: LayoutItem] = [rootID: root]
        var order: [String] = []
        var viewPositions: [String: SourcePosition] = [:]
        func build(_ specs: [ViewSpec], in parent: LayoutView) {
            for spec in specs {
                order.append(spec.id)
                viewPositions[spec.id] = spec.position
                if spec.kind == .guide {
                    let guide = LayoutGuide()
                    guide.identifier = spec.id
                    parent.addLayoutGuide(guide)
                    items[spec.id] = guide
                    continue
                }
                var spec = spec
                if let style = spec.textStyle { spec.fontSize = style.pointSize(for: contentSize) }
                let view: LayoutView = spec.kind == .stack ? DocumentStackView(identifier: spec.id) : DocumentView(spec: spec)
                view.translatesAutoresizingMaskIntoConstraints = spec.translatesAutoresizingMaskIntoConstraints
                view.autoresizingMask = spec.autoresizingMask
                let hugging = spec.hugging ?? spec.kind.defaultHugging
                view.setContentHuggingPriority(hugging.0, for: .horizontal)
                view.setContentHuggingPriority(hugging.1, for: .vertical)
                let compression = spec.compression ?? (.defaultHigh, .defaultHigh)
                view.setContentCompressionResistancePriority(compression.0, for: .horizontal)
                view.setContentCompressionResistancePriority(compression.1, for: .vertical)
                if let margins = spec.margins { view.layoutMargins = margins }
                view.preservesSuperviewLayoutMargins = spec.preservesSuperviewMargins
                view.insetsLayoutMarginsFromSafeArea = spec.insetsMarginsFromSafeArea
                view.isHidden = spec.hidden.holds(for: size)
                parent.addSubview(view)
                items[spec.id] = view
                build(spec.children, in: view)
                if let stack = view as? StackView, let options = spec.stack {
                    var arranged: [String: LayoutView] = [:]
                    for child in spec.children {
                        guard let subview = items[child.id] as? LayoutView else { continue }  // (a guide)
                        stack.addArrangedSubview(subview)
                        arranged[child.id] = subview
                    }
                    options.apply(to: stack, at: size, views: arranged)
                }
            }
        }
        build(views, in: root)
        let views = items.compactMapValues { $0 as? LayoutView }
        var made: [LayoutConstraint] = []
        var positions: [ObjectIdentifier: SourcePosition] = [:]
        // Every constraint whose `when` holds is activated in one batch, in document order
        // (one batch at a time, the engine would look for content-size work after each).
        var active: [LayoutConstraint] = [], activeSpecs: [Int] = []
        for (index, spec) in constraints.enumerated() {
            let constraints = try self.constraints(for: spec, items: items, views: views)
            made += constraints
            for constraint in constraints { positions[ObjectIdentifier(constraint)] = spec.textPosition }
            guard spec.when.holds(for: size) else { continue }
            active += constraints
            activeSpecs += Array(repeating: index, count: constraints.count)
        }
        do {
            try LayoutConstraint.activate(active)
        } catch {
            // Activation stops at the constraint that failed: the first one left inactive.
            let failed = active.firstIndex { !$0.isActive }.map { activeSpecs[$0] } ?? activeSpecs.last ?? 0
            throw DocumentError(file: file, position: constraints[failed].position, message: "\(error)")
        }
        root.layoutIfNeeded()
        if design != size {
            root.frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
            root.layoutIfNeeded()
        }
        return DocumentLayout(size: size, root: root, items: items, order: order, constraints: made,
                              constraintPositions: positions, viewPositions: viewPositions)
    }

    /// The constraints one entry makes.
    func constraints(for spec: ConstraintSpec, items: [String: LayoutItem],
                     views: [String: LayoutView]) throws(DocumentError) -> [LayoutConstraint] {
        var made: [LayoutConstraint]
        switch spec.body {
        case .visualFormat(let format, let options, let metrics):
            do {
                made = try LayoutConstraint.constraints(withVisualFormat: format, options: options, metrics: metrics,
                                                        views: views, superviewSpacing: superviewSpacing)
            } catch {
                let message = error.explainingNonViews(items).message
                throw DocumentError(file: file, position: caret(spec, error.position), message: message,
                                    detail: "\(format)\n" + String(repeating: " ", count: error.position) + "^")
            }
        case .relation(let relation):
            do {
                made = [try relation.constraint(items: items)]
            } catch {
                throw DocumentError(file: file, position: spec.position, message: "\(error)", detail: relation.equation)
            }
        case .equation(let equation):
            do {
                made = [try LayoutConstraint.parse(equation, items: items)]
            } catch {
                throw DocumentError(file: file, position: caret(spec, error.position), message: error.message,
                                    detail: "\(equation)\n" + String(repeating: " ", count: error.position) + "^")
            }
        }
        // A priority given beside an equation or relation (a visual format gives its own).
        if let priority = spec.priority, made.count == 1 {
            do {
                try made[0].setPriority(priority)
            } catch {
                throw DocumentError(file: file, position: spec.position, message: "\(error)")
            }
        }
        if let identifier = spec.identifier { made.forEach { $0.identifier = identifier } }
        return made
    }

    func caret(_ spec: ConstraintSpec, _ offset: Int) -> SourcePosition {
        SourcePosition(line: spec.textPosition.line, column: spec.textPosition.column + offset)
    }
}
