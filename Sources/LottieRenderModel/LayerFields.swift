/// The fields of a `Layer`, as read from the file.
struct LayerFields: Sendable {
    var index: Int?
    var parent: Int?
    var name: String
    var inPoint: Double
    var outPoint: Double
    var startTime: Double
    var timeStretch: Double
    var timingKeyMissing = false
    var transform: LayerTransform
    var autoOrient: Bool
    var masks: [Mask]
    var matteMode: MatteMode?
    var isMatteSource: Bool
    var matteParent: Int?
    var hidden: Bool
    var blendMode: LayerBlendMode
    var is3D: Bool
    var content: LayerContent
    var collapse: Bool = false
    var motionBlur: Bool = false
    var effects: [LayerEffect] = []
    var styles: [LayerStyle] = []
    var dddBeforeTransform = true
    var shapesFromType: [ShapeItem]? = nil
}
