import AutoLayout
import Foundation
import InterfaceBuilder
import LayoutDocument
import Testing

/// What Interface Builder does that its files do not say (`spec/AUTOLAYOUT.md` §10).
@Suite("Interface Builder rules")
struct RulesTests {
    /// A label pinned to its root's top and leading margins and to the safe area's top.
    static func marginsScene(width: Double, height: Double) -> String {
        IBSamples.scene("""
            <subviews>
                <view translatesAutoresizingMaskIntoConstraints="NO" id="m"><rect key="frame" x="0" y="0" width="10" height="10"/>
                    <constraints><constraint firstAttribute="width" constant="10" id="w"/><constraint firstAttribute="height" constant="10" id="h"/></constraints>
                </view>
                <view translatesAutoresizingMaskIntoConstraints="NO" id="s"><rect key="frame" x="0" y="0" width="10" height="10"/>
                    <constraints><constraint firstAttribute="width" constant="10" id="w2"/><constraint firstAttribute="height" constant="10" id="h2"/></constraints>
                </view>
            </subviews>
            <viewLayoutGuide key="safeArea" id="SA"/>
            <constraints>
                <constraint firstItem="m" firstAttribute="leading" secondItem="ROOT" secondAttribute="leadingMargin" id="c1"/>
                <constraint firstItem="m" firstAttribute="top" secondItem="ROOT" secondAttribute="topMargin" id="c2"/>
                <constraint firstItem="s" firstAttribute="trailing" secondItem="SA" secondAttribute="trailing" id="c3"/>
                <constraint firstItem="SA" firstAttribute="bottom" secondItem="s" secondAttribute="bottom" id="c4"/>
            </constraints>
        """, width: width, height: height)
    }

