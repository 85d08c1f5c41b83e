import AutoLayout

/// A device Interface Builder simulates (`<device id="retina4_7" orientation="portrait">`):
/// its screen in points and the status bar and home indicator it puts in the safe area, as
/// measured on real files (`spec/AUTOLAYOUT.md` §10).
struct Device: Sendable {
    /// The screen in portrait, in points.
    let screen: Size
    /// The status bar's height in portrait (20, or 44 and more with a notch).
    let statusBar: Double
    /// The home indicator's height in portrait (34 on screens without a home button).
    let homeIndicator: Double
    /// Whether the screen is in landscape.
    var isLandscape = false
    /// Whether it is an iPad (regular width and height in both orientations).
    let isPad: Bool

    /// The screen in the file's orientation.
    var size: Size { isLandscape ? Size(width: screen.height, height: screen.width) : screen }

    /// The size classes Interface Builder's canvas shows the device with.
    var traits: SizeClassTraits {
        if isPad { return SizeClassTraits(width: .regular, height: .regular) }
        if isLandscape { return SizeClassTraits(width: screen.width >= 414 ? .regular : .compact, height: .compact) }
        return SizeClassTraits(width: .compact, height: .regular)
    }

    /// The device of a file's `<device>` element; an iPhone 8 (`retina4_7`), Interface
    /// Builder's long-time default, when there is none or the id is unknown.
    static func named(_ id: String?, orientation: String?, toolsVersion: Double) -> Device {
        var device: Device
        switch id ?? "" {
        case "retina3_5": device = .phone(320, 480, 20, 0)
        case "retina4_0": device = .phone(320, 568, 20, 0)
        case "retina5_5": device = .phone(414, 736, 20, 0)
        case "retina5_9": device = .phone(375, 812, 44, 34)
        // From Xcode 14.3 (tools 21501) the 6.1-inch screen is an iPhone 14's, 48 under its notch.
        case "retina6_1": device = .phone(414, 896, toolsVersion >= 21501 ? 48 : 44, 34)
        case "retina6_5": device = .phone(414, 896, 44, 34)
        case "retina5_4": device = .phone(375, 812, 50, 34)
        // From Xcode 15 (tools 22000) the 6.1-inch screen with Dynamic Island: 393 × 852, 59.
        case "retina6_12": device = toolsVersion >= 22000 ? .phone(393, 852, 59, 34) : .phone(390, 844, 47, 34)
        case "retina6_72": device = .phone(428, 926, 47, 34)
        case "retina6_0": device = .phone(393, 852, 59, 34)
        case "retina6_7": device = .phone(430, 932, 59, 34)
        case "ipad9_7", "ipad": device = .pad(768, 1024, 20, 0)
        case "ipad10_2": device = .pad(810, 1080, 20, 0)
        case "ipad10_5": device = .pad(834, 1112, 20, 0)
        case "ipad10_9rounded", "ipad10_9": device = .pad(820, 1180, 24, 20)
        case "ipad11": device = .pad(834, 1194, 24, 20)
        case "ipad12_9": device = .pad(1024, 1366, 20, 0)
        case "ipad12_9rounded": device = .pad(1024, 1366, 24, 20)
        default: device = .phone(375, 667, 20, 0)
        }
        device.isLandscape = orientation == "landscape"
        return device
    }

    static func phone(_ w: Double, _ h: Double, _ status: Double, _ home: Double) -> Device {
        Device(screen: Size(width: w, height: h), statusBar: status, homeIndicator: home, isPad: false)
    }

    static func pad(_ w: Double, _ h: Double, _ status: Double, _ home: Double) -> Device {
        Device(screen: Size(width: w, height: h), statusBar: status, homeIndicator: home, isPad: true)
    }

    /// The safe area of a full-screen root, before bars: the status bar at the top and the
    /// home indicator at the bottom (in landscape, a notched iPhone's sensor housing on the
    /// sides and 21 at the bottom, and no status bar).
    var screenInsets: EdgeInsets {
        guard isLandscape, !isPad else { return EdgeInsets(top: statusBar, left: 0, bottom: homeIndicator, right: 0) }
        let notched = homeIndicator > 0
        return EdgeInsets(top: 0, left: notched ? 44 : 0, bottom: notched ? 21 : 0, right: notched ? 44 : 0)
    }
}

/// A horizontal and a vertical size class.
public struct SizeClassTraits: Sendable, Hashable {
    /// A size class.
    public enum SizeClass: String, Sendable {
        /// Compact.
        case compact
        /// Regular.
        case regular
    }
    /// The horizontal size class (`widthClass` in files); nil for any.
    public var width: SizeClass?
    /// The vertical size class (`heightClass` in files); nil for any.
    public var height: SizeClass?

    /// Traits; nil for any.
    public init(width: SizeClass? = nil, height: SizeClass? = nil) {
        self.width = width
        self.height = height
    }

    /// Whether a `<variation key="widthClass=compact-heightClass=regular">` applies: every
    /// class it names is one of these. `default` never applies (it is the base).
    func matches(_ key: String) -> Bool {
        guard key != "default" else { return false }
        for part in key.split(separator: "-") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, let value = SizeClass(rawValue: pair[1]) else { return false }
            switch pair[0] {
            case "widthClass": if width != value { return false }
            case "heightClass": if height != value { return false }
            default: return false
            }
        }
        return true
    }
}
