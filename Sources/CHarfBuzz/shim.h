#include <hb.h>
#include <hb-ft.h>
#include <fribidi/fribidi.h>
