// Reference of 11-tiling-strides.mlir: y = leaky_relu(A * B + bias) with a
// slope of 0.1, the bias row broadcast over the rows, on the rows the tiles
// cover (T = M / (singleCoreM * usedCoreNum) tiles of singleCoreM rows per
// core); the other rows of y keep their launched contents. The launches'
// tilings are example 08's (singleCoreM = 32, N = 64, Ka = 32).
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  const float *bias = ref.input<float>("bias");
  float *y = ref.expect<float>("y");
  const int tiles = t.M / (t.singleCoreM * t.usedCoreNum);
  const int rows = tiles * t.singleCoreM * t.usedCoreNum;
  for (int m = 0; m < rows; ++m)
    for (int n = 0; n < 64; ++n) {
      float product = float(asc_run::refDot(a, b, m, n, 32, 32, 64));
      float sum = product + bias[n];
      y[m * 64 + n] = sum < 0.0f ? sum * 0.1f : sum;
    }
}
