// RUN: asc-translate --asc-to-ascendc %s | FileCheck %s
// RUN: asc-translate --asc-to-ascendc --asc-source-names=false %s | FileCheck %s --check-prefix=EMITTER
// RUN: asc-translate --asc-to-ascendc --asc-line-directives %s | FileCheck %s --check-prefix=LINES
// Bytecode keeps locations but not SSA names: only name locations name.
// RUN: asc-opt --emit-bytecode %s | asc-translate --asc-to-ascendc | FileCheck %s --check-prefix=BYTECODE
// The translation parses by itself and still honours --no-implicit-module.
// RUN: not asc-translate --asc-to-ascendc --no-implicit-module %s 2>&1 | FileCheck %s --check-prefix=SINGLE
// SINGLE: error: source must contain a single top-level operation, found: {{[0-9]+}}
// BYTECODE-LABEL: void named(GM_ADDR v1, GM_ADDR v2, GM_ADDR v3) {
// BYTECODE-LABEL: void numbered(GM_ADDR v1, GM_ADDR v2) {
// BYTECODE:       AscendC::GlobalTensor<float> located;

// The Ascend C keeps the .mlir names of the values: kernel arguments, the
// pipe, the tiling, Matmul objects, queues, tensors, scalars and loop
// induction variables. Copies of set-once GlobalTensors are gone: every use
// reads the tensor SetGlobalBuffer filled.

