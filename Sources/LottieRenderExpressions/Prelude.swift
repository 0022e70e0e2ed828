/// The After Effects expression object model, in JavaScript, evaluated once in every heap: the operators Bodymovin
/// rewrites (`$bm_sum`…), vector math, interpolation, deterministic random and noise, `loopOut`/`loopIn`, `wiggle`,
/// property, group, layer and composition interfaces, and `__run`, which evaluates one expression at one frame.
/// Host calls (`__host(op, …)`) reach `ExpressionSession`: 1 value of a property, 3 keyframe times, 4 `toComp`,
/// 5 `fromComp`, 6 a hash in [0, 1).
enum Prelude {
    /// The source.
    static let source =
        PreludeCore.text + "\n" + PreludeThorVG.text + "\n" + PreludeProperties.text + "\n" + PreludeModel.text
}

/// The prelude's first part: operators, vector math, interpolation, deterministic randomness and noise.
enum PreludeCore {
    /// The JavaScript.
    static let text = #"""
        (function (G) {
            'use strict';
            var host = G.__host;
            var VALUE = 1, KEYS = 3, TOCOMP = 4, FROMCOMP = 5, HASH = 6;
            var D = null;       // what __setup was given: frame rate, lists, expressions
            var WEB = false;    // lottie-web's departures from After Effects (ExpressionDialect.lottieWeb)
            var ROOT_TIME = false; // ThorVG: `time` is the root composition's, from its in point, for every layer
            var cur = null;     // the evaluation in progress
            var EPS = 0.001;

            function unbox(v) {
                if (typeof v !== 'object' || v === null) { return v; }
                return (v instanceof Number || v instanceof Boolean || v instanceof String) ? v.valueOf() : v;
            }
            function isArr(v) { return Array.isArray(v); }
            function plain(v) {
                v = unbox(v);
                if (isArr(v)) { var o = []; for (var i = 0; i < v.length; i++) { o.push(unbox(v[i])); } return o; }
                return v;
            }
            function each(a, f) { var o = []; for (var i = 0; i < a.length; i++) { o.push(f(a[i], i)); } return o; }
            function def(o, name, get) { Object.defineProperty(o, name, { get: get, configurable: true }); }
            function val(o, name, v) { Object.defineProperty(o, name, { value: v, configurable: true, writable: true }); }

            // Operators on arrays, as Bodymovin rewrites them ($bm_sum, $bm_sub, …) and After Effects defines them.
            function sum(a, b) {
                a = plain(a); b = plain(b);
                if (typeof a === 'string' || typeof b === 'string') { return String(a) + String(b); }
                if (!isArr(a) && !isArr(b)) { return a + b; }
                if (!isArr(a)) { b = b.slice(); b[0] = a + b[0]; return b; }
                if (!isArr(b)) { a = a.slice(); a[0] = a[0] + b; return a; }
                var n = Math.max(a.length, b.length), o = [];
                for (var i = 0; i < n; i++) { o.push((i < a.length ? a[i] : 0) + (i < b.length ? b[i] : 0)); }
                return o;
            }
            function sub(a, b) {
                a = plain(a); b = plain(b);
                if (!isArr(a) && !isArr(b)) { return a - b; }
                if (!isArr(a)) { b = b.slice(); b[0] = a - b[0]; return b; }
                if (!isArr(b)) { a = a.slice(); a[0] = a[0] - b; return a; }
                var n = Math.max(a.length, b.length), o = [];
                for (var i = 0; i < n; i++) { o.push((i < a.length ? a[i] : 0) - (i < b.length ? b[i] : 0)); }
                return o;
            }
            function mul(a, b) {
                a = plain(a); b = plain(b);
                if (!isArr(a) && !isArr(b)) { return a * b; }
                if (!isArr(a)) { return each(b, function (x) { return x * a; }); }
                if (!isArr(b)) { return each(a, function (x) { return x * b; }); }
                return each(a, function (x, i) { return x * (i < b.length ? b[i] : 0); });
            }
            function div(a, b) {
                a = plain(a); b = plain(b);
                if (!isArr(a) && !isArr(b)) { return a / b; }
                if (!isArr(a)) { return each(b, function (x) { return a / x; }); }
                if (!isArr(b)) { return each(a, function (x) { return x / b; }); }
                return each(a, function (x, i) { return x / b[i]; });
            }
            function mod(a, b) {
                a = plain(a); b = plain(b);
                if (isArr(a)) { return each(a, function (x) { return x % b; }); }
                return a % b;
            }
            function neg(a) { a = plain(a); return isArr(a) ? each(a, function (x) { return -x; }) : -a; }

            // Vector math.
            function clamp(v, lo, hi) {
                v = plain(v); lo = plain(lo); hi = plain(hi);
                if (isArr(v)) {
                    return each(v, function (x, i) {
                        var l = isArr(lo) ? lo[i] : lo, h = isArr(hi) ? hi[i] : hi;
                        return Math.min(Math.max(x, l), h);
                    });
                }
                return Math.min(Math.max(v, lo), hi);
            }
            function dot(a, b) { a = plain(a); b = plain(b); var s = 0; for (var i = 0; i < a.length; i++) { s += a[i] * b[i]; } return s; }
            function cross(a, b) {
                a = plain(a); b = plain(b);
                return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
            }
            function length(a, b) {
                a = plain(a);
                if (b !== undefined) { a = sub(a, b); }
                if (!isArr(a)) { return Math.abs(a); }
                var s = 0; for (var i = 0; i < a.length; i++) { s += a[i] * a[i]; } return Math.sqrt(s);
            }
            function normalize(a) { var l = length(a); return l === 0 ? plain(a) : div(a, l); }
            function degreesToRadians(d) { return d * Math.PI / 180; }
            function radiansToDegrees(r) { return r * 180 / Math.PI; }
            function lookAt(from, at) {
                var d = normalize(sub(at, from));
                return [radiansToDegrees(Math.atan2(d[1], Math.sqrt(d[0] * d[0] + d[2] * d[2]))) * -1 + 0,
                        radiansToDegrees(Math.atan2(d[0], d[2])), 0];
            }

            // Interpolation: linear and the After Effects eases (cubic beziers), with 3 or 5 arguments.
            function bezierAt(x, x1, y1, x2, y2) {
                if (x <= 0) { return 0; }
                if (x >= 1) { return 1; }
                var s = x;
                for (var k = 0; k < 12; k++) {
                    var u = 1 - s, bx = 3 * u * u * s * x1 + 3 * u * s * s * x2 + s * s * s - x;
                    var dx = 3 * u * u * x1 + 6 * u * s * (x2 - x1) + 3 * s * s * (1 - x2);
                    if (Math.abs(bx) < 1e-9) { break; }
                    if (Math.abs(dx) < 1e-9) { break; }
                    s = Math.min(1, Math.max(0, s - bx / dx));
                }
                var w = 1 - s;
                return 3 * w * w * s * y1 + 3 * w * s * s * y2 + s * s * s;
            }
            function interp(curve) {
                return function (t, a, b, c, d) {
                    t = unbox(t);
                    var tMin = 0, tMax = 1, v1 = a, v2 = b;
                    if (arguments.length >= 5) { tMin = unbox(a); tMax = unbox(b); v1 = c; v2 = d; }
                    v1 = plain(v1); v2 = plain(v2);
                    var p;
                    if (tMin === tMax) { p = t >= tMax ? 1 : 0; } else if (tMin > tMax) { p = (t - tMax) / (tMin - tMax); p = 1 - Math.min(1, Math.max(0, p)); } else { p = Math.min(1, Math.max(0, (t - tMin) / (tMax - tMin))); }
                    var e = curve(p);
                    return sum(v1, mul(sub(v2, v1), e));
                };
            }
            var linear = interp(function (p) { return p; });
            var ease = interp(function (p) { return bezierAt(p, 0.33, 0, 0.667, 1); });
            var easeIn = interp(function (p) { return bezierAt(p, 0.333, 0, 1, 1); });
            var easeOut = interp(function (p) { return bezierAt(p, 0, 0, 0.667, 1); });

            // Deterministic randomness: a hash of the property, the seed, the frame (unless timeless) and a counter.
            function draw() {
                var c = cur;
                c.n += 1;
                return host(HASH, c.x.s, c.seed, c.timeless ? 0 : c.frame, c.n);
            }
            function seedRandom(seed, timeless) { cur.seed = unbox(seed); cur.timeless = !!timeless; cur.n = 0; }
            function scaleRandom(u, a, b) {
                a = plain(a); b = plain(b);
                if (a === undefined) { return u(); }
                if (b === undefined) { return isArr(a) ? each(a, function (x) { return u() * x; }) : u() * a; }
                if (isArr(a) || isArr(b)) {
                    var A = isArr(a) ? a : [a], B = isArr(b) ? b : [b], n = Math.max(A.length, B.length), o = [];
                    for (var i = 0; i < n; i++) { var lo = A[i] || 0, hi = B[i] || 0; o.push(lo + u() * (hi - lo)); }
                    return o;
                }
                return a + u() * (b - a);
            }
            function random(a, b) { return scaleRandom(draw, a, b); }
            function gauss() {
                var u1 = Math.max(draw(), 1e-12), u2 = draw();
                var g = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
                return Math.min(1, Math.max(0, 0.5 + g / 6));
            }
            function gaussRandom(a, b) { return scaleRandom(gauss, a, b); }

            // Smooth value noise in [-1, 1]: hashed lattice values, eased between.
            function lattice(seed, dim, i) { return 2 * host(HASH, seed, dim, i, 7919) - 1; }
            function noise1(seed, dim, x) {
                var i = Math.floor(x), f = x - i, u = f * f * (3 - 2 * f);
                var a = lattice(seed, dim, i), b = lattice(seed, dim, i + 1);
                return a + (b - a) * u;
            }
            function noise(v) {
                v = plain(v);
                if (!isArr(v)) { return noise1(0, 0, v); }
                var s = 0; for (var i = 0; i < v.length; i++) { s += noise1(i + 1, i, v[i] * (i + 1.37)); }
                return Math.max(-1, Math.min(1, s / Math.max(1, v.length) * 1.5));
            }

        """#
}
