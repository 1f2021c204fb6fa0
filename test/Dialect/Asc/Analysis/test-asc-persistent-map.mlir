// RUN: asc-opt %s -test-asc-persistent-map -o /dev/null 2>&1 | FileCheck %s
// RUN: asc-opt %s "-test-asc-persistent-map=seed=7 updates=50000 keys=64" -o /dev/null 2>&1 | FileCheck %s --check-prefix=DENSE
// RUN: asc-opt %s "-test-asc-persistent-map=seed=3 updates=30000 keys=20000" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPARSE

// The persistent maps the protocol states are made of (PersistentMap.h),
// against std::map: random adds and removes, the tree's order and AVL
// balance checked as it goes, and every kept version checked again at the
// end (an update must never change an older version).

// CHECK: remark: persistent map: 20000 updates, 207 kept versions, {{[0-9]+}} keys at the end: all agree with std::map
// Few keys: most updates replace or remove what is there.
// DENSE: remark: persistent map: 50000 updates, 516 kept versions, {{[0-9]+}} keys at the end: all agree with std::map
// Many keys: the tree grows deep.
// SPARSE: remark: persistent map: 30000 updates, 310 kept versions, {{[0-9]+}} keys at the end: all agree with std::map
module {}
