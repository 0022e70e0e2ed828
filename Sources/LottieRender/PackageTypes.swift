import LottieRenderCodecs
import LottieRenderEval
import LottieRenderModel
import LottieRenderRaster

// Names the command line tool uses from the implementation modules, so that it imports only this library, the
// snapshot module and ArgumentParser. `package` access: none of this is API.

/// The renderer's premultiplied image.
package typealias Pixmap = LottieRenderRaster.Pixmap
/// A rectangle of whole pixels (the regions of a snapshot check's results).
package typealias IntRect = LottieRenderRaster.IntRect
/// PNG encoding and decoding through libpng.
package typealias PNGCodec = LottieRenderCodecs.PNGCodec
/// The parsed Bodymovin document.
package typealias Composition = LottieRenderModel.Composition
/// A layer of the document.
package typealias Layer = LottieRenderModel.Layer
/// The JSON reader and model builder (for timing the parse alone).
package typealias DocumentReader = LottieRenderModel.DocumentReader
/// The JSON reader alone (for timing it apart from building the model).
package typealias JSONTape = LottieRenderModel.JSONTape
/// The composition with its layer references resolved (what `info` counts).
package typealias BoundComposition = LottieRenderEval.BoundComposition
