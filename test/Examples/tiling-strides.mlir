// Example 11 is example 08 with every offset from the tiling's fields, as
// CANN writes them: (GetBlockIdx() * T + t) * singleCoreM * N. The tiles
// are a symbolic stride apart that no tiling invariant bounds below the
// 8192 bytes the vector core reads of a tile, so loop pipelining versions
// the loop: the check that the stride covers the footprints selects the
// rotated loop, the loop as written runs otherwise. Inside the placement
// too, and the result keeps the protocol.
// RUN: asc-opt %examples/11-tiling-strides.mlir | asc-opt | FileCheck %s --check-prefix=WRITTEN
// RUN: asc-opt %examples/11-tiling-strides.mlir --asc-pipeline-loops=emit-remarks --asc-verify-sync --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: asc-opt %examples/11-tiling-strides.mlir --asc-sync-placement="pipeline-loops emit-remarks" --asc-verify-sync --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s

// WRITTEN:      %[[SCM:.*]] = asc.tiling.get %{{.*}}[singleCoreM]
// WRITTEN:      scf.for
// WRITTEN:      arith.muli %{{.*}}, %[[SCM]] : i32
// WRITTEN:      asc.matmul.iterate_all
// WRITTEN-NEXT: asc.matmul.wait_iterate_all

// CHECK: remark: loop pipelined, versioned: no static proof keeps the tiles of iterations i and i + 1 apart (4 * tiling.N * tiling.singleCoreM bytes apart, footprints of 8192 and 8192 bytes), so a run-time check that the stride covers the footprints selects the rotated loop, and the loop as written runs otherwise
// CHECK-LABEL: func.func @matmul_tiling_strides_custom
// CHECK:      %[[OK:.*]] = arith.ori %{{.*}}, %{{.*}} : i1
// CHECK-NEXT: scf.if %[[OK]] {
// CHECK:        asc.matmul.iterate_all %[[MM:[^,]*]], %{{[^ ]*}} {
// CHECK:        scf.for
// CHECK-NEXT:     arith.addi
// CHECK:          asc.matmul.wait_iterate_all %[[MM]]
// CHECK:          asc.matmul.iterate_all %[[MM]]
// CHECK:          asc.leaky_relu
// CHECK:        asc.matmul.wait_iterate_all %[[MM]]
// CHECK:      } else {
// CHECK:        scf.for
// CHECK:          asc.matmul.iterate_all %[[MM]]
// CHECK:          asc.matmul.wait_iterate_all %[[MM]]
// CHECK:          asc.data_copy
// CHECK:      asc.matmul.end %[[MM]]
