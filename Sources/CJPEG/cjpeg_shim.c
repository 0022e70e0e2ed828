// libjpeg reports errors by calling error_exit, which by default ends the process. Swift cannot longjmp,
// so this shim owns the setjmp and turns errors into return codes.
#include "cjpeg_shim.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

struct lr_err {
    struct jpeg_error_mgr mgr;
    jmp_buf jump;
    char *msg;
    size_t msg_len;
};

static void lr_error_exit(j_common_ptr cinfo) {
    struct lr_err *e = (struct lr_err *)cinfo->err;
    if (e->msg && e->msg_len) { (*cinfo->err->format_message)(cinfo, e->msg); }
    longjmp(e->jump, 1);
}

static void lr_output_message(j_common_ptr cinfo) { (void)cinfo; }

int lr_jpeg_decode(const uint8_t *data, size_t length, uint8_t **out, int *width, int *height,
                   uint8_t **icc, unsigned *icc_len, char *msg, size_t msg_len) {
    struct jpeg_decompress_struct cinfo;
    struct lr_err err;
    uint8_t *volatile buffer = NULL;
    char scratch[JMSG_LENGTH_MAX];
    *out = NULL;
    *icc = NULL;
    *icc_len = 0;
    memset(scratch, 0, sizeof scratch);
    cinfo.err = jpeg_std_error(&err.mgr);
    err.mgr.error_exit = lr_error_exit;
    err.mgr.output_message = lr_output_message;
    err.msg = scratch;
    err.msg_len = sizeof scratch;
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&cinfo);
        free(buffer);
        free(*icc);
        *icc = NULL;
        *icc_len = 0;
        if (msg && msg_len) { strncpy(msg, scratch, msg_len - 1); msg[msg_len - 1] = 0; }
        return 1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, (unsigned char *)data, (unsigned long)length);
    // APP2 markers carry an embedded ICC profile, possibly in several chunks.
    jpeg_save_markers(&cinfo, JPEG_APP0 + 2, 0xFFFF);
    jpeg_read_header(&cinfo, TRUE);
    {
        JOCTET *profile = NULL;
        unsigned int profile_len = 0;
        if (jpeg_read_icc_profile(&cinfo, &profile, &profile_len) && profile) {
            *icc = profile;
            *icc_len = profile_len;
        }
    }
    cinfo.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&cinfo);
    unsigned w = cinfo.output_width, h = cinfo.output_height;
    if (w == 0 || h == 0 || w > 32768 || h > 32768) {
        jpeg_destroy_decompress(&cinfo);
        free(*icc);
        *icc = NULL;
        *icc_len = 0;
        if (msg && msg_len) { snprintf(msg, msg_len, "image size %ux%u out of range", w, h); }
        return 2;
    }
    buffer = malloc((size_t)w * h * 4);
    if (!buffer) {
        jpeg_destroy_decompress(&cinfo);
        free(*icc);
        *icc = NULL;
        *icc_len = 0;
        return 3;
    }
    while (cinfo.output_scanline < h) {
        JSAMPROW row = buffer + (size_t)cinfo.output_scanline * w * 4;
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    *out = buffer;
    *width = (int)w;
    *height = (int)h;
    return 0;
}

void lr_jpeg_free(uint8_t *buffer) { free(buffer); }
