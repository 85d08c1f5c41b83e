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

/// The README's Visual Format Language example, line for line.
@Test func readmeVisualFormatExample() throws {
    let root = LayoutView(identifier: "root", frame: Rect(x: 0, y: 0, width: 320, height: 60))
    let photo = LayoutView(identifier: "photo"), name = LayoutView(identifier: "name")
    for view in [photo, name] {
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
    }
    let views = ["photo": photo, "name": name]
    let row = try LayoutConstraint.constraints(withVisualFormat: "H:|-[photo(44)]-[name(>=95)]-|",
                                               options: .alignAllCenterY, views: views)
    try LayoutConstraint.activate(row + LayoutConstraint.constraints(withVisualFormat: "V:|-8-[photo(44)]", views: views)
                                  + LayoutConstraint.constraints(withVisualFormat: "V:[name(30)]", views: views))
    root.layoutIfNeeded()
    #expect(name.frame.description == "(72, 15, 228, 30)")
    #expect(row[0].visualFormatDescription == "H:|-(20)-[photo]")
    #expect(row[3].equationDescription == "name.centerY == photo.centerY")
    #expect(row[0].description.hasPrefix("<LayoutConstraint:0x"))
    #expect(row[0].description.hasSuffix(" H:|-(20)-[photo]   (active, names: '|':root )>"))
    do {
        _ = try LayoutConstraint.constraints(withVisualFormat: "H:|-[photo]-[nmae]-|", views: views)
        Issue.record("accepted")
    } catch {
        #expect("\(error)" == "Unable to parse constraint format: \nnmae is not a key in the views dictionary. \nH:|-[photo]-[nmae]-| \n                 ^")
    }
}
