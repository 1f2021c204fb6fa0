// Reference of CANN's quant_group_matmul_custom sample (its README's
// formula and scripts/gen_data.py), in double: the rows of x are split into
// groups of groupList[g] rows; group g's rows times weight[g] (K x N, which
// the host stores in NZ: gen_data.py's reshape [G, K/16, 16, N/32, 32]
// transposed to [G, N/32, K/16, 16, 32], so element (k, n) of group g lies
// at ((g * N/32 + n/32) * K + k) * 32 + n % 32), each column n times
// scale[g][n] and each row times perTokenScale[row], then FasterGelu as
// FasterGelu.md and gen_data.py's FastGelu write it, x * e^(0.851 (x -
// |x|)) / (1 + e^(-1.702 |x|)), rounded to half.
#include <cmath>

static void ascRunReference(asc_run::Ref &ref) {
  const int M = int(ref.count("perTokenScale"));
  const int N = int(ref.count("y")) / M;
  const int K = int(ref.count("x")) / M;
  const int G = int(ref.count("scale")) / N;
  const int64_t *groupList = ref.input<int64_t>("groupList");
  const int8_t *x = ref.input<int8_t>("x");
  const int8_t *weight = ref.input<int8_t>("weight");
  const float *scale = ref.input<float>("scale");
  const float *perTokenScale = ref.input<float>("perTokenScale");
  half *y = ref.expect<half>("y");
  int row = 0;
  for (int g = 0; g < G; ++g) {
    for (int r = 0; r < groupList[g]; ++r, ++row)
      for (int n = 0; n < N; ++n) {
        int64_t acc = 0;
        for (int k = 0; k < K; ++k) {
          int64_t w =
              weight[((int64_t(g) * (N / 32) + n / 32) * K + k) * 32 + n % 32];
          acc += int64_t(x[int64_t(row) * K + k]) * w;
        }
        double v = double(acc) * scale[g * N + n] * perTokenScale[row];
        double gelu = v * std::exp(0.851 * (v - std::fabs(v))) /
                      (1.0 + std::exp(-1.702 * std::fabs(v)));
        y[int64_t(row) * N + n] = half(float(gelu));
      }
  }
}
