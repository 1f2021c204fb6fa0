// The command inside a %if is what runs where the feature is present.
// RUN: %if asc-devkit %{ asc-opt %s --asc-verify-sync %}
// RUN: asc-opt %s | FileCheck %s
// CHECK: func.func
