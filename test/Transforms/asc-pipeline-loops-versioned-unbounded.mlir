// Example 11 without its calls' asc.output_elements: the IterateAll's output
// runs from its tile to the end of the buffer (the tiling sizes it). The
// tile of iteration i + 1 is ahead of what iteration i reads (8192 bytes)
// when the stride is at least that, so the loop is versioned on the
// one-sided check `N * singleCoreM >= 2048` (there is no "behind" side: an
// unbounded footprint has nothing after it).
// RUN: sed 's/, asc.output_elements = 2048 : i64//' %examples/11-tiling-strides.mlir > %t.mlir
// RUN: asc-opt %t.mlir --asc-sync-placement="pipeline-loops emit-remarks" --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: asc-opt %t.mlir --asc-sync-placement=pipeline-loops | asc-opt --asc-verify-sync -o /dev/null
// CHECK:      remark: loop pipelined, versioned: no static proof keeps the tiles of iterations i and i + 1 apart (4 * tiling.N * tiling.singleCoreM bytes apart, footprints of 8192 bytes and up to the buffer's end)
// CHECK-LABEL: func.func @matmul_tiling_strides_custom(
// CHECK:      %[[M:.*]] = arith.muli %{{.*}}, %{{.*}} overflow<nsw> : i64
// CHECK-NEXT: %[[BOUND:.*]] = arith.constant 2048 : i64
// CHECK-NEXT: %[[HOLDS:.*]] = arith.cmpi sge, %[[M]], %[[BOUND]] : i64
// CHECK-NEXT: scf.if %[[HOLDS]] {
// CHECK:        asc.matmul.iterate_all
// CHECK:        scf.for
// CHECK:          asc.matmul.wait_iterate_all
// CHECK:          asc.matmul.iterate_all
// CHECK:          asc.data_copy
// CHECK:      } else {
// CHECK:        scf.for
// CHECK:          asc.matmul.iterate_all
// CHECK:          asc.matmul.wait_iterate_all
//
// The negative twin: a check one element too weak leaves a stride of 8188
// bytes, which the 8192 bytes read overlap; --asc-verify-sync refuses it.
// RUN: asc-opt %t.mlir --asc-sync-placement=pipeline-loops | sed 's/arith.constant 2048 : i64/arith.constant 2047 : i64/' > %t.weak.mlir
// RUN: not asc-opt %t.weak.mlir --asc-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=WEAK
// WEAK: error: 'asc.data_copy' op may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)
