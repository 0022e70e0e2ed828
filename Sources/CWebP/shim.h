#include <webp/encode.h>
#include <webp/mux.h>
#include <webp/demux.h>
