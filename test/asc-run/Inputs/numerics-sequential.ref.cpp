// Reference of @sequential_blocks in numerics.mlir: block (mi, ni) of C =
// A * B, baseM x baseN, stored densely as block number ni * (M / baseM) + mi.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  float *c = ref.expect<float>("c");
  int blocksM = t.M / t.baseM;
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n) {
      int block = (n / t.baseN) * blocksM + m / t.baseM;
      int at = block * t.baseM * t.baseN + (m % t.baseM) * t.baseN + n % t.baseN;
      c[at] = float(asc_run::refDot(a, b, m, n, t.Ka, t.Ka, t.N));
    }
}
