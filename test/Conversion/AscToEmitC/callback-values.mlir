// RUN: asc-opt %s --convert-asc-to-emitc | FileCheck %s
// RUN: asc-translate --asc-to-ascendc %s | FileCheck %s --check-prefix=CPP

// SetSelfDefineData and SetUserDefInfo take CANN's uint64_t: an integer as
// it is, a GM pointer cast to its address; a UB bias for a GM bias part is
// passed as the LocalTensor CANN's client copies to GM.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, bias = <gm, nd, f32>>

// SetUserDefInfo posts a message of its own, so it comes before the setter
// that stages SetSelfDefineData (rule P6).
// CHECK-LABEL: emitc.func @callback_values(
// CHECK-SAME: %[[P:[^:]*]]: !emitc.opaque<"GM_ADDR">
// CHECK: %[[ADDR:.*]] = cast %[[P]] : !emitc.opaque<"GM_ADDR"> to ui64
// CHECK-NEXT: verbatim "{}.SetUserDefInfo({});" args %{{.*}}, %[[ADDR]] :
// CHECK: %[[D:.*]] = literal "7" : i64
// CHECK-NEXT: verbatim "{}.SetSelfDefineData({});" args %{{.*}}, %[[D]] :
// CHECK-NEXT: %[[ADDR2:.*]] = cast %[[P]] : !emitc.opaque<"GM_ADDR"> to ui64
// CHECK-NEXT: verbatim "{}.SetSelfDefineData({});" args %{{.*}}, %[[ADDR2]] :
// CHECK: verbatim "{}.SetBias({});" args %{{.*}}, %{{.*}} : !{{.*}}, !emitc.opaque<"AscendC::LocalTensor<float>">

// CPP-LABEL: void callback_values(
// CPP-SAME: GM_ADDR [[P:[a-z0-9_]+]], GM_ADDR
// CPP: [[MM:[A-Za-z0-9_]+]].SetUserDefInfo(((uint64_t) [[P]]));
// CPP-NEXT: [[MM]].SetSelfDefineData(7);
// CPP-NEXT: [[MM]].SetSelfDefineData(((uint64_t) [[P]]));
// CPP: [[MM]].SetBias([[BIAS:[A-Za-z0-9_]+]]);
func.func @callback_values(%p: !asc.gm_addr, %ws: !asc.gm_addr) attributes {asc.kernel} {
  %pipe = asc.pipe.create
  %mm = asc.matmul.create : !mm
  asc.matmul.register %pipe, %ws, %mm : !mm
  asc.matmul.set_user_def_info %mm, %p : !mm, !asc.gm_addr
  %d = arith.constant 7 : i64
  asc.matmul.set_self_define_data %mm, %d : !mm, i64
  asc.matmul.set_self_define_data %mm, %p : !mm, !asc.gm_addr
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %bias = asc.local_tensor.create %c0, %c64 : !asc.local_tensor<vecin, f32>
  asc.matmul.set_bias %mm, %bias : !mm, !asc.local_tensor<vecin, f32>
  return
}
