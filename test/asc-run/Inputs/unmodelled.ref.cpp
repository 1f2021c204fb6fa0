// Reference of @plain in unmodelled.cpp: C = A * B, half inputs, float C.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  float *c = ref.expect<float>("c");
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n) {
      double acc = 0;
      for (int k = 0; k < t.Ka; ++k)
        acc += double(float(a[m * t.Ka + k])) * double(float(b[k * t.N + n]));
      c[m * t.N + n] = float(acc);
    }
}
