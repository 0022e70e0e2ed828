// Builds Duktape from the source file Debian's duktape-dev ships (/usr/share/duktape/duktape.c), with the options
// lottie-render needs turned on: the interrupt counter and an execution-timeout check that counts budget ticks
// (deterministic: executed instructions, not time). duk_config.h is read first so its include guard keeps the
// overrides below in force when duktape.c includes it again. Nothing of Duktape is copied into this repository.
#define _GNU_SOURCE 1
// The source: LR_DUKTAPE_C and LR_DUKTAPE_CONFIG when Package.swift was given DUKTAPE_SOURCE_DIR, else Debian's
// duktape-dev, else Homebrew's and /usr/local's share folders.
#if !defined(LR_DUKTAPE_C)
#if __has_include("/usr/share/duktape/duktape.c")
#define LR_DUKTAPE_C "/usr/share/duktape/duktape.c"
#define LR_DUKTAPE_CONFIG "/usr/share/duktape/duk_config.h"
#elif __has_include("/opt/homebrew/share/duktape/duktape.c")
#define LR_DUKTAPE_C "/opt/homebrew/share/duktape/duktape.c"
#define LR_DUKTAPE_CONFIG "/opt/homebrew/share/duktape/duk_config.h"
#elif __has_include("/usr/local/share/duktape/duktape.c")
#define LR_DUKTAPE_C "/usr/local/share/duktape/duktape.c"
#define LR_DUKTAPE_CONFIG "/usr/local/share/duktape/duk_config.h"
#else
#error "Duktape's source is missing: install duktape-dev (make setup does), or set DUKTAPE_SOURCE_DIR to a folder with duktape.c and duk_config.h"
#endif
#endif
#include LR_DUKTAPE_CONFIG

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int lr_js_timeout_check(void *udata);

#undef DUK_USE_INTERRUPT_COUNTER
#define DUK_USE_INTERRUPT_COUNTER
#undef DUK_USE_EXEC_TIMEOUT_CHECK
#define DUK_USE_EXEC_TIMEOUT_CHECK(udata) lr_js_timeout_check((udata))
// Regular expressions run in C without the interrupt counter (up to 1e9 backtracking steps): left out.
#undef DUK_USE_REGEXP_SUPPORT
// No clock: Date reads a fixed instant (the global Date is removed as well).
#undef DUK_USE_DATE_GET_NOW
#define DUK_USE_DATE_GET_NOW(ctx) 0.0
#undef DUK_USE_DATE_GET_LOCAL_TZOFFSET
#define DUK_USE_DATE_GET_LOCAL_TZOFFSET(d) 0

#include LR_DUKTAPE_C

// Without DUK_USE_REGEXP_SUPPORT a regular expression literal is a syntax error, but the generated built-in tables
// still name these functions: they throw.
#define LR_NO_REGEXP(name) \
    DUK_INTERNAL duk_ret_t name(duk_context *ctx) { return duk_error(ctx, DUK_ERR_TYPE_ERROR, "regular expressions are not supported"); }
LR_NO_REGEXP(duk_bi_regexp_constructor)
LR_NO_REGEXP(duk_bi_regexp_prototype_exec)
LR_NO_REGEXP(duk_bi_regexp_prototype_flags)
LR_NO_REGEXP(duk_bi_regexp_prototype_shared_getter)
LR_NO_REGEXP(duk_bi_regexp_prototype_test)
LR_NO_REGEXP(duk_bi_regexp_prototype_tostring)
LR_NO_REGEXP(duk_bi_string_prototype_match)
LR_NO_REGEXP(duk_bi_string_prototype_search)

#include "cduktape.h"

struct lr_js {
    duk_context *ctx;
    size_t used, cap;
    long ticks_left, ticks_spent;
    double work; // charged work not yet a whole tick (lr_charge)
    lr_js_host host;
    void *host_udata;
    int functions;
    int depth;
    int entry; // the interrupt Duktape forces before the first instruction of a call from C: not counted
};

// Every block carries its size in a 16-byte header so frees and reallocs keep `used` exact.
#define LR_HDR 16

