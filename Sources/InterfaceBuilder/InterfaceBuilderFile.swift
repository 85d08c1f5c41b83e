import AutoLayout
import Foundation
import LayoutDocument

/// A `.xib` or `.storyboard` file, read: its roots, each of which lays out as a layout
/// document (``layoutDocument(for:options:)``).
public struct InterfaceBuilderFile: Sendable {
    /// The file, as given (for messages).
    public let file: String
    /// Every root: each top-level view of a xib, each scene's view controller view of a
    /// storyboard, and each table or collection cell (its own root), in file order.
    public let roots: [InterfaceBuilderRoot]
    /// The Interface Builder version that wrote the file (`toolsVersion`, 0 when absent).
    public let toolsVersion: Double
    let device: Device
    /// The sizes of the file's `<image>` resources, by name.
    let images: [String: Size]
    /// The controllers of a storyboard that a tab bar controller shows, directly or inside a
    /// navigation controller (their roots have a tab bar at the bottom).
    let tabbedControllers: Set<String>
    /// The controllers that are the first in a navigation controller.
    let navigatedControllers: Set<String>

    /// Reads a file from disk.
    /// - Throws: ``InterfaceBuilderError`` when it cannot be read, is not XML or is not an
    ///   Interface Builder document.
    public static func load(contentsOf path: String) throws(InterfaceBuilderError) -> InterfaceBuilderFile {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw InterfaceBuilderError(file: path, line: 0, message: "cannot read the file: \((error as NSError).localizedDescription)")
        }
        return try InterfaceBuilderFile(data: data, file: path)
    }

    /// Whether a path names an Interface Builder file (`.xib` or `.storyboard`).
    public static func isInterfaceBuilderFile(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".xib") || lower.hasSuffix(".storyboard")
    }

    /// Reads a file's contents; `file` names it in messages.
    public init(data: Data, file: String) throws(InterfaceBuilderError) {
        let root = try XMLTree.parse(Array(data), file: file)
        guard root.name == "document", let type = root["type"], type.hasPrefix("com.apple.InterfaceBuilder3.CocoaTouch") else {
            throw InterfaceBuilderError(file: file, line: root.line,
                                        message: "not an iOS Interface Builder document: expected <document type=\"com.apple.InterfaceBuilder3.CocoaTouch…\">, found <\(root.name)>")
        }
        self.file = file
        toolsVersion = Double(root["toolsVersion"] ?? "") ?? 0
        let deviceNode = root.child("device")
        device = Device.named(deviceNode?["id"], orientation: deviceNode?["orientation"], toolsVersion: toolsVersion)
        var images: [String: Size] = [:]
        for image in root.child("resources")?.children("image") ?? [] {
            guard let name = image["name"], let w = Numbers.length(image.attributes.number("width")),
                  let h = Numbers.length(image.attributes.number("height")) else { continue }
            images[name] = Size(width: w, height: h)
        }
        self.images = images
        let storyboard = type.contains("Storyboard")
        (tabbedControllers, navigatedControllers) = storyboard ? Self.containment(root) : ([], [])
        var roots = storyboard ? Self.storyboardRoots(root) : Self.xibRoots(root)
        for k in roots.indices where roots[k].kind == .viewController {
            // A view stored below opaque bars (at y 64 under a navigation bar) keeps the
            // screen's height in the file, but Interface Builder lays it out in the room left.
            let frame = ViewReader.storedFrame(roots[k].node), screen = device.size.height
            if frame.minY > 0 && frame.maxY > screen && frame.minY < screen {
                roots[k].size.height = screen - frame.minY
            }
        }
        self.roots = roots
    }

    /// The root with this Interface Builder id, or whose name is this.
    public func root(named name: String) -> InterfaceBuilderRoot? {
        roots.first { $0.id == name } ?? roots.first { $0.name == name }
    }

    static func xibRoots(_ document: XMLNode) -> [InterfaceBuilderRoot] {
        var roots: [InterfaceBuilderRoot] = []
        for object in document.child("objects")?.children ?? [] where ViewClass.isView(object) {
            roots.append(InterfaceBuilderRoot(node: object, kind: ViewClass.isCell(object.name) ? .cell : .topLevelView,
                                              name: object["userLabel"] ?? object["customClass"] ?? object["reuseIdentifier"]))
            collectCells(in: object, into: &roots)
        }
        return roots
    }

    static func storyboardRoots(_ document: XMLNode) -> [InterfaceBuilderRoot] {
        var roots: [InterfaceBuilderRoot] = []
        for scene in document.child("scenes")?.children("scene") ?? [] {
            for controller in scene.child("objects")?.children ?? [] {
                guard let view = controller.children.first(where: { $0["key"] == "view" && ViewClass.isView($0) }) else { continue }
                let name = controller["storyboardIdentifier"] ?? controller["customClass"] ?? controller["userLabel"]
                    ?? view["userLabel"]
                roots.append(InterfaceBuilderRoot(node: view, kind: .viewController, name: name, controller: controller))
                collectCells(in: view, into: &roots)
            }
        }
        return roots
    }

    /// Every cell below a view, each its own root.
    static func collectCells(in node: XMLNode, into roots: inout [InterfaceBuilderRoot]) {
        for child in node.children {
            if ViewClass.isCell(child.name) {
                roots.append(InterfaceBuilderRoot(node: child, kind: .cell,
                                                  name: child["userLabel"] ?? child["customClass"] ?? child["reuseIdentifier"]))
            }
            collectCells(in: child, into: &roots)
        }
    }

    /// The controllers a tab bar controller shows, and those in a navigation controller's
    /// stack (its root, and what a show or push segue leads to from there), following
    /// segues; a tab that is a navigation controller passes its tab bar on to its stack.
    static func containment(_ document: XMLNode) -> (tabbed: Set<String>, navigated: Set<String>) {
        var kinds: [String: String] = [:], roots: [String: [String]] = [:], pushes: [String: [String]] = [:]
        for scene in document.child("scenes")?.children("scene") ?? [] {
            for controller in scene.child("objects")?.children ?? [] {
                guard let id = controller["id"] else { continue }
                kinds[id] = controller.name
                var segues: [XMLNode] = []
                func collect(_ node: XMLNode) {
                    for child in node.children {
                        if child.name == "segue" { segues.append(child) } else { collect(child) }
                    }
                }
                collect(controller)
                roots[id] = segues.filter { $0["kind"] == "relationship" }.compactMap { $0["destination"] }
                pushes[id] = segues.filter { $0["kind"] == "show" || $0["kind"] == "push" }.compactMap { $0["destination"] }
            }
        }
        func stack(from start: [String]) -> Set<String> {
            var found = Set<String>(), queue = start
            while let id = queue.popLast() {
                guard found.insert(id).inserted else { continue }
                queue += pushes[id] ?? []
            }
            return found
        }
        var tabbed: Set<String> = [], navigated: Set<String> = []
        for (id, kind) in kinds {
            if kind == "navigationController" { navigated.formUnion(stack(from: roots[id] ?? [])) }
        }
        for (id, kind) in kinds where kind == "tabBarController" {
            for target in roots[id] ?? [] {
                tabbed.insert(target)
                if kinds[target] == "navigationController" { tabbed.formUnion(stack(from: roots[target] ?? [])) }
            }
        }
        return (tabbed, navigated)
    }
}

/// One root of an Interface Builder file: a view that lays out on its own.
public struct InterfaceBuilderRoot: Sendable {
    /// What the root is.
    public enum Kind: String, Sendable {
        /// A scene's view controller's view.
        case viewController
        /// A top-level view of a xib.
        case topLevelView
        /// A table or collection cell (a prototype, or a top-level cell of a xib).
        case cell
    }
    let node: XMLNode
    /// The view's Interface Builder id.
    public var id: String { node["id"] ?? "" }
    /// What the root is.
    public let kind: Kind
    /// Its storyboard identifier, custom class or user label, when it has one.
    public let name: String?
    /// The view controller that holds a controller's view.
    let controller: XMLNode?
    /// The size it is laid out at: its stored size (for a controller's view stored below
    /// opaque bars, the room the screen leaves under them).
    public internal(set) var size: Size
    /// The line the root's element starts on.
    public var line: Int { node.line }

    init(node: XMLNode, kind: Kind, name: String?, controller: XMLNode? = nil) {
        self.node = node
        self.kind = kind
        self.name = name
        self.controller = controller
        let frame = ViewReader.storedFrame(node)
        size = Size(width: max(0, frame.width), height: max(0, frame.height))
    }
}
