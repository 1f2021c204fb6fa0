// scale.asc's second scenario: y = x * -2, in float like Muls.
static void ascRunReference(asc_run::Ref &ref) {
  const float *x = ref.input<float>("x");
  float *y = ref.expect<float>("y");
  for (uint64_t i = 0; i < ref.count("y"); ++i)
    y[i] = x[i] * -2.0f;
}
