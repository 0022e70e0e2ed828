/// The JSON reader's hot loop (RFC 8259 over UTF-8 bytes): one pass that appends a `JSONEntry` per value, with no
/// allocation per value, numbers decoded straight from the bytes and a nesting limit so that hostile input cannot
/// exhaust the stack.
///
/// Numbers take Clinger's exact fast path (at most 19 significant digits whose value is below 2⁵³, and a decimal
/// exponent within ±22: one correctly rounded multiplication or division of two exact doubles); the rest go through
/// the standard library's correctly rounded conversion, so every number decodes to the same double as before.
///
/// Measured throughput (release, one core of the 2-core machine, 2026-11-23, `lottie-render bench`'s `json_ms`):
/// bodymovin.json (1.1 MB) in 8.5–10 ms, about 110–130 MB/s, the separator count included. Session 26: strings
/// scanned eight bytes at a time (a word test for a quote, a backslash or a control byte) and the open objects'
/// members kept in memory sized by the colon count, not an array: 54.7 → 48.7 M instructions per bodymovin parse
/// (callgrind), lottiefiles_unnamed 10.2 → 8.6 M, ph_onboarding 29.3 → 25.3 M. (Numbers read eight digits at a
/// time were tried too: no fewer instructions, as most numbers here have one to four digits.) Session 31: a string of
/// up to seven bytes read from one word, a lone digit before a separator without the number path, objects and
/// arrays a loop each: bodymovin 48.7 → 39.8 M per parse, lottiefiles_unnamed 8.6 → 6.8 M. Session 42: a short key
/// read inline rather than through a call: loads 1.4–1.7 % fewer instructions (ph_onboarding 216.3 → 212.9 M over
/// five loads).
struct JSONTapeParser {
    /// The deepest nesting of arrays and objects accepted.
    static let maxDepth = 512
    /// The tape being built, in memory the caller sized with `capacity(forLength:)` or `bounds`.
    private var entries: TapeBuffer<JSONEntry>
    /// Every object's members, contiguous per object (an object entry's `number` holds the first one's index).
    private var members: TapeBuffer<JSONMember>
    /// Members of the objects still open, innermost last (scratch memory as large as `members`).
    private var open: TapeBuffer<JSONMember>
    private var pos = 0
    private var depth = 0

    /// A parser writing into `entries` and `members`, sized by `capacity(forLength:)` or `bounds`, with `open` (as
    /// large as `members`) for the members of objects not yet closed.
    init(
        entries: UnsafeMutableBufferPointer<JSONEntry>, members: UnsafeMutableBufferPointer<JSONMember>,
        open: UnsafeMutableBufferPointer<JSONMember>
    ) {
        self.entries = TapeBuffer(entries)
        self.members = TapeBuffer(members)
        self.open = TapeBuffer(open)
    }

    /// How many entries and members were written.
    var counts: (entries: Int, members: Int) { (entries.count, members.count) }
    /// True when the parse stopped because the memory given was full (not for a syntax error).
    private(set) var ranOutOfRoom = false

    /// Entries and members enough for any document of `n` bytes: every value or key but the root follows one of
    /// `,` `:` `[` `{` and takes at least a byte of its own (`[[]]`: two entries in four bytes), so at most
    /// n / 2 + 1 entries; a member takes at least four bytes (`"":0`) and a separator, so at most n / 5 members,
    /// and the members still open in an unfinished document at most n / 4. Input that needs more is invalid (deep
    /// unclosed brackets): the caller then counts and parses again, for the error.
    static func capacity(forLength n: Int) -> (entries: Int, members: Int) { (n / 2 + 2, n / 4 + 2) }

