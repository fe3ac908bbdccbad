// zlib compresses the screenshots TactileSDL writes as PNG files.
#include <zlib.h>
