// libpng reports errors by longjmp, which needs a C frame: this shim owns the setjmp and turns errors into a return
// code. It uses libpng's full write API because the simplified one (png_image_write_to_memory) cannot choose the
// row filters: it tries all five on every row, which costs more than the compression and, on rendered frames,
// compresses worse than no filter (docs/performance.md, "Whole process").
#include "png_shim.h"
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct lr_state {
    jmp_buf jump;
    uint8_t *data;
    size_t length, capacity;
    char *msg;
    size_t msg_len;
};

static void lr_error(png_structp png, png_const_charp message) {
    struct lr_state *s = (struct lr_state *)png_get_error_ptr(png);
    if (s->msg && s->msg_len) {
        strncpy(s->msg, message ? message : "libpng error", s->msg_len - 1);
        s->msg[s->msg_len - 1] = 0;
    }
    longjmp(s->jump, 1);
}

static void lr_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

static void lr_write(png_structp png, png_bytep bytes, png_size_t count) {
    struct lr_state *s = (struct lr_state *)png_get_io_ptr(png);
    if (s->length + count > s->capacity) {
        size_t capacity = s->capacity ? s->capacity : 4096;
        while (capacity < s->length + count) capacity *= 2;
        uint8_t *grown = (uint8_t *)realloc(s->data, capacity);
        if (!grown) png_error(png, "out of memory");
        s->data = grown;
        s->capacity = capacity;
    }
    memcpy(s->data + s->length, bytes, count);
    s->length += count;
}

static void lr_flush(png_structp png) { (void)png; }

int lr_png_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride, int filters, int level,
                       uint8_t **out, size_t *out_len, char *msg, size_t msg_len) {
    struct lr_state s;
    memset(&s, 0, sizeof s);
    s.msg = msg;
    s.msg_len = msg_len;
    *out = NULL;
    *out_len = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &s, lr_error, lr_warning);
    if (!png) {
        if (msg && msg_len) { strncpy(msg, "libpng could not start", msg_len - 1); msg[msg_len - 1] = 0; }
        return 1;
    }
    png_infop info = png_create_info_struct(png);
    if (!info || setjmp(s.jump)) {
        png_destroy_write_struct(&png, info ? &info : NULL);
        free(s.data);
        return 1;
    }
    png_set_write_fn(png, &s, lr_write, lr_flush);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_set_compression_level(png, level);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(rgba + (size_t)y * stride));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *out = s.data;
    *out_len = s.length;
    return 0;
}

void lr_png_free(uint8_t *buffer) { free(buffer); }
