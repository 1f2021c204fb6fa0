//===- Passes.td - asc transformation passes ---------------*- tablegen -*-===//
//
// Passes over kernels in the asc dialect.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_TRANSFORMS_PASSES_TD
#define ASC_DIALECT_ASC_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def AscVerifySync : Pass<"asc-verify-sync", "func::FuncOp"> {
  let summary = "Check the Matmul async protocol (rules P1-P7) on every path";
  let description = [{
    Runs the Matmul protocol analysis, a forward analysis over the
    function's structured (`scf`) and unstructured (`cf`) control flow, and
    reports every violation of the protocol rules (defined, with examples, in
    [Protocol.md](Protocol.md)):

    - P1: every path from an async issue with its wait flag reaches its
      wait before the next issue on the object, a new workspace or tiling,
      or a return (setters that stage the next message, and `end`, which
      completes nothing, may come in between);
    - P2: no path reaches a wait with nothing pending;
    - P3: while a call is in flight (until its wait; for an issue without
      its wait flag, until a later synchronous call, or the wait of a call
      posted after it, returns, for any object, or the kernel ends: `end`
      completes nothing),
      nothing reads or writes memory that may overlap its output, and
      nothing writes memory that may overlap its inputs;
    - (P4 is withdrawn: `end` ends nothing, spec revision 4);
    - P5: no wait or `GetBatchTensorC` waits for a signal the server never
      sends;
    - P6: every computation's staged message carries new inputs
      (`SetTensorA/B` of a tensor since the previous post), nothing staged
      is lost to a call that posts its own message, and a lost bias is a
      warning;
    - P7: a block a Matmul call left in UB (`get_tensor_c` into UB needs
      no `wait_get_tensor_c`; `async_get_tensor_c` does) is ordered for the
      vector pipe only: a `pipe_barrier pipe_all`, a VECOUT hand-off or a
      `set_flag`/`wait_flag` pair into MTE3 comes before another pipe
      touches it.

    Each error points at the offending op and has notes on the issue, the
    earlier wait, the post or the `end` involved. The IR is not changed.

    ```mlir
    asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.data_copy %ub, %c, %n : !ub, !gm   // error: rule P3
    asc.matmul.wait_iterate_all %mm : !mm
    ```
  }];
  let dependentDialects = ["::mlir::asc::AscDialect"];
  let statistics = [
    Statistic<"numFunctionsRejected", "rejected-functions",
              "Functions with a protocol violation">,
  ];
}

