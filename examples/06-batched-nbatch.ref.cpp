// Reference of @batch_matmul_nbatch_custom in 06-batched.mlir, written from
// the layouts alone: A [B, S1, N, G, D] and B [B, D, N, G, S2] (BSNGD, B not
// transposed), C [B, N, G, S1, S2] (BNGS1S2). For every (b, n, g):
//   C[b, n, g] = 0.125 * A[b, :, n, g, :] * B[b, :, n, g, :]
// (the kernel scales each fetched group with Muls before copying it to C).
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  float *c = ref.expect<float>("c");
  const int heads = t.ALayoutInfoN * t.ALayoutInfoG; // N x G
  const int s1 = t.M, s2 = t.N, d = t.Ka;
  const int batches = static_cast<int>(ref.count("c") / (s1 * s2));
  for (int i = 0; i < batches; ++i) {
    int bi = i / heads, h = i % heads;
    // Row m of A's slice: A[bi, m, h, :], rows heads * d apart.
    const half *aSlice = a + (int64_t(bi) * s1 * heads + h) * d;
    // Row k of B's slice: B[bi, k, h, :], rows heads * s2 apart.
    const half *bSlice = b + (int64_t(bi) * d * heads + h) * s2;
    for (int m = 0; m < s1; ++m)
      for (int n = 0; n < s2; ++n)
        c[(int64_t(i) * s1 + m) * s2 + n] =
            float(0.125 * asc_run::refDot(aSlice, bSlice, m, n, d, heads * d,
                                          heads * s2));
  }
}