    @Test("a controller's view: margins 16 (20 from 414 wide) on the sides, 0 plus the safe area at the top")
    func rootMargins() throws {
        for (device, width, height, top, bottom, side) in [("retina4_7", 375.0, 667.0, 20.0, 0.0, 16.0),
                                                          ("retina5_5", 414, 736, 20, 0, 20),
                                                          ("retina5_9", 375, 812, 44, 34, 16)] {
            let scene = Self.marginsScene(width: width, height: height)
            let file = try IBSamples.file(IBSamples.storyboard(scene, device: device), name: "m.storyboard")
            let (read, layout) = try IBSamples.layout(file)
            #expect(IBSamples.frame("m", read, layout) == Rect(x: side, y: top, width: 10, height: 10), "\(device)")
            #expect(IBSamples.frame("s", read, layout) == Rect(x: width - 10, y: height - bottom - 10, width: 10, height: 10),
                    "\(device)")
        }
    }

    @Test("bars: a navigation controller's stack has a 44-point bar, a tab a 49-point bar; legacy guides are their strips")
    func bars() throws {
        let child = """
            <subviews>
                <view translatesAutoresizingMaskIntoConstraints="NO" id="v"><rect key="frame" x="0" y="0" width="10" height="10"/>
                    <constraints><constraint firstAttribute="width" constant="10" id="w"/></constraints>
                </view>
            </subviews>
            <constraints>
                <constraint firstItem="v" firstAttribute="top" secondItem="TOP" secondAttribute="bottom" id="c1"/>
                <constraint firstItem="BOTTOM" firstAttribute="top" secondItem="v" secondAttribute="bottom" id="c2"/>
                <constraint firstItem="v" firstAttribute="leading" secondItem="ROOT" secondAttribute="leading" id="c3"/>
            </constraints>
            """
        let guides = """
            <layoutGuides>
                <viewControllerLayoutGuide type="top" id="TOP"/>
                <viewControllerLayoutGuide type="bottom" id="BOTTOM"/>
            </layoutGuides>
            """
        let scenes = """
                <scene sceneID="tabs"><objects>
                    <tabBarController id="TABS" sceneMemberID="viewController">
                        <connections><segue destination="NAV" kind="relationship" relationship="viewControllers" id="r1"/></connections>
                    </tabBarController>
                </objects></scene>
                <scene sceneID="nav"><objects>
                    <navigationController id="NAV" sceneMemberID="viewController">
                        <connections><segue destination="CTL" kind="relationship" relationship="rootViewController" id="r2"/></connections>
                    </navigationController>
                </objects></scene>
            """ + IBSamples.scene(child, extra: guides).replacingOccurrences(of: "<view key=\"view\"", with: guides + "<view key=\"view\"")
        let file = try IBSamples.file(IBSamples.storyboard(scenes), name: "bars.storyboard")
        let (read, layout) = try IBSamples.layout(file)
        #expect(read.document.safeArea == EdgeInsets(top: 64, left: 0, bottom: 49, right: 0))
        #expect(IBSamples.frame("v", read, layout) == Rect(x: 0, y: 64, width: 10, height: 667 - 64 - 49))
    }

    @Test("margins: explicit and directional win; a cell's content view has 11 and the table's sides; others 8")
    func viewMargins() throws {
        let cell = """
            <tableViewCell contentMode="scaleToFill" accessoryType="disclosureIndicator" id="CELL">
                <rect key="frame" x="0.0" y="0.0" width="375" height="60"/>
                <tableViewCellContentView key="contentView" preservesSuperviewLayoutMargins="YES" id="CV">
                    <rect key="frame" x="0.0" y="0.0" width="341" height="60"/>
                    <autoresizingMask key="autoresizingMask"/>
                    <subviews>
                        <view translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="0" y="0" width="1" height="1"/></view>
                        <view translatesAutoresizingMaskIntoConstraints="NO" id="b"><rect key="frame" x="0" y="0" width="1" height="1"/>
                            <edgeInsets key="layoutMargins" top="1" left="2" bottom="3" right="4"/>
                        </view>
                        <view translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="0" y="0" width="1" height="1"/>
                            <directionalEdgeInsets key="directionalLayoutMargins" top="5" leading="6" bottom="7" trailing="9"/>
                        </view>
                    </subviews>
                    <constraints>
                        <constraint firstItem="a" firstAttribute="top" secondItem="CV" secondAttribute="topMargin" id="c1"/>
                        <constraint firstItem="a" firstAttribute="leading" secondItem="CV" secondAttribute="leadingMargin" id="c2"/>
                        <constraint firstItem="a" firstAttribute="trailing" secondItem="CV" secondAttribute="trailingMargin" id="c3"/>
                        <constraint firstItem="a" firstAttribute="bottom" secondItem="CV" secondAttribute="bottomMargin" id="c4"/>
                    </constraints>
                </tableViewCellContentView>
            </tableViewCell>
            """
        for (tools, expected) in [("17506", Rect(x: 16, y: 11, width: 341 - 16 - 8, height: 60 - 22)),
                                  ("11762", Rect(x: 8, y: 8, width: 341 - 16, height: 60 - 16))] {
            let file = try IBSamples.file(IBSamples.xib(cell, tools: tools))
            #expect(file.roots.map(\.kind) == [.cell])
            let (read, layout) = try IBSamples.layout(file)
            #expect(IBSamples.frame("a", read, layout) == expected, "tools \(tools)")
            let margins = Dictionary(uniqueKeysWithValues: read.document.views[0].children.map { ($0.id, $0.margins) })
            #expect(margins[read.interfaceBuilderIDs.first { $0.value == "b" }!.key]! == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
            #expect(margins[read.interfaceBuilderIDs.first { $0.value == "c" }!.key]! == EdgeInsets(top: 5, left: 6, bottom: 7, right: 9))
        }
    }

    /// A root with a subview excluded from the default configuration and a constraint whose
    /// constant a compact-height variation changes.
    static let variations = IBSamples.xib("""
        <view contentMode="scaleToFill" id="top">
            <rect key="frame" x="0.0" y="0.0" width="300" height="300"/>
            <subviews>
                <view translatesAutoresizingMaskIntoConstraints="NO" id="v"><rect key="frame" x="0" y="0" width="10" height="10"/>
                    <constraints><constraint firstAttribute="width" constant="10" id="w"/><constraint firstAttribute="height" constant="10" id="h"/></constraints>
                </view>
                <view translatesAutoresizingMaskIntoConstraints="NO" id="extra"><rect key="frame" x="0" y="0" width="5" height="5"/></view>
            </subviews>
            <constraints>
                <constraint firstItem="v" firstAttribute="top" secondItem="top" secondAttribute="top" constant="10" id="t1">
                    <variation key="heightClass=compact" constant="30"/>
                </constraint>
                <constraint firstItem="v" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="1" id="l1"/>
                <constraint firstItem="v" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="2" id="l2"/>
            </constraints>
            <variation key="default">
                <mask key="subviews"><exclude reference="extra"/></mask>
                <mask key="constraints"><exclude reference="l2"/></mask>
            </variation>
            <variation key="heightClass=compact">
                <mask key="subviews"><include reference="extra"/></mask>
                <mask key="constraints"><include reference="l2"/><exclude reference="l1"/></mask>
            </variation>
        </view>
        """)

    @Test("size classes: the device's by default, `any` for the base, others by option")
    func sizeClasses() throws {
        let file = try IBSamples.file(Self.variations)
        var options = InterfaceBuilderOptions()
        for (traits, frame, hasExtra) in [(nil, Rect(x: 1, y: 10, width: 10, height: 10), false),
                                          (SizeClassTraits(), Rect(x: 1, y: 10, width: 10, height: 10), false),
                                          (SizeClassTraits(width: .compact, height: .compact), Rect(x: 2, y: 30, width: 10, height: 10), true),
                                          (SizeClassTraits(height: .compact), Rect(x: 2, y: 30, width: 10, height: 10), true)] {
            options.traits = traits
            let (read, layout) = try IBSamples.layout(file, options: options)
            #expect(IBSamples.frame("v", read, layout) == frame, "\(String(describing: traits))")
            #expect(read.interfaceBuilderIDs.values.contains("extra") == hasExtra)
        }
    }

    @Test("a scroll view's edges seen from inside are its content; its width and height are its frame")
    func scrollContent() throws {
        let file = try IBSamples.file(IBSamples.xib("""
            <view contentMode="scaleToFill" id="top">
                <rect key="frame" x="0.0" y="0.0" width="300" height="400"/>
                <subviews>
                    <scrollView translatesAutoresizingMaskIntoConstraints="NO" id="sv"><rect key="frame" x="0" y="0" width="300" height="400"/>
                        <subviews>
                            <view translatesAutoresizingMaskIntoConstraints="NO" id="content"><rect key="frame" x="0" y="0" width="300" height="900"/></view>
                        </subviews>
                        <constraints>
                            <constraint firstItem="content" firstAttribute="top" secondItem="sv" secondAttribute="top" id="c1"/>
                            <constraint firstItem="content" firstAttribute="leading" secondItem="sv" secondAttribute="leading" id="c2"/>
                            <constraint firstAttribute="bottom" secondItem="content" secondAttribute="bottom" id="c3"/>
                            <constraint firstAttribute="trailing" secondItem="content" secondAttribute="trailing" id="c4"/>
                            <constraint firstItem="content" firstAttribute="width" secondItem="sv" secondAttribute="width" id="c5"/>
                            <constraint firstItem="content" firstAttribute="height" constant="900" id="c6"/>
                        </constraints>
                    </scrollView>
                </subviews>
                <constraints>
                    <constraint firstItem="sv" firstAttribute="top" secondItem="top" secondAttribute="top" id="d1"/>
                    <constraint firstItem="sv" firstAttribute="leading" secondItem="top" secondAttribute="leading" id="d2"/>
                    <constraint firstItem="sv" firstAttribute="trailing" secondItem="top" secondAttribute="trailing" id="d3"/>
                    <constraint firstItem="sv" firstAttribute="bottom" secondItem="top" secondAttribute="bottom" id="d4"/>
                </constraints>
            </view>
            """))
        let (read, layout) = try IBSamples.layout(file)
        #expect(layout.brokenConstraints.isEmpty)
        #expect(IBSamples.frame("sv", read, layout) == Rect(x: 0, y: 0, width: 300, height: 400))
        #expect(IBSamples.frame("content", read, layout) == Rect(x: 0, y: 0, width: 300, height: 900))
    }

    @Test("roots: scenes, cells inside tables, names by storyboard identifier, class or label")
    func roots() throws {
        let table = """
            <subviews>
                <tableView id="TV"><rect key="frame" x="0" y="0" width="375" height="667"/>
                    <prototypes>
                        <tableViewCell reuseIdentifier="Row" id="CELL"><rect key="frame" x="0" y="28" width="375" height="44"/>
                            <tableViewCellContentView key="contentView" id="CV"><rect key="frame" x="0" y="0" width="375" height="44"/></tableViewCellContentView>
                        </tableViewCell>
                    </prototypes>
                </tableView>
            </subviews>
            """
        let file = try IBSamples.file(IBSamples.storyboard(IBSamples.scene(table)), name: "t.storyboard")
        #expect(file.roots.map(\.id) == ["ROOT", "CELL"])
        #expect(file.roots.map(\.name) == ["DemoViewController", "Row"])
        #expect(file.roots.map(\.kind) == [.viewController, .cell])
        #expect(file.root(named: "Row")?.id == "CELL")
        let (read, _) = try IBSamples.layout(file)
        #expect(!read.interfaceBuilderIDs.values.contains("CELL"))  // a cell is its own root, not a subview
    }

    @Test("switches, segmented controls and sliders: constraints place the alignment rectangle")
    func alignmentRects() throws {
        let file = try IBSamples.file(IBSamples.xib("""
            <view contentMode="scaleToFill" id="top">
                <rect key="frame" x="0.0" y="0.0" width="320" height="100"/>
                <subviews>
                    <switch translatesAutoresizingMaskIntoConstraints="NO" id="sw"><rect key="frame" x="255" y="10" width="51" height="31"/></switch>
                    <slider translatesAutoresizingMaskIntoConstraints="NO" id="sl"><rect key="frame" x="14" y="50" width="200" height="31"/></slider>
                </subviews>
                <constraints>
                    <constraint firstAttribute="trailing" secondItem="sw" secondAttribute="trailing" constant="16" id="c1"/>
                    <constraint firstItem="sw" firstAttribute="top" secondItem="top" secondAttribute="top" constant="10" id="c2"/>
                    <constraint firstItem="sl" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="16" id="c3"/>
                    <constraint firstItem="sl" firstAttribute="width" constant="196" id="c4"/>
                    <constraint firstItem="sl" firstAttribute="top" secondItem="top" secondAttribute="top" constant="50" id="c5"/>
                </constraints>
            </view>
            """))
        let (read, layout) = try IBSamples.layout(file)
        // The switch's alignment rectangle is 49 wide, its frame 2 points wider on the right.
        #expect(IBSamples.frame("sw", read, layout) == Rect(x: 255, y: 10, width: 51, height: 31))
        #expect(IBSamples.frame("sl", read, layout) == Rect(x: 14, y: 50, width: 200, height: 31))
    }
}