def AscSyncPlacement : Pass<"asc-sync-placement", "func::FuncOp"> {
  let summary = "Place Matmul waits as late and async issues as early as legal";
  let description = [{
    Makes async Matmul calls overlap the vector core's work:

    - pairs every async issue with its wait and refuses a function that
      breaks the protocol (the diagnostics of `--asc-verify-sync`), unless
      `repair-missing-waits` asks it to insert the waits an issue lacks;
    - sinks every wait to the latest legal point: right before the first
      operation that may touch memory aliasing the pending output (of the
      issue it completes, or of an earlier issue without a wait flag that its
      signal orders), uses the same Matmul object (a setter that stages the
      next message does not count), has unknown memory effects or returns. A wait never
      enters a loop (it would run once per iteration): when the first conflict
      is inside a loop, the wait goes right before the loop. When conflicts
      sit inside the branches of an `scf.if`, each branch gets its own wait
      before its first conflict (or at its end);
    - hoists every async issue to the earliest legal point after the last
      operation it depends on, within its block;
    - then, of two async issues of different objects next to each other in
      a block (only ops neither is ordered with between them), posts first
      the one whose result the block needs first (its wait, its first
      fetch, a synchronous call): the cube runs one core's calls in the
      order they were posted, so the call needed first finishes sooner and
      the other no later than the vector core would have waited anyway;
    - with `pipeline-loops`, software-pipelines the loops that issue async
      work and wait for it in the same iteration (`--asc-pipeline-loops`)
      once the waits are placed, then places the waits of the rotated code
      (so that a second run changes nothing; the remarks come from that
      last placement);
    - with `promote-sync`, turns synchronous `iterate_all` and mix-form
      `iterate_batch` calls with a global output into async calls plus a
      wait placed as above (not in a module with a cube-only kernel: the
      cube-side Matmul object has no waits), and a `scf.while` whose
      condition is a synchronous `asc.matmul.iterate` alone and whose body
      fetches each block with one synchronous `get_tensor_c` into a local
      tensor into CANN's async form: `set_workspace` with this core's slice
      of the workspace the kernel's `asc.block_workspace` states, one
      `iterate {sync = false}`, and an `scf.for` over the object's block
      count (`ceil(singleCoreM / baseM) * ceil(singleCoreN / baseN)`) whose
      fetch is async and waited (the wait then sinks), with a `pipe_barrier
      pipe_all` before it unless its buffer comes from a VECIN queue; the
      loop as written stays for a core without blocks. A loop it cannot
      promote gets a remark naming the blocker (docs/SyncPlacement.md).

    The result always passes `--asc-verify-sync`, and running the pass twice
    equals running it once: the placed function is checked again, on the
    ops whose order changed when that is provably enough, as a whole
    otherwise.

    ```mlir
    // before                                 // after
    asc.matmul.iterate_all %mm, %c {...}      asc.matmul.iterate_all %mm, %c {...}
    asc.matmul.wait_iterate_all %mm           asc.data_copy %ub, %bias, %n
    asc.data_copy %ub, %bias, %n              asc.muls %ub2, %ub, %s, %n
    asc.muls %ub2, %ub, %s, %n                asc.matmul.wait_iterate_all %mm
    asc.data_copy %ub3, %c, %n                asc.data_copy %ub3, %c, %n
    ```
  }];
  let dependentDialects = ["::mlir::asc::AscDialect", "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
  let options = [
    Option<"repairMissingWaits", "repair-missing-waits", "bool", "false",
           "Insert the wait an async issue lacks (at its latest legal point) "
           "instead of reporting the missing wait">,
    Option<"promoteSync", "promote-sync", "bool", "false",
           "Turn synchronous iterate_all/iterate_batch calls with a global "
           "output into async calls plus a wait, and while (Iterate()) "
           "loops into Iterate<false> plus a counted fetch loop in the "
           "asc.block_workspace">,
    Option<"hoistIssues", "hoist-issues", "bool", "true",
           "Move async issues up to the earliest legal point, and after a "
           "neighbouring issue of another object whose result is needed "
           "first">,
    Option<"emitRemarks", "emit-remarks", "bool", "false",
           "Emit a remark per wait saying which op stopped it and how many "
           "operations overlap the async work">,
    Option<"pipelineLoops", "pipeline-loops", "bool", "false",
           "Software-pipeline the loops that issue async Matmul work and "
           "wait for it in the same iteration (--asc-pipeline-loops), then "
           "place the waits of the rotated code">,
    Option<"incrementalRecheck", "incremental-recheck", "bool", "true",
           "Re-check only the ops whose order placement changed, when it "
           "can prove that enough (off: analyse and check the whole "
           "function again)">,
  ];
  let statistics = [
    Statistic<"numIssuesPromoted", "promoted-issues",
              "Synchronous calls promote-sync made async, each with a wait">,
    Statistic<"numLoopsPromoted", "promoted-loops",
              "Iterate loops promote-sync made async">,
    Statistic<"numWaitsRepaired", "repaired-waits",
              "Waits repair-missing-waits inserted">,
    Statistic<"numIssuesHoisted", "hoisted-issues",
              "Async issues moved earlier">,
    Statistic<"numIssuesOrdered", "ordered-issues",
              "Async issues moved after an issue of another object whose "
              "result is needed first">,
    Statistic<"numWaitsMoved", "moved-waits",
              "Waits moved later (each copy of a split wait counts)">,
    Statistic<"numIncrementalRechecks", "incremental-rechecks",
              "Placed functions re-checked on the reordered ops only">,
    Statistic<"numFullRechecks", "full-rechecks",
              "Placed functions analysed and checked again as a whole">,
    Statistic<"numExtraRounds", "extra-placement-rounds",
              "Placement rounds after the first that moved something (a "
              "wait completing an issue without a wait flag was paired by "
              "where the others stood)">,
  ];
}

def AscPipelineLoops : Pass<"asc-pipeline-loops", "func::FuncOp"> {
  let summary = "Issue the next iteration's async Matmul work before this "
                "iteration's vector work (loop rotation)";
  let description = [{
    Rotates an `scf.for` whose body stages an async Matmul issue (its
    setters `set_tensor_a`, `set_tensor_b`, `set_bias`, `set_tail`,
    `set_org_shape`, ...), issues it with its wait flag (`iterate_all`,
    `iterate_batch`, ...), waits for it and consumes the output in the same
    iteration, so that the cube unit computes iteration i + 1 while the
    vector core works on iteration i:

    ```mlir
    // before
    scf.for %i = %lb to %ub step %s {
      asc.matmul.set_tensor_a %mm, %a_i ; asc.matmul.iterate_all %mm, %c_i
      asc.matmul.wait_iterate_all %mm ; <work on %c_i>
    }
    // after (the guard only when the loop may not run)
    scf.if (%lb < %ub) {
      asc.matmul.set_tensor_a %mm, %a_lb ; asc.matmul.iterate_all %mm, %c_lb
      scf.for %i = %lb to %last step %s {
        asc.matmul.wait_iterate_all %mm
        asc.matmul.set_tensor_a %mm, %a_i+s ; asc.matmul.iterate_all %mm, %c_i+s
        <work on %c_i>
      }
      asc.matmul.wait_iterate_all %mm ; <work on %c_last>
    }
    ```

    With several objects in the body, each issue moves up to right after
    the previous object's wait, so one issue is in flight at a time. A loop
    is rotated only when it is proven legal: the work each issue moves past
    neither touches the issue's output nor writes its inputs, offsets taken
    affine in the induction variable (the alias analysis' cross-iteration
    query); the setters and the pure ops computing their operands move with
    the issue. The rotated function is checked against the protocol again
    (`--asc-verify-sync`) and the rotation undone if the check fails. With
    `emit-remarks` every candidate loop gets a remark: pipelined, or the op
    and the access or dependence that blocked it.
  }];
  let dependentDialects = ["::mlir::asc::AscDialect", "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
  let options = [
    Option<"emitRemarks", "emit-remarks", "bool", "false",
           "Emit a remark per candidate loop: pipelined, or what blocked it">,
  ];
  let statistics = [
    Statistic<"numLoopsPipelined", "pipelined-loops",
              "Loops software-pipelined">,
  ];
}

#endif // ASC_DIALECT_ASC_TRANSFORMS_PASSES_TD
