// RUN: asc-opt %s --convert-pyasc-to-asc="cube-only=true block-workspace=4096" -verify-diagnostics

// A cube-only kernel's registration drops its workspace argument (CANN's
// cube-only REGIST_MATMUL_OBJ), so there is no Matmul workspace to state a
// size for.

!mm = !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>

// expected-error @+1 {{block-workspace=4096 states a workspace for 'cube_only', but a cube-only kernel's Matmul objects take none (CANN's cube-only REGIST_MATMUL_OBJ drops its workspace argument)}}
func.func @cube_only(%ws: memref<?xui8, 22>) attributes {ascendc.aicore, ascendc.global} {
  %pipe = ascendc.pipe
  %mm = ascendc.construct !mm()
  ascendc.regist_matmul_obj %pipe, %ws, %mm : !ascendc.pipe, memref<?xui8, 22>, !mm
  ascendc.matmul.end %mm : !mm
  return
}
