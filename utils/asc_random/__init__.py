"""asc_random: the random differential tester of the asc compiler.

  generator  seeded random asc kernels, valid or breaking exactly one rule
             (the `asc-gen-kernel` command)
  tester     runs them through asc-opt's verifiers and placement and through
             asc-run, and reduces a failure (the `asc-random-test` command)

The commands are the thin scripts utils/asc-gen-kernel and
utils/asc-random-test; the build links them into its bin/ beside the tools
they drive. Standard library only.
"""
