import AutoLayout
import Foundation
import InterfaceBuilder
import LayoutDocument
import Testing

/// Rules measured on files beyond the conformance set (see the library's documentation).
@Suite("Interface Builder rules measured on more files")
struct MoreRulesTests {
    /// A label 10 below the top guide and one centred vertically, in a controller's view.
    static func guideScene(y: Double, height: Double, extra: String = "") -> String {
        IBSamples.scene("""
            <subviews>
                <view translatesAutoresizingMaskIntoConstraints="NO" id="top"><rect key="frame" x="0" y="0" width="10" height="10"/>
                    <constraints><constraint firstAttribute="width" constant="10" id="w"/><constraint firstAttribute="height" constant="10" id="h"/></constraints>
                </view>
                <view translatesAutoresizingMaskIntoConstraints="NO" id="mid"><rect key="frame" x="0" y="0" width="10" height="10"/>
                    <constraints><constraint firstAttribute="width" constant="10" id="w2"/><constraint firstAttribute="height" constant="10" id="h2"/></constraints>
                </view>
            </subviews>
            <constraints>
                <constraint firstItem="top" firstAttribute="top" secondItem="TOP" secondAttribute="bottom" constant="10" id="c1"/>
                <constraint firstItem="top" firstAttribute="leading" secondItem="ROOT" secondAttribute="leading" id="c2"/>
                <constraint firstItem="mid" firstAttribute="centerY" secondItem="ROOT" secondAttribute="centerY" id="c3"/>
                <constraint firstItem="mid" firstAttribute="leading" secondItem="ROOT" secondAttribute="leading" id="c4"/>
            </constraints>
            """, height: height, extra: extra)
            .replacingOccurrences(of: "<rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"375.0\"",
                                  with: "<rect key=\"frame\" x=\"0.0\" y=\"\(y)\" width=\"375.0\"")
            .replacingOccurrences(of: "<view key=\"view\"", with: """
                <layoutGuides><viewControllerLayoutGuide type="top" id="TOP"/></layoutGuides>
                <view key="view"
                """)
    }

    @Test("a view stored below opaque bars is laid out in the room the screen leaves, with no bars over it")
    func belowOpaqueBars() throws {
        let bar = #"<simulatedNavigationBarMetrics key="simulatedTopBarMetrics" translucent="NO" prompted="NO"/>"#
        let file = try IBSamples.file(IBSamples.storyboard(Self.guideScene(y: 64, height: 667, extra: bar)), name: "s.storyboard")
        #expect(file.roots[0].size == Size(width: 375, height: 603))
        let (read, layout) = try IBSamples.layout(file)
        #expect(read.document.safeArea == .zero)
        #expect(IBSamples.frame("top", read, layout)?.minY == 10)
        #expect(IBSamples.frame("mid", read, layout)?.minY == 296.5)  // (603 - 10) / 2
    }

    @Test("before Xcode 9 there is no safe area, but the top layout guide is still the status bar")
    func legacyGuidesBeforeSafeAreas() throws {
        let file = try IBSamples.file(IBSamples.storyboard(Self.guideScene(y: 0, height: 667), tools: "11762"), name: "s.storyboard")
        let (read, layout) = try IBSamples.layout(file)
        #expect(read.document.safeArea == .zero)
        #expect(IBSamples.frame("top", read, layout)?.minY == 30)
    }

