@testable import AutoLayout

/// A view with a fixed intrinsic size.
final class SizedView: LayoutView {
    var size: Size
    init(_ identifier: String, _ width: Double, _ height: Double) {
        size = Size(width: width, height: height)
        super.init(frame: .zero)
        self.identifier = identifier
        translatesAutoresizingMaskIntoConstraints = false
    }
    override var intrinsicContentSize: Size { size }
}

/// A root of the given size and a constrained child, for attribute tests.
func makeRoot(_ width: Double = 300, _ height: Double = 200) -> LayoutView {
    LayoutView(identifier: "root", frame: Rect(x: 0, y: 0, width: width, height: height))
}

func makeChild(in root: LayoutView, _ name: String = "child") -> LayoutView {
    let child = LayoutView(identifier: name)
    child.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(child)
    return child
}
