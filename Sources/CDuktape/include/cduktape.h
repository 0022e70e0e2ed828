#ifndef CDUKTAPE_H
#define CDUKTAPE_H
#include <stddef.h>

/// A sandboxed Duktape heap: a memory cap, a step budget counted in executed bytecode instructions (never the clock),
/// no Date.now, no RegExp, and a single host function, `__host(op, ...numbers)`, that calls back into the embedder.
typedef struct lr_js lr_js;

/// The embedder's callback for `__host(op, a0, a1, …)`: writes up to `cap` numbers to `out` and returns how many
/// (0 gives `undefined`, -1 a single number returned as a scalar, < -1 throws an Error).
typedef int (*lr_js_host)(void *udata, int op, const double *args, int nargs, double *out, int cap);

/// Creates a heap holding at most `memory_cap` bytes; NULL when Duktape cannot start.
lr_js *lr_js_create(size_t memory_cap, lr_js_host host, void *host_udata);
/// Destroys a heap.
void lr_js_destroy(lr_js *js);

/// Runs `src` as global code (the prelude) with `ticks` budget ticks. 0 on success, else the error is in `err`.
int lr_js_run(lr_js *js, const char *src, size_t len, long ticks, char *err, size_t err_len);

/// Compiles `src` as the body of a function, stores it and returns its handle (>= 0), or -1 with the error in `err`.
int lr_js_compile(lr_js *js, const char *src, size_t len, char *err, size_t err_len);

/// Calls the global `runner(fn, args)` with compiled function `fn` and the numbers `args` (as an array), with at most
/// `ticks` budget ticks (one tick is Duktape's interrupt interval, 256 Ki instructions). The runner returns an array of
/// numbers (copied to `out`, at most `cap`; the count is the result) or a string (copied to `str`, NUL-terminated;
/// the result is -2 and `*str_len` its byte length). On an error the result is -1 and the message is in `err`.
/// `*ticks_used` receives the instructions executed (0 for a call made from inside another, which shares its budget).
int lr_js_call(lr_js *js, const char *runner, int fn, const double *args, int nargs, long ticks, double *out, int cap,
               char *str, size_t str_cap, size_t *str_len, char *err, size_t err_len, long *ticks_used);

/// Bytes the heap holds now.
size_t lr_js_memory(const lr_js *js);

#endif
