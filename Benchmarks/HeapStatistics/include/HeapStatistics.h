#ifndef TACTILE_HEAP_STATISTICS_H
#define TACTILE_HEAP_STATISTICS_H

#include <malloc.h>
#include <stddef.h>

// Bytes the heap holds in allocated blocks: glibc's small-block count
// (uordblks) plus its mapped blocks (hblkhd). Swift's Glibc module does not
// show <malloc.h>, hence this header; the memory benchmarks take the
// difference across building a thousand of something.
static inline size_t tactile_heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

#endif
