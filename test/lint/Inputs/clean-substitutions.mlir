// A command spelt through lit's substitutions is linted as lit runs it: the
// DEFINE'd command ends in a FileCheck that enables SUB, and the %if runs
// a command whose output is redirected.
// DEFINE: %{opt} = asc-opt %s
// DEFINE: %{check} = %{opt} | FileCheck %s --check-prefix=SUB
// RUN: %{check}
// RUN: %if asc-devkit %{ %{opt} > /dev/null %}
// SUB: func.func
