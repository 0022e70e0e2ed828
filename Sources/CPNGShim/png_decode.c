// Palette PNGs read without expansion. libpng's simplified API expands every pixel (or, asked for a colormap,
// unpacks and copies every index through its generic row loop): two thirds of the work of decoding an image with
// 4-bit indices. Here the rows come out as stored (packed indices, de-interlaced) and the caller turns each into
// pixels through a 256-entry table. libpng reports errors by longjmp, so this C frame owns the setjmp.
#include "png_shim.h"
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct lr_reader {
    jmp_buf jump;
    const uint8_t *bytes;
    size_t length, at;
    char *msg;
    size_t msg_len;
};

static void lr_read_error(png_structp png, png_const_charp message) {
    struct lr_reader *r = (struct lr_reader *)png_get_error_ptr(png);
    if (r->msg && r->msg_len) {
        strncpy(r->msg, message ? message : "libpng error", r->msg_len - 1);
        r->msg[r->msg_len - 1] = 0;
    }
    longjmp(r->jump, 1);
}

static void lr_read_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

static void lr_read(png_structp png, png_bytep out, png_size_t count) {
    struct lr_reader *r = (struct lr_reader *)png_get_io_ptr(png);
    if (count > r->length - r->at) png_error(png, "unexpected end of data");
    memcpy(out, r->bytes + r->at, count);
    r->at += count;
}

int lr_png_decode_palette(const uint8_t *bytes, size_t length, uint32_t max_side, uint8_t **rows, size_t *row_bytes,
                          uint32_t *width, uint32_t *height, int *depth, uint8_t *palette, int *entries, char *msg,
                          size_t msg_len) {
    struct lr_reader r;
    memset(&r, 0, sizeof r);
    r.bytes = bytes;
    r.length = length;
    r.msg = msg;
    r.msg_len = msg_len;
    *rows = NULL;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &r, lr_read_error, lr_read_warning);
    if (!png) return 1;
    png_infop info = png_create_info_struct(png);
    // Written after setjmp and read after a longjmp: volatile, so the buffer is freed.
    uint8_t *volatile buffer = NULL;
    png_bytep *volatile pointers = NULL;
    if (!info || setjmp(r.jump)) {
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        free(buffer);
        free(pointers);
        return 1;
    }
    png_set_read_fn(png, &r, lr_read);
    png_set_user_limits(png, max_side, max_side);
    png_read_info(png, info);
    png_uint_32 w = 0, h = 0;
    int bit_depth = 0, color_type = 0, interlace = 0;
    png_get_IHDR(png, info, &w, &h, &bit_depth, &color_type, &interlace, NULL, NULL);
    png_colorp plte = NULL;
    int count = 0;
    if (color_type != PNG_COLOR_TYPE_PALETTE || !png_get_PLTE(png, info, &plte, &count) || !plte || count <= 0) {
        png_destroy_read_struct(&png, &info, NULL);
        return 2;
    }
    png_bytep alpha = NULL;
    int transparent = 0;
    if (!png_get_tRNS(png, info, &alpha, &transparent, NULL) || !alpha) transparent = 0;
    // Every one of the 256 entries an index can name: past the palette black, as libpng expands such an index.
    for (int i = 0; i < 256; i++) {
        palette[4 * i] = i < count ? plte[i].red : 0;
        palette[4 * i + 1] = i < count ? plte[i].green : 0;
        palette[4 * i + 2] = i < count ? plte[i].blue : 0;
        palette[4 * i + 3] = i < transparent ? alpha[i] : 255;
    }
    if (interlace != PNG_INTERLACE_NONE) (void)png_set_interlace_handling(png);
    png_read_update_info(png, info);
    size_t stride = png_get_rowbytes(png, info);
    buffer = (uint8_t *)malloc(stride * h);
    pointers = (png_bytep *)malloc(sizeof(png_bytep) * h);
    if (!buffer || !pointers) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < h; y++) pointers[y] = buffer + (size_t)y * stride;
    png_read_image(png, pointers);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(pointers);
    *rows = buffer;
    *row_bytes = stride;
    *width = w;
    *height = h;
    *depth = bit_depth;
    *entries = count;
    return 0;
}
