import Testing
@testable import AutoLayout

/// The engine queues activated constraints and adds them to its solver in one batch before
/// it next solves. These check that nothing is lost or reordered on the way.
@Suite struct EngineQueueTests {
    func box(in root: LayoutView, _ name: String = "v") -> LayoutView {
        let v = makeChild(in: root, name)
        return v
    }

    /// Activates `v` at the root's top left, 10 high, with `others` (its width, say).
    func pinTopLeft(_ v: LayoutView, in root: LayoutView, _ others: [LayoutConstraint]) throws {
        try LayoutConstraint.activate([v.leftAnchor.constraint(equalTo: root.leftAnchor),
                                       v.topAnchor.constraint(equalTo: root.topAnchor),
                                       v.heightAnchor.constraint(equalToConstant: 10)] + others)
    }

    @Test("conflicts among queued constraints are reported before later diagnostics, in order")
    func diagnosticsKeepTheirOrder() throws {
        let root = makeRoot(100, 100)
        let v = box(in: root)
        let left = v.leftAnchor.constraint(equalTo: root.leftAnchor)
        try LayoutConstraint.activate([left, v.topAnchor.constraint(equalTo: root.topAnchor),
                                       v.widthAnchor.constraint(equalToConstant: 10),
                                       v.heightAnchor.constraint(equalToConstant: 10)])
        root.layoutIfNeeded()
        var seen: [String] = []
        root.layoutDiagnosticsHandler = { diagnostic in
            switch diagnostic {
            case .unsatisfiable(let c, _, _): seen.append("unsatisfiable \(c.constant)")
            case .rejected: seen.append("rejected")
            case .rejectedValue: seen.append("rejected value")
            case .layoutFeedbackLoop: seen.append("loop")
            }
        }
        let w20 = v.widthAnchor.constraint(equalToConstant: 20)
        let h30 = v.heightAnchor.constraint(equalToConstant: 30)
        try w20.activate()
        try h30.activate()
        left.constant = .infinity
        #expect(seen == ["unsatisfiable 20.0", "unsatisfiable 30.0", "rejected"])
        #expect(root.brokenConstraints.count == 2 && root.brokenConstraints[0] === w20)
        root.layoutIfNeeded()
        #expect(v.frame == Rect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test("a constraint deactivated before the engine solves never takes effect; one reactivated does")
    func deactivatedBeforeFlush() throws {
        let root = makeRoot(100, 100)
        let v = box(in: root)
        let wide = v.widthAnchor.constraint(equalToConstant: 80)
        try pinTopLeft(v, in: root, [wide])
        wide.isActive = false
        let narrow = v.widthAnchor.constraint(equalToConstant: 30)
        narrow.isActive = true
        root.layoutIfNeeded()
        #expect(v.frame.width == 30 && root.brokenConstraints.isEmpty)
        narrow.isActive = false
        wide.isActive = true
        wide.constant = 60
        root.layoutIfNeeded()
        #expect(v.frame.width == 60 && root.brokenConstraints.isEmpty)
    }

    @Test("queued constraints survive their root joining another hierarchy, and fitting reads them")
    func queuedConstraintsMoveAndFit() throws {
        let panel = LayoutView(identifier: "panel", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let label = SizedView("label", 70, 20)
        panel.addSubview(label)
        try LayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: panel.leadingAnchor, constant: 5),
                                       label.trailingAnchor.constraint(equalTo: panel.trailingAnchor, constant: -5),
                                       label.topAnchor.constraint(equalTo: panel.topAnchor, constant: 5),
                                       label.bottomAnchor.constraint(equalTo: panel.bottomAnchor, constant: -5)])
        // Fitting the root while its constraints are still queued.
        #expect(panel.systemLayoutSizeFitting(LayoutView.layoutFittingCompressedSize) == Size(width: 80, height: 30))
        let other = LayoutView(identifier: "other", frame: Rect(x: 0, y: 0, width: 20, height: 20))
        let inner = makeChild(in: other, "inner")
        try LayoutConstraint.activate([inner.widthAnchor.constraint(equalToConstant: 7)])
        // `other` joins with its constraint still queued in its own engine.
        let root = makeRoot(300, 200)
        root.addSubview(panel)
        panel.addSubview(other)
        try LayoutConstraint.activate([inner.leftAnchor.constraint(equalTo: other.leftAnchor),
                                       inner.topAnchor.constraint(equalTo: other.topAnchor),
                                       inner.heightAnchor.constraint(equalToConstant: 3)])
        root.layoutIfNeeded()
        #expect(label.frame == Rect(x: 5, y: 5, width: 40, height: 40))
        #expect(inner.frame == Rect(x: 0, y: 0, width: 7, height: 3))
        #expect(root.brokenConstraints.isEmpty)
    }

    /// A box with margins, and an inner view pinned to its top-left margin corner.
    func marginBox(in root: LayoutView) throws -> (box: LayoutView, inner: LayoutView) {
        let box = LayoutView(identifier: "box", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        root.addSubview(box)
        let inner = makeChild(in: box, "inner")
        try LayoutConstraint.activate([
            LayoutConstraint(item: inner, attribute: .left, relatedBy: .equal, toItem: box, attribute: .leftMargin),
            LayoutConstraint(item: inner, attribute: .top, relatedBy: .equal, toItem: box, attribute: .topMargin),
            inner.widthAnchor.constraint(equalToConstant: 10), inner.heightAnchor.constraint(equalToConstant: 10),
        ])
        return (box, inner)
    }

    @Test("a view that moves to another hierarchy reads its margins there")
    func marginsAfterMoving() throws {
        // Directional margins resolve for the new direction.
        let ltr = makeRoot(300, 300), rtl = makeRoot(300, 300)
        rtl.semanticContentAttribute = .forceRightToLeft
        let (box, inner) = try marginBox(in: ltr)
        box.directionalLayoutMargins = DirectionalEdgeInsets(top: 0, leading: 30, bottom: 0, trailing: 0)
        ltr.layoutIfNeeded()
        #expect(inner.frame.minX == 30)
        rtl.addSubview(box)
        rtl.layoutIfNeeded()
        #expect(box.layoutMargins.left == 0 && inner.frame.minX == 0)
        #expect(box.layoutMarginsGuide.layoutFrame.minX == 0)
        // Margins measured from a safe area the new root does not have.
        let unsafe = makeRoot(300, 300)
        unsafe.safeAreaInsets = EdgeInsets(top: 40, left: 0, bottom: 0, right: 0)
        let (box2, inner2) = try marginBox(in: unsafe)
        unsafe.layoutIfNeeded()
        unsafe.layoutIfNeeded()
        #expect(inner2.frame.minY == 48)
        let safe = makeRoot(300, 300)
        safe.addSubview(box2)
        safe.layoutIfNeeded()
        #expect(inner2.frame.minY == 8)
        // Taken out on its own, with new margins.
        box2.removeFromSuperview()
        box2.layoutMargins = EdgeInsets(top: 2, left: 2, bottom: 2, right: 2)
        box2.layoutIfNeeded()
        #expect(inner2.frame.minY == 2 && inner2.frame.minX == 2)
    }

    @Test("fitting a subtree leaves the hierarchy's record of its margins alone")
    func fittingKeepsMargins() throws {
        let root = makeRoot(300, 300)
        let container = makeChild(in: root, "container")
        let v = makeChild(in: container, "v")
        let inner = makeChild(in: root, "inner")
        try LayoutConstraint.activate([
            container.leftAnchor.constraint(equalTo: root.leftAnchor), container.topAnchor.constraint(equalTo: root.topAnchor),
            v.leftAnchor.constraint(equalTo: container.leftAnchor), v.topAnchor.constraint(equalTo: container.topAnchor),
            v.widthAnchor.constraint(equalToConstant: 100), v.heightAnchor.constraint(equalToConstant: 100),
            container.widthAnchor.constraint(equalTo: v.widthAnchor), container.heightAnchor.constraint(equalTo: v.heightAnchor),
            // Installed on the root, above the subtree that gets fitted.
            LayoutConstraint(item: inner, attribute: .left, relatedBy: .equal, toItem: v, attribute: .leftMargin),
            inner.topAnchor.constraint(equalTo: root.topAnchor),
            inner.widthAnchor.constraint(equalToConstant: 5), inner.heightAnchor.constraint(equalToConstant: 5),
        ])
        root.layoutIfNeeded()
        #expect(inner.frame.minX == 8)
        #expect(container.systemLayoutSizeFitting(LayoutView.layoutFittingCompressedSize) == Size(width: 100, height: 100))
        v.layoutMargins = EdgeInsets(top: 0, left: 20, bottom: 0, right: 0)
        root.layoutIfNeeded()
        #expect(inner.frame.minX == 20)
    }

    /// Rows of score-cell-like controls with intrinsic sizes, one conflicting width per row,
    /// built either all at once (the content-size constraints wait for each activation) or
    /// with a layout after every step (each view's content-size constraints reach the
    /// solver before the constraints that place it): the same frames and the same broken
    /// constraints, in the same order.
    func buildRows(solvingEachStep: Bool) throws -> (frames: [Rect], broken: [Double]) {
        let root = makeRoot(375, 400)
        var controls: [LayoutView] = []
        var broken: [Double] = []
        root.layoutDiagnosticsHandler = { diagnostic in
            if case .unsatisfiable(let c, _, _) = diagnostic { broken.append(c.constant) }
        }
        for row in 0..<6 {
            let cell = makeChild(in: root, "cell\(row)")
            let photo = SizedView("photo", 44, 44), name = SizedView("name", 97, 30)
            let score = SizedView("score", 40, 30), stepper = SizedView("stepper", 94, 29)
            stepper.setContentHuggingPriority(LayoutPriority(750), for: .horizontal)
            name.setContentCompressionResistancePriority(LayoutPriority(Float(700 + row)), for: .horizontal)
            for v in [photo, name, score, stepper] {
                cell.addSubview(v)
                if solvingEachStep { root.layoutIfNeeded() }
            }
            let centring = score.centerXAnchor.constraint(equalTo: cell.centerXAnchor)
            centring.priority = 750
            try LayoutConstraint.activate([
                cell.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                cell.trailingAnchor.constraint(equalTo: root.trailingAnchor),
                cell.topAnchor.constraint(equalTo: root.topAnchor, constant: Double(row) * 60),
                cell.heightAnchor.constraint(equalToConstant: 60),
                photo.leadingAnchor.constraint(equalTo: cell.layoutMarginsGuide.leadingAnchor),
                name.leadingAnchor.constraint(equalTo: photo.trailingAnchor, constant: 8),
                name.widthAnchor.constraint(greaterThanOrEqualToConstant: 95),
                score.leadingAnchor.constraint(equalTo: name.trailingAnchor, constant: 8),
                score.widthAnchor.constraint(greaterThanOrEqualToConstant: 40),
                stepper.leadingAnchor.constraint(greaterThanOrEqualTo: score.trailingAnchor, constant: 8),
                stepper.trailingAnchor.constraint(equalTo: cell.layoutMarginsGuide.trailingAnchor),
                centring,
                photo.widthAnchor.constraint(equalTo: photo.heightAnchor),
                photo.topAnchor.constraint(equalTo: cell.layoutMarginsGuide.topAnchor),
                photo.bottomAnchor.constraint(equalTo: cell.layoutMarginsGuide.bottomAnchor),
                name.centerYAnchor.constraint(equalTo: photo.centerYAnchor),
                score.centerYAnchor.constraint(equalTo: photo.centerYAnchor),
                stepper.centerYAnchor.constraint(equalTo: photo.centerYAnchor),
                // Cannot hold beside the photo's square: broken and reported.
                photo.widthAnchor.constraint(equalToConstant: Double(50 + row)),
            ])
            if solvingEachStep { root.layoutIfNeeded() }
            controls += [photo, name, score, stepper]
        }
        root.layoutIfNeeded()
        return (controls.map(\.frame), broken)
    }

    @Test("content-size constraints waiting for the end of an activation change no frame and no failure")
    func contentSizeOrderChangesNothing() throws {
        let batched = try buildRows(solvingEachStep: false)
        let stepped = try buildRows(solvingEachStep: true)
        #expect(batched.frames == stepped.frames)
        #expect(batched.broken == stepped.broken && batched.broken == (0..<6).map { Double(50 + $0) })
        // Row 0: name 60...159.5 (the score centred at 187.5 pushes it), the stepper at the margin.
        #expect(batched.frames[1] == Rect(x: 60, y: 15, width: 99.5, height: 30))
        #expect(batched.frames[3] == Rect(x: 273, y: 15.5, width: 94, height: 29))
    }

    /// Diagnostics of one kind, as text: a rejected constraint's constant and message, or a
    /// rejected value's view and message.
    func rejections(of root: LayoutView) -> () -> [String] {
        var seen: [String] = []
        root.layoutDiagnosticsHandler = { diagnostic in
            switch diagnostic {
            case .rejected(let c, let error): seen.append("\(c.constant): \(error)")
            case .rejectedValue(let view, let error): seen.append("\(view.identifier ?? "?"): \(error)")
            default: break
            }
        }
        return { seen }
    }

    @Test("a deactivation the solver refuses is reported against its constraint, not dropped in silence")
    func refusedRemovalIsReported() throws {
        let root = makeRoot(100, 100)
        let v = box(in: root)
        let width = v.widthAnchor.constraint(equalToConstant: 40)
        try pinTopLeft(v, in: root, [width])
        root.layoutIfNeeded()
        let seen = rejections(of: root)
        // Its solver constraint taken out behind the engine's back: the engine's own
        // removal then fails, as it would on a fault in the solver.
        let engine = root.engine
        let lowering = try #require(engine.lowering(of: width))
        try engine.solver.removeConstraint(lowering)
        width.isActive = false
        #expect(seen().count == 1)
        #expect(seen().first?.hasPrefix("40.0: The solver could not remove the constraint: unknown constraint") == true)
        #expect(engine.lowering(of: width) == nil && !width.isActive)
        // The rest of the layout goes on: the width is now free, and 0 is as good as any.
        root.layoutIfNeeded()
        #expect(v.frame.minX == 0 && v.frame.height == 10)
    }

    @Test("a pin the engine made itself and cannot take out is reported against the root")
    func refusedPinRemovalIsReported() throws {
        let root = makeRoot(100, 100)
        let v = box(in: root)
        try LayoutConstraint.activate([v.topAnchor.constraint(equalTo: root.topAnchor),
                                       v.widthAnchor.constraint(equalToConstant: 20),
                                       v.heightAnchor.constraint(equalToConstant: 10)])
        root.layoutIfNeeded()
        #expect(v.hasAmbiguousLayout)
        v.exerciseAmbiguityInLayout()
        let engine = root.engine
        let pin = try #require(engine.exercisePins[Identity(v)])
        let seen = rejections(of: root)
        try engine.solver.removeConstraint(pin.constraint)
        v.removeFromSuperview()
        #expect(seen().count == 1)
        #expect(seen().first?.hasPrefix("root: The solver could not remove the constraint: unknown constraint") == true)
        #expect(engine.exercisePins.isEmpty)
    }
}
