/// The prelude's second part: property values (numbers, vectors, paths, text with their methods: keys,
/// valueAtTime, velocity, loops, wiggle) and path measurement.
enum PreludeProperties {
    /// The JavaScript.
    static let text = #"""
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
                // ThorVG: effect parameters as _buildValue gives them, other members as plain numbers and points
                // (_buildTransform, _buildPolystar, _buildTrimpath), without methods.
                if (ROOT_TIME && node.k === 0) {
                    if (underEffect(node)) { return tvValue(v, node); }
                    v = plain(v);
                    if (isArr(v) && v.length >= 2 && v.length <= 3 && !tvIsColor(node)) { return tvValuePoint(v); }
                    if (typeof v === 'number') { return v; }
                }
                return wrap(v, node, layer);
            }
            function underEffect(node) {
                for (var n = node.up; n; n = n.up) { if (n.m === 'ADBE Effect Parade') { return true; } }
                return false;
            }
            function frameNow() { return cur ? cur.frame : 0; }
            function secondsToFrame(t) { return unbox(t) * D.fr; }

            var methods = {
                valueAtTime: function (t) {
                    if (ROOT_TIME) { return tvValue(fetch(this.__n, secondsToFrame(t)), this.__n); }
                    return plain(wrap(fetch(this.__n, secondsToFrame(t)), this.__n, this.__l));
                },
                // A backward difference over a millisecond, as lottie-web takes it.
                velocityAtTime: function (t) {
                    if (ROOT_TIME) { return thorvgVelocity(this.__n, secondsToFrame(t)); }
                    var a = plain(fetch(this.__n, secondsToFrame(t))), b = plain(fetch(this.__n, secondsToFrame(t) - EPS * D.fr));
                    return div(sub(a, b), EPS);
                },
                speedAtTime: function (t) { return length(this.velocityAtTime(t)); },
                key: function (i) {
                    if (ROOT_TIME) { return thorvgKey(this.__n, i); }
                    var times = keyTimes(this.__n), k = Math.round(unbox(i));
                    if (k < 1 || k > times.length) { throw new RangeError('key(' + k + '): the property has ' + times.length + ' keyframes'); }
                    var v = plain(fetch(this.__n, times[k - 1])), o = isArr(v) ? v.slice() : new Number(v);
                    val(o, 'time', times[k - 1] / D.fr); val(o, 'value', v); val(o, 'index', k);
                    return o;
                },
                nearestKey: function (t) {
                    if (ROOT_TIME) { return { index: thorvgNearest(keyTimes(this.__n), secondsToFrame(t)) }; }
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
                    // ThorVG (_propertyGroup): level 1 only, a function of a property index; anything else undefined.
                    if (ROOT_TIME) {
                        if (n !== 1 || !node.up) { return undefined; }
                        var up = node.up;
                        return function (i) {
                            var c = (up.c || []).filter(function (m) { return m.i === unbox(i) && m.p >= 0; })[0];
                            return c ? tvValue(fetch(c, frameNow()), c) : undefined;
                        };
                    }
                    for (var i = 0; i < n && node; i++) { node = node.up; }
                    if (!node) { throw new RangeError('propertyGroup(' + n + ') is above the layer'); }
                    return node.isLayer ? layerIface(this.__l.list, this.__l.pos) : group(node, this.__l);
                },
                wiggle: function (f, a, o, m, t) { return wiggleOf(this, f, a, o, m, t); },
                // The mean of `samples` values spread evenly over `width` seconds around `t` (After Effects' box
                // filter; defaults 0.2 s, 5 samples, now).
                smooth: function (width, samples, t) {
                    width = width === undefined ? 0.2 : unbox(width);
                    samples = samples === undefined ? 5 : Math.max(1, Math.min(100, Math.round(unbox(samples))));
                    var at = t === undefined ? frameNow() / D.fr : unbox(t), total = null;
                    for (var i = 0; i < samples; i++) {
                        var u = samples === 1 ? at : at - width / 2 + width * i / (samples - 1);
                        var v = plain(fetch(this.__n, secondsToFrame(u)));
                        total = total === null ? v : sum(total, v);
                    }
                    return div(total, samples);
                }
            };
            var getters = {
                value: function () { return plain(this); },
                numKeys: function () { return keyTimes(this.__n).length; },
                propertyIndex: function () { return this.__n.i; },
                name: function () { return this.__n.n; },
                // ThorVG sets both to 0 (_buildProperty: `setValue("velocity", 0.0f)`).
                velocity: function () { return ROOT_TIME ? 0 : this.velocityAtTime(frameNow() / D.fr); },
                speed: function () { return ROOT_TIME ? 0 : this.speedAtTime(frameNow() / D.fr); }
            };
            [NumProto, ArrProto, PathProto, StrProto].forEach(function (p) {
                Object.keys(methods).forEach(function (k) { val(p, k, methods[k]); });
                Object.keys(getters).forEach(function (k) { def(p, k, getters[k]); });
            });
            // ThorVG (tvgLottieExpressions.cpp _nearestKey, _key, _velocityAtTime; tvgLottieProperty.h _nearest,
            // _frameNo): keys count from 0, an index is clamped to the keys there are, nearestKey answers only its
            // index, and the velocity is the mean over the segment that ends at the nearest key (0/0 at the first).
            function thorvgNearest(times, f) {
                if (!times.length) { return 0; }
                var low = 0, high = times.length - 1;
                while (low <= high) { var mid = low + ((high - low) >> 1); if (f < times[mid]) { high = mid - 1; } else { low = mid + 1; } }
                if (high < low) { low = high; }
                if (low < 0) { low = 0; }
                if (low === times.length - 1) { return low; }
                return Math.abs(times[low] - f) < Math.abs(times[low + 1] - f) ? low : low + 1;
            }
            function thorvgFrame(times, k) {
                if (!times.length) { return 0; }
                k = k < 0 ? 0 : (k >= times.length ? times.length - 1 : k);
                return times[k];
            }
            function thorvgKey(node, i) {
                var f = thorvgFrame(keyTimes(node), unbox(i) | 0), v = tvValue(fetch(node, f), node), o = {};
                o.time = f / D.fr; o.index = i; o.value = v;
                if (typeof v === 'object' && v !== null && !isArr(v) && v[1] === undefined) { o[0] = v; } else { o[0] = v[0]; o[1] = v[1]; }
                return o;
            }
            function thorvgVelocity(node, f) {
                var times = keyTimes(node), k = thorvgNearest(times, f);
                var pf = thorvgFrame(times, k - 1), cf = thorvgFrame(times, k), elapsed = (cf - pf) / D.fr;
                var a = plain(fetch(node, pf)), b = plain(fetch(node, cf));
                if (!isArr(b)) { return (b - a) / elapsed; }
                return [(b[0] - a[0]) / elapsed, (b[1] - a[1]) / elapsed];
            }
            function keyTimes(node) { var t = host(KEYS, node.p); return t === undefined ? [] : (isArr(t) ? t : [t]); }

            // loopOut / loopIn (cycle, pingpong, offset, continue), by keyframe count or by duration in seconds.
            function loop(prop, out, type, n, byDuration) {
                var node = prop.__n, times = keyTimes(node), f = frameNow();
                type = String(type === undefined ? 'cycle' : unbox(type)).toLowerCase();
                if (ROOT_TIME) { return thorvgLoop(prop, node, times, f, out, type, n, byDuration); }
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
                // lottie-web's loopIn closes a parenthesis early: span - (m + start) for start + span - m
                // (ExpressionPropertyDecorator.js loopIn, the cycle return, which odd pingpong cycles reach too).
                var back = WEB ? span - m - start : start + span - m;
                if (type === 'pingpong') {
                    if (out) { return at(cycles % 2 === 0 ? start + m : end - m); }
                    return at(cycles % 2 === 0 ? start + m : back);
                }
                if (type === 'offset') {
                    var local = out ? start + m : start + span - m, delta = sub(at(end), at(start));
                    return out ? sum(at(local), mul(delta, cycles)) : sub(at(local), mul(delta, cycles + 1));
                }
                return at(out ? start + m : back);
            }

            // ThorVG's loops (tvgLottieExpressions.cpp _loopOut/_loopIn, tvgLottieProperty.h _loop): the frame is taken
            // from the first key (t − first), then cycle and pingpong fold it into the keys up to the n-th from the
            // end (loopOut) or from key n to the layer's out point (loopIn), even inside the keys; offset and
            // continue keep t − first. The property is read at the frame that gives.
            function thorvgLoop(prop, node, times, f, out, type, n, byDuration) {
                if (times.length < 1) { return plain(prop); }
                var key = byDuration ? 0 : (n === undefined ? 0 : (unbox(n) | 0));
                if (key < 0 || key >= times.length) { key = 0; }
                var first = times[0], t = f - first, range, base;
                var inout = Infinity;
                if (!out) {
                    if (byDuration) { if (n !== undefined) { inout = secondsToFrame(n); } } else {
                        var op = cur && cur.layer ? unbox(cur.layer.outPoint) : undefined;
                        inout = typeof op === 'number' ? op * D.fr : Infinity;
                    }
                }
                if (type === 'cycle' || type === 'pingpong') {
                    if (out) { range = times[times.length - 1 - key] - first; base = first; } else {
                        range = type === 'cycle' ? inout - first : inout - times[key]; base = times[key];
                    }
                    if (!(range > 0) || !isFinite(range)) { return plain(fetch(node, type === 'cycle' ? t + base : t)); }
                    if (type === 'cycle') { t = t % range + base; } else {
                        var forward = ((t / range) | 0) % 2 === 0; // static_cast<int>: toward zero
                        var m = t % range;
                        t = (forward ? m : range - m) + base;
                    }
                }
                return plain(fetch(node, t));
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

        """#
}
