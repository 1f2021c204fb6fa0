// RUN: asc-opt %s -split-input-file --convert-asc-to-emitc | FileCheck %s

// A kernel becomes an emitc.func with the kernel specifiers and GM_ADDR
// arguments (asc.no_alias has no C++ spelling); the module starts with the
// Ascend C includes and `using namespace AscendC;`.
// CHECK: module {
// CHECK-NEXT: emitc.include "kernel_operator.h"
// CHECK-NEXT: emitc.include "lib/matmul_intf.h"
// CHECK-NEXT: emitc.verbatim "using namespace AscendC;"
// CHECK-LABEL: emitc.func @kernel(
// CHECK-SAME: %{{.*}}: !emitc.opaque<"GM_ADDR">, %{{.*}}: !emitc.opaque<"GM_ADDR">)
// CHECK-SAME: attributes {specifiers = ["extern \22C\22", "__global__", "__aicore__"]}
// CHECK-NOT: asc.no_alias
// CHECK: return
func.func @kernel(%a: !asc.gm_addr {asc.no_alias}, %b: !asc.gm_addr)
    attributes {asc.kernel} {
  return
}

// -----

// Any other function is a device function, `__aicore__ inline`; f16 is
// spelled half, and a constant is a literal.
// CHECK-LABEL: emitc.func @helper(
// CHECK-SAME: %{{.*}}: !emitc.opaque<"half">) -> i32
// CHECK-SAME: attributes {specifiers = ["__aicore__", "inline"]}
// CHECK: literal "half(0.25)" : !emitc.opaque<"half">
func.func @helper(%x: f16) -> i32 {
  %h = arith.constant 2.500000e-01 : f16
  %c = arith.constant 1 : i32
  return %c : i32
}

// -----

// A call of a helper returning a GlobalTensor view returns the converted
// type (upstream's call lowering kept !asc.global_tensor, which the
// verifier rejects).
// CHECK-LABEL: emitc.func @view_at(
// CHECK-SAME: -> !emitc.opaque<"AscendC::GlobalTensor<float>">
// CHECK-LABEL: emitc.func @calls_view_at(
// CHECK: %{{.*}} = call @view_at(%{{.*}}, %{{.*}}) : (!emitc.opaque<"AscendC::GlobalTensor<float>">, i64) -> !emitc.opaque<"AscendC::GlobalTensor<float>">
func.func private @view_at(%t: !asc.global_tensor<f32>, %off: i64) -> !asc.global_tensor<f32> {
  %s = asc.subview %t[%off] : !asc.global_tensor<f32>
  return %s : !asc.global_tensor<f32>
}
func.func @calls_view_at(%ws: !asc.gm_addr) attributes {asc.kernel} {
  %g = asc.set_global_buffer %ws : !asc.global_tensor<f32>
  %c16 = arith.constant 16 : i64
  %v = func.call @view_at(%g, %c16) : (!asc.global_tensor<f32>, i64) -> !asc.global_tensor<f32>
  %w = func.call @view_at(%v, %c16) : (!asc.global_tensor<f32>, i64) -> !asc.global_tensor<f32>
  return
}

