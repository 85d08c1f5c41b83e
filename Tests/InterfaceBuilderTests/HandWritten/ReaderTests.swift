import AutoLayout
import Foundation
import InterfaceBuilder
import LayoutDocument
import Testing

@Suite("Interface Builder reader")
struct ReaderTests {
    @Test("a file that is not XML, or is broken, is an error with its line")
    func brokenFiles() {
        let broken = "<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\">\n<objects>\n<view id=\"a\">\n</objects>\n"
        let error = #expect(throws: InterfaceBuilderError.self) { try IBSamples.file(broken) }
        #expect(error?.line == 5)
        #expect(error?.description.hasPrefix("sample.xib:5: error: not well-formed XML") == true)
        let notXML = #expect(throws: InterfaceBuilderError.self) { try IBSamples.file("name: Profile\nviews: []\n") }
        #expect(notXML?.line == 1)
        let empty = #expect(throws: InterfaceBuilderError.self) { try IBSamples.file("") }
        #expect(empty?.message.contains("XML") == true)
    }

    @Test("XML that is not an iOS Interface Builder document is refused")
    func notInterfaceBuilder() {
        let error = #expect(throws: InterfaceBuilderError.self) {
            try IBSamples.file("<?xml version=\"1.0\"?>\n\n<plist version=\"1.0\"><dict/></plist>")
        }
        #expect(error?.line == 3)
        #expect(error?.message.contains("not an iOS Interface Builder document") == true)
        #expect(throws: InterfaceBuilderError.self) { try InterfaceBuilderFile.load(contentsOf: "/no/such/file.xib") }
    }

    @Test("an unknown element is a plain view, said once")
    func unknownElement() throws {
        let file = try IBSamples.file(IBSamples.xib("""
            <view contentMode="scaleToFill" id="top">
                <rect key="frame" x="0.0" y="0.0" width="200" height="100"/>
                <subviews>
                    <fancyGauge translatesAutoresizingMaskIntoConstraints="NO" id="g1"><rect key="frame" x="10" y="10" width="50" height="20"/></fancyGauge>
                    <fancyGauge translatesAutoresizingMaskIntoConstraints="NO" id="g2"><rect key="frame" x="70" y="10" width="50" height="20"/></fancyGauge>
                </subviews>
                <constraints>
                    <constraint firstItem="g1" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="10" id="c1"/>
                </constraints>
            </view>
            """))
        let (read, layout) = try IBSamples.layout(file)
        #expect(read.warnings.count == 1)
        #expect(read.warnings.first?.contains("<fancyGauge>") == true)
        #expect(IBSamples.frame("g1", read, layout)?.minX == 10)
        #expect((layout.items[read.interfaceBuilderIDs.first { $0.value == "g2" }!.key] as? DocumentElement)?.kind == .view)
    }

    @Test("multipliers: 0.5, 1:1, 16:9 and 1/3")
    func multipliers() throws {
        func width(_ multiplier: String) throws -> (Double?, [String]) {
            let file = try IBSamples.file(IBSamples.xib("""
                <view contentMode="scaleToFill" id="top">
                    <rect key="frame" x="0.0" y="0.0" width="300" height="300"/>
                    <subviews>
                        <view translatesAutoresizingMaskIntoConstraints="NO" id="v"><rect key="frame" x="0" y="0" width="1" height="1"/></view>
                    </subviews>
                    <constraints>
                        <constraint firstItem="v" firstAttribute="top" secondItem="top" secondAttribute="top" id="c1"/>
                        <constraint firstItem="v" firstAttribute="leading" secondItem="top" secondAttribute="leading" id="c2"/>
                        <constraint firstItem="v" firstAttribute="height" constant="90" id="c3"/>
                        <constraint firstItem="v" firstAttribute="width" secondItem="v" secondAttribute="height" multiplier="\(multiplier)" id="c4"/>
                    </constraints>
                </view>
                """))
            let (read, layout) = try IBSamples.layout(file)
            return (IBSamples.frame("v", read, layout)?.width, read.warnings)
        }
        #expect(try width("0.5").0 == 45)
        #expect(try width("1:1").0 == 90)
        #expect(try width("16:9").0 == 160)
        #expect(try width("1/3").0 == 30)
        // Unreadable: the constraint is left out with a warning, never a crash.
        let warnings = try width("2:0").1
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasSuffix("has a multiplier the reader cannot read (2:0): left out") == true)
        #expect(try width("nan").1.count == 1)
    }

    @Test("firstItem and secondItem default to the view holding the constraint; placeholders are kept unless asked")
    func defaultsAndPlaceholders() throws {
        let file = try IBSamples.file(IBSamples.xib("""
            <view contentMode="scaleToFill" id="top">
                <rect key="frame" x="0.0" y="0.0" width="320" height="200"/>
                <subviews>
                    <label text="Hi" translatesAutoresizingMaskIntoConstraints="NO" id="l"><rect key="frame" x="20" y="30" width="40" height="21"/></label>
                </subviews>
                <constraints>
                    <constraint firstItem="l" firstAttribute="leading" secondAttribute="leading" constant="20" id="c1"/>
                    <constraint firstAttribute="bottom" secondItem="l" secondAttribute="bottom" constant="149" id="c2"/>
                    <constraint firstItem="l" firstAttribute="top" secondItem="top" secondAttribute="top" constant="5" placeholder="YES" id="c3"/>
                </constraints>
            </view>
            """))
        var options = InterfaceBuilderOptions()
        options.intrinsicFromFrames = true
        let (read, layout) = try IBSamples.layout(file, options: options)
        // The placeholder pins the top, so the bottom constraint stretches the label past its hugging.
        #expect(IBSamples.frame("l", read, layout) == Rect(x: 20, y: 5, width: 40, height: 46))
        options.keepsPlaceholders = false
        let (read2, layout2) = try IBSamples.layout(file, options: options)
        #expect(IBSamples.frame("l", read2, layout2) == Rect(x: 20, y: 30, width: 40, height: 21))
        #expect(layout2.brokenConstraints.isEmpty)
    }
}
