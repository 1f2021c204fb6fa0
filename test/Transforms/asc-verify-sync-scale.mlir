// RUN: asc-opt %s -split-input-file --asc-verify-sync -verify-diagnostics

// The fast paths of the analyses at scale must find what the slow ones
// found: a Matmul op or a conflicting access deep in a region nest, an
// in-flight issue through each bucket of the in-flight index (a no_alias
// root, roots that may overlap, untraced memory, any memory), and the
// in-flight set across region and block boundaries.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// A read of the pending output six regions deep.
func.func @race_deep_in_nest(%c_ptr: !asc.gm_addr {asc.no_alias}, %cond: i1, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm
  %i0 = arith.constant 0 : i64
  %lb = arith.constant 0 : index
  %ub = arith.constant 4 : index
  %step = arith.constant 1 : index
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  // expected-note @+1 {{the async issue writing that output}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  scf.if %cond {
    scf.for %i = %lb to %ub step %step {
      scf.if %cond {
        scf.for %j = %lb to %ub step %step {
          scf.if %cond {
            scf.for %k = %lb to %ub step %step {
              // expected-error @+1 {{may access memory that aliases the pending output}}
              %x = asc.get_value %c[%i0] : !gm
            }
          }
        }
      }
    }
  }
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// An issue deep in a nest, never waited on: the return sees it pending.
func.func @issue_deep_in_nest(%c: !gm, %cond: i1, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  scf.if %cond {
    scf.if %cond {
      scf.if %cond {
        scf.if %cond {
          // expected-note @+1 {{the pending async issue}}
          asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
        }
      }
    }
  }
  // expected-error @+1 {{returns while an async 'asc.matmul.iterate_all' is pending}}
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// Two arguments without asc.no_alias may be one buffer: the output through
// one conflicts with a write through the other.
func.func @overlapping_roots(%c_ptr: !asc.gm_addr, %d_ptr: !asc.gm_addr, %x: f32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm
  %d = asc.set_global_buffer %d_ptr : !gm
  %i0 = arith.constant 0 : i64
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  // expected-note @+1 {{the async issue writing that output}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  // expected-error @+1 {{may access memory that aliases the pending output}}
  asc.set_value %d[%i0], %x : !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// no_alias arguments are apart; an access through a select of them is not
// (a read: a write would first hit the A input, which is in flight too).
func.func @no_alias_and_untraced(%c_ptr: !asc.gm_addr {asc.no_alias}, %d_ptr: !asc.gm_addr {asc.no_alias}, %cond: i1, %x: f32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm
  %d = asc.set_global_buffer %d_ptr : !gm
  %either = arith.select %cond, %c_ptr, %d_ptr : !asc.gm_addr
  %e = asc.set_global_buffer %either : !gm
  %i0 = arith.constant 0 : i64
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  // expected-note @+1 {{the async issue writing that output}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.set_value %d[%i0], %x : !gm
  // expected-error @+1 {{may access memory that aliases the pending output}}
  %y = asc.get_value %e[%i0] : !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

func.func private @opaque()

// A call the analysis cannot see into touches any memory.
func.func @any_memory(%c_ptr: !asc.gm_addr {asc.no_alias}, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  // expected-note @+1 {{the async issue writing that output}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  // expected-error @+1 {{may access memory that aliases the pending output}}
  func.call @opaque() : () -> ()
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// Issues without a wait flag stay in flight across blocks and region ops
// (their object's end completes nothing); another object's issue writing
// into one of their outputs conflicts with the right one only.
func.func @unwaited_across_blocks(%c_ptr: !asc.gm_addr {asc.no_alias}, %d_ptr: !asc.gm_addr {asc.no_alias}, %cond: i1, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm
  %d = asc.set_global_buffer %d_ptr : !gm
  %mm0 = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm0, %a_t : !mm, !asc.global_tensor<f16>
  %mm1 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm1, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm0, %d {sync = false} : !mm, !gm
  asc.matmul.set_tensor_a %mm0, %a_t : !mm, !asc.global_tensor<f16>
  // expected-note @+1 {{this issue has no wait flag: its output stays pending until a later synchronous call of any object, or the wait of a call posted after it, returns, or the kernel ends}}
  asc.matmul.iterate_all %mm0, %c {sync = false} : !mm, !gm
  cf.cond_br %cond, ^left, ^right
^left:
  scf.if %cond {
    // expected-error @+1 {{may access memory that aliases the pending output}}
    asc.matmul.iterate_all %mm1, %c {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm1 : !mm
  }
  cf.br ^exit
^right:
  cf.br ^exit
^exit:
  asc.matmul.end %mm0 : !mm
  asc.matmul.end %mm1 : !mm
  return
}
