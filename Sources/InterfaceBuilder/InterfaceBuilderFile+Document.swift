import AutoLayout
import LayoutDocument

// A root of an Interface Builder file as a layout document.

extension InterfaceBuilderFile {
    /// The layout document of one root, at its stored size: its views and constraints, the
    /// safe area its device and bars give, the margins Interface Builder gives by era and
    /// kind, and the legacy top and bottom layout guides (see `spec/AUTOLAYOUT.md` §10).
    public func layoutDocument(for root: InterfaceBuilderRoot,
                               options: InterfaceBuilderOptions = InterfaceBuilderOptions()) -> InterfaceBuilderDocument {
        let variations = Variations(root: root.node, traits: options.traits ?? device.traits)
        var reader = ViewReader(file: self, root: root, options: options, images: images, variations: variations)
        reader.names[root.id] = "root"
        reader.interfaceBuilderIDs["root"] = root.id
        let frame = ViewReader.storedFrame(root.node)
        var document = LayoutDocument(file: file)
        document.name = root.name
        document.sizes = [root.size]
        document.safeArea = safeArea(of: root, frame: frame)
        document.margins = ViewReader.explicitMargins(root.node) ?? rootMargins(root, width: frame.width)
        document.views = reader.contents(of: root.node, name: "root", id: root.id)
        if let controller = root.controller {
            let bars = barInsets(of: root, frame: frame)
            for guide in controller.child("layoutGuides")?.children("viewControllerLayoutGuide") ?? [] {
                guard let id = guide["id"] else { continue }
                let top = guide["type"] == "top"
                let name = reader.name(for: XMLNode(name: top ? "topLayoutGuide" : "bottomLayoutGuide", line: guide.line))
                reader.guides[id] = name
                var spec = ViewSpec(id: name, position: SourcePosition(line: guide.line, column: 1))
                spec.kind = .guide
                document.views.append(spec)
                // The strip of the bars at the top (status and navigation bars) or the bottom.
                let relations = [
                    RelationSpec(first: name, top ? .top : .bottom, .equal, second: "root", top ? .top : .bottom),
                    RelationSpec(first: name, .height, .equal, second: nil, .notAnAttribute, constant: top ? bars.top : bars.bottom),
                    RelationSpec(first: name, .left, .equal, second: "root", .left),
                    RelationSpec(first: name, .right, .equal, second: "root", .right),
                ]
                for relation in relations {
                    document.constraints.append(ConstraintSpec(body: .relation(relation), position: spec.position,
                                                               textPosition: spec.position))
                }
            }
        }
        document.constraints += reader.madeConstraints
        for (holder, node) in reader.constraints {
            if let spec = reader.constraintSpec(holder: holder, node) { document.constraints.append(spec) }
        }
        return InterfaceBuilderDocument(document: document, interfaceBuilderIDs: reader.interfaceBuilderIDs,
                                        storedFrames: reader.storedFrames, displayNames: reader.displayNames,
                                        warnings: reader.warnings)
    }

    /// The safe area of a root (from Xcode 9; none before): a controller's view's is what
    /// its bars cover (``barInsets(of:frame:)``); a xib's top-level view gets the device's,
    /// wherever it sits on the canvas; cells none.
    func safeArea(of root: InterfaceBuilderRoot, frame: Rect) -> EdgeInsets {
        guard toolsVersion >= 13000 else { return .zero }
        switch root.kind {
        case .cell: return .zero
        case .topLevelView: return device.screenInsets
        case .viewController: return barInsets(of: root, frame: frame)
        }
    }

    /// What a controller's bars cover: the status bar (or notch) and home indicator of the
    /// device, a navigation bar (44) when it shows one (its simulated top bar, or inferred:
    /// it is in a navigation controller's stack), a tab bar (49) or toolbar (44) likewise;
    /// nothing at the top of a view stored below opaque bars (not at the top of the screen),
    /// or at the bottom of one that ends above the screen's bottom. The legacy layout
    /// guides are these strips, in files of every age.
    func barInsets(of root: InterfaceBuilderRoot, frame: Rect) -> EdgeInsets {
        var insets = device.screenInsets
        guard let controller = root.controller else { return insets }
        let id = controller["id"] ?? ""
        func simulated(_ key: String) -> XMLNode? { controller.children.first { $0["key"] == key } }
        if simulated("simulatedStatusBarMetrics")?.name == "nil" && device.homeIndicator == 0 { insets.top = 0 }
        let top = simulated("simulatedTopBarMetrics")
        if top?.name == "simulatedNavigationBarMetrics" || (top == nil && navigatedControllers.contains(id)) {
            insets.top += 44
        }
        let bottom = simulated("simulatedBottomBarMetrics")
        if bottom?.name == "simulatedTabBarMetrics" || (bottom == nil && tabbedControllers.contains(id)) {
            insets.bottom += 49
        } else if bottom?.name == "simulatedToolbarMetrics" {
            insets.bottom += 44
        }
        if frame.minY > 0 { insets.top = 0 }
        if frame.minY + root.size.height < device.size.height - 0.5 && frame.size != device.size { insets.bottom = 0 }
        return insets
    }

    /// A root's layout margins when the file gives none: a controller's view, and from
    /// Xcode 9 a xib's top-level view, 16 on the sides (20 from 414 points wide) and none at
    /// top and bottom; a table cell, its content view's (see ``ViewReader/cellMargins(_:file:)``);
    /// otherwise UIKit's 8.
    func rootMargins(_ root: InterfaceBuilderRoot, width: Double) -> EdgeInsets? {
        // A table cell's own margins are its table's, which its content view can preserve.
        if root.node.name == "tableViewCell" { return ViewReader.cellMargins(root.node, file: self) }
        guard root.kind == .viewController || (root.kind == .topLevelView && toolsVersion >= 13000) else { return nil }
        let side = width < 414 ? 16.0 : 20
        return EdgeInsets(top: 0, left: side, bottom: 0, right: side)
    }
}
