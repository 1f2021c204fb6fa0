// Reference of hicann/ops-nn's FusedPatchMlp kernel (experimental/matmul/
// fused_patch_mlp, half, tiling key 1), computed apart from the runtime:
// layer l is h_l = h_{l-1} * W_l + b_l in double, rounded to half (the
// kernel's Matmul writes half), W_l row-major K_l x hidden at its offset in
// the packed weights (K_0 the patch size, then hidden); every layer but the
// last is followed by the tanh form of GELU in float as the kernel writes
// it, v / (1 + exp(-1.595769122 (v + 0.044715 v^3))), rounded to half.
static void ascRunReference(asc_run::Ref &ref) {
  FusedPatchMlpTilingData s;
  std::memcpy(&s, ref.input<uint8_t>("tiling"), sizeof s);
  const half *x = ref.input<half>("x");
  const half *w = ref.input<half>("weights");
  const half *b = ref.input<half>("biases");
  half *y = ref.expect<half>("y");
  uint64_t m = s.totalN, hidden = s.hiddenSize;
  std::vector<half> in(x, x + m * s.inFeatures), out(m * hidden);
  uint64_t k = s.inFeatures, wOff = 0, bOff = 0;
  for (uint32_t layer = 0; layer < s.numLayers; ++layer) {
    for (uint64_t i = 0; i < m; ++i)
      for (uint64_t j = 0; j < hidden; ++j) {
        double sum = double(float(b[bOff + j]));
        for (uint64_t p = 0; p < k; ++p)
          sum += double(float(in[i * k + p])) *
                 double(float(w[wOff + p * hidden + j]));
        float v = float(half(sum));
        if (layer + 1 < s.numLayers) {
          float inner = -1.595769122f * (v + 0.044715f * v * v * v);
          v = v / (1.0f + std::exp(inner));
        }
        out[i * hidden + j] = half(v);
      }
    in = out;
    wOff += k * hidden;
    bOff += hidden;
    k = hidden;
  }
  std::copy(out.begin(), out.end(), y);
}
