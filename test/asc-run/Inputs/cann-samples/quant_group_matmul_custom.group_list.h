// The host's groupList of CANN's quant_group_matmul_custom sample (its
// scripts/gen_data.py writes one int64 row count a group), which the launch
// gives through this struct's values since an input is filled from the
// seed. The kernel reads the first GROUP_NUM counts; the struct is as long
// as asc-run asks a tiling argument to be (one TCubeTiling, 200 bytes).
#include <cstdint>
struct QuantGroupList {
  int64_t groupM[32];
};
