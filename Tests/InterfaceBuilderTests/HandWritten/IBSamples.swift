import AutoLayout
import Foundation
import InterfaceBuilder
import LayoutDocument

/// Small Interface Builder files written for the tests.
enum IBSamples {
    /// A xib around `objects` (the elements inside `<objects>`).
    static func xib(_ objects: String, tools: String = "17506", device: String = "retina4_7") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="\(tools)" targetRuntime="iOS.CocoaTouch">
            <device id="\(device)" orientation="portrait" appearance="light"/>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
        \(objects)
            </objects>
        </document>
        """
    }

    /// A storyboard around `scenes` (the `<scene>` elements).
    static func storyboard(_ scenes: String, tools: String = "17506", device: String = "retina4_7") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="\(tools)" targetRuntime="iOS.CocoaTouch">
            <device id="\(device)" orientation="portrait" appearance="light"/>
            <scenes>
        \(scenes)
            </scenes>
        </document>
        """
    }

    /// A scene whose controller's view (`id`, `width` × `height`) holds `content`.
    static func scene(_ content: String, id: String = "ROOT", controller: String = "CTL", width: Double = 375,
                      height: Double = 667, extra: String = "") -> String {
        """
                <scene sceneID="S-\(controller)">
                    <objects>
                        <viewController id="\(controller)" customClass="DemoViewController" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="\(id)">
                                <rect key="frame" x="0.0" y="0.0" width="\(width)" height="\(height)"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
        \(content)
                            </view>
        \(extra)
                        </viewController>
                    </objects>
                </scene>
        """
    }

    static func file(_ text: String, name: String = "sample.xib") throws(InterfaceBuilderError) -> InterfaceBuilderFile {
        try InterfaceBuilderFile(data: Data(text.utf8), file: name)
    }

    /// The first root laid out at its stored size.
    static func layout(_ file: InterfaceBuilderFile, root: Int = 0, options: InterfaceBuilderOptions = .init())
        throws -> (InterfaceBuilderDocument, DocumentLayout) {
        let read = file.layoutDocument(for: file.roots[root], options: options)
        return (read, try read.document.layout(at: file.roots[root].size))
    }

    /// The frame of the view with this Interface Builder id.
    static func frame(_ id: String, _ read: InterfaceBuilderDocument, _ layout: DocumentLayout) -> Rect? {
        guard let name = read.interfaceBuilderIDs.first(where: { $0.value == id })?.key else { return nil }
        return layout.frame(of: name)
    }
}
