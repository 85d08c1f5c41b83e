import Testing
import AutoLayout

/// The README's Auto Layout example, line for line.
@Test func readmeAutoLayoutExample() throws {
    let root = LayoutView(identifier: "root", frame: Rect(x: 0, y: 0, width: 320, height: 480))
    let label = LayoutView(identifier: "label")
    label.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(label)
    try LayoutConstraint.activate([
        label.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
        label.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
        label.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
        try LayoutConstraint.parse("label.height == 44", items: ["label": label]),
    ])
    root.layoutIfNeeded()
    #expect(label.frame == Rect(x: 8, y: 20, width: 304, height: 44))
    #expect(label.frame.description == "(8, 20, 304, 44)")
}