    /// Upper bounds on the entries and members of a document: every value but the root follows a `[`, `,` or `:`,
    /// every key a `{` or `,`, and every member has a `:` (counting those inside strings too only overestimates).
    /// Sixteen bytes a compare: each lane counts its matches by subtracting the compare's all-ones (−1) from a byte
    /// counter, added up every 255 steps, before a byte could wrap (a table lookup per byte took 2.4 instructions a
    /// byte, about 3 % of loading lottiefiles_unnamed; session 41).
    static func bounds(_ p: UnsafeBufferPointer<UInt8>) -> (entries: Int, members: Int) {
        let n = p.count
        var separators = 0, colons = 0
        var i = 0
        if let base = p.baseAddress {
            let raw = UnsafeRawPointer(base)
            let comma = SIMD16<UInt8>(repeating: UInt8(ascii: ",")),
                bracket = SIMD16<UInt8>(repeating: UInt8(ascii: "["))
            let brace = SIMD16<UInt8>(repeating: UInt8(ascii: "{")), colon = SIMD16<UInt8>(repeating: UInt8(ascii: ":"))
            while i &+ 16 <= n {
                var seps = SIMD16<UInt8>(), cols = SIMD16<UInt8>()
                var steps = 0
                while steps < 255 && i &+ 16 <= n {
                    let v = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                    let sep = (v .== comma) .| (v .== bracket) .| (v .== brace)
                    seps &-= unsafeBitCast(sep, to: SIMD16<UInt8>.self)
                    cols &-= unsafeBitCast(v .== colon, to: SIMD16<UInt8>.self)
                    i &+= 16
                    steps &+= 1
                }
                for lane in 0..<16 {
                    separators &+= Int(seps[lane])
                    colons &+= Int(cols[lane])
                }
            }
        }
        while i < n {
            switch p[i] {
            case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "{"): separators &+= 1
            case UInt8(ascii: ":"): colons &+= 1
            default: break
            }
            i &+= 1
        }
        return (separators &+ colons &+ 1, colons)
    }

    private func error(_ m: String) -> JSONSyntaxError { JSONSyntaxError(offset: pos, message: m) }

    /// Parses a whole document from `p`.
    mutating func document(_ p: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        skipWhitespace(p)
        try value(p)
        skipWhitespace(p)
        if pos != p.count { throw error("unexpected data after the document") }
    }

    @inline(__always) private mutating func skipWhitespace(_ p: UnsafeBufferPointer<UInt8>) {
        while pos < p.count {
            let c = p[pos]
            // Most documents are minified: one compare finds the next token.
            if c > 0x20 { return }
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { pos &+= 1 } else { break }
        }
    }

    @inline(__always) private mutating func append(
        _ kind: JSONEntry.Kind, _ number: Double = 0, _ a: Int = 0, _ b: Int = 0
    ) throws(JSONSyntaxError) {
        let e = JSONEntry(
            number: number, a: UInt32(truncatingIfNeeded: a), b: UInt32(truncatingIfNeeded: b), kind: kind)
        guard entries.append(e) else {
            ranOutOfRoom = true
            throw error("more values than the document's separators allow")
        }
    }

    @inline(__always) private mutating func value(_ p: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        guard pos < p.count else { throw error("unexpected end of input") }
        switch p[pos] {
        case UInt8(ascii: "{"): try object(p)
        case UInt8(ascii: "["): try array(p)
        case UInt8(ascii: "\""): try string(p)
        case UInt8(ascii: "t"): try literal(p, "true"); try append(.bool, 1)
        case UInt8(ascii: "f"): try literal(p, "false"); try append(.bool, 0)
        case UInt8(ascii: "n"): try literal(p, "null"); try append(.null)
        default:
            // A lone digit before a separator (`0`, `1`: two numbers in five in bodymovin.json) is its own value.
            let digit = p[pos] &- 0x30
            if digit < 10, pos &+ 1 < p.count {
                let next = p[pos &+ 1]
                if next == UInt8(ascii: ",") || next == UInt8(ascii: "]") || next == UInt8(ascii: "}") {
                    pos &+= 1
                    try append(.number, Double(digit))
                    return
                }
            }
            try append(.number, try number(p))
        }
    }

    private mutating func literal(_ p: UnsafeBufferPointer<UInt8>, _ s: StaticString) throws(JSONSyntaxError) {
        let n = s.utf8CodeUnitCount
        guard pos + n <= p.count else { throw error("unexpected end of input") }
        let q = s.utf8Start
        for i in 0..<n where p[pos + i] != q[i] { throw error("invalid literal") }
        pos += n
    }

    /// Enters a container at its opening byte: one level deeper, its entry written (its count and end filled in
    /// when it closes); `empty` when its closing byte (`close`) follows at once (then consumed).
    @inline(__always) private mutating func enter(
        _ kind: JSONEntry.Kind, _ p: UnsafeBufferPointer<UInt8>, closedBy close: UInt8
    ) throws(JSONSyntaxError) -> (me: Int, empty: Bool) {
        depth &+= 1
        if depth > JSONTapeParser.maxDepth { throw error("nested deeper than \(JSONTapeParser.maxDepth) levels") }
        let me = entries.count
        try append(kind)
        pos &+= 1
        skipWhitespace(p)
        guard pos < p.count, p[pos] == close else { return (me, false) }
        pos &+= 1
        return (me, true)
    }

    /// After a container's element: true at its closing byte (`close`), false at a comma (both consumed).
    @inline(__always) private mutating func closes(
        _ p: UnsafeBufferPointer<UInt8>, _ close: UInt8, in what: StaticString
    ) throws(JSONSyntaxError) -> Bool {
        skipWhitespace(p)
        guard pos < p.count else { throw error("unexpected end of input in \(what)") }
        if p[pos] == UInt8(ascii: ",") { pos &+= 1; return false }
        if p[pos] == close { pos &+= 1; return true }
        throw error(close == UInt8(ascii: "}") ? "expected ',' or '}'" : "expected ',' or ']'")
    }

    /// Leaves container entry `me` of `count` elements: its count and the end of its subtree written.
    @inline(__always) private mutating func leave(_ me: Int, count: Int) {
        depth &-= 1
        entries.base[me].a = UInt32(truncatingIfNeeded: count)
        entries.base[me].b = UInt32(truncatingIfNeeded: entries.count)
    }

    /// An object and its members (arrays and objects have a loop each: most arrays are a few numbers, and the
    /// shared loop's tests for the kind cost as much as reading them).
    private mutating func object(_ p: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        let (me, empty) = try enter(.object, p, closedBy: UInt8(ascii: "}"))
        var count = 0
        let firstOpen = open.count
        if !empty {
            while true {
                skipWhitespace(p)
                guard pos < p.count else { throw error("unexpected end of input in an object") }
                guard p[pos] == UInt8(ascii: "\"") else { throw error("expected a key string") }
                let key = entries.count
                if try !shortString(p) { try string(p) }
                let member = JSONMember(
                    packed: entries.base[key].number.bitPattern, key: UInt32(truncatingIfNeeded: key),
                    value: UInt32(truncatingIfNeeded: key &+ 1))
                skipWhitespace(p)
                guard pos < p.count, p[pos] == UInt8(ascii: ":") else { throw error("expected ':'") }
                pos &+= 1
                // Only after its colon: the members open never outnumber the colons read.
                guard open.append(member) else {
                    ranOutOfRoom = true
                    throw error("more members than the document's colons allow")
                }
                skipWhitespace(p)
                try value(p)
                count &+= 1
                if try closes(p, UInt8(ascii: "}"), in: "an object") { break }
            }
        }
        entries.base[me].number = Double(bitPattern: UInt64(members.count))
        let mine = UnsafeBufferPointer(rebasing: open.base[firstOpen..<open.count])
        guard members.append(contentsOf: mine) else {
            ranOutOfRoom = true
            throw error("more members than the document's colons allow")
        }
        open.removeLast(open.count &- firstOpen)
        leave(me, count: count)
    }

    /// An array and its elements.
    private mutating func array(_ p: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        let (me, empty) = try enter(.array, p, closedBy: UInt8(ascii: "]"))
        var count = 0
        if !empty {
            while true {
                skipWhitespace(p)
                try value(p)
                count &+= 1
                if try closes(p, UInt8(ascii: "]"), in: "an array") { break }
            }
        }
        leave(me, count: count)
    }

    /// A string of up to seven bytes without escapes (most keys), read from one word that holds the text and its
    /// closing quote (any string so short, key or value, with eight bytes of input after its opening quote): true
    /// when it was, its entry appended. Inlined where keys are read: a call per key, with the registers it saves
    /// and restores, cost about 15 instructions a member.
    @inline(__always) private mutating func shortString(_ p: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> Bool
    {
        let start = pos &+ 1
        guard start &+ 8 <= p.count else { return false }
        let word = UnsafeRawBufferPointer(p).loadUnaligned(fromByteOffset: start, as: UInt64.self)
        let special = JSONTapeParser.specialBytes(word)
        let length = special.trailingZeroBitCount >> 3 // 8 when no byte is special
        guard length < 8, p[start &+ length] == UInt8(ascii: "\"") else { return false }
        let packed = UInt64(littleEndian: word) & ((1 &<< UInt64(8 &* length)) &- 1)
        try append(.string, Double(bitPattern: packed), start, start &+ length)
        pos = start &+ length &+ 1
        return true
    }

    private mutating func string(_ p: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        if try shortString(p) { return }
        let start = pos &+ 1
        let n = p.count
        let raw = UnsafeRawBufferPointer(p)
        var i = start // the scan's position, kept out of `self` until it ends
        var escaped = false
        while i < n {
            // Eight bytes at a time up to the first that needs a look: a quote, a backslash or a control character.
            while i &+ 8 <= n {
                let special = JSONTapeParser.specialBytes(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                if special != 0 { i &+= special.trailingZeroBitCount >> 3; break }
                i &+= 8
            }
            guard i < n else { break }
            let c = p[i]
            if c == UInt8(ascii: "\"") {
                pos = i
                // Short strings (most keys) also carry their bytes packed in `number`, for one-compare key lookup.
                var packed: UInt64 = 0
                let length = i &- start
                if !escaped, length <= 8 {
                    if start &+ 8 <= n {
                        let keep = length == 8 ? UInt64.max : (1 &<< UInt64(8 &* length)) &- 1
                        packed = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)) & keep
                    } else {
                        var j = i
                        while j > start { j &-= 1; packed = packed << 8 | UInt64(p[j]) }
                    }
                }
                try append(escaped ? .escapedString : .string, Double(bitPattern: packed), start, i)
                pos = i &+ 1
                return
            }
            if c < 0x20 { pos = i; throw error("control character in a string") }
            if c != UInt8(ascii: "\\") { i &+= 1; continue }
            escaped = true
            guard i &+ 1 < n else { break }
            switch p[i &+ 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                i &+= 2
            case UInt8(ascii: "u"):
                i &+= 2
                guard i &+ 4 <= n else { pos = i; throw error("truncated \\u escape") }
                for _ in 0..<4 {
                    let h = p[i]
                    let isHex = (h >= 0x30 && h <= 0x39) || (h >= 0x41 && h <= 0x46) || (h >= 0x61 && h <= 0x66)
                    guard isHex else { pos = i; throw error("invalid \\u escape") }
                    i &+= 1
                }
            default:
                pos = i &+ 2
                throw error("invalid escape")
            }
        }
        pos = i
        throw error("unterminated string")
    }

    /// One high bit per byte of `word` (its bytes in memory order, first lowest) that is a quote, a backslash or
    /// below 0x20. The lowest set bit is exact (bits above it may be false alarms from the subtraction's borrow),
    /// which is all the scan needs.
    @inline(__always) static func specialBytes(_ word: UInt64) -> UInt64 {
        let w = UInt64(littleEndian: word)
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        let quote = w ^ (ones &* 0x22), backslash = w ^ (ones &* 0x5C)
        let zeroQuote = (quote &- ones) & ~quote
        let zeroBackslash = (backslash &- ones) & ~backslash
        let control = (w &- ones &* 0x20) & ~w
        return (zeroQuote | zeroBackslash | control) & high
    }

    /// Exact powers of ten as doubles (10²² is the largest exactly representable one).
    private static let powers: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22,
    ]

    /// A number from `pos`. Up to 19 digits accumulate exactly in a `UInt64` (no test per digit: 19 digits stay
    /// below 2⁶⁴); a number with more, or beyond Clinger's fast path, goes through the standard library's conversion,
    /// correctly rounded like the fast path, so which path a number takes never changes its value. The position is
    /// kept in a local and stored once.
    private mutating func number(_ p: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> Double {
        let start = pos
        let n = p.count
        var i = start
        var negative = false
        if i < n, p[i] == UInt8(ascii: "-") { negative = true; i &+= 1 }
        var mantissa: UInt64 = 0
        // A run of digits into the mantissa (which wraps past 19 digits; such numbers take the slow path): its length.
        @inline(__always) func digitRun() -> Int {
            let runStart = i
            while i < n {
                let d = p[i] &- 0x30
                if d >= 10 { break }
                mantissa = mantissa &* 10 &+ UInt64(d)
                i &+= 1
            }
            return i &- runStart
        }
        // Integer part, then the fraction.
        var digits = digitRun()
        var exponent = 0
        if i < n, p[i] == UInt8(ascii: ".") {
            i &+= 1
            let fraction = digitRun()
            digits &+= fraction
            exponent = -fraction
        }
        guard digits > 0 else { pos = start; throw error("unexpected character") }
        if i < n, p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E") {
            i &+= 1
            var negativeExponent = false
            if i < n, p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") {
                negativeExponent = p[i] == UInt8(ascii: "-")
                i &+= 1
            }
            var e = 0
            var count = 0
            while i < n, p[i] &- 0x30 < 10 {
                if e < 100_000 { e = e &* 10 &+ Int(p[i] &- 0x30) }
                i &+= 1; count &+= 1
            }
            guard count > 0 else { pos = i; throw error("malformed exponent") }
            exponent &+= negativeExponent ? -e : e
        }
        pos = i
        if digits <= 19, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            let m = Double(mantissa)
            let v = exponent >= 0 ? m * JSONTapeParser.powers[exponent] : m / JSONTapeParser.powers[-exponent]
            return negative ? -v : v
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: p[start..<i]), as: UTF8.self)
        guard let slow = Double(text), slow.isFinite else { throw error("number out of range") }
        return slow
    }
}