    @Test("a navigation bar comes from a navigation controller's stack, not from a navigation item alone")
    func navigationBars() throws {
        let item = #"<navigationItem key="navigationItem" title="Alone" id="NI"/>"#
        let alone = try IBSamples.file(IBSamples.storyboard(Self.guideScene(y: 0, height: 667, extra: item)), name: "s.storyboard")
        #expect(alone.layoutDocument(for: alone.roots[0]).document.safeArea.top == 20)
        // A controller shown from the root of a navigation controller's stack.
        let pushed = Self.guideScene(y: 0, height: 667, extra: item)
        let first = IBSamples.scene("", id: "FIRSTVIEW", controller: "FIRST", extra: """
            <connections><segue destination="CTL" kind="show" id="s1"/></connections>
            """)
        let navigation = """
                <scene sceneID="nav"><objects>
                    <navigationController id="NAV" sceneMemberID="viewController">
                        <connections><segue destination="FIRST" kind="relationship" relationship="rootViewController" id="r"/></connections>
                    </navigationController>
                </objects></scene>
            """
        let file = try IBSamples.file(IBSamples.storyboard(navigation + first + pushed), name: "s.storyboard")
        #expect(file.roots.map(\.id) == ["FIRSTVIEW", "ROOT"])
        for root in file.roots { #expect(file.layoutDocument(for: root).document.safeArea.top == 64, "\(root.id)") }
    }

    @Test("a view with a fixed frame keeps it; a stack's standard spacing is the system spacing")
    func fixedFramesAndStandardSpacing() throws {
        let file = try IBSamples.file(IBSamples.xib("""
            <view contentMode="scaleToFill" id="top">
                <rect key="frame" x="0.0" y="0.0" width="300" height="300"/>
                <subviews>
                    <view fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="fixed"><rect key="frame" x="12" y="34" width="56" height="78"/></view>
                    <stackView axis="vertical" spacingType="standard" translatesAutoresizingMaskIntoConstraints="NO" id="stack">
                        <rect key="frame" x="100" y="0.0" width="50" height="48"/>
                        <subviews>
                            <view translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="0" y="0" width="50" height="20"/>
                                <constraints><constraint firstAttribute="height" constant="20" id="ha"/></constraints>
                            </view>
                            <view translatesAutoresizingMaskIntoConstraints="NO" id="b"><rect key="frame" x="0" y="28" width="50" height="20"/>
                                <constraints><constraint firstAttribute="height" constant="20" id="hb"/></constraints>
                            </view>
                        </subviews>
                    </stackView>
                </subviews>
                <constraints>
                    <constraint firstItem="stack" firstAttribute="top" secondItem="top" secondAttribute="top" id="c1"/>
                    <constraint firstItem="stack" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="100" id="c2"/>
                    <constraint firstItem="stack" firstAttribute="width" constant="50" id="c3"/>
                </constraints>
            </view>
            """))
        let (read, layout) = try IBSamples.layout(file)
        #expect(IBSamples.frame("fixed", read, layout) == Rect(x: 12, y: 34, width: 56, height: 78))
        #expect(IBSamples.frame("b", read, layout) == Rect(x: 0, y: 28, width: 50, height: 20))
        #expect(IBSamples.frame("stack", read, layout) == Rect(x: 100, y: 0, width: 50, height: 48))
    }

    @Test("a font's weight: its weight attribute, the bold system font, a custom font's face, a text style's")
    func fontWeights() throws {
        func label(_ id: String, _ font: String) -> String {
            """
            <label opaque="NO" text="Hello" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)">
                <rect key="frame" x="0.0" y="0.0" width="40" height="20"/>
                \(font)
            </label>
            """
        }
        let file = try IBSamples.file(IBSamples.xib("""
            <view contentMode="scaleToFill" id="top">
                <rect key="frame" x="0.0" y="0.0" width="300" height="300"/>
                <subviews>
            \(label("semibold", #"<fontDescription key="fontDescription" type="system" weight="semibold" pointSize="17"/>"#))
            \(label("bold", #"<fontDescription key="fontDescription" type="boldSystem" pointSize="17"/>"#))
            \(label("custom", #"<fontDescription key="fontDescription" name="HelveticaNeue-BoldItalic" family="Helvetica Neue" pointSize="17"/>"#))
            \(label("light", #"<fontDescription key="fontDescription" name="Avenir-Light" family="Avenir" pointSize="17"/>"#))
            \(label("condensed", #"<fontDescription key="fontDescription" name="HelveticaNeue-CondensedBold" family="Helvetica Neue" pointSize="17"/>"#))
            \(label("demi", #"<fontDescription key="fontDescription" name="AvenirNext-DemiBold" family="Avenir Next" pointSize="17"/>"#))
            \(label("extra", #"<fontDescription key="fontDescription" name="Montserrat-ExtraBold" family="Montserrat" pointSize="17"/>"#))
            \(label("headline", #"<fontDescription key="fontDescription" style="UICTFontTextStyleHeadline"/>"#))
            \(label("plain", #"<fontDescription key="fontDescription" type="system" pointSize="17"/>"#))
                </subviews>
            </view>
            """))
        let read = file.layoutDocument(for: file.roots[0], options: .init())
        func weight(_ id: String) -> FontWeight? {
            let name = read.interfaceBuilderIDs.first { $0.value == id }?.key
            func find(_ views: [ViewSpec]) -> ViewSpec? {
                views.lazy.compactMap { $0.id == name ? $0 : find($0.children) }.first
            }
            return find(read.document.views)?.resolvedFontWeight
        }
        #expect(["semibold", "bold", "custom", "light", "condensed", "demi", "extra", "headline", "plain"].map(weight)
                == [.semibold, .bold, .bold, .light, .bold, .semibold, .heavy, .semibold, .regular])
        // Measured with the Bold face: "Hello" is 5914 units of 2048 per em wide in DejaVu Sans Bold.
        let layout = try read.document.layout(at: file.roots[0].size)
        let bold = try #require(read.interfaceBuilderIDs.first { $0.value == "bold" }?.key)
        #expect(layout.frame(of: bold)?.width == 5914.0 * 17 / 2048)
    }
}
