// Reference of op_kernel/matmul_scale.cpp: C = scale * A * B in double (the
// scale only with tiling key 2), read from the launch's tiling struct.
static void ascRunReference(asc_run::Ref &ref) {
  optiling::MatmulScaleTilingData s;
  std::memcpy(&s, ref.input<uint8_t>("tiling"), sizeof s);
  const TCubeTiling &t = s.cubeTiling;
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  float *c = ref.expect<float>("c");
  double scale = asc_run::tilingKey() == 2 ? s.scale : 1.0;
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n)
      c[m * t.N + n] =
          float(scale * asc_run::refDot(a, b, m, n, t.Ka, t.Ka, t.N));
}
