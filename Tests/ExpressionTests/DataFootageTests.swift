import LottieRenderModel
import Testing

/// Data footage (`"t": 3` assets shown by ty 15 layers): expressions read its JSON through the layer's
/// `("Data")("Outline")` groups, as lottie-web's footage interface and After Effects name them, and through
/// `footage(name).sourceData`.
@Suite struct DataFootageTests {
    static let data =
        #"{"current":{"temp":294.5,"weather":[{"id":800,"main":"Clear"},{"id":500,"main":"Rain"}]},"n":[3,4]}"#
    static let assets = #"[{"id":"footage_0","u":"images/","p":"api.json","e":0,"t":3}]"#
    static let dataLayer = #"{"ty":15,"ind":2,"nm":"api.json","refId":"footage_0","ip":0,"op":100,"st":0}"#

    func rotation(_ source: String, footage: [String: String] = ["footage_0": data]) throws -> (Double, [String]) {
        let f = try Fixture(
            [Fixture.layer(1, "L", ks: "\"r\":" + Fixture.expr("7", source)), DataFootageTests.dataLayer],
            assets: DataFootageTests.assets, footage: footage)
        return (f.rotation(at: 0), f.problems)
    }

    @Test func outlineReadsMembersAndArrayElements() throws {
        let outline = "thisComp.layer('api.json')('Data')('Outline')"
        #expect(try rotation("$bm_rt = \(outline)('current')('temp') - 273.15;").0 == 294.5 - 273.15)
        // Array elements as "NAME N" from 0 (Bodymovin's and lottie-web's names) or by index from 1.
        #expect(try rotation("$bm_rt = \(outline)('current')('weather')('weather 1')('id');").0 == 500)
        #expect(try rotation("$bm_rt = \(outline)('current')('weather')(1)('id');").0 == 800)
        #expect(try rotation("$bm_rt = \(outline)('n')('n 0') + \(outline)('n')(2);").0 == 7)
        #expect(try rotation("$bm_rt = \(outline)('current')('weather').numProperties;").0 == 2)
        // Text values come out as text.
        #expect(try rotation("$bm_rt = \(outline)('current')('weather')('weather 1')('main').length;").0 == 4)
    }

    @Test func footageSourceDataIsTheParsedFileAndCannotBeChanged() throws {
        #expect(try rotation("$bm_rt = footage('api.json').sourceData.current.weather[1].id;").0 == 500)
        // Frozen: an expression cannot change what the next one reads.
        let (r, _) = try rotation(
            "var d = footage('api.json').sourceData; d.n[0] = 100; $bm_rt = footage('api.json').sourceData.n[0];")
        #expect(r == 3)
    }

    @Test func aMissingKeyOrFileFallsBackWithAWarning() throws {
        let (missingKey, p1) = try rotation("$bm_rt = thisComp.layer('api.json')('Data')('Outline')('nothing');")
        #expect(missingKey == 7)
        #expect(p1.count == 1 && p1[0].contains("nothing"))
        // The file could not be read (the document warned at load): expressions reading it fall back.
        let (unread, p2) = try rotation("$bm_rt = footage('api.json').sourceData.n[0];", footage: [:])
        #expect(unread == 7)
        #expect(p2.count == 1)
    }

    @Test func theModelReadsDataAssetsAndLayers() throws {
        let f = try Fixture([DataFootageTests.dataLayer], assets: DataFootageTests.assets)
        guard case .data(let a)? = f.comp.assets["footage_0"] else {
            Issue.record("not a data asset")
            return
        }
        #expect(a.name == "api.json")
        guard case .file(let path) = a.source else {
            Issue.record("not a file")
            return
        }
        #expect(path == "images/api.json")
        guard case .data(let ref) = f.comp.layers[0].content else {
            Issue.record("not a data layer")
            return
        }
        #expect(ref == "footage_0")
        #expect(f.comp.diagnostics.unsupported.isEmpty)
    }
}
