#ifndef LR_PNG_SHIM_H
#define LR_PNG_SHIM_H
#include <stddef.h>
#include <stdint.h>

/// A PNG being read through libpng's read API (png_decode.c).
typedef struct lr_png_reader lr_png_reader;

/// Palette image: rows of packed indices (1, 2, 4 or 8 bits each, the first pixel in the high bits).
#define LR_PNG_PALETTE 1
/// 8-bit RGBA or RGB image: rows of straight RGBA (RGB with an opaque alpha).
#define LR_PNG_RGBA 2

/// Starts reading `bytes` (which must stay valid until lr_png_close), each side at most `max_side`. For a palette
/// image sets `*kind` to LR_PNG_PALETTE and `palette` (1024 bytes) to all 256 entries an index can name as
/// straight RGBA (alpha from tRNS, 255 past it; black past PLTE); for an 8-bit RGBA image, or an RGB one without
/// tRNS, `*kind` is LR_PNG_RGBA. `*row_bytes` is what a row takes. Returns NULL for anything else (grey, 16-bit,
/// RGB with tRNS, a file gamma libpng would correct) and for data libpng cannot read: the caller falls back to the
/// simplified API.
lr_png_reader *lr_png_open(const uint8_t *bytes, size_t length, uint32_t max_side, uint32_t *width, uint32_t *height,
                           int *kind, int *depth, uint8_t *palette, size_t *row_bytes);

/// Reads every row (de-interlaced) into `dst`, rows `stride` bytes apart (at least `row_bytes`). 0 on success.
int lr_png_read(lr_png_reader *reader, uint8_t *dst, size_t stride);

/// Ends reading and frees the reader (NULL is allowed).
void lr_png_close(lr_png_reader *reader);

#endif