// Work Duktape does in C within one instruction (an array method walking a million indexes, a string of a
// megabyte built) is invisible to the interrupt counter. It is charged to the step budget as instructions: by
// the prelude's wrappers of the array and string methods (`__charge(n)`: elements walked or moved, characters
// read) and by the allocator for large blocks (LR_BYTES_PER_UNIT bytes per instruction). When a charge empties
// the budget the next instruction stops the call, so the limit holds within one step of the loop that spends it,
// and, like the instruction count, it does not depend on time.
#define LR_CHARGED_BLOCK 256
#define LR_BYTES_PER_UNIT 16

static void lr_charge(struct lr_js *js, double units) {
    if (!(units > 0) || !js->ctx) return;
    js->work += units;
    double tick = (double)DUK_HTHREAD_INTCTR_DEFAULT;
    if (js->work < tick) return;
    long whole = (long)(js->work / tick);
    js->work -= (double)whole * tick;
    js->ticks_left -= whole;
    js->ticks_spent += whole;
    if (js->ticks_left <= 0) ((duk_hthread *)js->ctx)->interrupt_counter = 0;
}

static void *lr_alloc(void *udata, duk_size_t size) {
    struct lr_js *js = udata;
    if (size > js->cap || js->used + size > js->cap) return NULL;
    unsigned char *p = malloc(size + LR_HDR);
    if (!p) return NULL;
    memcpy(p, &size, sizeof size);
    js->used += size;
    if (size >= LR_CHARGED_BLOCK) lr_charge(js, (double)size / LR_BYTES_PER_UNIT);
    return p + LR_HDR;
}

static void lr_free(void *udata, void *ptr) {
    struct lr_js *js = udata;
    if (!ptr) return;
    unsigned char *p = (unsigned char *)ptr - LR_HDR;
    size_t size;
    memcpy(&size, p, sizeof size);
    js->used -= size;
    free(p);
}

static void *lr_realloc(void *udata, void *ptr, duk_size_t size) {
    struct lr_js *js = udata;
    if (!ptr) return lr_alloc(udata, size);
    if (size == 0) { lr_free(udata, ptr); return NULL; }
    unsigned char *p = (unsigned char *)ptr - LR_HDR;
    size_t old;
    memcpy(&old, p, sizeof old);
    if (size > old && (size - old > js->cap || js->used + (size - old) > js->cap)) return NULL;
    unsigned char *q = realloc(p, size + LR_HDR);
    if (!q) return NULL;
    memcpy(q, &size, sizeof size);
    js->used = js->used - old + size;
    if (size > old && size >= LR_CHARGED_BLOCK) lr_charge(js, (double)(size - old) / LR_BYTES_PER_UNIT);
    return q + LR_HDR;
}

// Called by Duktape from every protected call only when something escapes all of them, which our entry points
// never allow. There is no way back into the caller from here.
static void lr_fatal(void *udata, const char *msg) {
    (void)udata; (void)msg;
    abort();
}

static int lr_js_timeout_check(void *udata) {
    struct lr_js *js = udata;
    if (js->entry) { js->entry = 0; return 0; }
    js->ticks_spent += 1;
    if (js->ticks_left <= 0) return 1;
    js->ticks_left -= 1;
    return 0;
}

// Every run starts from a full interrupt interval, so what a budget allows never depends on earlier calls.
static void lr_reset_counter(struct lr_js *js, long ticks) {
    duk_hthread *thr = (duk_hthread *)js->ctx;
    thr->interrupt_init = DUK_HTHREAD_INTCTR_DEFAULT;
    thr->interrupt_counter = DUK_HTHREAD_INTCTR_DEFAULT - 1;
    js->ticks_left = ticks;
    js->ticks_spent = 0;
    js->work = 0;
    js->entry = 1;
}

// Instructions executed since the last reset: whole intervals plus the part of the current one.
static long lr_instructions(struct lr_js *js) {
    duk_hthread *thr = (duk_hthread *)js->ctx;
    return js->ticks_spent * (long)DUK_HTHREAD_INTCTR_DEFAULT + (long)(thr->interrupt_init - thr->interrupt_counter);
}

#define LR_MAX_ARGS 64
#define LR_MAX_OUT 4096

