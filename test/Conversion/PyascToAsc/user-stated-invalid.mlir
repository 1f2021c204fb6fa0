// RUN: asc-opt %s --convert-pyasc-to-asc="block-workspace=4096" -verify-diagnostics

// A block workspace needs the workspace argument register_matmul takes; a
// kernel that registers no object (or registers it with a workspace that is
// not a kernel argument) has none to state it on.
// expected-error @+1 {{block-workspace=4096 states a workspace for 'no_workspace', but it passes no kernel argument to register_matmul as its workspace}}
func.func @no_workspace(%c: memref<?xf32, 22>) attributes {ascendc.aicore, ascendc.global} {
  return
}