!gm_f16 = !asc.global_tensor<f16>
!gm_f32 = !asc.global_tensor<f32>
!ub_out = !asc.local_tensor<vecout, f32>
!que_out = !asc.queue<vecout, 2>
!mm_t = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// A whole kernel reads as its source.
// CHECK-LABEL: void named(GM_ADDR a, GM_ADDR c, GM_ADDR tilingGm) {
// CHECK-NEXT:   AscendC::TPipe pipe;
// CHECK-NEXT:   TCubeTiling tiling;
// CHECK-NEXT:   CopyTiling(&tiling, tilingGm);
// CHECK-NEXT:   int32_t rows = tiling.singleCoreM;
// CHECK-NEXT:   AscendC::GlobalTensor<half> aGlobal;
// CHECK-NEXT:   aGlobal.SetGlobalBuffer((__gm__ half *)a);
// CHECK-NEXT:   AscendC::GlobalTensor<float> cGlobal;
// CHECK-NEXT:   cGlobal.SetGlobalBuffer((__gm__ float *)c);
// CHECK-NEXT:   MatmulT{{[0-9]*}} mm;
// CHECK-NEXT:   GM_ADDR workspace = GetSysWorkSpacePtr();
// CHECK-NEXT:   REGIST_MATMUL_OBJ(&pipe, workspace, mm, &tiling);
// CHECK-NEXT:   AscendC::TQue<AscendC::TPosition::VECOUT, 2> outQueue;
// CHECK-NEXT:   pipe.InitBuffer(outQueue, 2, 1024);
// CHECK-NEXT:   mm.SetTensorA(aGlobal);
// CHECK-NEXT:   mm.SetTensorB(aGlobal);
// CHECK-NEXT:   mm.IterateAll<false>(cGlobal, 0, false, true);
// CHECK-NEXT:   mm.WaitIterateAll();
// CHECK-NEXT:   for (int32_t row = 0; row < rows; row += 1) {
// CHECK-NEXT:     int32_t rowOffset = row * 256;
// CHECK-NEXT:     AscendC::GlobalTensor<float> cRow = cGlobal[rowOffset];
// CHECK-NEXT:     AscendC::LocalTensor<float> cLocal = outQueue.AllocTensor<float>();
// CHECK-NEXT:     AscendC::SetFlag<AscendC::HardEvent::MTE3_MTE2>(0);
// CHECK-NEXT:     AscendC::WaitFlag<AscendC::HardEvent::MTE3_MTE2>(0);
// CHECK-NEXT:     AscendC::DataCopy(cLocal, cRow, 256);
// CHECK-NEXT:     AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE3>(0);
// CHECK-NEXT:     AscendC::WaitFlag<AscendC::HardEvent::MTE2_MTE3>(0);
// CHECK-NEXT:     AscendC::DataCopyParams params = AscendC::DataCopyParams(1, 32, 0, 0);
// CHECK-NEXT:     AscendC::DataCopy(cGlobal, cLocal, params);
// CHECK-NEXT:     outQueue.FreeTensor(cLocal);
// CHECK-NEXT:   }
// CHECK-NEXT:   mm.End();
// EMITTER-LABEL: void named(GM_ADDR v1, GM_ADDR v2, GM_ADDR v3) {
// EMITTER:       AscendC::GlobalTensor<float> [[C:v[0-9]+]];
// EMITTER-NEXT:  [[C]].SetGlobalBuffer((__gm__ float *)v2);
// EMITTER-NEXT:  AscendC::GlobalTensor<float> [[COPY:v[0-9]+]] = [[C]];
// EMITTER-NEXT:  MatmulT
// EMITTER:       for (int32_t [[ROW:i[0-9]+]] = 0;
// LINES-LABEL: void named(GM_ADDR a, GM_ADDR c, GM_ADDR tilingGm) {
// LINES:       cGlobal.SetGlobalBuffer((__gm__ float *)c);
// LINES-NEXT:  #line {{[0-9]+}} "{{.*}}source-names.mlir"
// LINES-NEXT:  MatmulT{{[0-9]*}} mm;
func.func @named(%a: !asc.gm_addr {asc.no_alias}, %c: !asc.gm_addr {asc.no_alias},
                 %tilingGm: !asc.gm_addr) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c32 = arith.constant 32 : i32
  %c256 = arith.constant 256 : i32
  %c1024 = arith.constant 1024 : i32
  %pipe = asc.pipe.create
  %tiling = asc.get_tiling %tilingGm
  %rows = asc.tiling.get %tiling[singleCoreM]
  %aGlobal = asc.set_global_buffer %a : !gm_f16
  %cGlobal = asc.set_global_buffer %c : !gm_f32
  %mm = asc.matmul.create : !mm_t
  %workspace = asc.get_sys_workspace_ptr
  asc.matmul.register %pipe, %workspace, %mm tiling %tiling : !mm_t
  %outQueue = asc.queue.create : !que_out
  asc.pipe.init_buffer %pipe, %outQueue, %c2, %c1024 : !que_out
  asc.matmul.set_tensor_a %mm, %aGlobal : !mm_t, !gm_f16
  asc.matmul.set_tensor_b %mm, %aGlobal : !mm_t, !gm_f16
  asc.matmul.iterate_all %mm, %cGlobal {sync = false, wait_iterate_all = true} : !mm_t, !gm_f32
  asc.matmul.wait_iterate_all %mm : !mm_t
  scf.for %row = %c0 to %rows step %c1 : i32 {
    %rowOffset = arith.muli %row, %c256 : i32
    %rowOffset64 = arith.extsi %rowOffset : i32 to i64
    %cRow = asc.subview %cGlobal[%rowOffset64] : !gm_f32
    %cLocal = asc.queue.alloc_tensor %outQueue : !que_out -> !ub_out
    %flag6 = arith.constant 0 : i32
    asc.set_flag mte3_mte2, %flag6
    asc.wait_flag mte3_mte2, %flag6
    asc.data_copy %cLocal, %cRow, %c256 : !ub_out, !gm_f32
    %flag7 = arith.constant 0 : i32
    asc.set_flag mte2_mte3, %flag7
    asc.wait_flag mte2_mte3, %flag7
    asc.data_copy %cGlobal, %cLocal params(%c1, %c32, %c0, %c0) : !gm_f32, !ub_out
    asc.queue.free_tensor %outQueue, %cLocal : !que_out, !ub_out
  }
  asc.matmul.end %mm : !mm_t
  return
}

