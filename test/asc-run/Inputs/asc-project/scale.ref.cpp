// scale.asc's first scenario: y = x * 0.5, in float like Muls.
static void ascRunReference(asc_run::Ref &ref) {
  const float *x = ref.input<float>("x");
  float *y = ref.expect<float>("y");
  for (uint64_t i = 0; i < ref.count("y"); ++i)
    y[i] = x[i] * 0.5f;
}
