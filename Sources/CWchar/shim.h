// The C library's wide-character fill (wmemset): a 32-bit pattern stored with the widest stores the CPU has
// (glibc chooses its SSE2, AVX2 or AVX-512 version at load time), where Swift's baseline x86-64 code stores 16 bytes.
#include <wchar.h>
