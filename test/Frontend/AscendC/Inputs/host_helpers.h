// A sample's own host-helper header, as CANN's data_utils.h: host code
// that needs ACL's headers, which are not on this machine.
#include "acl/acl.h"

inline void PrintHalfData(const aclFloat16 *data, unsigned count) {
  for (unsigned i = 0; i < count; ++i)
    (void)aclFloat16ToFloat(data[i]);
}
