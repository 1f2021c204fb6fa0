// RUN: asc-opt %s -split-input-file --convert-asc-to-emitc=set-sys-workspace -verify-diagnostics | FileCheck %s
// RUN: asc-opt %s -split-input-file --convert-asc-to-emitc | FileCheck %s --check-prefix=DEFAULT

// With set-sys-workspace, a kernel that uses the system workspace hands its
// asc.workspace argument to SetSysWorkspace before anything else (the kernel
// launch flow without HAVE_WORKSPACE); without the option the framework is
// assumed to have set it.
// CHECK-LABEL: emitc.func @uses_sys_workspace(
// CHECK-SAME: %{{[^:]*}}: !emitc.opaque<"GM_ADDR">, %[[WS:[^:]*]]: !emitc.opaque<"GM_ADDR">)
// CHECK-NEXT: call_opaque "AscendC::SetSysWorkspace"(%[[WS]]) : (!emitc.opaque<"GM_ADDR">) -> ()
// CHECK-NEXT: call_opaque "GetSysWorkSpacePtr"()
// DEFAULT-LABEL: emitc.func @uses_sys_workspace(
// DEFAULT-NOT: SetSysWorkspace
// DEFAULT: call_opaque "GetSysWorkSpacePtr"()
func.func @uses_sys_workspace(%p: !asc.gm_addr, %ws: !asc.gm_addr {asc.workspace})
    attributes {asc.kernel} {
  %sys = asc.get_sys_workspace_ptr
  %user = asc.get_user_workspace %sys
  return
}

// -----

// A kernel that never reads the system workspace does not set it.
// CHECK-LABEL: emitc.func @no_sys_workspace(
// CHECK-NOT: SetSysWorkspace
// CHECK: return
func.func @no_sys_workspace(%ws: !asc.gm_addr {asc.workspace})
    attributes {asc.kernel} {
  %user = asc.get_user_workspace %ws
  return
}

// -----

// SetSysWorkspace needs to know which argument is the workspace.
// expected-error @+1 {{'func.func' op cannot emit SetSysWorkspace(workspace): the kernel uses the system workspace but no argument is marked 'asc.workspace'}}
func.func @unmarked_workspace(%ws: !asc.gm_addr) attributes {asc.kernel} {
  %sys = asc.get_sys_workspace_ptr
  %user = asc.get_user_workspace %sys
  return
}
