// RUN: asc-translate --asc-to-ascendc %s | FileCheck %s

// An API call asc has no op for prints as the call the front end met, its
// explicit template arguments first; one with a result initialises a
// variable. (Not compiled: the runtime need not model every API a front end
// can meet.)

// CHECK-LABEL: void api_calls(GM_ADDR
// CHECK: AscendC::Exp([[Y:.*]], [[X:.*]], [[N:.*]]);
// CHECK-NEXT: AscendC::Cast<half, float>([[H:.*]], [[Y]], [[N]]);
// CHECK-NEXT: int64_t [[IDX:.*]] = AscendC::GetSubBlockIdx();
func.func @api_calls(%p: !asc.gm_addr) attributes {asc.kernel} {
  %n = arith.constant 256 : i32
  %len = arith.constant 1024 : i32
  %pipe = asc.pipe.create
  %buf = asc.tbuf.create : !asc.tbuf<veccalc>
  asc.pipe.init_tbuf %pipe, %buf, %len : !asc.tbuf<veccalc>
  %x = asc.tbuf.get %buf : !asc.tbuf<veccalc> -> !asc.local_tensor<veccalc, f32>
  %y = asc.tbuf.get %buf : !asc.tbuf<veccalc> -> !asc.local_tensor<veccalc, f32>
  %h = asc.tbuf.get %buf : !asc.tbuf<veccalc> -> !asc.local_tensor<veccalc, f16>
  asc.api_call "AscendC::Exp"(%y, %x, %n) on pipe_v writes [0] : (!asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32) -> ()
  asc.api_call "AscendC::Cast"(%h, %y, %n) on pipe_v writes [0] {template_args = ["half", "float"]} : (!asc.local_tensor<veccalc, f16>, !asc.local_tensor<veccalc, f32>, i32) -> ()
  %idx = asc.api_call "AscendC::GetSubBlockIdx"() on pipe_s : () -> i64
  return
}
