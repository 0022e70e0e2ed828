/// The prelude's last part: groups, layers and compositions, the globals expressions see, the array guards,
/// `__setup` and `__run`, and the freezing of everything.
enum PreludeModel {
    /// The JavaScript.
    static let text = #"""
            // Groups: called with a name, a match name or an index; fixed members also as attributes.
            // ThorVG's content() answers groups, paths, polystars and trims only (_content).
            var TV_CONTENT = ['gr', 'sh', 'sr', 'tm'];
            function group(node, layer) {
                if (node.g) { return node.g; }
                var f = function (k) {
                    var c = child(node, k);
                    if (ROOT_TIME && c.t && TV_CONTENT.indexOf(c.t) < 0) { return undefined; }
                    return member(c, layer);
                };
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
                    // A data layer (ty 15): ("Data")("Outline")(key)… reads its JSON footage.
                    if (L.dt !== undefined && key === 'Data') { return dataGroup(L.dt, L.n); }
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
                val(f, 'fromCompToSurface', function (p, t) {
                    notInThorVG('fromCompToSurface');
                    return space(FROMCOMP, list, pos, p, t);
                });
                L.g = f;
                return f;
            }
            // Data footage ("t": 3): parsed once per heap when first read, and frozen all through, so no expression can
            // change what another one reads.
            var parsedData = [];
            function footageData(i) {
                if (i < 0 || D.data[i] === undefined) { throw new ReferenceError('the data footage could not be read'); }
                if (parsedData[i] === undefined) {
                    var v = JSON.parse(D.data[i]);
                    (function freeze(o) {
                        if (o !== null && typeof o === 'object') { Object.keys(o).forEach(function (k) { freeze(o[k]); }); Object.freeze(o); }
                    })(v);
                    parsedData[i] = v;
                }
                return parsedData[i];
            }
            function dataGroup(i, layerName) {
                var f = function (k) {
                    if (unbox(k) !== 'Outline') { throw new ReferenceError('"Data" of layer "' + layerName + '" has only "Outline"'); }
                    return outline(footageData(i), 'Outline');
                };
                val(f, 'name', 'Data'); val(f, '_name', 'Data');
                return f;
            }
            // An object's members by key; an array's elements as "NAME N" (N from 0, as Bodymovin and lottie-web name
            // them) or by index from 1, as property groups are. Numbers, text and booleans come out as they are.
            function outline(v, name) {
                if (v === null || typeof v !== 'object') { return v; }
                var f = function (k) {
                    k = unbox(k);
                    if (isArr(v)) {
                        var at = NaN, s = String(k);
                        if (typeof k === 'number') { at = k - 1; }
                        else if (s.indexOf(name + ' ') === 0) { at = Number(s.slice(name.length + 1)); }
                        if (at >= 0 && at < v.length && at === Math.floor(at)) { return outline(v[at], name); }
                    } else if (Object.prototype.hasOwnProperty.call(v, k)) {
                        return outline(v[k], String(k));
                    }
                    throw new ReferenceError('data "' + name + '" has no ' + JSON.stringify(k));
                };
                val(f, 'name', name); val(f, '_name', name);
                def(f, 'numProperties', function () { return isArr(v) ? v.length : Object.keys(v).length; });
                return f;
            }
            function footage(name) {
                name = unbox(name);
                var i = Object.prototype.hasOwnProperty.call(D.footage, name) ? D.footage[name] : -1;
                if (i < 0) { throw new ReferenceError('no data footage named ' + JSON.stringify(name)); }
                var o = {};
                val(o, 'name', name);
                def(o, 'sourceData', function () { return footageData(i); });
                return o;
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
                // Composition markers ("markers"), the root composition's: numKeys, key(i), nearestKey(t).
                def(f, 'marker', function () { return markers(list === 0 ? D.markers : []); });
                C.g = f;
                return f;
            }
            function markers(list) {
                function key(i) {
                    i = Math.round(unbox(i));
                    var m = list[i - 1];
                    if (!m) { throw new RangeError('marker.key(' + i + '): the composition has ' + list.length + ' markers'); }
                    return { time: m.t / D.fr, duration: m.d / D.fr, comment: m.c, index: i };
                }
                return {
                    numKeys: list.length, key: key,
                    nearestKey: function (t) {
                        if (!list.length) { throw new RangeError('marker.nearestKey: the composition has no markers'); }
                        var f = unbox(t) * D.fr, best = 0;
                        for (var i = 1; i < list.length; i++) { if (Math.abs(list[i].t - f) < Math.abs(list[best].t - f)) { best = i; } }
                        return key(best + 1);
                    }
                };
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
            // ThorVG's own helpers (TV) where it binds them (_buildMath); the rest it does not bind at all.
            function dual(f, name) { return function () { return (ROOT_TIME ? TV[name] : f).apply(null, arguments); }; }
            function aeOnly(f, name) { return function () { notInThorVG(name); return f.apply(null, arguments); }; }
            var globals = {
                $bm_sum: dual(sum, 'sum'), sum: dual(sum, 'sum'), add: dual(sum, 'sum'), $bm_add: dual(sum, 'sum'),
                $bm_sub: dual(sub, 'sub'), sub: dual(sub, 'sub'), $bm_mul: dual(mul, 'mul'), mul: dual(mul, 'mul'),
                $bm_div: dual(div, 'div'), div: dual(div, 'div'), $bm_mod: dual(mod, 'mod'), mod: dual(mod, 'mod'),
                $bm_neg: aeOnly(neg, '$bm_neg'), $bm_isInstanceOfArray: aeOnly(isArr, '$bm_isInstanceOfArray'),
                clamp: dual(clamp, 'clamp'), dot: dual(dot, 'dot'), cross: dual(cross, 'cross'),
                length: dual(length, 'length'), normalize: dual(normalize, 'normalize'),
                degreesToRadians: dual(degreesToRadians, 'degreesToRadians'),
                radiansToDegrees: dual(radiansToDegrees, 'radiansToDegrees'), lookAt: aeOnly(lookAt, 'lookAt'),
                linear: dual(linear, 'linear'), ease: dual(ease, 'ease'), easeIn: dual(easeIn, 'easeIn'),
                easeOut: dual(easeOut, 'easeOut'), noise: aeOnly(noise, 'noise'), seedRandom: aeOnly(seedRandom, 'seedRandom'),
                random: random, gaussRandom: aeOnly(gaussRandom, 'gaussRandom'), comp: comp,
                // ThorVG binds no createPath, fromCompToSurface or posterizeTime (buildGlobal leaves them as comments):
                // calling one there fails the expression, which keeps its property's own value.
                createPath: function (a, b, c, d) { notInThorVG('createPath'); return createPath(a, b, c, d); },
                footage: footage,
                framesToTime: function (f, fps) {
                    notInThorVG('framesToTime');
                    return unbox(f) / (fps === undefined ? D.fr : unbox(fps));
                },
                timeToFrames: function (t, fps) {
                    notInThorVG('timeToFrames');
                    var r = fps === undefined ? D.fr : unbox(fps);
                    return Math.floor((t === undefined ? frameNow() / D.fr : unbox(t)) * r + 1e-9);
                },
                posterizeTime: function (fps) {
                    notInThorVG('posterizeTime');
                    fps = unbox(fps);
                    var c = here();
                    if (fps > 0 && !c.poster) { c.poster = fps; }
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
                smooth: function (w, n, t) { notInThorVG('smooth'); return prop().smooth(w, n, t); },
                effect: function (k) { return here().layer.effect(k); },
                content: function (k) { return here().layer.content(k); },
                // ThorVG binds toComp on layers only (_buildLayer), and none of these as globals.
                mask: function (k) { notInThorVG('mask'); return here().layer.mask(k); },
                toComp: function (p, t) { notInThorVG('toComp'); return here().layer.toComp(p, t); },
                fromComp: function (p, t) { notInThorVG('fromComp'); return here().layer.fromComp(p, t); },
                toWorld: function (p, t) { notInThorVG('toWorld'); return here().layer.toWorld(p, t); },
                fromWorld: function (p, t) { notInThorVG('fromWorld'); return here().layer.fromWorld(p, t); },
                fromCompToSurface: function (p, t) {
                    notInThorVG('fromCompToSurface');
                    return here().layer.fromCompToSurface(p, t);
                }
            };
            function notInThorVG(name) { if (ROOT_TIME) { throw new ReferenceError(name + ' is not defined'); } }
            Object.keys(globals).forEach(function (k) { Object.defineProperty(G, k, { value: globals[k] }); });
            // Array methods walk every index up to "length" in C, outside the instruction count (Array(1e9).join() would
            // take a minute): they refuse arrays longer than a million, and charge the step budget an instruction per
            // index walked (n log n for a sort), so a loop around them ends within the budget too.
            var charge = G.__charge;
            function tooLong(a) {
                if (a !== undefined && a !== null && Object(a).length > 1048576) {
                    throw new RangeError('arrays longer than 1048576 are not supported');
                }
            }
            function walked(a) { return (a === undefined || a === null) ? 0 : (Object(a).length >>> 0); }
            ['join', 'toString', 'toLocaleString', 'indexOf', 'lastIndexOf', 'reverse', 'sort', 'slice', 'splice', 'concat',
             'map', 'filter', 'forEach', 'every', 'some', 'reduce', 'reduceRight', 'fill', 'copyWithin', 'push', 'unshift',
             'shift', 'pop'
            ].forEach(function (name) {
                var native = Array.prototype[name];
                if (typeof native !== 'function') { return; }
                val(Array.prototype, name, function () {
                    tooLong(this);
                    var n = walked(this);
                    if (name === 'concat') {
                        for (var i = 0; i < arguments.length; i++) { tooLong(arguments[i]); n += walked(arguments[i]); }
                    }
                    if (name === 'sort') { n *= Math.ceil(Math.log(n + 1) / Math.LN2) + 1; }
                    charge(n);
                    return native.apply(this, arguments);
                });
            });
            // String methods that read every character in C: an instruction per character of the string (and of the
            // result, for repeat and the pads), past 64.
            ['indexOf', 'lastIndexOf', 'includes', 'split', 'replace', 'toUpperCase', 'toLowerCase', 'toLocaleUpperCase',
             'toLocaleLowerCase', 'trim', 'localeCompare', 'normalize', 'concat', 'repeat', 'padStart', 'padEnd'
            ].forEach(function (name) {
                var native = String.prototype[name];
                if (typeof native !== 'function') { return; }
                val(String.prototype, name, function () {
                    var n = (this === undefined || this === null) ? 0 : String(this).length;
                    if (name === 'repeat') { n *= Math.max(1, Number(arguments[0]) || 0); }
                    if (name === 'padStart' || name === 'padEnd') { n += Math.max(0, Number(arguments[0]) || 0); }
                    if (n > 64) { charge(n); }
                    return native.apply(this, arguments);
                });
            });
            Math.random = function () { return draw(); };

            // What an expression sees as variables; the wrapper reads only those its source names.
            var Ctx = {};
            // ThorVG's thisLayer is a plain object (buildGlobal): calling it, as rigs do (thisLayer(2)), throws.
            [['thisProperty', function (c) { return c.prop; }],
             ['thisLayer', function (c) { return ROOT_TIME ? Object.create(c.layer) : c.layer; }],
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
                    // A path of ours (createPath, a path property's value) holds tangents relative to their vertex.
                    // Any other object is read as lottie-web reads it (ShapeProperty setVValue, shapePool.clone):
                    // "_length" vertices when given, else as many as "v" has, and "i" and "o" as the absolute
                    // positions of the control points, which is how its own paths keep them.
                    var own = Object.getPrototypeOf(r) === PathProto;
                    var n = !own && typeof r._length === 'number' && r._length >= 0 && r._length <= r.v.length
                        ? Math.floor(r._length) : r.v.length;
                    var out = [r.c ? 1 : 0, n], vs = [];
                    for (var j = 0; j < n; j++) { var q = plain(r.v[j]) || [0, 0]; vs.push([+q[0] || 0, +q[1] || 0]); }
                    vs.forEach(function (q) { out.push(q[0], q[1]); });
                    [r.i || [], r.o || []].forEach(function (list) {
                        for (var j = 0; j < n; j++) {
                            var p = plain(list[j]);
                            var x = p ? +p[0] || 0 : (own ? 0 : vs[j][0]), y = p ? +p[1] || 0 : (own ? 0 : vs[j][1]);
                            out.push(own ? x : x - vs[j][0], own ? y : y - vs[j][1]);
                        }
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

            // __setup(data, mode): the frame rate, the layer lists with their property trees, and the expressions;
            // mode 1 lottie-web's strict mode, 2 ThorVG's bindings, which have no footage(name).
            Object.defineProperty(G, '__setup', { value: function (data, web) {
                D = data;
                WEB = web === 1;
                ROOT_TIME = web === 2;
                if (web === 2) { D.footage = {}; D.data = []; }
                var props = [];
                function walk(node) {
                    if (node.p >= 0) { props[node.p] = node; }
                    (node.c || []).forEach(function (c) { c.up = node; walk(c); });
                }
                D.lists.forEach(function (C) { C.layers.forEach(function (L) { L.c.forEach(walk); }); });
                D.x.forEach(function (x) { x.node = x.p >= 0 ? props[x.p] : null; });
            } });
            // __run(fn, [expression, frame, root frame, value…]): evaluates one expression at one frame; saves and
            // restores the evaluation it may be nested in (an expression reading another one). The root frame is the
            // frame drawn, from the root composition's in point: ThorVG's `time` (LottieBuilder::update sets one
            // global `time`, comp->timeAtFrame(frameNo), for every expression of the frame).
            Object.defineProperty(G, '__run', { value: function (fn, a) {
                var outer = cur;
                try {
                    var x = D.x[a[0]], frame = a[1], rootFrame = a[2], raw = a.slice(3), node = x.node;
                    var layer = layerIface(x.l, x.y);
                    var v = x.k === 1 ? pathFrom(raw) : x.k === 2 ? text(raw) : (raw.length === 1 ? raw[0] : raw);
                    function once(fr, own) {
                        cur = { x: x, frame: fr, seed: 0, timeless: false, n: 0, layer: layer, poster: 0 };
                        cur.prop = node ? wrap(own, node, { list: x.l, pos: x.y }) : own;
                        var c = Object.create(Ctx);
                        c.time = (ROOT_TIME ? rootFrame : fr) / D.fr;
                        // Source text: a string. ThorVG: its _buildValue objects (tvValue).
                        c.value = x.k === 1 ? cur.prop : ROOT_TIME ? tvValue(own, node) : plain(own);
                        return fn.call(c, c);
                    }
                    var r = once(frame, v);
                    // posterizeTime(fps) asks for the whole expression at the last step of that rate: run it again
                    // there (its own value read there too).
                    var fps = cur.poster;
                    if (fps > 0) {
                        var at = Math.floor(frame / D.fr * fps + 1e-9) / fps * D.fr;
                        if (at !== frame) { r = once(at, node ? fetch(node, at) : v); }
                    }
                    return ROOT_TIME && x.k === 0 && !(node && tvIsColor(node)) ? tvEncode(r, raw.length) : encode(x.k, r);
                } finally {
                    cur = outer;
                }
            } });
            [Object.prototype, Array.prototype, Function.prototype, Number.prototype, String.prototype, Boolean.prototype,
             Math, JSON, NumProto, ArrProto, PathProto, StrProto, Ctx, G].forEach(Object.freeze);
        })(this);
        """#
}
