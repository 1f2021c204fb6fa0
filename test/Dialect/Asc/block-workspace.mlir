// RUN: asc-opt %s -split-input-file -verify-diagnostics | FileCheck %s
//
// asc.block_workspace (#asc.block_workspace<...>, BlockWorkspaceAttr): the
// bytes of user workspace per core a kernel sets aside for the blocks of an
// async Iterate, on its asc.workspace argument. Where it states the tiling
// it was sized for, it must hold blocks x baseM x baseN x sizeof(C).

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>

// CHECK-LABEL: func.func @stated_and_enough(
// CHECK-SAME: asc.block_workspace = #asc.block_workspace<bytes_per_core = 4096, blocks = 4, base_m = 16, base_n = 16>
func.func @stated_and_enough(%ws: !asc.gm_addr {asc.workspace, asc.block_workspace = #asc.block_workspace<bytes_per_core = 4096, blocks = 4, base_m = 16, base_n = 16>}) attributes {asc.kernel} {
  %mm = asc.matmul.create : !mm
  return
}

// CHECK-LABEL: func.func @size_only(
// CHECK-SAME: asc.block_workspace = #asc.block_workspace<bytes_per_core = 32>
func.func @size_only(%ws: !asc.gm_addr {asc.workspace, asc.block_workspace = #asc.block_workspace<bytes_per_core = 32>}) attributes {asc.kernel} {
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>

// expected-error @+1 {{expects 'asc.block_workspace' to hold blocks x baseM x baseN x sizeof(C) = 4 x 16 x 16 x 4 = 4096 bytes per core for the blocks of an async Iterate, got 2048}}
func.func @too_small(%ws: !asc.gm_addr {asc.workspace, asc.block_workspace = #asc.block_workspace<bytes_per_core = 2048, blocks = 4, base_m = 16, base_n = 16>}) attributes {asc.kernel} {
  // expected-note @+1 {{the Matmul object whose C is 'f32'}}
  %mm = asc.matmul.create : !mm
  return
}

// -----

// expected-error @+1 {{expects 'asc.block_workspace' on the kernel's 'asc.workspace' argument, got it on argument #0}}
func.func @not_the_workspace(%a: !asc.gm_addr {asc.block_workspace = #asc.block_workspace<bytes_per_core = 4096>}, %ws: !asc.gm_addr {asc.workspace}) attributes {asc.kernel} {
  return
}

// -----

// expected-error @+1 {{expects 'asc.block_workspace' on an argument of a kernel}}
func.func @not_a_kernel(%ws: !asc.gm_addr {asc.block_workspace = #asc.block_workspace<bytes_per_core = 4096>}) {
  return
}

// -----

// expected-error @+1 {{expects 'asc.block_workspace' on kernel argument #0 to be a #asc.block_workspace<...>, got unit}}
func.func @unit(%ws: !asc.gm_addr {asc.workspace, asc.block_workspace}) attributes {asc.kernel} {
  return
}

// -----

// expected-error @+1 {{expects bytes_per_core to be a positive multiple of 32 (each core's slice starts 32-byte aligned), got 100}}
func.func @unaligned(%ws: !asc.gm_addr {asc.workspace, asc.block_workspace = #asc.block_workspace<bytes_per_core = 100>}) attributes {asc.kernel} {
  return
}

// -----

// expected-error @+1 {{expects blocks, base_m and base_n together (the tiling the size was computed for) or none}}
func.func @partial_tiling(%ws: !asc.gm_addr {asc.workspace, asc.block_workspace = #asc.block_workspace<bytes_per_core = 4096, blocks = 4>}) attributes {asc.kernel} {
  return
}