// Numbered values keep the emitter's names; a name location names a value
// whatever its SSA name.
// CHECK-LABEL: void numbered(GM_ADDR v1, GM_ADDR gm) {
// CHECK-NEXT:   AscendC::GlobalTensor<float> v3;
// CHECK-NEXT:   v3.SetGlobalBuffer((__gm__ float *)v1);
// CHECK-NEXT:   AscendC::GlobalTensor<float> located;
// CHECK-NEXT:   located.SetGlobalBuffer((__gm__ float *)gm);
func.func @numbered(%0: !asc.gm_addr, %gm: !asc.gm_addr) attributes {asc.kernel} {
  %1 = asc.set_global_buffer %0 : !gm_f32
  %2 = asc.set_global_buffer %gm : !gm_f32 loc("located")
  %pipe = asc.pipe.create
  %q = asc.queue.create : !que_out
  %c64 = arith.constant 64 : i32
  asc.pipe.init_buffer %pipe, %q, %c64, %c64 : !que_out
  %t = asc.queue.alloc_tensor %q : !que_out -> !ub_out
  asc.data_copy %t, %1, %c64 : !ub_out, !gm_f32
  asc.pipe_barrier pipe_mte2
  asc.data_copy %t, %2, %c64 : !ub_out, !gm_f32
  asc.queue.free_tensor %q, %t : !que_out, !ub_out
  return
}

// A name C++ cannot take as it is: a keyword, an Ascend C macro, a name the
// function already uses, the emitter's own names, characters C++ has no
// identifiers with, a reserved leading underscore. Two loops that reuse a
// name declare it twice: each name is declared once per function.
// CHECK-LABEL: void clashes(GM_ADDR GM_ADDR_1, GM_ADDR class_1) {
// CHECK-NEXT:   AscendC::TPipe AscendC_1;
// CHECK-NEXT:   AscendC::TQue<AscendC::TPosition::VECOUT, 2> v2_1;
// CHECK-NEXT:   AscendC_1.InitBuffer(v2_1, 2, 64);
// CHECK-NEXT:   int64_t index = AscendC::GetBlockIdx();
// CHECK-NEXT:   int32_t int_1 = static_cast<int32_t>(index);
// CHECK-NEXT:   int32_t a_b = int_1 * 2;
// CHECK-NEXT:   int32_t a_b_1 = a_b * 3;
// CHECK-NEXT:   int32_t hidden = a_b_1 * a_b_1;
// CHECK-NEXT:   for (int32_t x = 0; x < hidden; x += 1) {
// CHECK-NEXT:     AscendC::LocalTensor<float> t = v2_1.AllocTensor<float>();
// CHECK-NEXT:     v2_1.FreeTensor(t);
// CHECK-NEXT:   }
// CHECK-NEXT:   for (int32_t x_1 = 0; x_1 < a_b; x_1 += 1) {
// CHECK-NEXT:     AscendC::LocalTensor<float> t_1 = v2_1.AllocTensor<float>();
// CHECK-NEXT:     v2_1.FreeTensor(t_1);
// CHECK-NEXT:   }
func.func @clashes(%GM_ADDR: !asc.gm_addr, %class: !asc.gm_addr) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c64 = arith.constant 64 : i32
  %AscendC = asc.pipe.create
  %v2 = asc.queue.create : !que_out
  asc.pipe.init_buffer %AscendC, %v2, %c2, %c64 : !que_out
  %index = asc.get_block_idx
  %int = arith.trunci %index : i64 to i32
  %a.b = arith.muli %int, %c2 : i32
  %a$b = arith.muli %a.b, %c3 : i32
  %__hidden = arith.muli %a$b, %a$b : i32
  scf.for %x = %c0 to %__hidden step %c1 : i32 {
    %t = asc.queue.alloc_tensor %v2 : !que_out -> !ub_out
    asc.queue.free_tensor %v2, %t : !que_out, !ub_out
  }
  scf.for %x = %c0 to %a.b step %c1 : i32 {
    %t = asc.queue.alloc_tensor %v2 : !que_out -> !ub_out
    asc.queue.free_tensor %v2, %t : !que_out, !ub_out
  }
  return
}

