#ifndef CJPEG_SHIM_H
#define CJPEG_SHIM_H
#include <stddef.h>
#include <stdint.h>

/// Decodes a JPEG held in memory to 8-bit RGBA (alpha 255). On success returns 0 and sets *out (free with
/// lr_jpeg_free), *width and *height, and *icc / *icc_len to its embedded ICC profile (NULL when it has none;
/// free with lr_jpeg_free); on any libjpeg error returns non-zero and writes the message to msg.
int lr_jpeg_decode(const uint8_t *data, size_t length, uint8_t **out, int *width, int *height,
                   uint8_t **icc, unsigned *icc_len, char *msg, size_t msg_len);
/// Frees a buffer from lr_jpeg_decode.
void lr_jpeg_free(uint8_t *buffer);

#endif
