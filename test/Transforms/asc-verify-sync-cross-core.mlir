// RUN: asc-opt %s -split-input-file --asc-verify-sync -verify-diagnostics
//
// The cube-driven object (rule P8) and the cross-core hangs (rule P5): in a
// cube-only kernel the cube core runs the Matmul calls itself and writes C
// through FIX; the vector cores see C (and may write A, B or the bias) only
// after a cross-core flag set on the right pipe or a SyncAll<false> on
// both (spec section 2c, O6/O7). CANN's matmul_fused_manual sample is the
// valid shape: IterateAll, then CrossCoreSetFlag<2, PIPE_FIX>(3) on the
// cube core, CrossCoreWaitFlag(3) before the epilogue on the vector cores.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!ga = !asc.global_tensor<f16>
!gc = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The sample's shape: ordered by the flag.
func.func @flag_orders_epilogue(%pa: !asc.gm_addr {asc.no_alias}, %pb: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel, asc.cube_only} {
  %n = arith.constant 256 : i32
  %flag = arith.constant 3 : i32
  %pipe = asc.pipe.create
  %ws = asc.get_sys_workspace_ptr
  %a = asc.set_global_buffer %pa : !ga
  %b = asc.set_global_buffer %pb : !ga
  %c = asc.set_global_buffer %pc : !gc
  %mm = asc.matmul.create : !mm
  %aic = asc.is_aic
  scf.if %aic {
    asc.matmul.register %pipe, %ws, %mm : !mm
    asc.matmul.set_tensor_a %mm, %a : !mm, !ga
    asc.matmul.set_tensor_b %mm, %b : !mm, !ga
    asc.matmul.iterate_all %mm, %c : !mm, !gc
    asc.cross_core_set_flag mode 2, pipe_fix, %flag
  }
  %aiv = asc.is_aiv
  scf.if %aiv {
    %ub = asc.local_tensor.create %n, %n : !ub
    asc.cross_core_wait_flag %flag
    asc.data_copy %ub, %c, %n : !ub, !gc
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!ga = !asc.global_tensor<f16>
!gc = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The registration inside the cube core's branch of a cube-only kernel
// (L11; pyasc's cube-only tutorial writes it so).
func.func @register_in_cube_branch(%pa: !asc.gm_addr {asc.no_alias}, %pb: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel, asc.cube_only} {
  %n = arith.constant 256 : i32
  %flag = arith.constant 3 : i32
  %pipe = asc.pipe.create
  %ws = asc.get_sys_workspace_ptr
  %a = asc.set_global_buffer %pa : !ga
  %b = asc.set_global_buffer %pb : !ga
  %c = asc.set_global_buffer %pc : !gc
  %mm = asc.matmul.create : !mm
  %aic = asc.is_aic
  scf.if %aic {
    asc.matmul.register %pipe, %ws, %mm : !mm
    asc.matmul.set_tensor_a %mm, %a : !mm, !ga
    asc.matmul.set_tensor_b %mm, %b : !mm, !ga
    asc.matmul.iterate_all %mm, %c : !mm, !gc
    asc.cross_core_set_flag mode 2, pipe_fix, %flag
  }
  %aiv = asc.is_aiv
  scf.if %aiv {
    %ub = asc.local_tensor.create %n, %n : !ub
    asc.cross_core_wait_flag %flag
    asc.data_copy %ub, %c, %n : !ub, !gc
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!ga = !asc.global_tensor<f16>
!gc = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// No wait on the vector core: its read of C races with the cube's FIX.
func.func @no_wait(%pa: !asc.gm_addr {asc.no_alias}, %pb: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel, asc.cube_only} {
  %n = arith.constant 256 : i32
  %flag = arith.constant 3 : i32
  %pipe = asc.pipe.create
  %ws = asc.get_sys_workspace_ptr
  %a = asc.set_global_buffer %pa : !ga
  %b = asc.set_global_buffer %pb : !ga
  %c = asc.set_global_buffer %pc : !gc
  %mm = asc.matmul.create : !mm
  %aic = asc.is_aic
  scf.if %aic {
    asc.matmul.register %pipe, %ws, %mm : !mm
    asc.matmul.set_tensor_a %mm, %a : !mm, !ga
    asc.matmul.set_tensor_b %mm, %b : !mm, !ga
    // expected-note @+1 {{the cube core's call is here}}
    asc.matmul.iterate_all %mm, %c : !mm, !gc
  } else {
    %ub = asc.local_tensor.create %n, %n : !ub
    // expected-error @+1 {{'asc.data_copy' op on the vector core may read the output of 'asc.matmul.iterate_all', which the cube core runs, with nothing ordering the two cores (rule P8)}}
    asc.data_copy %ub, %c, %n : !ub, !gc
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!ga = !asc.global_tensor<f16>
!gc = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The flag is set on MTE2, which the cube's loads use: C, written by FIX,
// is not published by it.
func.func @flag_on_wrong_pipe(%pa: !asc.gm_addr {asc.no_alias}, %pb: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel, asc.cube_only} {
  %n = arith.constant 256 : i32
  %flag = arith.constant 3 : i32
  %pipe = asc.pipe.create
  %ws = asc.get_sys_workspace_ptr
  %a = asc.set_global_buffer %pa : !ga
  %b = asc.set_global_buffer %pb : !ga
  %c = asc.set_global_buffer %pc : !gc
  %mm = asc.matmul.create : !mm
  %aic = asc.is_aic
  scf.if %aic {
    asc.matmul.register %pipe, %ws, %mm : !mm
    asc.matmul.set_tensor_a %mm, %a : !mm, !ga
    asc.matmul.set_tensor_b %mm, %b : !mm, !ga
    // expected-note @+1 {{the cube core's call is here}}
    asc.matmul.iterate_all %mm, %c : !mm, !gc
    asc.cross_core_set_flag mode 2, pipe_mte2, %flag
  }
  %aiv = asc.is_aiv
  scf.if %aiv {
    %ub = asc.local_tensor.create %n, %n : !ub
    asc.cross_core_wait_flag %flag
    // expected-error @+1 {{rule P8}}
    asc.data_copy %ub, %c, %n : !ub, !gc
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!ga = !asc.global_tensor<f16>
!gc = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The wait comes after the read: it orders nothing the read did.
func.func @wait_after_read(%pa: !asc.gm_addr {asc.no_alias}, %pb: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel, asc.cube_only} {
  %n = arith.constant 256 : i32
  %flag = arith.constant 3 : i32
  %pipe = asc.pipe.create
  %ws = asc.get_sys_workspace_ptr
  %a = asc.set_global_buffer %pa : !ga
  %b = asc.set_global_buffer %pb : !ga
  %c = asc.set_global_buffer %pc : !gc
  %mm = asc.matmul.create : !mm
  %aic = asc.is_aic
  scf.if %aic {
    asc.matmul.register %pipe, %ws, %mm : !mm
    asc.matmul.set_tensor_a %mm, %a : !mm, !ga
    asc.matmul.set_tensor_b %mm, %b : !mm, !ga
    // expected-note @+1 {{the cube core's call is here}}
    asc.matmul.iterate_all %mm, %c : !mm, !gc
    asc.cross_core_set_flag mode 2, pipe_fix, %flag
  }
  %aiv = asc.is_aiv
  scf.if %aiv {
    %ub = asc.local_tensor.create %n, %n : !ub
    // expected-error @+1 {{rule P8}}
    asc.data_copy %ub, %c, %n : !ub, !gc
    asc.cross_core_wait_flag %flag
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!ga = !asc.global_tensor<f16>
!gc = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f16>

// The vector core writes A, which the cube reads: ordered in the other
// direction, by the vector core's set on MTE3 after its copy out and the
// cube core's wait before the call.
func.func @vector_produces_a(%pa: !asc.gm_addr {asc.no_alias}, %pb: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel, asc.cube_only} {
  %n = arith.constant 256 : i32
  %flag = arith.constant 4 : i32
  %pipe = asc.pipe.create
  %ws = asc.get_sys_workspace_ptr
  %a = asc.set_global_buffer %pa : !ga
  %b = asc.set_global_buffer %pb : !ga
  %c = asc.set_global_buffer %pc : !gc
  %mm = asc.matmul.create : !mm
  %aiv = asc.is_aiv
  scf.if %aiv {
    %ub = asc.local_tensor.create %n, %n : !ub
    asc.data_copy %a, %ub, %n : !ga, !ub
    asc.cross_core_set_flag mode 2, pipe_mte3, %flag
  }
  %aic = asc.is_aic
  scf.if %aic {
    asc.matmul.register %pipe, %ws, %mm : !mm
    asc.cross_core_wait_flag %flag
    asc.matmul.set_tensor_a %mm, %a : !mm, !ga
    asc.matmul.set_tensor_b %mm, %b : !mm, !ga
    asc.matmul.iterate_all %mm, %c : !mm, !gc
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!ga = !asc.global_tensor<f16>
!gc = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f16>

// The same with the vector core's set on MTE2: its copy out of A runs on
// MTE3, which that flag does not wait for.
func.func @vector_produces_a_wrong_pipe(%pa: !asc.gm_addr {asc.no_alias}, %pb: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel, asc.cube_only} {
  %n = arith.constant 256 : i32
  %flag = arith.constant 4 : i32
  %pipe = asc.pipe.create
  %ws = asc.get_sys_workspace_ptr
  %a = asc.set_global_buffer %pa : !ga
  %b = asc.set_global_buffer %pb : !ga
  %c = asc.set_global_buffer %pc : !gc
  %mm = asc.matmul.create : !mm
  %aiv = asc.is_aiv
  scf.if %aiv {
    %ub = asc.local_tensor.create %n, %n : !ub
    // expected-error @+1 {{'asc.data_copy' op on the vector core may write the input of 'asc.matmul.iterate_all', which the cube core runs, with nothing ordering the two cores (rule P8)}}
    asc.data_copy %a, %ub, %n : !ga, !ub
    asc.cross_core_set_flag mode 2, pipe_mte2, %flag
  }
  %aic = asc.is_aic
  scf.if %aic {
    asc.matmul.register %pipe, %ws, %mm : !mm
    asc.cross_core_wait_flag %flag
    asc.matmul.set_tensor_a %mm, %a : !mm, !ga
    asc.matmul.set_tensor_b %mm, %b : !mm, !ga
    // expected-note @+1 {{the cube core's call is here}}
    asc.matmul.iterate_all %mm, %c : !mm, !gc
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!ga = !asc.global_tensor<f16>
!gc = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// SyncAll<false> on both cores orders them.
func.func @sync_all_orders(%pa: !asc.gm_addr {asc.no_alias}, %pb: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel, asc.cube_only} {
  %n = arith.constant 256 : i32
  %pipe = asc.pipe.create
  %ws = asc.get_sys_workspace_ptr
  %a = asc.set_global_buffer %pa : !ga
  %b = asc.set_global_buffer %pb : !ga
  %c = asc.set_global_buffer %pc : !gc
  %mm = asc.matmul.create : !mm
  %aic = asc.is_aic
  scf.if %aic {
    asc.matmul.register %pipe, %ws, %mm : !mm
    asc.matmul.set_tensor_a %mm, %a : !mm, !ga
    asc.matmul.set_tensor_b %mm, %b : !mm, !ga
    asc.matmul.iterate_all %mm, %c : !mm, !gc
  }
  asc.sync_all {aiv_only = false}
  %aiv = asc.is_aiv
  scf.if %aiv {
    %ub = asc.local_tensor.create %n, %n : !ub
    asc.data_copy %ub, %c, %n : !ub, !gc
  }
  return
}

// -----

// A vector-core wait for a flag no cube core sets: it hangs.
func.func @wait_never_set(%pc: !asc.gm_addr) attributes {asc.kernel, asc.cube_only} {
  %flag = arith.constant 5 : i32
  %other = arith.constant 6 : i32
  %aic = asc.is_aic
  scf.if %aic {
    asc.cross_core_set_flag mode 2, pipe_fix, %other
  } else {
    // expected-error @+1 {{'asc.cross_core_wait_flag' op on the vector core waits for a flag no cube core sets: the core hangs (rule P5)}}
    asc.cross_core_wait_flag %flag
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// SyncAll<false> in a mix kernel: the cube core serves the Matmul objects
// and never joins.
func.func @sync_all_in_mix_kernel(%pc: !asc.gm_addr) attributes {asc.kernel} {
  %pipe = asc.pipe.create
  %ws = asc.get_sys_workspace_ptr
  %mm = asc.matmul.create : !mm
  // expected-note @+1 {{the cube core enters the server loop here}}
  asc.matmul.register %pipe, %ws, %mm : !mm
  // expected-error @+1 {{'asc.sync_all' op waits for every core, but the cube core of a mix kernel serves the Matmul objects and never joins: the kernel hangs (rule P5)}}
  asc.sync_all {aiv_only = false}
  asc.sync_all
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!ga = !asc.global_tensor<f16>
!gc = !asc.global_tensor<f32>

// A mix kernel (no asc.cube_only) driving its object from the cube core:
// there the object is MatmulServiceAux and does nothing.
func.func @mix_kernel_cube_call(%pa: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
  %pipe = asc.pipe.create
  %ws = asc.get_sys_workspace_ptr
  %a = asc.set_global_buffer %pa : !ga
  %c = asc.set_global_buffer %pc : !gc
  %mm = asc.matmul.create : !mm
  asc.matmul.register %pipe, %ws, %mm : !mm
  %aic = asc.is_aic
  scf.if %aic {
    asc.matmul.set_tensor_a %mm, %a : !mm, !ga
    // expected-error @+1 {{'asc.matmul.iterate_all' op drives the Matmul object from the cube core of a mix kernel, where the object does nothing (MatmulServiceAux) and the core serves the vector cores' clients (rule P8)}}
    asc.matmul.iterate_all %mm, %c : !mm, !gc
  }
  return
}

// -----

// Mode 1 synchronises the two vector cores of a group: the cube core takes
// no part (asc-run refuses the set at run time as well).
func.func @mode_one_on_the_cube_core() attributes {asc.kernel, asc.cube_only} {
  %flag = arith.constant 4 : i32
  %aic = asc.is_aic
  scf.if %aic {
    // expected-error @+1 {{'asc.cross_core_set_flag' op sets a mode-1 flag on the cube core: mode 1 synchronises the vector cores of one group and the cube core takes no part}}
    asc.cross_core_set_flag mode 1, pipe_fix, %flag
  }
  return
}

// -----

// A mode-0 set that the last core skips: every vector core of the launch
// must set the flag before any wait for it returns (asc-run reports the
// hang when a launch takes the branch: cross-modes.test).
func.func @mode_zero_set_on_some_cores() attributes {asc.kernel} {
  %flag = arith.constant 2 : i32
  %three = arith.constant 3 : i64
  %b = asc.get_block_idx
  %not_last = arith.cmpi ne, %b, %three : i64
  // expected-note @+1 {{the branch on the block index}}
  scf.if %not_last {
    // expected-warning @+1 {{a mode-0 cross-core flag is set only by the cores that take this branch on the block index; every core of its type in the launch must set it, or each wait for it hangs (rule P5)}}
    asc.cross_core_set_flag mode 0, pipe_mte3, %flag
  }
  asc.cross_core_wait_flag %flag
  return
}

// -----

// Valid: every core sets the mode-1 flag, whatever it did before on its
// block index.
func.func @mode_one_set_by_every_core(%x: !asc.gm_addr) attributes {asc.kernel} {
  %flag = arith.constant 1 : i32
  %zero = arith.constant 0 : i64
  %b = asc.get_block_idx
  %first = arith.cmpi eq, %b, %zero : i64
  scf.if %first {
    asc.sync_all
  }
  asc.cross_core_set_flag mode 1, pipe_mte3, %flag
  asc.cross_core_wait_flag %flag
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!ga = !asc.global_tensor<f16>
!gc = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// REGIST_MATMUL_OBJ of a cube-only kernel returns on the vector cores: at
// the top level, the epilogue after it is dead (CANN's matmul_fused_manual
// registers in the cube core's branch, as @register_in_cube_branch does).
func.func @register_before_vector_work(%pa: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel, asc.cube_only} {
  %n = arith.constant 256 : i32
  %flag = arith.constant 3 : i32
  %pipe = asc.pipe.create
  %ws = asc.get_sys_workspace_ptr
  %a = asc.set_global_buffer %pa : !ga
  %c = asc.set_global_buffer %pc : !gc
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{'asc.matmul.register' op returns on the vector cores of a cube-only kernel (REGIST_MATMUL_OBJ with ASCENDC_CUBE_ONLY, rule L11), so their work after it never runs: register in the cube core's branch (if ASCEND_IS_AIC)}}
  asc.matmul.register %pipe, %ws, %mm : !mm
  %aic = asc.is_aic
  scf.if %aic {
    asc.matmul.set_tensor_a %mm, %a : !mm, !ga
    asc.matmul.set_tensor_b %mm, %a : !mm, !ga
    asc.matmul.iterate_all %mm, %c : !mm, !gc
    asc.cross_core_set_flag mode 2, pipe_fix, %flag
  } else {
    %ub = asc.local_tensor.create %n, %n : !ub
    // expected-note @+1 {{vector-core work that never runs}}
    asc.cross_core_wait_flag %flag
    asc.data_copy %ub, %c, %n : !ub, !gc
  }
  return
}

// -----

// A cross-core flag of mode 0 (all vector cores) or 1 (the vector cores of
// one group) counts this core among its setters: its own set's pipe before
// the set happens before every later instruction after its wait (O6). A
// spill by MTE3 and its reload into the same buffer by MTE2 are ordered so.
!gh = !asc.global_tensor<f16>
!ui = !asc.local_tensor<vecin, f16>
func.func @own_set_orders_own_pipes(%pa: !asc.gm_addr {asc.no_alias}, %ps: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
  %n = arith.constant 64 : i32
  %e = arith.constant 0 : i32
  %id = arith.constant 3 : i32
  %q = asc.queue.create : !asc.queue<vecin, 1>
  %a = asc.set_global_buffer %pa : !gh
  %sp = asc.set_global_buffer %ps : !gh
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ui
  asc.data_copy %t, %a, %n : !ui, !gh
  asc.set_flag mte2_mte3, %e
  asc.wait_flag mte2_mte3, %e
  asc.data_copy %sp, %t, %n : !gh, !ui
  asc.cross_core_set_flag mode 0, pipe_mte3, %id
  asc.cross_core_wait_flag %id
  asc.data_copy %t, %sp, %n : !ui, !gh
  asc.cross_core_set_flag mode 1, pipe_mte2, %id
  asc.cross_core_wait_flag %id {mode = 1 : i32}
  asc.data_copy %t, %a, %n : !ui, !gh
  asc.queue.free_tensor %q, %t : !asc.queue<vecin, 1>, !ui
  return
}

// -----

// The invalid twin: the set on MTE2 says nothing of the MTE3 spill, which
// the reload into the same buffer may overtake.
!gh = !asc.global_tensor<f16>
!ui = !asc.local_tensor<vecin, f16>
func.func @own_set_of_another_pipe(%pa: !asc.gm_addr {asc.no_alias}, %ps: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
  %n = arith.constant 64 : i32
  %e = arith.constant 0 : i32
  %id = arith.constant 3 : i32
  %q = asc.queue.create : !asc.queue<vecin, 1>
  %a = asc.set_global_buffer %pa : !gh
  %sp = asc.set_global_buffer %ps : !gh
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ui
  asc.data_copy %t, %a, %n : !ui, !gh
  asc.set_flag mte2_mte3, %e
  asc.wait_flag mte2_mte3, %e
  // expected-note @below {{the earlier pipe_mte3 access}}
  asc.data_copy %sp, %t, %n : !gh, !ui
  asc.cross_core_set_flag mode 0, pipe_mte2, %id
  asc.cross_core_wait_flag %id
  // expected-error @below {{may touch bytes that an earlier pipe_mte3 access touches, one of the two writing, before pipe_mte2 is ordered after it}}
  asc.data_copy %t, %sp, %n : !ui, !gh
  asc.queue.free_tensor %q, %t : !asc.queue<vecin, 1>, !ui
  return
}
