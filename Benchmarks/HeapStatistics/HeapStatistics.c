// The header's one function is inline; SwiftPM needs a source file to make a C target.
#include "HeapStatistics.h"
