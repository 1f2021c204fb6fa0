"""asc_random: the random differential tester of the asc compiler.

  model      the kernel's buffers and tiling, and the model of what a
             pending issue touches
  generate   seeded random valid asc kernels (with jobs, vector, loops: the
             kinds of work, mixins of its Generator)
  mutate     invalid kernels: a valid one breaking exactly one rule
  cli        the `asc-gen-kernel` command
  tester     runs them through asc-opt's verifiers and placement and through
             asc-run, and reduces a failure (the `asc-random-test` command)

The commands are the thin scripts utils/asc-gen-kernel and
utils/asc-random-test; the build links them into its bin/ beside the tools
they drive. Standard library only.
"""