// Objects are declared in place: uninitialised emitc.variable lvalues of
// their C++ type.
// CHECK-LABEL: emitc.func @objects(
// CHECK: %[[PIPE:.*]] = "emitc.variable"() <{value = #emitc.opaque<"">}> : () -> !emitc.lvalue<!emitc.opaque<"AscendC::TPipe">>
// CHECK: %[[QUE:.*]] = "emitc.variable"() <{value = #emitc.opaque<"">}> : () -> !emitc.lvalue<!emitc.opaque<"AscendC::TQue<AscendC::TPosition::VECOUT, 2>">>
// CHECK: %[[MM:.*]] = "emitc.variable"() <{value = #emitc.opaque<"">}> : () -> !emitc.lvalue<!emitc.opaque<"matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, true>, matmul::MatmulType<AscendC::TPosition::VECOUT, CubeFormat::NZ, float>>">>
// CHECK: verbatim "{}.InitBuffer({}, {}, {});" args %[[PIPE]], %[[QUE]], %{{.*}}, %{{.*}} :
func.func @objects(%n: i32) {
  %pipe = asc.pipe.create
  %que = asc.queue.create : !asc.queue<vecout, 2>
  %mm = asc.matmul.create : !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16, transposed>, c = <vecout, nz, f32>>
  asc.pipe.init_buffer %pipe, %que, %n, %n : !asc.queue<vecout, 2>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// A void member call is one verbatim statement: `{}` for the object and the
// SSA arguments, the compile-time flags spelled in place.
// CHECK-LABEL: emitc.func @member_statement(
// CHECK: %[[C:.*]] = load %{{.*}} : <!emitc.opaque<"AscendC::GlobalTensor<float>">>
// CHECK: %[[MM:.*]] = "emitc.variable"
// CHECK-NEXT: verbatim "{}.IterateAll<false>({}, 0, false, true);" args %[[MM]], %[[C]] :
// CHECK-NEXT: verbatim "{}.WaitIterateAll();" args %[[MM]] :
// CHECK-NEXT: verbatim "{}.SetTail({}, {}, {});" args %[[MM]], %[[N:.*]], %[[N]], %[[N]] :
// CHECK-NEXT: verbatim "{}.End();" args %[[MM]] :
func.func @member_statement(%p: !asc.gm_addr, %n: i32) {
  %c = asc.set_global_buffer %p : !asc.global_tensor<f32>
  %mm = asc.matmul.create : !mm
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !asc.global_tensor<f32>
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.set_tail %mm, %n, %n, %n : !mm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecout, nd, f32>>
!que = !asc.queue<vecout, 1>

// A member call that returns a value and takes only constants is a load of
// an emitc.member naming the call; with SSA arguments its result is a
// variable assigned by a verbatim statement; an unused result leaves the
// call as a statement.
// CHECK-LABEL: emitc.func @member_value(
// CHECK: %[[QUE:.*]] = "emitc.variable"() {{.*}}TQue
// CHECK-NEXT: %[[MM:.*]] = "emitc.variable"() {{.*}}Matmul
// CHECK: %[[ALLOC:.*]] = "emitc.member"(%[[QUE]]) <{member = "AllocTensor<float>()"}> : (!emitc.lvalue<!emitc.opaque<"AscendC::TQue<AscendC::TPosition::VECOUT, 1>">>) -> !emitc.lvalue<!emitc.opaque<"AscendC::LocalTensor<float>">>
// CHECK-NEXT: %[[UB:.*]] = load %[[ALLOC]] : <!emitc.opaque<"AscendC::LocalTensor<float>">>
// CHECK-NEXT: %[[ITER:.*]] = "emitc.member"(%[[MM]]) <{member = "Iterate<false>()"}> : ({{.*}}) -> !emitc.lvalue<i1>
// CHECK-NEXT: %[[MORE:.*]] = load %[[ITER]] : <i1>
// CHECK-NEXT: verbatim "{}.Iterate(true);" args %[[MM]] :
// CHECK-NEXT: %[[X:.*]] = "emitc.variable"() <{value = #emitc.opaque<"">}> : () -> !emitc.lvalue<f32>
// CHECK-NEXT: verbatim "{} = {}.GetValue({});" args %[[X]], %[[GM:.*]], %[[I:.*]] :
// CHECK-NEXT: %[[XV:.*]] = load %[[X]] : <f32>
// CHECK-NEXT: verbatim "{}.SetValue({}, {});" args %[[GM]], %[[I]], %[[XV]] :
// CHECK: if %[[MORE]] {
// CHECK-NEXT: verbatim "{}.GetTensorC<false>({}, 0, true);" args %[[MM]], %[[UB]] :
func.func @member_value(%p: !asc.gm_addr, %i: i64) {
  %gm = asc.set_global_buffer %p : !asc.global_tensor<f32>
  %que = asc.queue.create : !que
  %mm = asc.matmul.create : !mm
  %ub = asc.queue.alloc_tensor %que : !que -> !asc.local_tensor<vecout, f32>
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %unused = asc.matmul.iterate %mm {en_partial_sum = true} : !mm
  %x = asc.get_value %gm[%i] : !asc.global_tensor<f32>
  asc.set_value %gm[%i], %x : !asc.global_tensor<f32>
  scf.if %more {
    asc.matmul.get_tensor_c %mm, %ub {sync = false, en_sequential_write = true} : !mm, !asc.local_tensor<vecout, f32>
  }
  return
}

// -----

// Free functions are emitc.call_opaque: block queries, PipeBarrier with its
// pipe as template argument, DataCopy and the vector instructions.
// CHECK-LABEL: emitc.func @free_functions(
// CHECK: call_opaque "AscendC::GetBlockIdx"() : () -> i64
// CHECK: call_opaque "AscendC::GetBlockNum"() : () -> i64
// CHECK: call_opaque "AscendC::GetTaskRation"() : () -> i64
// CHECK: call_opaque "AscendC::GetUserWorkspace"(%{{.*}}) : (!emitc.opaque<"GM_ADDR">) -> !emitc.opaque<"GM_ADDR">
// CHECK: call_opaque "AscendC::PipeBarrier"() {template_args = [#emitc.opaque<"PIPE_V">]} : () -> ()
// CHECK: call_opaque "AscendC::DataCopy"(%{{.*}}, %{{.*}}, %{{.*}}) : (!emitc.opaque<"AscendC::LocalTensor<half>">, !emitc.opaque<"AscendC::GlobalTensor<half>">, i32) -> ()
// CHECK: %[[PARAMS:.*]] = call_opaque "AscendC::DataCopyParams"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (i32, i32, i32, i32) -> !emitc.opaque<"AscendC::DataCopyParams">
// CHECK-NEXT: call_opaque "AscendC::DataCopy"(%{{.*}}, %{{.*}}, %[[PARAMS]])
// CHECK: call_opaque "AscendC::Muls"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!emitc.opaque<"AscendC::LocalTensor<half>">, !emitc.opaque<"AscendC::LocalTensor<half>">, !emitc.opaque<"half">, i32) -> ()
func.func @free_functions(%p: !asc.gm_addr, %n: i32, %s: f16) {
  %idx = asc.get_block_idx
  %num = asc.get_block_num
  %ration = asc.get_task_ration
  %ws = asc.get_user_workspace %p
  asc.pipe_barrier pipe_v
  %gm = asc.set_global_buffer %p : !asc.global_tensor<f16>
  %que = asc.queue.create : !asc.queue<vecin, 1>
  %ub = asc.queue.alloc_tensor %que : !asc.queue<vecin, 1> -> !asc.local_tensor<vecin, f16>
  asc.data_copy %ub, %gm, %n : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>
  asc.data_copy %gm, %ub params(%n, %n, %n, %n) : !asc.global_tensor<f16>, !asc.local_tensor<vecin, f16>
  asc.muls %ub, %ub, %s, %n : !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>
  return
}

// -----

// The tiling is a TCubeTiling variable filled by the CopyTiling helper the
// lowering defines once; a field read is an emitc.member.
// CHECK: emitc.func @CopyTiling(%{{.*}}: !emitc.ptr<!emitc.opaque<"TCubeTiling">>, %{{.*}}: !emitc.opaque<"GM_ADDR">)
// CHECK-SAME: attributes {specifiers = ["__aicore__", "inline"]}
// CHECK-NOT: emitc.func @CopyTiling
// CHECK-LABEL: emitc.func @tiling(
// CHECK-SAME: %[[GM:[^:]*]]: !emitc.opaque<"GM_ADDR">, %[[OFF:[^:]*]]: i64
// CHECK: %[[T:.*]] = "emitc.variable"() <{value = #emitc.opaque<"">}> : () -> !emitc.lvalue<!emitc.opaque<"TCubeTiling">>
// CHECK-NEXT: verbatim "CopyTiling(&{}, {});" args %[[T]], %[[GM]] :
// CHECK-NEXT: %[[T1:.*]] = "emitc.variable"
// CHECK-NEXT: verbatim "CopyTiling(&{}, {} + {});" args %[[T1]], %[[GM]], %[[OFF]] :
// CHECK-NEXT: %[[F:.*]] = "emitc.member"(%[[T]]) <{member = "singleCoreK"}> : (!emitc.lvalue<!emitc.opaque<"TCubeTiling">>) -> !emitc.lvalue<i32>
// CHECK-NEXT: load %[[F]] : <i32>
func.func @tiling(%gm: !asc.gm_addr, %off: i64) -> i32 {
  %t = asc.get_tiling %gm
  %t1 = asc.get_tiling %gm[%off]
  %k = asc.tiling.get %t[singleCoreK]
  return %k : i32
}

// -----

// A configuration is a file-scope `constexpr static MatmulConfig` named
// after its contents: objects with different configurations never collide,
// objects of one type share one constant.
// CHECK: emitc.verbatim "using namespace AscendC;"
// CHECK-NEXT: emitc.verbatim "constexpr static MatmulConfig MM_CFG_MDL = GetMDLConfig();"
// CHECK-NEXT: emitc.verbatim "constexpr static MatmulConfig MM_CFG_NORM_NBATCH = GetNormalConfig(false, true);"
// CHECK-NEXT: emitc.verbatim "constexpr static MatmulConfig MM_CFG_SPECIAL_MDL = GetSpecialMDLConfig();"
// CHECK-NEXT: emitc.verbatim "constexpr static MatmulConfig MM_CFG_IB_SHARE_NORM = GetIBShareNormConfig();"
// CHECK-NOT: MatmulConfig
// CHECK-LABEL: emitc.func @configs(
// CHECK: !emitc.lvalue<!emitc.opaque<"matmul::Matmul<{{.*}}, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, MM_CFG_MDL>">>
// CHECK: MM_CFG_MDL>">>
// CHECK: MM_CFG_NORM_NBATCH>">>
// CHECK: MM_CFG_SPECIAL_MDL>">>
// CHECK: MM_CFG_IB_SHARE_NORM>">>
func.func @configs() {
  %m1 = asc.matmul.create : !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, config = <mdl>>
  %m2 = asc.matmul.create : !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, config = <mdl>>
  %m3 = asc.matmul.create : !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, config = <norm, is_n_batch = true>>
  %m4 = asc.matmul.create : !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, config = <special_mdl>>
  %m5 = asc.matmul.create : !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, config = <ib_share_norm>>
  return
}

// -----

// ASCEND_IS_AIV only works right after `if` on the device (it is
// `constexpr(g_coreType == AscendC::AIV)`): an scf.if on asc.is_aiv becomes
// `if ASCEND_IS_AIV {`, with its branches between verbatim braces.
// CHECK-LABEL: emitc.func @core_guard(
// CHECK-NEXT: verbatim "if ASCEND_IS_AIV {"
// CHECK-NEXT: call_opaque "AscendC::PipeBarrier"() {template_args = [#emitc.opaque<"PIPE_ALL">]}
// CHECK-NEXT: verbatim "} else {"
// CHECK-NEXT: call_opaque "AscendC::PipeBarrier"() {template_args = [#emitc.opaque<"PIPE_V">]}
// CHECK-NEXT: verbatim "}"
// CHECK-NEXT: return
func.func @core_guard(%p: !asc.gm_addr) {
  %aiv = asc.is_aiv
  scf.if %aiv {
    asc.pipe_barrier pipe_all
  } else {
    asc.pipe_barrier pipe_v
  }
  return
}

// -----

// Used as a value, is_aic is the comparison ASCEND_IS_AIC expands to.
// CHECK-LABEL: emitc.func @core_type_value(
// CHECK: %[[CUR:.*]] = literal "g_coreType" : i32
// CHECK-NEXT: %[[AIC:.*]] = literal "AscendC::AIC" : i32
// CHECK-NEXT: %[[IS:.*]] = cmp eq, %[[CUR]], %[[AIC]] : (i32, i32) -> i1
// CHECK: if %{{.*}} {
func.func @core_type_value(%p: !asc.gm_addr, %flag: i1) {
  %aic = asc.is_aic
  %both = arith.andi %aic, %flag : i1
  scf.if %both {
    asc.pipe_barrier pipe_all
  }
  return
}

// -----

// Global tensors: a variable set by SetGlobalBuffer, then read as a value;
// a subview is an emitc.subscript.
// CHECK-LABEL: emitc.func @global_tensor(
// CHECK-SAME: %[[P:[^:]*]]: !emitc.opaque<"GM_ADDR">, %[[OFF:[^:]*]]: i64
// CHECK: %[[VAR:.*]] = "emitc.variable"() <{value = #emitc.opaque<"">}> : () -> !emitc.lvalue<!emitc.opaque<"AscendC::GlobalTensor<bfloat16_t>">>
// CHECK-NEXT: verbatim "{}.SetGlobalBuffer((__gm__ bfloat16_t *){} + {}, {});" args %[[VAR]], %[[P]], %[[OFF]], %[[OFF]] :
// CHECK-NEXT: %[[T:.*]] = load %[[VAR]] : <!emitc.opaque<"AscendC::GlobalTensor<bfloat16_t>">>
// CHECK-NEXT: %[[SUB:.*]] = subscript %[[T]][%[[OFF]]] : (!emitc.opaque<"AscendC::GlobalTensor<bfloat16_t>">, i64) -> !emitc.lvalue<!emitc.opaque<"AscendC::GlobalTensor<bfloat16_t>">>
// CHECK-NEXT: load %[[SUB]]
func.func @global_tensor(%p: !asc.gm_addr, %off: i64) -> !asc.global_tensor<bf16> {
  %t = asc.set_global_buffer %p[%off], %off : !asc.global_tensor<bf16>
  %v = asc.subview %t[%off] : !asc.global_tensor<bf16>
  return %v : !asc.global_tensor<bf16>
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecout, nd, f32>>

// `while (mm.Iterate())`: an scf.while whose condition only calls Iterate
// becomes the C++ while loop between verbatim braces; the loop-carried value
// lives in a variable the body reads and assigns, and is read after the loop.
// CHECK-LABEL: emitc.func @while_iterate(
// CHECK: %[[MM:.*]] = "emitc.variable"
// CHECK-NEXT: %[[I:.*]] = "emitc.variable"() <{value = #emitc.opaque<"0">}> : () -> !emitc.lvalue<i32>
// CHECK-NEXT: verbatim "while ({}.Iterate()) {{[{][{]}}" args %[[MM]] :
// CHECK-NEXT: %[[J:.*]] = load %[[I]] : <i32>
// CHECK-NEXT: call_opaque "AscendC::PipeBarrier"
// CHECK-NEXT: %[[NEXT:.*]] = add %[[J]], %{{.*}} : (i32, i32) -> i32
// CHECK-NEXT: assign %[[NEXT]] : i32 to %[[I]] : <i32>
// CHECK-NEXT: verbatim "}"
// CHECK-NEXT: %[[N:.*]] = load %[[I]] : <i32>
// CHECK-NEXT: return %[[N]]
func.func @while_iterate() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %mm = asc.matmul.create : !mm
  %n = scf.while (%i = %c0) : (i32) -> i32 {
    %more = asc.matmul.iterate %mm : !mm
    scf.condition(%more) %i : i32
  } do {
  ^bb0(%j: i32):
    asc.pipe_barrier pipe_all
    %next = arith.addi %j, %c1 : i32
    scf.yield %next : i32
  }
  return %n : i32
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecout, nd, f32>>

// A loop-carried value nobody reads after the loop is not read there.
// CHECK-LABEL: emitc.func @while_iterate_unused(
// CHECK: assign
// CHECK-NEXT: verbatim "}"
// CHECK-NEXT: return
func.func @while_iterate_unused() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %mm = asc.matmul.create : !mm
  %n = scf.while (%i = %c0) : (i32) -> i32 {
    %more = asc.matmul.iterate %mm : !mm
    scf.condition(%more) %i : i32
  } do {
  ^bb0(%j: i32):
    %next = arith.addi %j, %c1 : i32
    scf.yield %next : i32
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecout, nd, f32>>

// A condition region that does more than call Iterate keeps the upstream
// scf lowering: an emitc.do.
// CHECK-LABEL: emitc.func @while_other(
// CHECK: do {
// CHECK: "emitc.member"(%{{.*}}) <{member = "Iterate()"}>
// CHECK: } while {
func.func @while_other(%flag: i1) {
  %mm = asc.matmul.create : !mm
  scf.while : () -> () {
    %more = asc.matmul.iterate %mm : !mm
    %go = arith.andi %more, %flag : i1
    scf.condition(%go)
  } do {
    asc.pipe_barrier pipe_all
    scf.yield
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecout, nd, f32>>
!que = !asc.queue<vecout, 2>
!ub = !asc.local_tensor<vecout, f32>

// The documented async fetch: one Iterate<false>() whose answer nobody reads
// is a statement, then a counted loop fetches each block with
// GetTensorC<false> and waits for it with WaitGetTensorC.
// CHECK-LABEL: emitc.func @async_fetch_loop(
// CHECK: %[[MM:.*]] = "emitc.variable"{{.*}}matmul::Matmul
// CHECK-NEXT: verbatim "{}.Iterate<false>();" args %[[MM]] :
// CHECK-NEXT: for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK-NEXT:   %[[UB:.*]] = "emitc.member"(%{{.*}}) <{member = "AllocTensor<float>()"}>
// CHECK-NEXT:   %[[T:.*]] = load %[[UB]]
// CHECK-NEXT:   verbatim "{}.GetTensorC<false>({}, 0, true);" args %[[MM]], %[[T]] :
// CHECK-NEXT:   verbatim "{}.WaitGetTensorC();" args %[[MM]] :
// CHECK-NEXT:   verbatim "{}.FreeTensor({});"
// CHECK-NEXT: }
func.func @async_fetch_loop(%blocks: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %que = asc.queue.create : !que
  %mm = asc.matmul.create : !mm
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  scf.for %k = %c0 to %blocks step %c1 : i32 {
    %c_local = asc.queue.alloc_tensor %que : !que -> !ub
    asc.matmul.get_tensor_c %mm, %c_local {sync = false, en_sequential_write = true} : !mm, !ub
    asc.matmul.wait_get_tensor_c %mm : !mm
    asc.queue.free_tensor %que, %c_local : !que, !ub
  }
  return
}

// -----

// A shared (IBSHARE) part spells its template arguments up to IBSHARE; a
// queue at TSCM is CANN's TSCM<GM, depth>; FetchEventID is a call on the
// pipe whose result the flags take; a local tensor's GetSize and SetValue
// are its member calls; the null GM address is nullptr.
// CHECK-LABEL: emitc.func @shared_fetch_tscm_null(
// CHECK-DAG: !emitc.lvalue<!emitc.opaque<"matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE, true>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, MM_CFG_IB_SHARE_NORM>">>
// CHECK-DAG: !emitc.lvalue<!emitc.opaque<"AscendC::TSCM<AscendC::TPosition::GM, 1>">>
// CHECK-DAG: "FetchEventID(AscendC::HardEvent::MTE2_MTE3)"
// CHECK-DAG: call_opaque "AscendC::SetFlag"
// CHECK-DAG: verbatim "{} = {}.GetSize();"
// CHECK-DAG: "{}.SetValue({}, {});"
// CHECK-DAG: #emitc.opaque<"nullptr">
func.func @shared_fetch_tscm_null(%t: !asc.local_tensor<vecin, f32>, %v: f32) {
  %pipe = asc.pipe.create
  %mm = asc.matmul.create : !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16, ibshare>, c = <gm, nd, f32>, config = <ib_share_norm>>
  %scm = asc.queue.create : !asc.queue<tscm, 1>
  %id = asc.pipe.fetch_event_id %pipe, mte2_mte3
  asc.set_flag mte2_mte3, %id
  asc.wait_flag mte2_mte3, %id
  %n = asc.local_tensor.get_size %t : !asc.local_tensor<vecin, f32>
  %i = arith.extui %n : i32 to i64
  asc.set_value %t[%i], %v : !asc.local_tensor<vecin, f32>
  %null = asc.null_gm_addr
  %bias = asc.set_global_buffer %null : !asc.global_tensor<f32>
  %x = asc.get_value %bias[%i] : !asc.global_tensor<f32>
  asc.set_value %t[%i], %x : !asc.local_tensor<vecin, f32>
  return
}
