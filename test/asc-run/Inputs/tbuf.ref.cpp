// Reference of tbuf.cpp: y = alpha * x + 1, in float as Muls and Adds.
static void ascRunReference(asc_run::Ref &ref) {
  const float *x = ref.input<float>("x");
  float alpha = ref.input<float>("alpha")[0];
  float *y = ref.expect<float>("y");
  for (uint64_t i = 0; i < ref.count("y"); ++i)
    y[i] = float(x[i] * alpha) + 1.0f;
}
