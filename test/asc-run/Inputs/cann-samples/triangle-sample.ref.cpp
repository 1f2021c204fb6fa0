// Reference of CANN's triangle sample (built with its default
// TrianUpperMatmulPolicy): C = A * B + bias on the single-core tiles above
// the diagonal (the sample's mmNormal), and on the diagonal tiles (its
// mmTriangle) in the base blocks whose block row within the tile is at most
// their block column; 0 (C's initial value) elsewhere, in double.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  const float *bias = t.isBias ? ref.input<float>("bias") : nullptr;
  float *c = ref.expect<float>("c");
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n) {
      int tileRow = m / t.singleCoreM, tileCol = n / t.singleCoreN;
      int row = m % t.singleCoreM / t.baseM, col = n % t.singleCoreN / t.baseN;
      if (tileRow > tileCol || (tileRow == tileCol && row > col))
        continue;
      c[m * t.N + n] =
          float((bias ? bias[n] : 0.0) +
                asc_run::refDot(a, b, m, n, t.Ka, t.Ka, t.N, false));
    }
}
