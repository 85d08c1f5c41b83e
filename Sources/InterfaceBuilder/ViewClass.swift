import AutoLayout
import LayoutDocument

/// What an Interface Builder element (`label`, `switch`, `stackView`, …) is as a view: the
/// document kind it becomes, which axes have an intrinsic size, and its alignment insets.
struct ViewClass: Sendable {
    /// Which axes of a kind have an intrinsic size (UIKit's, `spec/AUTOLAYOUT.md` §10).
    enum IntrinsicAxes: Sendable { case both, heightOnly, none, withImage, whenNotScrolling }

    let element: String
    let kind: ViewKind
    let axes: IntrinsicAxes
    /// How far the alignment rectangle lies inside the stored frame.
    let alignmentInsets: EdgeInsets
    /// UIKit's content hugging when the file gives none.
    let hugging: LayoutPriority
    /// Whether the reader knows the element.
    let isKnown: Bool
    /// The class in words, as Interface Builder's outline names a view without a label
    /// (`Image View`).
    let displayName: String

    /// The class of an element (a plain view, unknown, for an element the reader does not know).
    init(_ element: String) {
        self = Self.known[element] ?? ViewClass(element: element, kind: .view, axes: .none, alignmentInsets: .zero,
                                                hugging: 250, isKnown: false)
    }

    private init(element: String, kind: ViewKind, axes: IntrinsicAxes, alignmentInsets: EdgeInsets = .zero,
                 hugging: LayoutPriority = 250, isKnown: Bool = true) {
        self.element = element
        self.kind = kind
        self.axes = axes
        self.alignmentInsets = alignmentInsets
        self.hugging = hugging
        self.isKnown = isKnown
        var words = ""
        for character in element {
            if character.isUppercase { words += " " }
            words.append(character)
        }
        displayName = words.prefix(1).uppercased() + words.dropFirst()
    }

    /// The elements the reader knows, by name.
    static let known: [String: ViewClass] = {
        var classes: [ViewClass] = [
            ViewClass(element: "label", kind: .label, axes: .both),
            ViewClass(element: "button", kind: .button, axes: .both),
            ViewClass(element: "textField", kind: .textField, axes: .both),
            ViewClass(element: "switch", kind: .switch, axes: .both,
                      alignmentInsets: EdgeInsets(top: 0, left: 0, bottom: 0, right: 2), hugging: 750),
            ViewClass(element: "stepper", kind: .stepper, axes: .both, hugging: 750),
            ViewClass(element: "imageView", kind: .image, axes: .withImage),
            ViewClass(element: "stackView", kind: .stack, axes: .none),
            ViewClass(element: "segmentedControl", kind: .view, axes: .both,
                      alignmentInsets: EdgeInsets(top: 0, left: 0, bottom: 1, right: 0)),
            ViewClass(element: "slider", kind: .view, axes: .heightOnly,
                      alignmentInsets: EdgeInsets(top: 0, left: 2, bottom: 1, right: 2)),
            ViewClass(element: "textView", kind: .view, axes: .whenNotScrolling),
        ]
        for element in ["activityIndicatorView", "pageControl", "datePicker", "pickerView"] {
            classes.append(ViewClass(element: element, kind: .view, axes: .both))
        }
        for element in ["progressView", "searchBar", "navigationBar", "toolbar", "tabBar"] {
            classes.append(ViewClass(element: element, kind: .view, axes: .heightOnly))
        }
        for element in ["view", "scrollView", "tableView", "collectionView", "tableViewCell", "collectionViewCell",
                        "collectionReusableView", "tableViewCellContentView", "collectionViewCellContentView",
                        "visualEffectView", "containerView", "mapView", "webView", "wkWebView", "glkView", "sceneKitView",
                        "arscnView", "arskView", "skView", "mtkView", "tableViewHeaderFooterView", "customView", "pdfView"] {
            classes.append(ViewClass(element: element, kind: .view, axes: .none))
        }
        return Dictionary(uniqueKeysWithValues: classes.map { ($0.element, $0) })
    }()

    /// Whether an element is a view: one of the known view elements, or any element with a
    /// stored frame (a view class the reader does not know).
    static func isView(_ node: XMLNode) -> Bool {
        known[node.name] != nil || (node.child("rect", key: "frame") != nil && node.name != "window")
    }

    /// Whether an element is a table or collection cell (a root of its own).
    static func isCell(_ name: String) -> Bool {
        name == "tableViewCell" || name == "collectionViewCell" || name == "collectionReusableView"
    }
}
