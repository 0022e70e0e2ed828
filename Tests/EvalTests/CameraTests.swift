import Testing

@testable import LottieRenderEval
@testable import LottieRenderModel
@testable import LottieRenderRaster

@Suite struct CameraTests {
    private func layerTransform(p: NumberVector, rx: Double = 0) -> LayerTransform {
        var t = LayerTransform(
            anchor: .constant([0, 0, 0]), position: .combined(.constant(p)), scale: .constant([100, 100, 100]),
            rotation: .constant([0]), opacity: .constant([100]), skew: .constant([0]),
            skewAxis: .constant([0]))
        t.threeD = Transform3D(
            rotationX: .constant([rx]), rotationY: .constant([0]), orientation: .constant([0, 0, 0]))
        return t
    }

    /// After Effects' default framing: a camera `zoom` in front of the centre of a 200×100 composition.
    private func camera(zoom: Double, poi: Bool = true) -> CameraView {
        let tr = layerTransform(p: [100, 50, -zoom])
        let local = CameraView.local(tr, pointOfInterest: poi ? .constant([100, 50, 0]) : nil, at: 0)
        return CameraView(view: local.affineInverse() ?? .identity, zoom: zoom, centerX: 100, centerY: 50)
    }

    @Test func defaultFramingShowsTheZeroPlaneUnchanged() throws {
        for poi in [true, false] {
            let h = camera(zoom: 400, poi: poi).homography(
                layer: TransformEval.matrix4(
                    layerTransform(p: [30, 20, 0]),
                    is3D: true, at: 0, autoOrient: false))
            let q = try #require(h.apply(Point(5, 7)))
            #expect(abs(q.x - 35) < 1e-9 && abs(q.y - 27) < 1e-9)
        }
    }

    @Test func twiceTheDistanceIsHalfTheSize() throws {
        // A layer as far behind the z = 0 plane as the camera is in front of it: half size about the centre.
        let h = camera(zoom: 400).homography(
            layer: TransformEval.matrix4(
                layerTransform(p: [100, 50, 400]), is3D: true,
                at: 0, autoOrient: false))
        let a = try #require(h.apply(Point(0, 0))), b = try #require(h.apply(Point(40, -20)))
        #expect(abs(a.x - 100) < 1e-9 && abs(a.y - 50) < 1e-9)
        #expect(abs(b.x - 120) < 1e-9 && abs(b.y - 40) < 1e-9)
    }

    @Test func tiltedPlaneShrinksWithDepth() throws {
        // X rotation of 60°: the plane's lower half goes away from the camera (right-handed, y down, z away),
        // so equal steps below the anchor come out shorter than the same steps above it.
        let h = camera(zoom: 400).homography(
            layer: TransformEval.matrix4(
                layerTransform(p: [100, 50, 0], rx: 60),
                is3D: true, at: 0, autoOrient: false))
        let up = try #require(h.apply(Point(0, -40))), down = try #require(h.apply(Point(0, 40)))
        #expect(50 - up.y > down.y - 50)
        #expect(abs(up.x - 100) < 1e-9 && abs(down.x - 100) < 1e-9)
    }

    @Test func pointsBehindTheCameraHaveNoImage() {
        let h = camera(zoom: 400).homography(
            layer: TransformEval.matrix4(
                layerTransform(p: [100, 50, -500]), is3D: true,
                at: 0, autoOrient: false))
        #expect(h.apply(Point(0, 0)) == nil)
    }
}
