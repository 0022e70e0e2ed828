#ifndef LR_PNG_SHIM_H
#define LR_PNG_SHIM_H
#include <stddef.h>
#include <stdint.h>

/// Encodes `height` rows of `width` 8-bit straight-alpha RGBA pixels (`stride` bytes apart) as a PNG with an sRGB
/// chunk, each row filtered with the libpng filter set `filters` (PNG_FILTER_NONE … PNG_ALL_FILTERS) and
/// compressed at zlib `level`. On success returns 0 and sets `*out` (free it with lr_png_free) and `*out_len`; on
/// failure returns 1 and writes libpng's message into `msg` (at most `msg_len` bytes, NUL-terminated).
int lr_png_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride, int filters, int level,
                       uint8_t **out, size_t *out_len, char *msg, size_t msg_len);

/// Frees a buffer returned by lr_png_encode_rgba or lr_png_decode_palette.
void lr_png_free(uint8_t *buffer);

/// Reads a palette PNG (colour type 3) without expanding it, each side at most `max_side`. On success returns 0 and
/// sets `*rows` (free it with lr_png_free): `*height` rows of `*row_bytes` bytes, the indices as stored (`*depth`
/// bits each, 1, 2, 4 or 8, first pixel in the high bits), de-interlaced; `palette` (1024 bytes) receives all 256
/// entries an index can name as straight RGBA (alpha from tRNS, 255 past it; black past the `*entries` of PLTE).
/// Returns 2 when the image is not a palette image (nothing read), 1 on failure with libpng's message in `msg`.
int lr_png_decode_palette(const uint8_t *bytes, size_t length, uint32_t max_side, uint8_t **rows, size_t *row_bytes,
                          uint32_t *width, uint32_t *height, int *depth, uint8_t *palette, int *entries, char *msg,
                          size_t msg_len);

#endif
