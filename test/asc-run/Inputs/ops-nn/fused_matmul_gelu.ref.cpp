// Reference of hicann/ops-nn's FusedMatmulGelu kernel (experimental/matmul/
// fused_matmul_gelu, half, tiling key 1), computed apart from the runtime:
// the Matmul's output tile y0 = x * weight^T + bias in double, rounded to
// half (the kernel's workspace holds half), then the tanh form of GELU in
// float as the kernel's vector code spells it,
// gelu(v) = v / (1 + exp(-1.5957691 * (v + 0.044715 v^3))), rounded to half.
static void ascRunReference(asc_run::Ref &ref) {
  FusedMatmulGeluTilingData s;
  std::memcpy(&s, ref.input<uint8_t>("tiling"), sizeof s);
  const half *x = ref.input<half>("x");
  const half *weight = ref.input<half>("weight");
  const half *bias = ref.input<half>("bias");
  half *y = ref.expect<half>("y");
  for (uint64_t m = 0; m < s.m; ++m)
    for (uint64_t n = 0; n < s.n; ++n) {
      double sum = 0;
      for (uint64_t k = 0; k < s.k; ++k)
        sum +=
            double(float(x[m * s.k + k])) * double(float(weight[n * s.k + k]));
      if (s.hasBias)
        sum += double(float(bias[n]));
      float v = float(half(sum));
      float inner = -1.5957691f * (v + 0.044715f * v * v * v);
      y[m * s.n + n] = half(v / (1.0f + std::exp(inner)));
    }
}
