import AutoLayout
import LayoutDocument

// What a view shows and the intrinsic size it has.

extension ViewReader {
    /// Sets a view's text, font size and intrinsic size. With
    /// ``InterfaceBuilderOptions/intrinsicFromFrames``, a content view's intrinsic size is
    /// its stored frame's alignment rectangle, on the axes its class has one; otherwise text
    /// is measured with the font table (a label measures itself, so it can wrap) and controls
    /// take UIKit's standard sizes.
    /// `placeholderIntrinsicWidth` and `…Height` win either way (`infinite`: none).
    func readContent(_ node: XMLNode, _ attributes: XMLAttributes, _ viewClass: ViewClass, _ frame: Rect,
                     into spec: inout ViewSpec) {
        spec.text = Self.text(of: node, attributes)
        if node.name == "textField" { spec.placeholder = attributes["placeholder"] }
        if node.name == "label" {
            spec.numberOfLines = attributes.number("numberOfLines").map { Int(max(0, min(1_000_000, $0))) } ?? 1
            spec.lineBreakMode = Self.lineBreakModes[attributes["lineBreakMode"] ?? ""] ?? .truncateTail
            spec.preferredMaxLayoutWidth = Numbers.length(attributes.number("preferredMaxLayoutWidth")).map { max(0, $0) } ?? 0
        }
        if let font = node.child("fontDescription", key: "fontDescription") {
            spec.textStyle = Self.textStyles[font["style"] ?? ""]
            spec.fontSize = Numbers.fontSize(font.attributes.number("pointSize")) ?? spec.textStyle?.pointSize() ?? spec.fontSize
            spec.fontWeight = Self.fontWeight(font)
        } else if node.name == "button" {
            spec.fontSize = 15
        } else if node.name == "textField" || node.name == "textView" {
            spec.fontSize = 14
        }
        let widthGiven = attributes["placeholderIntrinsicWidth"] != nil, heightGiven = attributes["placeholderIntrinsicHeight"] != nil
        // A label measured with the font table sizes itself (it may wrap at its width).
        if !options.intrinsicFromFrames && node.name == "label" && !widthGiven && !heightGiven { return }
        var size: (width: Double?, height: Double?)
        if options.intrinsicFromFrames {
            let i = viewClass.alignmentInsets
            let w = frame.width - i.left - i.right, h = frame.height - i.top - i.bottom
            switch viewClass.axes {
            case .both: size = (w, h)
            case .heightOnly: size = (nil, h)
            case .none: size = (nil, nil)
            case .withImage: size = attributes["image"] != nil ? (w, h) : (nil, nil)
            case .whenNotScrolling: size = attributes["scrollEnabled"] == "NO" ? (w, h) : (nil, nil)
            }
        } else {
            size = standardSize(node, attributes, spec)
        }
        if widthGiven { size.width = Numbers.length(attributes.number("placeholderIntrinsicWidth")).map { max(0, $0) } }
        if heightGiven { size.height = Numbers.length(attributes.number("placeholderIntrinsicHeight")).map { max(0, $0) } }
        spec.intrinsicSize = size
    }

    /// Interface Builder's names of the line break modes.
    static let lineBreakModes: [String: LineBreakMode] = [
        "wordWrap": .wordWrap, "characterWrap": .charWrap, "clip": .clip, "headTruncation": .truncateHead,
        "tailTruncation": .truncateTail, "middleTruncation": .truncateMiddle,
    ]

    /// The text a label, button, text field or text view shows.
    static func text(of node: XMLNode, _ attributes: XMLAttributes) -> String? {
        switch node.name {
        case "label", "textView":
            return attributes["text"] ?? node.child("string", key: "text")?.text
        case "button":
            let normal = node.children("state").first { $0["key"] == "normal" }
            return normal?["title"] ?? normal?.child("string", key: "title")?.text
        case "textField":
            return attributes["text"]
        default:
            return nil
        }
    }

    /// UIKit's standard intrinsic sizes (alignment rectangles), text measured with the
    /// font table.
    func standardSize(_ node: XMLNode, _ attributes: XMLAttributes, _ spec: ViewSpec) -> (width: Double?, height: Double?) {
        switch node.name {
        case "label", "button", "textField":
            return spec.kind.intrinsicSize(text: spec.measuredText, fontSize: spec.fontSize, weight: spec.resolvedFontWeight)
        case "textView":
            guard attributes["scrollEnabled"] == "NO" else { return (nil, nil) }
            let size = TextMetrics.size(of: spec.text ?? "", fontSize: spec.fontSize, weight: spec.resolvedFontWeight)
            return (size.width + 10, size.height + 16)
        case "switch": return (49, 31)
        case "stepper": return (94, 32)
        case "segmentedControl":
            let titles = node.child("segments")?.children("segment").map { $0["title"] ?? "" } ?? []
            let widths = titles.map { TextMetrics.width(of: $0, fontSize: 13) + 20 }
            return (widths.reduce(0, +), 31)
        case "slider": return (nil, 30)
        case "progressView": return (nil, 4)
        case "activityIndicatorView":
            return (attributes["style"] ?? "").lowercased().contains("large") ? (37, 37) : (20, 20)
        case "pageControl":
            let pages = min(1000, max(0, Numbers.length(attributes.number("numberOfPages")) ?? 3))
            return (pages * 16 + 23, 26)
        case "datePicker", "pickerView": return (320, 216)
        case "searchBar": return (nil, 56)
        case "navigationBar", "toolbar": return (nil, 44)
        case "tabBar": return (nil, 49)
        case "imageView":
            guard let image = attributes["image"], let size = images[image] else { return (nil, nil) }
            return (size.width, size.height)
        default: return (nil, nil)
        }
    }

    /// A font description's weight: its `weight` attribute, bold for the `boldSystem` type, or
    /// the weight a custom font's face names after the dash ("HelveticaNeue-CondensedBold",
    /// "AvenirNext-DemiBold"); nil (the text style's, or regular) otherwise.
    static func fontWeight(_ font: XMLNode) -> FontWeight? {
        if let weight = font["weight"].flatMap(FontWeight.init(rawValue:)) { return weight }
        if font["type"] == "boldSystem" { return .bold }
        guard let name = font["name"]?.lowercased(), let dash = name.lastIndex(of: "-") else { return nil }
        let face = name[name.index(after: dash)...]
        return faceWeights.first { face.contains($0.token) }?.weight
    }

    /// The words of font face names and their weights, longer words first ("semibold"
    /// before "bold", "extralight" before "light").
    static let faceWeights: [(token: String, weight: FontWeight)] = [
        ("ultralight", .ultraLight), ("extralight", .ultraLight), ("semibold", .semibold), ("demibold", .semibold),
        ("extrabold", .heavy), ("ultrabold", .heavy), ("bold", .bold), ("heavy", .heavy), ("black", .black),
        ("medium", .medium), ("thin", .thin), ("light", .light), ("regular", .regular),
    ]

    /// The text styles by Interface Builder's names.
    static let textStyles: [String: TextStyle] = [
        "UICTFontTextStyleLargeTitle": .largeTitle, "UICTFontTextStyleTitle1": .title1, "UICTFontTextStyleTitle2": .title2,
        "UICTFontTextStyleTitle3": .title3, "UICTFontTextStyleHeadline": .headline, "UICTFontTextStyleBody": .body,
        "UICTFontTextStyleCallout": .callout, "UICTFontTextStyleSubhead": .subheadline, "UICTFontTextStyleFootnote": .footnote,
        "UICTFontTextStyleCaption1": .caption1, "UICTFontTextStyleCaption2": .caption2,
    ]
}
