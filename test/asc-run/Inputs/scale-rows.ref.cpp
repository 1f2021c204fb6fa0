// Reference of scale-rows.mlir: y = alpha * x, in float like Muls.
static void ascRunReference(asc_run::Ref &ref) {
  const float *x = ref.input<float>("x");
  float alpha = ref.input<float>("alpha")[0];
  float *y = ref.expect<float>("y");
  for (uint64_t i = 0; i < ref.count("y"); ++i)
    y[i] = x[i] * alpha;
}
