// Reference of CANN's batch_matmul sample: BSNGD A [B, S=M, N, G, D=K],
// B [B, S=N, N, G, D=K] (transposed), C [B, S1=M, N, G, S2=N]; one product
// per (b, n, g).
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  float *c = ref.expect<float>("c");
  int ng = t.ALayoutInfoN * t.ALayoutInfoG;
  for (int batch = 0; batch < t.ALayoutInfoB; ++batch)
    for (int slice = 0; slice < ng; ++slice) {
      const half *aMat = a + (batch * t.ALayoutInfoS * ng) * t.ALayoutInfoD +
                         slice * t.ALayoutInfoD;
      const half *bMat = b + (batch * t.BLayoutInfoS * ng) * t.BLayoutInfoD +
                         slice * t.BLayoutInfoD;
      float *cMat = c + (batch * t.CLayoutInfoS1 * ng) * t.CLayoutInfoS2 +
                    slice * t.CLayoutInfoS2;
      for (int m = 0; m < t.ALayoutInfoS; ++m)
        for (int n = 0; n < t.BLayoutInfoS; ++n) {
          double sum = 0;
          for (int k = 0; k < t.ALayoutInfoD; ++k)
            sum += double(float(aMat[m * ng * t.ALayoutInfoD + k])) *
                   double(float(bMat[n * ng * t.BLayoutInfoD + k]));
          cMat[m * ng * t.CLayoutInfoS2 + n] = float(sum);
        }
    }
}
