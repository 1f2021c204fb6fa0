// Reference of vector_ops (vector-ops.cpp), element by element in float,
// as the vector unit computes it, z rounded to half at the end.
static void ascRunReference(asc_run::Ref &ref) {
  const half *x = ref.input<half>("x");
  const half *y = ref.input<half>("y");
  float *p = ref.expect<float>("p");
  half *z = ref.expect<half>("z");
  for (int i = 0; i < 64; ++i) {
    float a = float(x[i]), b = float(y[i]);
    float prod = a * b, diff = a - b;
    float d = b * b + 1.0f, r = prod / d;
    float s = prod + diff;
    float t = s * r;
    float u = t - diff;
    p[i] = prod;
    z[i] = half(u / d);
  }
}
