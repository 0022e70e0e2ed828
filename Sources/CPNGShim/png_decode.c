// PNGs read through libpng's read API where the simplified one does more work than we need: palette images come out
// as stored (packed indices, de-interlaced) for the caller to turn into pixels through a 256-entry table, instead
// of every pixel expanded; 8-bit RGBA and RGB images come out as straight RGBA rows. The zlib stream's Adler-32 is
// not checked (PNG_IGNORE_ADLER32): every IDAT chunk's CRC is, and it covers the same data before inflation, which
// is deterministic; the checksum was a quarter of decoding a well-compressed RGBA image. libpng reports errors by
// longjmp, so each function here owns a setjmp.
#include "png_shim.h"
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct lr_png_reader {
    jmp_buf jump;
    png_structp png;
    png_infop info;
    const uint8_t *bytes;
    size_t length, at;
    uint32_t height;
};

static void lr_read_error(png_structp png, png_const_charp message) {
    (void)message;
    struct lr_png_reader *r = (struct lr_png_reader *)png_get_error_ptr(png);
    longjmp(r->jump, 1);
}

static void lr_read_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

static void lr_read(png_structp png, png_bytep out, png_size_t count) {
    struct lr_png_reader *r = (struct lr_png_reader *)png_get_io_ptr(png);
    if (count > r->length - r->at) png_error(png, "unexpected end of data");
    memcpy(out, r->bytes + r->at, count);
    r->at += count;
}

void lr_png_close(lr_png_reader *r) {
    if (!r) return;
    png_destroy_read_struct(&r->png, r->info ? &r->info : NULL, NULL);
    free(r);
}

lr_png_reader *lr_png_open(const uint8_t *bytes, size_t length, uint32_t max_side, uint32_t *width, uint32_t *height,
                           int *kind, int *depth, uint8_t *palette, size_t *row_bytes) {
    lr_png_reader *r = (lr_png_reader *)calloc(1, sizeof *r);
    if (!r) return NULL;
    r->bytes = bytes;
    r->length = length;
    r->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, r, lr_read_error, lr_read_warning);
    if (!r->png) {
        free(r);
        return NULL;
    }
    r->info = png_create_info_struct(r->png);
    if (!r->info || setjmp(r->jump)) {
        lr_png_close(r);
        return NULL;
    }
    png_set_read_fn(r->png, r, lr_read);
    png_set_user_limits(r->png, max_side, max_side);
#ifdef PNG_IGNORE_ADLER32
    png_set_option(r->png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    png_read_info(r->png, r->info);
    png_uint_32 w = 0, h = 0;
    int bit_depth = 0, color_type = 0, interlace = 0;
    png_get_IHDR(r->png, r->info, &w, &h, &bit_depth, &color_type, &interlace, NULL, NULL);
    // A file gamma the simplified API would correct to sRGB's is left to it: this reader corrects nothing. Within 3 %
    // of sRGB's 0.45455 (libpng's threshold is 5 %; an sRGB chunk reads as 0.45455) neither does.
    png_fixed_point gamma = 0;
    if (png_get_gAMA_fixed(r->png, r->info, &gamma) && (gamma < 44000 || gamma > 47000)) {
        lr_png_close(r);
        return NULL;
    }
    if (color_type == PNG_COLOR_TYPE_PALETTE) {
        png_colorp plte = NULL;
        int count = 0;
        if (!png_get_PLTE(r->png, r->info, &plte, &count) || !plte || count <= 0) {
            lr_png_close(r);
            return NULL;
        }
        png_bytep alpha = NULL;
        int transparent = 0;
        if (!png_get_tRNS(r->png, r->info, &alpha, &transparent, NULL) || !alpha) transparent = 0;
        // Every one of the 256 entries an index can name: past the palette black, as libpng expands such an index.
        for (int i = 0; i < 256; i++) {
            palette[4 * i] = i < count ? plte[i].red : 0;
            palette[4 * i + 1] = i < count ? plte[i].green : 0;
            palette[4 * i + 2] = i < count ? plte[i].blue : 0;
            palette[4 * i + 3] = i < transparent ? alpha[i] : 255;
        }
        *kind = LR_PNG_PALETTE;
    } else if (bit_depth == 8 && (color_type == PNG_COLOR_TYPE_RGB_ALPHA ||
                                  (color_type == PNG_COLOR_TYPE_RGB && !png_get_valid(r->png, r->info, PNG_INFO_tRNS)))) {
        if (color_type == PNG_COLOR_TYPE_RGB) png_set_filler(r->png, 0xFF, PNG_FILLER_AFTER);
        *kind = LR_PNG_RGBA;
    } else {
        lr_png_close(r);
        return NULL;
    }
    if (interlace != PNG_INTERLACE_NONE) (void)png_set_interlace_handling(r->png);
    png_read_update_info(r->png, r->info);
    *row_bytes = png_get_rowbytes(r->png, r->info);
    *width = w;
    *height = h;
    *depth = bit_depth;
    r->height = h;
    return r;
}

int lr_png_read(lr_png_reader *r, uint8_t *dst, size_t stride) {
    // Allocated before setjmp, freed on both paths.
    png_bytep *rows = (png_bytep *)malloc(sizeof(png_bytep) * (r->height ? r->height : 1));
    if (!rows) return 1;
    if (setjmp(r->jump)) {
        free(rows);
        return 1;
    }
    for (uint32_t y = 0; y < r->height; y++) rows[y] = dst + (size_t)y * stride;
    png_read_image(r->png, rows);
    png_read_end(r->png, NULL);
    free(rows);
    return 0;
}
