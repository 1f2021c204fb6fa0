// RUN: asc-opt %s -split-input-file --asc-verify-sync -verify-diagnostics -o /dev/null
//
// Offsets in int8_t and int16_t wrap around in the emitted C++ (computed in
// int, narrowed on the store): two offsets the arithmetic puts far apart
// may be one at run time. The checker takes them as exact only where no
// wrap is possible; the twins show what is still proven apart.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// 256 * 256 in int16_t is 0: the output tile is the one the copy reads.
func.func @i16_product_wraps(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub) {
  %c256 = arith.constant 256 : i16
  %n = arith.constant 256 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  %o = arith.muli %c256, %c256 : i16
  %o64 = arith.extsi %o : i16 to i64
  %c_t = asc.subview %c_g[%o64] : !gm
  asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
  // expected-note @+1 {{the async issue writing that output}}
  asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  // expected-error @+1 {{may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)}}
  asc.data_copy %u, %c_g, %n : !ub, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Its twin: 16 * 16 fits int16_t, the tile is 256 elements on.
func.func @i16_product_fits(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub) {
  %c16 = arith.constant 16 : i16
  %n = arith.constant 256 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  %o = arith.muli %c16, %c16 : i16
  %o64 = arith.extsi %o : i16 to i64
  %c_t = asc.subview %c_g[%o64] : !gm
  asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
  asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  asc.data_copy %u, %c_g, %n : !ub, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// x + 100 and x - 100 in int8_t are 200 apart as integers, but for x = 50
// they are -106 and -50: 56 elements apart, within the 64 of each tile.
func.func @i8_sum_wraps(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub, %x: i8) {
  %c100 = arith.constant 100 : i8
  %n = arith.constant 64 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  %hi = arith.addi %x, %c100 : i8
  %lo = arith.subi %x, %c100 : i8
  %hi64 = arith.extsi %hi : i8 to i64
  %lo64 = arith.extsi %lo : i8 to i64
  %c_t = asc.subview %c_g[%hi64] : !gm
  %r_t = asc.subview %c_g[%lo64] : !gm
  asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
  // expected-note @+1 {{the async issue writing that output}}
  asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true, asc.output_elements = 64 : i64} : !mm, !gm
  // expected-error @+1 {{may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)}}
  asc.data_copy %u, %r_t, %n : !ub, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Its twins: in int32_t (signed overflow is undefined in the emitted C++),
// and in int8_t stating overflow<nsw>, the two tiles are 200 elements apart.
func.func @i32_sum(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub, %x: i32) {
  %c100 = arith.constant 100 : i32
  %n = arith.constant 64 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  %hi = arith.addi %x, %c100 : i32
  %lo = arith.subi %x, %c100 : i32
  %hi64 = arith.extsi %hi : i32 to i64
  %lo64 = arith.extsi %lo : i32 to i64
  %c_t = asc.subview %c_g[%hi64] : !gm
  %r_t = asc.subview %c_g[%lo64] : !gm
  asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
  asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true, asc.output_elements = 64 : i64} : !mm, !gm
  asc.data_copy %u, %r_t, %n : !ub, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}
func.func @i8_sum_nsw(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub, %x: i8) {
  %c100 = arith.constant 100 : i8
  %n = arith.constant 64 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  %hi = arith.addi %x, %c100 overflow<nsw> : i8
  %lo = arith.subi %x, %c100 overflow<nsw> : i8
  %hi64 = arith.extsi %hi : i8 to i64
  %lo64 = arith.extsi %lo : i8 to i64
  %c_t = asc.subview %c_g[%hi64] : !gm
  %r_t = asc.subview %c_g[%lo64] : !gm
  asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
  asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true, asc.output_elements = 64 : i64} : !mm, !gm
  asc.data_copy %u, %r_t, %n : !ub, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// int32_t arithmetic is exact as written (its overflow is undefined in the
// emitted C++), but folding wraps: 65536 * 65536 in i32 folds to 0, the
// tile the copy reads.
func.func @i32_product_folds_to_zero(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub) {
  %c65536 = arith.constant 65536 : i32
  %n = arith.constant 256 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  %o = arith.muli %c65536, %c65536 : i32
  %o64 = arith.extsi %o : i32 to i64
  %c_t = asc.subview %c_g[%o64] : !gm
  asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
  // expected-note @+1 {{the async issue writing that output}}
  asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  // expected-error @+1 {{may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)}}
  asc.data_copy %u, %c_g, %n : !ub, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}
