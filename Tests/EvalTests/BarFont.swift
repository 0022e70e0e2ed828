/// A 400×200 document header with one font, "Bar", whose only glyph "I" is a 20-unit bar centred in its 60-unit
/// advance (size 100): the text tests read each character's place from its fill's bounds.
enum BarFont {
    /// The document's opening up to and including `"layers":[`.
    static let header = """
        {"v":"5.7","fr":30,"ip":0,"op":10,"w":400,"h":200,
         "fonts":{"list":[{"fName":"Bar","fFamily":"Bar","fStyle":"Regular","ascent":70}]},
         "chars":[{"ch":"I","size":100,"style":"Regular","w":60,"fFamily":"Bar","data":{"shapes":[{"ty":"gr","it":[
           {"ty":"sh","ks":{"a":0,"k":{"v":[[20,-70],[40,-70],[40,0],[20,0]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"c":true}}}]}]}}],
         "layers":[
        """
}
