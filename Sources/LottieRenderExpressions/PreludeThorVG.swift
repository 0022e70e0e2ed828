/// The prelude's ThorVG part: values, helpers and results as ThorVG's expression bindings (tvgLottieExpressions.cpp
/// in thorvg v1.0.4, which dotlottie-rs enables) give them, used when `ROOT_TIME` is set (`--player dotlottie`).
enum PreludeThorVG {
    /// The JavaScript.
    static let text = #"""
            // ThorVG's bindings (tvgLottieExpressions.cpp), used when ROOT_TIME: a number property's value is an object
            // {0: v, value: v} (_number) and a point {0: x, 1: y, value: itself} (_point), with no valueOf, so `value + 1`
            // is text and `value * 2` NaN. Its helpers read a number as _number does (a number, else element 0, and
            // anything but a number as 0: jerry_value_as_number) and a point from elements 0 and 1 (_point2d), work in
            // two dimensions and answer points as {0, 1} objects.
            function tvC(v) { return typeof v === 'number' ? v : (v instanceof Number ? v.valueOf() : 0); }
            function tvN(v) {
                if (typeof v === 'number' || v instanceof Number) { return tvC(v); }
                return v === null || v === undefined || typeof v === 'boolean' ? 0 : tvC(v[0]);
            }
            function tvP(v) {
                if (v === null || v === undefined || typeof v === 'boolean' || typeof v === 'number' || v instanceof Number) {
                    return [0, 0];
                }
                return [tvC(v[0]), tvC(v[1])];
            }
            function tvPoint(x, y) { var o = {}; o[0] = x; o[1] = y; return o; }
            // Colours keep our own form (0…1) in ThorVG mode; ThorVG's own 0…255 objects are not modelled.
            function tvIsColor(node) { return node.m.indexOf('Color') >= 0; }
            // A point property's value (_point): the point, its `value` itself.
            function tvValuePoint(v) { var q = tvPoint(v[0], v[1]); q.value = q; return q; }
            function tvAddSub(a, b, k) {
                a = unbox(a); b = unbox(b);
                if (typeof a === 'string' || typeof b === 'string') { return String(a) + String(b); }
                var n1 = typeof a === 'number', n2 = typeof b === 'number';
                if (n1 && n2) { return a + k * b; }
                var p = tvP(n1 ? b : a);
                if (n1) { p[0] = p[0] * k + a; } else if (n2) { p[0] += k * b; } else { var q = tvP(b); p[0] += q[0] * k; p[1] += q[1] * k; }
                return tvPoint(p[0], p[1]);
            }
            function tvMulDiv(a, k) {
                a = unbox(a);
                if (typeof a === 'number') { return a * k; }
                var p = tvP(a);
                return tvPoint(p[0] * k, p[1] * k);
            }
            // _interp: always (t, tMin, tMax, v1, v2); two points when both values are objects, else numbers. The eases
            // shape t before it is scaled to tMin…tMax.
            function tvInterp(curve) {
                return function (t, a, b, c, d) {
                    var tMin = tvN(a), tMax = tvN(b);
                    t = (curve(tvN(t)) - tMin) / (tMax - tMin);
                    if (t < 0) { t = 0; } else if (t > 1) { t = 1; }
                    if (c !== null && d !== null && (typeof c === 'object' || typeof c === 'function') &&
                        (typeof d === 'object' || typeof d === 'function')) {
                        var p = tvP(c), q = tvP(d);
                        return tvPoint(p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t);
                    }
                    var x = tvN(c), y = tvN(d);
                    return x + (y - x) * t;
                };
            }
            var TV = {
                sum: function (a, b) { return tvAddSub(a, b, 1); },
                sub: function (a, b) { return tvAddSub(a, b, -1); },
                mul: function (a, b) { return tvMulDiv(a, tvN(b)); },
                div: function (a, b) { return tvMulDiv(a, 1 / tvN(b)); },
                mod: function (a, b) { return tvN(a) % tvN(b); },
                clamp: function (v, lo, hi) {
                    var n = tvN(v), l = tvN(lo), h = tvN(hi);
                    if (n < l) { n = l; }
                    if (n > h) { n = h; }
                    return n;
                },
                dot: function (a, b) { var p = tvP(a), q = tvP(b); return p[0] * q[0] + p[1] * q[1]; },
                cross: function (a, b) { var p = tvP(a), q = tvP(b); return p[0] * q[1] - p[1] * q[0]; },
                normalize: function (a) { var p = tvP(a), l = Math.sqrt(p[0] * p[0] + p[1] * p[1]); return tvPoint(p[0] / l, p[1] / l); },
                length: function (a) { var p = tvP(a); return Math.sqrt(p[0] * p[0] + p[1] * p[1]); },
                degreesToRadians: function (d) { return tvN(d) * Math.PI / 180; },
                radiansToDegrees: function (r) { return tvN(r) * 180 / Math.PI; },
                linear: tvInterp(function (t) { return t; }),
                ease: tvInterp(function (t) { return t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) * 0.5; }),
                easeIn: tvInterp(function (t) { return t * t * t; }),
                easeOut: tvInterp(function (t) { return 1 - Math.pow(1 - t, 3); })
            };
            // A property value as ThorVG's _buildValue gives it: opacities (LottieOpacity) and colours as they are.
            function tvValue(v, node) {
                if (!node || node.k !== 0 || tvIsColor(node)) { return plain(v); }
                v = plain(v);
                if (typeof v === 'number') {
                    if (node.m.indexOf('Opacity') >= 0) { return v; }
                    var o = {}; o[0] = v; o.value = v; return o;
                }
                if (isArr(v) && v.length >= 2 && v.length <= 3) { return tvValuePoint(v); }
                return v;
            }

            // A result as ThorVG reads it back (LottieExpressions::result): nothing keeps the property's own value; a
            // number property takes _number of it, any other _point2d; NaN stays NaN (the layer is then not drawn).
            function tvEncode(r, dims) {
                r = unbox(r);
                if (r === undefined) { throw new TypeError('the expression returned nothing'); }
                if (dims === 1) { return [typeof r === 'number' ? r : tvN(r)]; }
                return tvP(r);
            }
        """#
}
