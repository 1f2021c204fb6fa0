// RUN: asc-opt %s -split-input-file --asc-verify-sync -verify-diagnostics -o /dev/null
//
// After an async Iterate (Iterate<false>) its blocks are fetched
// asynchronously: GetTensorC<false> into a local tensor or the view form.
// A synchronous fetch (into GM, into UB, or the two-destination form, which
// is synchronous only) or an async one into GM is what MatmulClient::
// GetTensorC asserts against (its GM form asserts isSyncGetC): rule P1, with
// a note at the Iterate.

!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// A synchronous fetch into GM of an async Iterate's block.
func.func @sync_gm_fetch(%a: !gm16, %ws: !gm, %c: !gm) {
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %ws : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %a : !mm, !gm16
  // expected-note @+1 {{the async Iterate whose blocks are being fetched}}
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  // expected-error @+1 {{fetches a block synchronously while the blocks of an async 'asc.matmul.iterate' are fetched (rule P1): after Iterate<false> every block is fetched with 'asc.matmul.get_tensor_c' {sync = false} into a local tensor or as a view (MatmulClient::GetTensorC asserts it)}}
  asc.matmul.get_tensor_c %mm, %c : !mm, !gm
  asc.matmul.end %mm : !mm
  return
}

// -----

!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// The two-destination fetch (synchronous only) after the view of the first
// block: the kernel docs/Protocol.md's L6 example used to call valid.
func.func @two_destinations_after_view(%a: !gm16, %ws: !gm, %c: !gm, %u: !ub) {
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %ws : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %a : !mm, !gm16
  // expected-note @+1 {{the async Iterate whose blocks are being fetched}}
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %blk = asc.matmul.get_tensor_c %mm {sync = false} : !mm -> !gm
  asc.matmul.wait_get_tensor_c %mm : !mm
  // expected-error @+1 {{fetches a block synchronously while the blocks of an async 'asc.matmul.iterate' are fetched (rule P1)}}
  asc.matmul.get_tensor_c %mm, %c, %u : !mm, !gm, !ub
  asc.matmul.end %mm : !mm
  return
}

// -----

!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// A counted fetch loop whose fetch into UB is synchronous.
func.func @sync_ub_fetch_loop(%a: !gm16, %ws: !gm, %u: !ub) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %ws : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %a : !mm, !gm16
  // expected-note @+1 {{the async Iterate whose blocks are being fetched}}
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    // expected-error @+1 {{fetches a block synchronously while the blocks of an async 'asc.matmul.iterate' are fetched (rule P1)}}
    asc.matmul.get_tensor_c %mm, %u : !mm, !ub
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// The valid twins: the async Iterate's blocks fetched asynchronously into
// UB and as views, and the two-destination fetch after a synchronous
// Iterate.
func.func @async_fetch_loop(%a: !gm16, %ws: !gm, %u: !ub) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %ws : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %a : !mm, !gm16
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    asc.matmul.get_tensor_c %mm, %u {sync = false} : !mm, !ub
    asc.matmul.wait_get_tensor_c %mm : !mm
  }
  asc.matmul.end %mm : !mm
  return
}
func.func @view_fetch(%a: !gm16, %ws: !gm) {
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %ws : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %a : !mm, !gm16
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %blk = asc.matmul.get_tensor_c %mm {sync = false} : !mm -> !gm
  asc.matmul.wait_get_tensor_c %mm : !mm
  asc.matmul.end %mm : !mm
  return
}
func.func @two_destinations_after_sync_iterate(%a: !gm16, %c: !gm, %u: !ub) {
  %mm = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %a : !mm, !gm16
  %more = asc.matmul.iterate %mm : !mm
  asc.matmul.get_tensor_c %mm, %c, %u : !mm, !gm, !ub
  asc.matmul.end %mm : !mm
  return
}

// -----

!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// An async fetch into GM of an async Iterate's block: asc-run refuses it as
// the client does, and so does the analysis.
func.func @async_gm_fetch(%a: !gm16, %ws: !gm, %c: !gm) {
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %ws : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %a : !mm, !gm16
  // expected-note @+1 {{the async Iterate whose blocks are being fetched}}
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  // expected-error @+1 {{fetches a block into global memory while the blocks of an async 'asc.matmul.iterate' are fetched (rule P1)}}
  asc.matmul.get_tensor_c %mm, %c {sync = false} : !mm, !gm
  asc.matmul.end %mm : !mm
  return
}
