// A sample's own host-helper header, as CANN's data_utils.h: host code
// that needs ACL's headers, which are not on this machine.
#include "acl/acl.h"

inline void PrintHalfData(const aclFloat16 *data, unsigned count) {
  for (unsigned i = 0; i < count; ++i)
    (void)aclFloat16ToFloat(data[i]);
}

// A host template and a host prototype after a device helper (CANN's
// matmul_high_performance/matmul.h): the marker before the device helper
// belongs to it alone.
__aicore__ inline int deviceTwice(int x) { return 2 * x; }

template <typename TilingType>
inline void SetTilingTypes(TilingType &api, optiling::TCubeTiling &tiling) {
  api.SetAType(tiling);
}

void GenerateTilingSingleCore(platform_ascendc::PlatformAscendC *platform,
                              unsigned char *tilingBuf);
