import AutoLayout

/// A name of several lines, as a label with `numberOfLines = 0`: `characters` characters 8
/// points wide, 20-point lines, wrapped at the width the layout gives it (a second pass, as
/// a wrapping label's; see `LayoutView.updateIntrinsicContentSize(forWidth:)`).
final class WrappingName: LayoutView {
    let characters: Int
    private var wrapWidth: Double?

    init(characters: Int) {
        self.characters = characters
        super.init(frame: .zero)
        identifier = "name"
        translatesAutoresizingMaskIntoConstraints = false
    }

    /// Lines of as many characters as fit in the wrapping width (all on one before a layout).
    var lines: Int {
        guard let wrapWidth else { return 1 }
        let perLine = max(1, Int(wrapWidth / 8))
        return (characters + perLine - 1) / perLine
    }

    override var intrinsicContentSize: Size {
        Size(width: Double(min(characters, wrapWidth.map { max(1, Int($0 / 8)) } ?? characters)) * 8, height: Double(lines) * 20)
    }

    override func updateIntrinsicContentSize(forWidth width: Double) -> Bool {
        guard width != wrapWidth else { return false }
        let before = intrinsicContentSize
        wrapWidth = width
        return intrinsicContentSize != before
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        if updateIntrinsicContentSize(forWidth: frame.width) { invalidateIntrinsicContentSize() }
    }
}
