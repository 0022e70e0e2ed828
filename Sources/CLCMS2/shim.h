// Little CMS 2 (liblcms2-dev): converts images with an embedded ICC profile to sRGB.
#include <lcms2.h>
