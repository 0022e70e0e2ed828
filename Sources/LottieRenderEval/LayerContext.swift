import LottieRenderModel
import LottieRenderRaster

/// Where the scene builder draws a layer from: its list and place in the walk into precomps, that list's
/// composition time, the matrix that places that composition in the root, the camera that sees it, and how many
/// Set Matte sources are being drawn on the way (sources can name each other).
struct LayerContext {
    /// The list and its place in the walk.
    let path: PrecompPath
    /// The bound list.
    let list: BoundList
    /// The list's composition time.
    var time: Double
    /// Places the list's composition in the root composition.
    let base: Transform
    /// The topmost camera of the list shown at `time`, when the player draws cameras.
    var camera: CameraView?
    /// Set Matte sources being drawn (a source drawn for another layer's Set Matte counts one).
    var setMattes = 0
}