static duk_ret_t lr_host_call(duk_context *ctx) {
    duk_push_current_function(ctx);
    duk_get_prop_string(ctx, -1, "\xff" "js");
    struct lr_js *js = duk_get_pointer(ctx, -1);
    duk_pop_2(ctx);
    duk_idx_t n = duk_get_top(ctx);
    if (n < 1 || !js) return DUK_RET_TYPE_ERROR;
    int op = (int)duk_to_int(ctx, 0);
    double args[LR_MAX_ARGS];
    int nargs = 0;
    for (duk_idx_t i = 1; i < n && nargs < LR_MAX_ARGS; i++) args[nargs++] = duk_to_number(ctx, i);
    double out[LR_MAX_OUT];
    int count = js->host(js->host_udata, op, args, nargs, out, LR_MAX_OUT);
    if (count < -1) return duk_error(ctx, DUK_ERR_ERROR, "host call %d failed", op);
    if (count == -1) { duk_push_number(ctx, out[0]); return 1; }
    if (count == 0) return 0;
    duk_push_array(ctx);
    for (int i = 0; i < count; i++) { duk_push_number(ctx, out[i]); duk_put_prop_index(ctx, -2, (duk_uarridx_t)i); }
    return 1;
}

// `__charge(n)`: n instructions' worth of work done in C (see lr_charge); negative or non-numbers charge nothing.
static duk_ret_t lr_charge_call(duk_context *ctx) {
    duk_push_current_function(ctx);
    duk_get_prop_string(ctx, -1, "\xff" "js");
    struct lr_js *js = duk_get_pointer(ctx, -1);
    duk_pop_2(ctx);
    if (js && duk_get_top(ctx) >= 1) lr_charge(js, duk_to_number(ctx, 0));
    return 0;
}

static void lr_message(duk_context *ctx, char *err, size_t err_len) {
    if (!err || !err_len) return;
    const char *m = duk_safe_to_string(ctx, -1);
    strncpy(err, m ? m : "error", err_len - 1);
    err[err_len - 1] = 0;
}

lr_js *lr_js_create(size_t memory_cap, lr_js_host host, void *host_udata) {
    struct lr_js *js = calloc(1, sizeof *js);
    if (!js) return NULL;
    js->cap = memory_cap;
    js->host = host;
    js->host_udata = host_udata;
    js->ticks_left = 1 << 20;
    js->ctx = duk_create_heap(lr_alloc, lr_realloc, lr_free, js, lr_fatal);
    if (!js->ctx) { free(js); return NULL; }
    duk_context *ctx = js->ctx;
    duk_push_global_object(ctx);
    duk_push_c_function(ctx, lr_host_call, DUK_VARARGS);
    duk_push_pointer(ctx, js);
    duk_put_prop_string(ctx, -2, "\xff" "js");
    duk_put_prop_string(ctx, -2, "__host");
    duk_push_c_function(ctx, lr_charge_call, 1);
    duk_push_pointer(ctx, js);
    duk_put_prop_string(ctx, -2, "\xff" "js");
    duk_put_prop_string(ctx, -2, "__charge");
    duk_del_prop_string(ctx, -1, "Date");
    duk_del_prop_string(ctx, -1, "Duktape");
    duk_pop(ctx);
    // The compiled expressions, by handle.
    duk_push_global_stash(ctx);
    duk_push_array(ctx);
    duk_put_prop_string(ctx, -2, "fns");
    duk_pop(ctx);
    return js;
}

void lr_js_destroy(lr_js *js) {
    if (!js) return;
    duk_destroy_heap(js->ctx);
    free(js);
}

size_t lr_js_memory(const lr_js *js) { return js ? js->used : 0; }

static duk_ret_t lr_run_safe(duk_context *ctx, void *udata) {
    (void)udata;
    // [src] → evaluate as global code.
    duk_push_string(ctx, "prelude");
    duk_compile(ctx, 0);
    duk_call(ctx, 0);
    return 1;
}

int lr_js_run(lr_js *js, const char *src, size_t len, long ticks, char *err, size_t err_len) {
    duk_context *ctx = js->ctx;
    lr_reset_counter(js, ticks);
    duk_push_lstring(ctx, src, len);
    int rc = duk_safe_call(ctx, lr_run_safe, NULL, 1, 1);
    if (rc != DUK_EXEC_SUCCESS) lr_message(ctx, err, err_len);
    duk_pop(ctx);
    return rc == DUK_EXEC_SUCCESS ? 0 : 1;
}