// Name locations a front end may write that are no identifiers: braces (a
// placeholder to the verbatim marker), a line break (the end of the marker
// comment), nothing usable at all.
// CHECK-LABEL: void odd_names(GM_ADDR a_b_c, GM_ADDR v2) {
// CHECK-NEXT:   AscendC::GlobalTensor<float> x;
// CHECK-NEXT:   x.SetGlobalBuffer((__gm__ float *)a_b_c);
// CHECK-NEXT:   AscendC::GlobalTensor<float> [[T:v[0-9]+]];
// CHECK-NEXT:   [[T]].SetGlobalBuffer((__gm__ float *)v2);
// CHECK-NEXT:   AscendC::TPipe pipe;
func.func @odd_names(%0: !asc.gm_addr loc("a{}b\nc"), %1: !asc.gm_addr loc("{}"))
    attributes {asc.kernel} {
  %2 = asc.set_global_buffer %0 : !gm_f32 loc("x}{\n// ")
  %3 = asc.set_global_buffer %1 : !gm_f32 loc("\n")
  %pipe = asc.pipe.create
  %q = asc.queue.create : !que_out
  %c64 = arith.constant 64 : i32
  asc.pipe.init_buffer %pipe, %q, %c64, %c64 : !que_out
  %t = asc.queue.alloc_tensor %q : !que_out -> !ub_out
  asc.data_copy %t, %2, %c64 : !ub_out, !gm_f32
  asc.pipe_barrier pipe_mte2
  asc.data_copy %t, %3, %c64 : !ub_out, !gm_f32
  asc.queue.free_tensor %q, %t : !que_out, !ub_out
  return
}

// A general scf.while becomes a do-while whose condition is one expression:
// names go into its body, never into the condition. The loop's own results
// and iteration arguments keep the emitter's names (the SCF lowering does
// not say which of its variables is which).
// CHECK-LABEL: void loop(int32_t n) {
// CHECK:       do {
// CHECK-NEXT:    int32_t [[I:v[0-9]+]] = v{{[0-9]+}};
// CHECK-NEXT:    bool more = [[I]] < n;
// CHECK-NEXT:    int32_t twice = [[I]] + [[I]];
// CHECK:       } while (v{{[0-9]+}});
func.func @loop(%n: i32) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %more = arith.cmpi slt, %i, %n : i32
    %twice = arith.addi %i, %i : i32
    scf.condition(%more) %twice : i32
  } do {
  ^bb0(%j: i32):
    %next = arith.addi %j, %c1 : i32
    scf.yield %next : i32
  }
  return
}

// The `while (mm.Iterate())` loop names its carried variable after the
// condition region's argument and the body's copy after the body's.
// CHECK-LABEL: void fetch_loop(
// CHECK:       int32_t round = 0;
// CHECK-NEXT:  while (mm.Iterate()) {
// CHECK-NEXT:    int32_t count = round;
// CHECK-NEXT:    round = count + 1;
// CHECK-NEXT:  }
// CHECK-NEXT:  mm.End();
!mm_ub = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecout, nd, f32>>
func.func @fetch_loop(%tilingGm: !asc.gm_addr, %aGm: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %pipe = asc.pipe.create
  %tiling = asc.get_tiling %tilingGm
  %mm = asc.matmul.create : !mm_ub
  %workspace = asc.get_sys_workspace_ptr
  asc.matmul.register %pipe, %workspace, %mm tiling %tiling : !mm_ub
  %a = asc.set_global_buffer %aGm : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a : !mm_ub, !asc.global_tensor<f16>
  %rounds = scf.while (%round = %c0) : (i32) -> i32 {
    %more = asc.matmul.iterate %mm : !mm_ub
    scf.condition(%more) %round : i32
  } do {
  ^bb0(%count: i32):
    %next = arith.addi %count, %c1 : i32
    scf.yield %next : i32
  }
  asc.matmul.end %mm : !mm_ub
  return
}
