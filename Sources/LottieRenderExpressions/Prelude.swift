/// The After Effects expression object model, in JavaScript, evaluated once in every heap: the operators Bodymovin
/// rewrites (`$bm_sum`…), vector math, interpolation, deterministic random and noise, `loopOut`/`loopIn`, `wiggle`,
/// property, group, layer and composition interfaces, and `__run`, which evaluates one expression at one frame.
/// Host calls (`__host(op, …)`) reach `ExpressionSession`: 1 value of a property, 3 keyframe times, 4 `toComp`,
/// 5 `fromComp`, 6 a hash in [0, 1).
enum Prelude {
    /// The source.
    static let source = #"""
        (function (G) {
            'use strict';
            var host = G.__host;
            var VALUE = 1, KEYS = 3, TOCOMP = 4, FROMCOMP = 5, HASH = 6;
            var D = null;       // what __setup was given: frame rate, lists, expressions
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

            // Property values: numbers become Number objects, vectors arrays, paths Path objects; each carries its node.
            function text(v) {
                var out = '';
                for (var i = 0; i < v.length; i += 4096) { out += String.fromCharCode.apply(null, v.slice(i, i + 4096)); }
                return out;
            }
            function decode(node, v) {
                if (node.k === 1) { return pathFrom(v); }
                if (node.k === 2) { return text(v); }
                return v.length === 1 ? v[0] : v;
            }
            function fetch(node, frame) {
                var v = host(VALUE, node.p, frame);
                if (v === undefined) { throw new Error('property "' + node.n + '" has no value'); }
                return decode(node, isArr(v) ? v : [v]);
            }
            var NumProto = Object.create(Number.prototype);
            var ArrProto = Object.create(Array.prototype);
            var PathProto = {};
            var StrProto = Object.create(String.prototype);
            function wrap(v, node, layer) {
                var o;
                if (node.k === 1) {
                    o = Object.create(PathProto);
                    o.v = v.v; o.i = v.i; o.o = v.o; o.c = v.c;
                } else if (node.k === 2) {
                    o = new String(v);
                    Object.setPrototypeOf(o, StrProto);
                } else if (isArr(v)) {
                    o = v.slice();
                    Object.setPrototypeOf(o, ArrProto);
                } else {
                    o = new Number(v);
                    Object.setPrototypeOf(o, NumProto);
                }
                val(o, '__n', node); val(o, '__l', layer);
                return o;
            }
            function member(node, layer) {
                if (node.c) { return group(node, layer); }
                var v = fetch(node, frameNow());
                // A layer control ("ADBE Layer Control-0001") holds a layer index: it answers with that layer.
                if (/* layer control */ node.m.indexOf('Layer Control') >= 0) {
                    var C = D.lists[layer.list].layers;
                    for (var i = 0; i < C.length; i++) { if (C[i].ind === v) { return layerIface(layer.list, i); } }
                    return null;
                }
                return wrap(v, node, layer);
            }
            function frameNow() { return cur ? cur.frame : 0; }
            function secondsToFrame(t) { return unbox(t) * D.fr; }

            var methods = {
                valueAtTime: function (t) { return plain(wrap(fetch(this.__n, secondsToFrame(t)), this.__n, this.__l)); },
                // A backward difference over a millisecond, as lottie-web takes it.
                velocityAtTime: function (t) {
                    var a = plain(fetch(this.__n, secondsToFrame(t))), b = plain(fetch(this.__n, secondsToFrame(t) - EPS * D.fr));
                    return div(sub(a, b), EPS);
                },
                speedAtTime: function (t) { return length(this.velocityAtTime(t)); },
                key: function (i) {
                    var times = keyTimes(this.__n), k = Math.round(unbox(i));
                    if (k < 1 || k > times.length) { throw new RangeError('key(' + k + '): the property has ' + times.length + ' keyframes'); }
                    var v = plain(fetch(this.__n, times[k - 1])), o = isArr(v) ? v.slice() : new Number(v);
                    val(o, 'time', times[k - 1] / D.fr); val(o, 'value', v); val(o, 'index', k);
                    return o;
                },
                nearestKey: function (t) {
                    var times = keyTimes(this.__n), f = secondsToFrame(t), best = 1;
                    if (!times.length) { throw new RangeError('nearestKey: the property has no keyframes'); }
                    for (var i = 1; i < times.length; i++) { if (Math.abs(times[i] - f) < Math.abs(times[best - 1] - f)) { best = i + 1; } }
                    return this.key(best);
                },
                loopOut: function (type, n) { return loop(this, true, type, n, false); },
                loopIn: function (type, n) { return loop(this, false, type, n, false); },
                loopOutDuration: function (type, d) { return loop(this, true, type, d, true); },
                loopInDuration: function (type, d) { return loop(this, false, type, d, true); },
                propertyGroup: function (n) {
                    var node = this.__n; n = n === undefined ? 1 : unbox(n);
                    for (var i = 0; i < n && node; i++) { node = node.up; }
                    if (!node) { throw new RangeError('propertyGroup(' + n + ') is above the layer'); }
                    return node.isLayer ? layerIface(this.__l.list, this.__l.pos) : group(node, this.__l);
                },
                wiggle: function (f, a, o, m, t) { return wiggleOf(this, f, a, o, m, t); },
                smooth: function () { return plain(this); }
            };
            var getters = {
                value: function () { return plain(this); },
                numKeys: function () { return keyTimes(this.__n).length; },
                propertyIndex: function () { return this.__n.i; },
                name: function () { return this.__n.n; },
                velocity: function () { return this.velocityAtTime(frameNow() / D.fr); },
                speed: function () { return this.speedAtTime(frameNow() / D.fr); }
            };
            [NumProto, ArrProto, PathProto, StrProto].forEach(function (p) {
                Object.keys(methods).forEach(function (k) { val(p, k, methods[k]); });
                Object.keys(getters).forEach(function (k) { def(p, k, getters[k]); });
            });
            function keyTimes(node) { var t = host(KEYS, node.p); return t === undefined ? [] : (isArr(t) ? t : [t]); }

            // loopOut / loopIn (cycle, pingpong, offset, continue), by keyframe count or by duration in seconds.
            function loop(prop, out, type, n, byDuration) {
                var node = prop.__n, times = keyTimes(node), f = frameNow();
                type = String(type === undefined ? 'cycle' : unbox(type)).toLowerCase();
                if (times.length < 2) { return plain(prop); }
                var first = times[0], last = times[times.length - 1], start, end;
                n = unbox(n);
                if (out) {
                    if (f <= last) { return plain(prop); }
                    if (byDuration) { start = n ? last - Math.abs(n * D.fr) : first; } else {
                        var k = (!n || n > times.length - 1) ? times.length - 1 : n;
                        start = times[times.length - 1 - k];
                    }
                    end = last;
                } else {
                    if (f >= first) { return plain(prop); }
                    start = first;
                    if (byDuration) { end = n ? first + Math.abs(n * D.fr) : last; } else {
                        var k2 = (!n || n > times.length - 1) ? times.length - 1 : n;
                        end = times[k2];
                    }
                }
                var span = end - start;
                if (!(span > 0)) { return plain(prop); }
                function at(fr) { return plain(fetch(node, fr)); }
                if (type === 'continue') {
                    // The tangent at the end key, per frame, carried on.
                    var edge = out ? end : start, v = at(edge), d = 0.001, w = at(out ? edge - d : edge + d);
                    var slope = out ? div(sub(v, w), d) : div(sub(w, v), d);
                    return sum(v, mul(slope, f - edge));
                }
                // Cycles are counted from the loop's key: before it for loopIn, after it for loopOut (as lottie-web does).
                var rel = out ? f - start : start - f, cycles = Math.floor(rel / span), m = rel - cycles * span;
                if (type === 'pingpong') {
                    if (out) { return at(cycles % 2 === 0 ? start + m : end - m); }
                    return at(cycles % 2 === 0 ? start + m : start + span - m);
                }
                var local = out ? start + m : start + span - m;
                if (type === 'offset') {
                    var delta = sub(at(end), at(start));
                    return out ? sum(at(local), mul(delta, cycles)) : sub(at(local), mul(delta, cycles + 1));
                }
                return at(local);
            }

            function wiggleOf(prop, freq, amp, octaves, mult, t) {
                freq = unbox(freq); amp = plain(amp);
                octaves = octaves === undefined ? 1 : Math.max(1, Math.min(10, Math.floor(unbox(octaves))));
                mult = mult === undefined ? 0.5 : unbox(mult);
                var secs = t === undefined ? frameNow() / D.fr : unbox(t);
                var base = t === undefined ? plain(prop) : plain(fetch(prop.__n, secondsToFrame(t)));
                var seed = cur.x.s + cur.seed * 7.31;
                function offset(d) { return fbm(seed, d, secs, freq, octaves, mult); }
                if (isArr(base)) { return each(base, function (x, d) { return x + (isArr(amp) ? (amp[d] || 0) : amp) * offset(d); }); }
                return base + amp * offset(0);
            }

            function fbm(seed, d, secs, freq, octaves, mult) {
                var s = 0, a = 1, f = freq;
                for (var o = 0; o < octaves; o++) { s += a * noise1(seed + o * 13, d, secs * f + d * 31.7); a *= mult; f *= 2; }
                return s;
            }

            // Paths.
            function pathFrom(v) {
                var closed = v[0] !== 0, n = Math.max(0, Math.floor(v[1])), p = { v: [], i: [], o: [], c: closed }, k = 2;
                ['v', 'i', 'o'].forEach(function (key) { for (var j = 0; j < n; j++) { p[key].push([v[k], v[k + 1]]); k += 2; } });
                return p;
            }
            function pathAt(prop, t) { return t === undefined ? prop : fetch(prop.__n, secondsToFrame(t)); }
            function segments(p) {
                var s = [], n = p.v.length;
                for (var j = 0; j < n - 1 + (p.c ? 1 : 0); j++) {
                    var a = p.v[j], b = p.v[(j + 1) % n];
                    s.push([a, [a[0] + p.o[j][0], a[1] + p.o[j][1]], [b[0] + p.i[(j + 1) % n][0], b[1] + p.i[(j + 1) % n][1]], b]);
                }
                return s;
            }
            // The point at fraction `f` of the path's length (measured on 32 steps per segment).
            function along(p, f) {
                var segs = segments(p), steps = 32, xs = [], ys = [], ds = [], total = 0;
                if (!segs.length) { return { pt: p.v[0] || [0, 0], tan: [1, 0] }; }
                f = Math.min(1, Math.max(0, unbox(f)));
                var px = segs[0][0][0], py = segs[0][0][1];
                xs.push(px); ys.push(py); ds.push(0);
                for (var j = 0; j < segs.length; j++) {
                    var a = segs[j][0], b = segs[j][1], c = segs[j][2], d = segs[j][3];
                    for (var k = 1; k <= steps; k++) {
                        var u = k / steps, w = 1 - u, w3 = w * w * w, u3 = u * u * u, m1 = 3 * w * w * u, m2 = 3 * w * u * u;
                        var qx = w3 * a[0] + m1 * b[0] + m2 * c[0] + u3 * d[0];
                        var qy = w3 * a[1] + m1 * b[1] + m2 * c[1] + u3 * d[1];
                        total += Math.sqrt((qx - px) * (qx - px) + (qy - py) * (qy - py));
                        px = qx; py = qy;
                        xs.push(qx); ys.push(qy); ds.push(total);
                    }
                }
                var goal = f * total, lo = 1, hi = ds.length - 1;
                while (lo < hi) { var mid = (lo + hi) >> 1; if (ds[mid] >= goal) { hi = mid; } else { lo = mid + 1; } }
                var span = ds[lo] - ds[lo - 1], t = span > 0 ? (goal - ds[lo - 1]) / span : 0;
                var dx = xs[lo] - xs[lo - 1], dy = ys[lo] - ys[lo - 1], len = Math.sqrt(dx * dx + dy * dy);
                return { pt: [xs[lo - 1] + dx * t, ys[lo - 1] + dy * t], tan: len > 0 ? [dx / len, dy / len] : [1, 0] };
            }
            val(PathProto, 'points', function (t) { return pathAt(this, t).v; });
            val(PathProto, 'inTangents', function (t) { return pathAt(this, t).i; });
            val(PathProto, 'outTangents', function (t) { return pathAt(this, t).o; });
            val(PathProto, 'isClosed', function () { return this.c; });
            val(PathProto, 'pointOnPath', function (f, t) { return along(pathAt(this, t), f === undefined ? 0.5 : f).pt; });
            val(PathProto, 'tangentOnPath', function (f, t) { return along(pathAt(this, t), f === undefined ? 0.5 : f).tan; });
            val(PathProto, 'normalOnPath', function (f, t) { var a = along(pathAt(this, t), f === undefined ? 0.5 : f).tan; return [a[1], -a[0]]; });
            val(PathProto, 'createPath', createPath);
            function createPath(points, inT, outT, closed) {
                points = plain(points) || [];
                var zero = function () { return [0, 0]; }, p = Object.create(PathProto);
                inT = plain(inT); outT = plain(outT);
                p.v = points.map(plain);
                p.i = inT && inT.length ? inT.map(plain) : points.map(zero);
                p.o = outT && outT.length ? outT.map(plain) : points.map(zero);
                p.c = closed === undefined ? true : !!closed;
                return p;
            }

            // Groups: called with a name, a match name or an index; fixed members also as attributes.
            function group(node, layer) {
                if (node.g) { return node.g; }
                var f = function (k) { return member(child(node, k), layer); };
                (node.c || []).forEach(function (c) { if (c.a) { def(f, c.a, function () { return member(c, layer); }); } });
                val(f, 'name', node.n); val(f, '_name', node.n); val(f, 'matchName', node.m);
                def(f, 'propertyIndex', function () { return node.i; });
                def(f, 'numProperties', function () { return (node.c || []).length; });
                val(f, 'propertyGroup', function (n) { return methods.propertyGroup.call({ __n: node, __l: layer }, n); });
                val(f, 'content', function (k) { return k === undefined ? f : (node.a === 'content' ? f(k) : f('ADBE Vectors Group')(k)); });
                node.g = f;
                return f;
            }
            function child(node, k) {
                k = unbox(k);
                var c = node.c || [], i;
                if (typeof k === 'number') {
                    for (i = 0; i < c.length; i++) { if (c[i].i === k) { return c[i]; } }
                    if (k >= 1 && k <= c.length) { return c[k - 1]; }
                } else {
                    for (i = 0; i < c.length; i++) { if (c[i].n === k) { return c[i]; } }
                    for (i = 0; i < c.length; i++) { if (c[i].m === k || c[i].a === k) { return c[i]; } }
                }
                throw new ReferenceError('"' + node.n + '" has no property ' + JSON.stringify(k));
            }

            // Layers and compositions.
            var rootAliases = { 1: 'ADBE Transform Group', 6: 'ADBE Transform Group', 'Transform': 'ADBE Transform Group',
                'transform': 'ADBE Transform Group', 2: 'ADBE Root Vectors Group', 'Contents': 'ADBE Root Vectors Group',
                3: 'ADBE Mask Parade', 'Masks': 'ADBE Mask Parade', 4: 'ADBE Effect Parade', 'Effects': 'ADBE Effect Parade',
                'effects': 'ADBE Effect Parade' };
            function layerIface(list, pos) {
                var L = D.lists[list].layers[pos];
                if (!L) { throw new ReferenceError('no layer at ' + pos); }
                if (L.g) { return L.g; }
                var ctx = { list: list, pos: pos };
                var root = { n: L.n, m: '', i: L.ind, c: L.c, isLayer: true };
                L.c.forEach(function (c) { c.up = root; });
                var f = function (k) {
                    var key = unbox(k), m = rootAliases[key];
                    return member(m ? childByMatch(root, m, key) : child(root, key), ctx);
                };
                var sub = function (m) { return function (k) { var g = member(childByMatch(root, m, m), ctx); return k === undefined ? g : g(k); }; };
                val(f, 'name', L.n); val(f, '_name', L.n);
                def(f, 'index', function () { return L.ind; });
                def(f, 'inPoint', function () { return L.ip / D.fr; });
                def(f, 'outPoint', function () { return L.op / D.fr; });
                def(f, 'startTime', function () { return L.st / D.fr; });
                def(f, 'width', function () { return L.w; });
                def(f, 'height', function () { return L.h; });
                def(f, 'hasParent', function () { return L.par >= 0; });
                def(f, 'parent', function () { return L.par >= 0 ? layerIface(list, L.par) : null; });
                def(f, 'active', function () { var fr = frameNow(); return fr >= L.ip && fr < L.op; });
                def(f, 'enabled', function () { return true; });
                def(f, 'transform', function () { return member(childByMatch(root, 'ADBE Transform Group', 'transform'), ctx); });
                ['position', 'scale', 'rotation', 'opacity', 'anchorPoint', 'xPosition', 'yPosition', 'zPosition', 'skew', 'skewAxis', 'orientation', 'xRotation', 'yRotation', 'zRotation'].forEach(function (a) {
                    def(f, a, function () { return f.transform[a]; });
                });
                def(f, 'anchor_point', function () { return f.transform.anchorPoint; });
                def(f, 'text', function () { return member(childByMatch(root, 'ADBE Text Properties', 'text'), ctx); });
                val(f, 'content', sub('ADBE Root Vectors Group'));
                val(f, 'effect', sub('ADBE Effect Parade'));
                val(f, 'mask', sub('ADBE Mask Parade'));
                val(f, 'toComp', function (p, t) { return space(TOCOMP, list, pos, p, t); });
                val(f, 'fromComp', function (p, t) { return space(FROMCOMP, list, pos, p, t); });
                val(f, 'toWorld', function (p, t) { return space(TOCOMP, list, pos, p, t); });
                val(f, 'fromWorld', function (p, t) { return space(FROMCOMP, list, pos, p, t); });
                val(f, 'fromCompToSurface', function (p, t) { return space(FROMCOMP, list, pos, p, t); });
                L.g = f;
                return f;
            }
            function childByMatch(root, m, key) {
                for (var i = 0; i < root.c.length; i++) { if (root.c[i].m === m) { return root.c[i]; } }
                throw new ReferenceError('layer "' + root.n + '" has no ' + JSON.stringify(key));
            }
            function space(op, list, pos, p, t) {
                p = plain(p);
                var fr = t === undefined ? frameNow() : secondsToFrame(t);
                var r = host(op, list, pos, fr, p[0] || 0, p[1] || 0, p[2] || 0);
                return p.length > 2 ? r : [r[0], r[1]];
            }
            function compIface(list) {
                var C = D.lists[list];
                if (C.g) { return C.g; }
                var f = function (k) { return f.layer(k); };
                val(f, 'layer', function (k) {
                    k = unbox(k);
                    var ls = C.layers, i;
                    if (typeof k === 'number') {
                        for (i = 0; i < ls.length; i++) { if (ls[i].ind === k) { return layerIface(list, i); } }
                        if (k >= 1 && k <= ls.length) { return layerIface(list, k - 1); }
                    } else {
                        for (i = 0; i < ls.length; i++) { if (ls[i].n === k) { return layerIface(list, i); } }
                    }
                    throw new ReferenceError('no layer ' + JSON.stringify(k) + ' in this composition');
                });
                val(f, 'name', C.name);
                def(f, 'numLayers', function () { return C.layers.length; });
                def(f, 'width', function () { return C.w; });
                def(f, 'height', function () { return C.h; });
                def(f, 'frameDuration', function () { return 1 / D.fr; });
                def(f, 'duration', function () { return D.dur; });
                def(f, 'displayStartTime', function () { return 0; });
                C.g = f;
                return f;
            }
            function comp(name) {
                name = unbox(name);
                for (var i = 0; i < D.lists.length; i++) {
                    if (D.lists[i].name === name || D.lists[i].names.indexOf(name) >= 0) { return compIface(i); }
                }
                throw new ReferenceError('no composition named ' + JSON.stringify(name));
            }

            function here() { if (!cur) { throw new Error('no expression is running'); } return cur; }
            function prop() { return here().prop; }
            var globals = {
                $bm_sum: sum, sum: sum, add: sum, $bm_sub: sub, sub: sub, $bm_mul: mul, mul: mul, $bm_div: div, div: div,
                $bm_mod: mod, mod: mod, $bm_neg: neg, $bm_isInstanceOfArray: isArr, clamp: clamp, dot: dot, cross: cross,
                length: length, normalize: normalize, degreesToRadians: degreesToRadians, radiansToDegrees: radiansToDegrees,
                lookAt: lookAt, linear: linear, ease: ease, easeIn: easeIn, easeOut: easeOut, noise: noise,
                seedRandom: seedRandom, random: random, gaussRandom: gaussRandom, createPath: createPath, comp: comp,
                framesToTime: function (f, fps) { return unbox(f) / (fps === undefined ? D.fr : unbox(fps)); },
                timeToFrames: function (t, fps) {
                    var r = fps === undefined ? D.fr : unbox(fps);
                    return Math.floor((t === undefined ? frameNow() / D.fr : unbox(t)) * r + 1e-9);
                },
                posterizeTime: function (fps) {
                    fps = unbox(fps);
                    if (fps > 0) { var c = here(); c.frame = Math.floor(c.frame / D.fr * fps + 1e-9) / fps * D.fr; }
                    return 0;
                },
                loopOut: function (t, n) { return prop().loopOut(t, n); },
                loopIn: function (t, n) { return prop().loopIn(t, n); },
                loopOutDuration: function (t, d) { return prop().loopOutDuration(t, d); },
                loopInDuration: function (t, d) { return prop().loopInDuration(t, d); },
                key: function (i) { return prop().key(i); },
                nearestKey: function (t) { return prop().nearestKey(t); },
                valueAtTime: function (t) { return prop().valueAtTime(t); },
                velocityAtTime: function (t) { return prop().velocityAtTime(t); },
                speedAtTime: function (t) { return prop().speedAtTime(t); },
                wiggle: function (f, a, o, m, t) { return prop().wiggle(f, a, o, m, t); },
                temporalWiggle: function (f, a, o, m, t) {
                    var secs = t === undefined ? frameNow() / D.fr : unbox(t);
                    o = o === undefined ? 1 : Math.max(1, Math.min(10, Math.floor(unbox(o))));
                    m = m === undefined ? 0.5 : unbox(m);
                    return prop().valueAtTime(secs + unbox(a) * fbm(here().x.s + 0.5, 0, secs, unbox(f), o, m));
                },
                smooth: function () { return prop().value; },
                effect: function (k) { return here().layer.effect(k); },
                content: function (k) { return here().layer.content(k); },
                mask: function (k) { return here().layer.mask(k); },
                toComp: function (p, t) { return here().layer.toComp(p, t); },
                fromComp: function (p, t) { return here().layer.fromComp(p, t); },
                toWorld: function (p, t) { return here().layer.toWorld(p, t); },
                fromWorld: function (p, t) { return here().layer.fromWorld(p, t); },
                fromCompToSurface: function (p, t) { return here().layer.fromCompToSurface(p, t); }
            };
            Object.keys(globals).forEach(function (k) { Object.defineProperty(G, k, { value: globals[k] }); });
            // Array methods walk every index up to "length" in C, outside the step budget (Array(1e9).join() would take a
            // minute): they refuse arrays longer than a million.
            function tooLong(a) {
                if (a !== undefined && a !== null && Object(a).length > 1048576) {
                    throw new RangeError('arrays longer than 1048576 are not supported');
                }
            }
            ['join', 'toString', 'toLocaleString', 'indexOf', 'lastIndexOf', 'reverse', 'sort', 'slice', 'splice', 'concat',
             'map', 'filter', 'forEach', 'every', 'some', 'reduce', 'reduceRight', 'fill', 'copyWithin', 'push', 'unshift',
             'shift', 'pop'
            ].forEach(function (name) {
                var native = Array.prototype[name];
                if (typeof native !== 'function') { return; }
                val(Array.prototype, name, function () {
                    tooLong(this);
                    if (name === 'concat') { for (var i = 0; i < arguments.length; i++) { tooLong(arguments[i]); } }
                    return native.apply(this, arguments);
                });
            });
            Math.random = function () { return draw(); };

            // What an expression sees as variables; the wrapper reads only those its source names.
            var Ctx = {};
            [['thisProperty', function (c) { return c.prop; }], ['thisLayer', function (c) { return c.layer; }],
             ['thisComp', function (c) { return compIface(c.x.l); }], ['numKeys', function (c) { return c.prop.numKeys; }],
             ['velocity', function (c) { return c.prop.velocity; }], ['speed', function (c) { return c.prop.speed; }]
            ].forEach(function (e) { def(Ctx, e[0], function () { return e[1](here()); }); });
            ['transform', 'position', 'scale', 'rotation', 'opacity', 'anchorPoint', 'anchor_point', 'index', 'name', 'text',
             'hasParent', 'parent', 'inPoint', 'outPoint', 'startTime', 'width', 'height', 'active', 'enabled'
            ].forEach(function (a) {
                // A variable the layer does not have (text on a shape layer) is undefined, not an error: the
                // wrapper reads every context name the source mentions, even as a local of its own.
                def(Ctx, a, function () { try { return here().layer[a]; } catch (e) { return undefined; } });
            });

            function encode(kind, r) {
                if (kind === 2) {
                    // Source text: whatever the expression gives, as text (After Effects shows numbers as text).
                    r = plain(r);
                    if (r === undefined || r === null) { throw new TypeError('the expression returned ' + r); }
                    return String(r);
                }
                if (kind === 1) {
                    if (!r || !r.v || !isArr(r.v)) { throw new TypeError('a path expression returned ' + typeof r); }
                    var n = r.v.length, out = [r.c ? 1 : 0, n];
                    [r.v, r.i || [], r.o || []].forEach(function (list) {
                        for (var j = 0; j < n; j++) { var p = plain(list[j]) || [0, 0]; out.push(+p[0] || 0, +p[1] || 0); }
                    });
                    return out;
                }
                r = plain(r);
                if (typeof r === 'number') { return [r]; }
                if (typeof r === 'string') { return r; } // reported by the host: text where numbers are needed
                if (typeof r === 'boolean') { return [r ? 1 : 0]; }
                if (isArr(r)) {
                    return each(r, function (x) {
                        x = unbox(x);
                        if (typeof x === 'boolean') { return x ? 1 : 0; }
                        if (typeof x !== 'number') { throw new TypeError('the expression returned an array holding ' + typeof x); }
                        return x;
                    });
                }
                throw new TypeError('the expression returned ' + (r === undefined ? 'nothing' : (r === null ? 'null' : typeof r)));
            }

            // __setup(data): the frame rate, the layer lists with their property trees, and the expressions.
            Object.defineProperty(G, '__setup', { value: function (data) {
                D = data;
                var props = [];
                function walk(node) {
                    if (node.p >= 0) { props[node.p] = node; }
                    (node.c || []).forEach(function (c) { c.up = node; walk(c); });
                }
                D.lists.forEach(function (C) { C.layers.forEach(function (L) { L.c.forEach(walk); }); });
                D.x.forEach(function (x) { x.node = x.p >= 0 ? props[x.p] : null; });
            } });
            // __run(fn, [expression, frame, value…]): evaluates one expression at one frame; saves and restores the
            // evaluation it may be nested in (an expression reading another one).
            Object.defineProperty(G, '__run', { value: function (fn, a) {
                var outer = cur;
                try {
                    var x = D.x[a[0]], frame = a[1], raw = a.slice(2), node = x.node;
                    var layer = layerIface(x.l, x.y);
                    var v = x.k === 1 ? pathFrom(raw) : x.k === 2 ? text(raw) : (raw.length === 1 ? raw[0] : raw);
                    cur = { x: x, frame: frame, seed: 0, timeless: false, n: 0, layer: layer };
                    cur.prop = node ? wrap(v, node, { list: x.l, pos: x.y }) : v;
                    var c = Object.create(Ctx);
                    c.time = frame / D.fr;
                    c.value = x.k === 1 ? cur.prop : plain(v); // source text: a string
                    return encode(x.k, fn.call(c, c));
                } finally {
                    cur = outer;
                }
            } });
            [Object.prototype, Array.prototype, Function.prototype, Number.prototype, String.prototype, Boolean.prototype,
             Math, JSON, NumProto, ArrProto, PathProto, StrProto, Ctx, G].forEach(Object.freeze);
        })(this);
        """#
}
