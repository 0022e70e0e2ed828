#ifndef LR_PNG_ENCODE_H
#define LR_PNG_ENCODE_H
#include <stddef.h>
#include <stdint.h>

/// Encodes `height` rows of `width` 8-bit straight-alpha RGBA pixels (`stride` bytes apart) as a PNG with an sRGB
/// chunk, each row filtered with the libpng filter set `filters` (PNG_FILTER_NONE … PNG_ALL_FILTERS) and
/// compressed at zlib `level`. On success returns 0 and sets `*out` (free it with lr_png_free) and `*out_len`; on
/// failure returns 1 and writes libpng's message into `msg` (at most `msg_len` bytes, NUL-terminated).
int lr_png_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride, int filters, int level,
                       uint8_t **out, size_t *out_len, char *msg, size_t msg_len);

/// Frees a buffer returned by lr_png_encode_rgba.
void lr_png_free(uint8_t *buffer);

#endif
