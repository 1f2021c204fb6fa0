// Reference of CANN's samples whose tiling argument is their own problem
// shape (matmul_constant_tiling, matmul_l2cache): C = A * B, no bias, A
// M x K, B K x N, C M x N, row-major, the shape read from the sizes of A,
// B and C (M * K, K * N, M * N); in double.
#include <cmath>
static void ascRunReference(asc_run::Ref &ref) {
  double ak = double(ref.count("a")), kn = double(ref.count("b"));
  double mn = double(ref.count("c"));
  int m = int(std::lround(std::sqrt(ak * mn / kn)));
  int n = int(mn) / m, k = int(ak) / m;
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  float *c = ref.expect<float>("c");
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      c[i * n + j] = float(asc_run::refDot(a, b, i, j, k, k, n));
}
