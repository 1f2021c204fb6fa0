// Reference of nbatch_sbngd_ub (nbatch-layouts.cpp), from the layouts alone:
// A [S1, B, N, G, K] (SBNGD), B [B, S2, N, G, K] (BSNGD, transposed: each
// slice is S2 x K), y [B, S1, N, G, S2] (BSNGD). For every (b, h = n * G + g):
//   y[b, :, h, :] = A[:, b, h, :] * B[b, :, h, :]^T
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  float *y = ref.expect<float>("y");
  const int batches = t.CLayoutInfoB, heads = t.CLayoutInfoN * t.CLayoutInfoG;
  const int s1 = t.M, s2 = t.N, k = t.Ka;
  for (int bi = 0; bi < batches; ++bi)
    for (int h = 0; h < heads; ++h) {
      const half *aSlice = a + (int64_t(bi) * heads + h) * k;
      const half *bSlice = b + (int64_t(bi) * s2 * heads + h) * k;
      for (int m = 0; m < s1; ++m)
        for (int n = 0; n < s2; ++n)
          y[((int64_t(bi) * s1 + m) * heads + h) * s2 + n] =
              float(asc_run::refDot(aSlice, bSlice, m, n, k,
                                    batches * heads * k, heads * k,
                                    /*bTransposed=*/true));
    }
}
