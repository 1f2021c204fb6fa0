// The looping examples read and print back as written, keep the protocol
// when pipelined (alone and inside the placement), and their loops rotate:
// the guard, the prologue issue, the steady loop with each issue right
// after the previous wait, the peeled last iteration.
// RUN: asc-opt %examples/08-tiled-bias-act.mlir | asc-opt | FileCheck %s --check-prefix=WRITTEN
// RUN: asc-opt %examples/09-batched-epilogue.mlir | asc-opt | FileCheck %s --check-prefix=WRITTEN
// RUN: asc-opt %examples/10-two-objects-pingpong.mlir | asc-opt | FileCheck %s --check-prefix=WRITTEN
// RUN: asc-opt %examples/08-tiled-bias-act.mlir --asc-pipeline-loops=emit-remarks --asc-verify-sync --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: asc-opt %examples/09-batched-epilogue.mlir --asc-sync-placement="pipeline-loops emit-remarks" --asc-verify-sync --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BATCH
// RUN: asc-opt %examples/10-two-objects-pingpong.mlir --asc-sync-placement=pipeline-loops --asc-verify-sync | FileCheck %s --check-prefix=TWO

// As written, each wait follows its issue.
// WRITTEN:      scf.for
// WRITTEN:      asc.matmul.iterate_{{all|batch}}
// WRITTEN-NEXT: asc.matmul.wait_iterate_{{all|batch}}

// ONE: remark: loop pipelined: the 'asc.matmul.iterate_all' of iteration i + 1 issued right after iteration i's wait
// ONE-LABEL: func.func @matmul_tiled_bias_act_custom
// ONE:      scf.if
// ONE:      asc.matmul.iterate_all %[[MM:[^,]*]], %[[C0:[^ ]*]] {
// ONE-NEXT: scf.for
// ONE-NEXT: arith.addi
// ONE-NEXT: asc.matmul.wait_iterate_all %[[MM]]
// ONE:      asc.matmul.set_tensor_a %[[MM]]
// ONE-NEXT: asc.matmul.set_tensor_b %[[MM]]
// ONE-NEXT: asc.matmul.iterate_all %[[MM]]
// ONE-NEXT: asc.queue.alloc_tensor
// ONE-NEXT: asc.data_copy
// ONE:      asc.leaky_relu
// ONE:      asc.data_copy
// ONE:      asc.queue.free_tensor
// ONE-NEXT: }
// ONE-NEXT: asc.matmul.wait_iterate_all %[[MM]]
// ONE-NOT:  asc.matmul.iterate_all
// ONE:      asc.leaky_relu
// ONE:      asc.matmul.end %[[MM]]

// The example states its calls' extent and room for a copy of its object:
// even groups run on the object, odd ones on the copy, two calls in flight;
// an odd group count leaves a last group, run as written.
// BATCH: remark: loop pipelined on two objects: even iterations run the 'asc.matmul.iterate_batch' on its object, odd ones on a copy (asc.copies)
// BATCH-LABEL: func.func @batch_matmul_epilogue_custom
// BATCH:      %[[MM:[0-9]+]] = asc.matmul.create {asc.copies = 2 : i64}
// BATCH-NEXT: %[[COPY:[0-9]+]] = asc.matmul.create :
// BATCH:      asc.matmul.register %{{[0-9]+}}, %{{[0-9]+}}, %[[MM]], %[[COPY]] tiling %[[T:[0-9]+]], %[[T]] :
// BATCH:      scf.if
// BATCH:      asc.matmul.iterate_batch %[[MM]],
// BATCH:      asc.matmul.iterate_batch %[[COPY]],
// BATCH-NOT:  asc.matmul.wait_iterate_batch
// BATCH:      scf.for {{.*}} iter_args
// BATCH:      asc.matmul.wait_iterate_batch %[[MM]]
// BATCH-NEXT: asc.matmul.iterate_batch %[[MM]],
// BATCH:      asc.matmul.wait_iterate_batch %[[COPY]]
// BATCH-NEXT: asc.matmul.iterate_batch %[[COPY]],
// BATCH:      scf.yield
// BATCH-NOT:  asc.matmul.wait_iterate_batch
// BATCH:      asc.matmul.wait_iterate_batch %[[MM]]
// BATCH-NEXT: asc.data_copy
// BATCH-NOT:  asc.matmul.iterate_batch
// BATCH:      asc.matmul.wait_iterate_batch %[[COPY]]
// BATCH-NEXT: asc.data_copy
// BATCH-NOT:  asc.matmul.iterate_batch
// BATCH:      scf.if
// BATCH:      asc.matmul.iterate_batch %[[MM]],
// BATCH:      asc.matmul.wait_iterate_batch %[[MM]]
// BATCH:      asc.matmul.end %[[MM]]
// BATCH-NEXT: asc.matmul.end %[[COPY]]

// Two objects: mm1's issue right after mm0's wait, the next pair's mm0
// issue right after mm1's wait.
// TWO-LABEL: func.func @matmul_pingpong_custom
// TWO:      %[[MM0:.*]] = asc.matmul.create
// TWO-NEXT: %[[MM1:.*]] = asc.matmul.create
// TWO:      scf.if
// TWO:      asc.matmul.iterate_all %[[MM0]]
// TWO-NEXT: scf.for
// TWO:      asc.matmul.wait_iterate_all %[[MM0]]
// TWO-NEXT: asc.matmul.iterate_all %[[MM1]]
// TWO:      asc.leaky_relu
// TWO:      asc.matmul.wait_iterate_all %[[MM1]]
// TWO-NEXT: asc.matmul.iterate_all %[[MM0]]
// TWO:      asc.leaky_relu
// TWO:      }
// TWO:      asc.matmul.wait_iterate_all %[[MM0]]
// TWO-NEXT: asc.matmul.iterate_all %[[MM1]]
// TWO:      asc.matmul.wait_iterate_all %[[MM1]]
// TWO-NOT:  asc.matmul.iterate_all
// TWO:      asc.matmul.end %[[MM0]]