static duk_ret_t lr_compile_safe(duk_context *ctx, void *udata) {
    (void)udata;
    duk_push_string(ctx, "expression");
    duk_compile(ctx, DUK_COMPILE_FUNCTION);
    return 1;
}

int lr_js_compile(lr_js *js, const char *src, size_t len, char *err, size_t err_len) {
    duk_context *ctx = js->ctx;
    lr_reset_counter(js, 1 << 20);
    duk_push_lstring(ctx, src, len);
    if (duk_safe_call(ctx, lr_compile_safe, NULL, 1, 1) != DUK_EXEC_SUCCESS) {
        lr_message(ctx, err, err_len);
        duk_pop(ctx);
        return -1;
    }
    duk_push_global_stash(ctx);
    duk_get_prop_string(ctx, -1, "fns");
    duk_dup(ctx, -3);
    duk_put_prop_index(ctx, -2, (duk_uarridx_t)js->functions);
    duk_pop_3(ctx);
    return js->functions++;
}

struct lr_call {
    const char *runner;
    int fn;
    const double *args;
    int nargs;
    double *out;
    int cap;
    char *str;
    size_t str_cap, str_len;
    int result;
};

// Everything that can run script code (the call, reading the result) happens inside the protected call.
static duk_ret_t lr_call_safe(duk_context *ctx, void *udata) {
    struct lr_call *c = udata;
    if (!duk_get_global_string(ctx, c->runner)) return duk_error(ctx, DUK_ERR_REFERENCE_ERROR, "no runner");
    duk_push_global_stash(ctx);
    duk_get_prop_string(ctx, -1, "fns");
    duk_get_prop_index(ctx, -1, (duk_uarridx_t)c->fn);
    duk_remove(ctx, -2);
    duk_remove(ctx, -2);
    duk_push_array(ctx);
    for (int i = 0; i < c->nargs; i++) {
        duk_push_number(ctx, c->args[i]);
        duk_put_prop_index(ctx, -2, (duk_uarridx_t)i);
    }
    duk_call(ctx, 2);
    if (duk_is_string(ctx, -1)) {
        duk_size_t n = 0;
        const char *s = duk_get_lstring(ctx, -1, &n);
        size_t k = n < c->str_cap ? n : (c->str_cap ? c->str_cap - 1 : 0);
        if (c->str && c->str_cap) { memcpy(c->str, s, k); c->str[k] = 0; }
        c->str_len = k;
        c->result = -2;
    } else if (duk_is_array(ctx, -1)) {
        duk_size_t n = duk_get_length(ctx, -1);
        int count = 0;
        for (duk_size_t i = 0; i < n && count < c->cap; i++) {
            duk_get_prop_index(ctx, -1, (duk_uarridx_t)i);
            c->out[count++] = duk_get_number_default(ctx, -1, NAN);
            duk_pop(ctx);
        }
        c->result = count;
    } else {
        return duk_error(ctx, DUK_ERR_TYPE_ERROR, "the runner returned neither numbers nor a string");
    }
    return 0;
}

int lr_js_call(lr_js *js, const char *runner, int fn, const double *args, int nargs, long ticks, double *out, int cap,
               char *str, size_t str_cap, size_t *str_len, char *err, size_t err_len, long *ticks_used) {
    duk_context *ctx = js->ctx;
    // A call made from inside another (an expression reading another expression) shares the outer budget.
    int nested = js->depth > 0;
    if (!nested) lr_reset_counter(js, ticks);
    struct lr_call c = {runner, fn, args, nargs, out, cap, str, str_cap, 0, -1};
    js->depth += 1;
    int rc = duk_safe_call(ctx, lr_call_safe, &c, 0, 1);
    js->depth -= 1;
    if (ticks_used) *ticks_used = nested ? 0 : lr_instructions(js);
    if (rc != DUK_EXEC_SUCCESS) lr_message(ctx, err, err_len);
    duk_pop(ctx);
    if (rc != DUK_EXEC_SUCCESS) return -1;
    if (str_len) *str_len = c.str_len;
    return c.result;
}
