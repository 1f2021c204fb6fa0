// RUN: asc-opt %s --canonicalize --split-input-file | FileCheck %s
// RUN: asc-opt %s --canonicalize --cse --canonicalize --split-input-file | FileCheck %s --check-prefix=MERGED
//
// The canonical asc.tiling.create names its fields in TilingField order and
// leaves out those set to a constant 0 (an absent field is zero); a tiling.get
// of a create folds to the field's value or 0; a create that sets every field
// to that field of one tiling is that tiling. The pyasc importer and the C++
// lifter build the same tiling differently and meet in this form.

// Fields given in source order come out in TilingField order.
// CHECK-LABEL: func.func @reorders_fields
// CHECK-SAME: (%[[U:[^:]*]]: i32, %[[M:[^:]*]]: i32, %[[N:[^:]*]]: i32, %[[B:[^:]*]]: i32)
// CHECK-NEXT: %[[T:.*]] = asc.tiling.create(usedCoreNum = %[[U]], M = %[[M]], N = %[[N]], baseM = %[[B]]){{$}}
// CHECK-NEXT: return %[[T]]
func.func @reorders_fields(%u: i32, %m: i32, %n: i32, %b: i32) -> !asc.tiling {
  %t = asc.tiling.create(baseM = %b, N = %n, usedCoreNum = %u, M = %m)
  return %t : !asc.tiling
}

// -----

// A field set to a constant 0 is left out: it is zero without being named.
// CHECK-LABEL: func.func @drops_zero_fields
// CHECK-SAME: (%[[M:[^:]*]]: i32)
// CHECK: %[[T:.*]] = asc.tiling.create(M = %[[M]]){{$}}
// CHECK-NEXT: return %[[T]]
func.func @drops_zero_fields(%m: i32) -> !asc.tiling {
  %c0 = arith.constant 0 : i32
  %t = asc.tiling.create(Ka = %c0, M = %m, baseM = %c0)
  return %t : !asc.tiling
}

// -----

// Only zero fields: the empty tiling.
// CHECK-LABEL: func.func @all_fields_zero
// CHECK: %[[T:.*]] = asc.tiling.create(){{$}}
// CHECK-NEXT: return %[[T]]
func.func @all_fields_zero() -> !asc.tiling {
  %c0 = arith.constant 0 : i32
  %t = asc.tiling.create(usedCoreNum = %c0, mxTypePara = %c0)
  return %t : !asc.tiling
}

// -----

// A non-zero constant and a run-time value stay, in the canonical order.
// CHECK-LABEL: func.func @keeps_nonzero_and_runtime_values
// CHECK-SAME: (%[[M:[^:]*]]: i32)
// CHECK: %[[C1:.*]] = arith.constant 1 : i32
// CHECK: %[[T:.*]] = asc.tiling.create(M = %[[M]], depthA1 = %[[C1]]){{$}}
// CHECK-NEXT: return %[[T]]
func.func @keeps_nonzero_and_runtime_values(%m: i32) -> !asc.tiling {
  %c1 = arith.constant 1 : i32
  %t = asc.tiling.create(depthA1 = %c1, M = %m)
  return %t : !asc.tiling
}

// -----

// A canonical create is left as it is.
// CHECK-LABEL: func.func @already_canonical
// CHECK-SAME: (%[[M:[^:]*]]: i32, %[[N:[^:]*]]: i32)
// CHECK-NEXT: %[[T:.*]] = asc.tiling.create(M = %[[M]], N = %[[N]]){{$}}
// CHECK-NEXT: return %[[T]]
func.func @already_canonical(%m: i32, %n: i32) -> !asc.tiling {
  %t = asc.tiling.create(M = %m, N = %n)
  return %t : !asc.tiling
}

// -----

// A get of a named field is the value it was given; of an unnamed one, 0.
// CHECK-LABEL: func.func @get_of_create
// CHECK-SAME: (%[[M:[^:]*]]: i32)
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: return %[[M]], %[[C0]]
func.func @get_of_create(%m: i32) -> (i32, i32) {
  %t = asc.tiling.create(M = %m)
  %named = asc.tiling.get %t[M]
  %unnamed = asc.tiling.get %t[baseK]
  return %named, %unnamed : i32, i32
}

// -----

// A get of a tiling read from global memory stays.
// CHECK-LABEL: func.func @get_of_loaded_tiling
// CHECK: %[[T:.*]] = asc.get_tiling
// CHECK-NEXT: %[[V:.*]] = asc.tiling.get %[[T]][baseM]
// CHECK-NEXT: return %[[V]]
func.func @get_of_loaded_tiling(%gm: !asc.gm_addr) -> i32 {
  %t = asc.get_tiling %gm
  %v = asc.tiling.get %t[baseM]
  return %v : i32
}

// -----

// Every field set to that field of one tiling (the C++ lifter's form when
// the kernel writes none): the tiling itself.
// CHECK-LABEL: func.func @full_cover_folds
// CHECK-SAME: (%[[T:[^:]*]]: !asc.tiling)
// CHECK-NOT: asc.tiling.create
// CHECK: return %[[T]]
func.func @full_cover_folds(%t: !asc.tiling) -> !asc.tiling {
  %g_usedCoreNum = asc.tiling.get %t[usedCoreNum]
  %g_M = asc.tiling.get %t[M]
  %g_N = asc.tiling.get %t[N]
  %g_Ka = asc.tiling.get %t[Ka]
  %g_Kb = asc.tiling.get %t[Kb]
  %g_singleCoreM = asc.tiling.get %t[singleCoreM]
  %g_singleCoreN = asc.tiling.get %t[singleCoreN]
  %g_singleCoreK = asc.tiling.get %t[singleCoreK]
  %g_baseM = asc.tiling.get %t[baseM]
  %g_baseN = asc.tiling.get %t[baseN]
  %g_baseK = asc.tiling.get %t[baseK]
  %g_depthA1 = asc.tiling.get %t[depthA1]
  %g_depthB1 = asc.tiling.get %t[depthB1]
  %g_stepM = asc.tiling.get %t[stepM]
  %g_stepN = asc.tiling.get %t[stepN]
  %g_stepKa = asc.tiling.get %t[stepKa]
  %g_stepKb = asc.tiling.get %t[stepKb]
  %g_isBias = asc.tiling.get %t[isBias]
  %g_iterateOrder = asc.tiling.get %t[iterateOrder]
  %g_batchM = asc.tiling.get %t[batchM]
  %g_batchN = asc.tiling.get %t[batchN]
  %g_singleBatchM = asc.tiling.get %t[singleBatchM]
  %g_singleBatchN = asc.tiling.get %t[singleBatchN]
  %g_transLength = asc.tiling.get %t[transLength]
  %g_shareMode = asc.tiling.get %t[shareMode]
  %g_shareL1Size = asc.tiling.get %t[shareL1Size]
  %g_shareL0CSize = asc.tiling.get %t[shareL0CSize]
  %g_shareUbSize = asc.tiling.get %t[shareUbSize]
  %g_depthAL1CacheUB = asc.tiling.get %t[depthAL1CacheUB]
  %g_depthBL1CacheUB = asc.tiling.get %t[depthBL1CacheUB]
  %g_dbL0A = asc.tiling.get %t[dbL0A]
  %g_dbL0B = asc.tiling.get %t[dbL0B]
  %g_dbL0C = asc.tiling.get %t[dbL0C]
  %g_ALayoutInfoB = asc.tiling.get %t[ALayoutInfoB]
  %g_ALayoutInfoS = asc.tiling.get %t[ALayoutInfoS]
  %g_ALayoutInfoN = asc.tiling.get %t[ALayoutInfoN]
  %g_ALayoutInfoG = asc.tiling.get %t[ALayoutInfoG]
  %g_ALayoutInfoD = asc.tiling.get %t[ALayoutInfoD]
  %g_BLayoutInfoB = asc.tiling.get %t[BLayoutInfoB]
  %g_BLayoutInfoS = asc.tiling.get %t[BLayoutInfoS]
  %g_BLayoutInfoN = asc.tiling.get %t[BLayoutInfoN]
  %g_BLayoutInfoG = asc.tiling.get %t[BLayoutInfoG]
  %g_BLayoutInfoD = asc.tiling.get %t[BLayoutInfoD]
  %g_CLayoutInfoB = asc.tiling.get %t[CLayoutInfoB]
  %g_CLayoutInfoS1 = asc.tiling.get %t[CLayoutInfoS1]
  %g_CLayoutInfoN = asc.tiling.get %t[CLayoutInfoN]
  %g_CLayoutInfoG = asc.tiling.get %t[CLayoutInfoG]
  %g_CLayoutInfoS2 = asc.tiling.get %t[CLayoutInfoS2]
  %g_BatchNum = asc.tiling.get %t[BatchNum]
  %g_mxTypePara = asc.tiling.get %t[mxTypePara]
  %r = asc.tiling.create(usedCoreNum = %g_usedCoreNum, M = %g_M, N = %g_N, Ka = %g_Ka, Kb = %g_Kb, singleCoreM = %g_singleCoreM, singleCoreN = %g_singleCoreN, singleCoreK = %g_singleCoreK, baseM = %g_baseM, baseN = %g_baseN, baseK = %g_baseK, depthA1 = %g_depthA1, depthB1 = %g_depthB1, stepM = %g_stepM, stepN = %g_stepN, stepKa = %g_stepKa, stepKb = %g_stepKb, isBias = %g_isBias, iterateOrder = %g_iterateOrder, batchM = %g_batchM, batchN = %g_batchN, singleBatchM = %g_singleBatchM, singleBatchN = %g_singleBatchN, transLength = %g_transLength, shareMode = %g_shareMode, shareL1Size = %g_shareL1Size, shareL0CSize = %g_shareL0CSize, shareUbSize = %g_shareUbSize, depthAL1CacheUB = %g_depthAL1CacheUB, depthBL1CacheUB = %g_depthBL1CacheUB, dbL0A = %g_dbL0A, dbL0B = %g_dbL0B, dbL0C = %g_dbL0C, ALayoutInfoB = %g_ALayoutInfoB, ALayoutInfoS = %g_ALayoutInfoS, ALayoutInfoN = %g_ALayoutInfoN, ALayoutInfoG = %g_ALayoutInfoG, ALayoutInfoD = %g_ALayoutInfoD, BLayoutInfoB = %g_BLayoutInfoB, BLayoutInfoS = %g_BLayoutInfoS, BLayoutInfoN = %g_BLayoutInfoN, BLayoutInfoG = %g_BLayoutInfoG, BLayoutInfoD = %g_BLayoutInfoD, CLayoutInfoB = %g_CLayoutInfoB, CLayoutInfoS1 = %g_CLayoutInfoS1, CLayoutInfoN = %g_CLayoutInfoN, CLayoutInfoG = %g_CLayoutInfoG, CLayoutInfoS2 = %g_CLayoutInfoS2, BatchNum = %g_BatchNum, mxTypePara = %g_mxTypePara)
  return %r : !asc.tiling
}

// -----

// The same in another order of the fields.
// CHECK-LABEL: func.func @full_cover_any_order_folds
// CHECK-SAME: (%[[T:[^:]*]]: !asc.tiling)
// CHECK-NOT: asc.tiling.create
// CHECK: return %[[T]]
func.func @full_cover_any_order_folds(%t: !asc.tiling) -> !asc.tiling {
  %g_usedCoreNum = asc.tiling.get %t[usedCoreNum]
  %g_M = asc.tiling.get %t[M]
  %g_N = asc.tiling.get %t[N]
  %g_Ka = asc.tiling.get %t[Ka]
  %g_Kb = asc.tiling.get %t[Kb]
  %g_singleCoreM = asc.tiling.get %t[singleCoreM]
  %g_singleCoreN = asc.tiling.get %t[singleCoreN]
  %g_singleCoreK = asc.tiling.get %t[singleCoreK]
  %g_baseM = asc.tiling.get %t[baseM]
  %g_baseN = asc.tiling.get %t[baseN]
  %g_baseK = asc.tiling.get %t[baseK]
  %g_depthA1 = asc.tiling.get %t[depthA1]
  %g_depthB1 = asc.tiling.get %t[depthB1]
  %g_stepM = asc.tiling.get %t[stepM]
  %g_stepN = asc.tiling.get %t[stepN]
  %g_stepKa = asc.tiling.get %t[stepKa]
  %g_stepKb = asc.tiling.get %t[stepKb]
  %g_isBias = asc.tiling.get %t[isBias]
  %g_iterateOrder = asc.tiling.get %t[iterateOrder]
  %g_batchM = asc.tiling.get %t[batchM]
  %g_batchN = asc.tiling.get %t[batchN]
  %g_singleBatchM = asc.tiling.get %t[singleBatchM]
  %g_singleBatchN = asc.tiling.get %t[singleBatchN]
  %g_transLength = asc.tiling.get %t[transLength]
  %g_shareMode = asc.tiling.get %t[shareMode]
  %g_shareL1Size = asc.tiling.get %t[shareL1Size]
  %g_shareL0CSize = asc.tiling.get %t[shareL0CSize]
  %g_shareUbSize = asc.tiling.get %t[shareUbSize]
  %g_depthAL1CacheUB = asc.tiling.get %t[depthAL1CacheUB]
  %g_depthBL1CacheUB = asc.tiling.get %t[depthBL1CacheUB]
  %g_dbL0A = asc.tiling.get %t[dbL0A]
  %g_dbL0B = asc.tiling.get %t[dbL0B]
  %g_dbL0C = asc.tiling.get %t[dbL0C]
  %g_ALayoutInfoB = asc.tiling.get %t[ALayoutInfoB]
  %g_ALayoutInfoS = asc.tiling.get %t[ALayoutInfoS]
  %g_ALayoutInfoN = asc.tiling.get %t[ALayoutInfoN]
  %g_ALayoutInfoG = asc.tiling.get %t[ALayoutInfoG]
  %g_ALayoutInfoD = asc.tiling.get %t[ALayoutInfoD]
  %g_BLayoutInfoB = asc.tiling.get %t[BLayoutInfoB]
  %g_BLayoutInfoS = asc.tiling.get %t[BLayoutInfoS]
  %g_BLayoutInfoN = asc.tiling.get %t[BLayoutInfoN]
  %g_BLayoutInfoG = asc.tiling.get %t[BLayoutInfoG]
  %g_BLayoutInfoD = asc.tiling.get %t[BLayoutInfoD]
  %g_CLayoutInfoB = asc.tiling.get %t[CLayoutInfoB]
  %g_CLayoutInfoS1 = asc.tiling.get %t[CLayoutInfoS1]
  %g_CLayoutInfoN = asc.tiling.get %t[CLayoutInfoN]
  %g_CLayoutInfoG = asc.tiling.get %t[CLayoutInfoG]
  %g_CLayoutInfoS2 = asc.tiling.get %t[CLayoutInfoS2]
  %g_BatchNum = asc.tiling.get %t[BatchNum]
  %g_mxTypePara = asc.tiling.get %t[mxTypePara]
  %r = asc.tiling.create(mxTypePara = %g_mxTypePara, BatchNum = %g_BatchNum, CLayoutInfoS2 = %g_CLayoutInfoS2, CLayoutInfoG = %g_CLayoutInfoG, CLayoutInfoN = %g_CLayoutInfoN, CLayoutInfoS1 = %g_CLayoutInfoS1, CLayoutInfoB = %g_CLayoutInfoB, BLayoutInfoD = %g_BLayoutInfoD, BLayoutInfoG = %g_BLayoutInfoG, BLayoutInfoN = %g_BLayoutInfoN, BLayoutInfoS = %g_BLayoutInfoS, BLayoutInfoB = %g_BLayoutInfoB, ALayoutInfoD = %g_ALayoutInfoD, ALayoutInfoG = %g_ALayoutInfoG, ALayoutInfoN = %g_ALayoutInfoN, ALayoutInfoS = %g_ALayoutInfoS, ALayoutInfoB = %g_ALayoutInfoB, dbL0C = %g_dbL0C, dbL0B = %g_dbL0B, dbL0A = %g_dbL0A, depthBL1CacheUB = %g_depthBL1CacheUB, depthAL1CacheUB = %g_depthAL1CacheUB, shareUbSize = %g_shareUbSize, shareL0CSize = %g_shareL0CSize, shareL1Size = %g_shareL1Size, shareMode = %g_shareMode, transLength = %g_transLength, singleBatchN = %g_singleBatchN, singleBatchM = %g_singleBatchM, batchN = %g_batchN, batchM = %g_batchM, iterateOrder = %g_iterateOrder, isBias = %g_isBias, stepKb = %g_stepKb, stepKa = %g_stepKa, stepN = %g_stepN, stepM = %g_stepM, depthB1 = %g_depthB1, depthA1 = %g_depthA1, baseK = %g_baseK, baseN = %g_baseN, baseM = %g_baseM, singleCoreK = %g_singleCoreK, singleCoreN = %g_singleCoreN, singleCoreM = %g_singleCoreM, Kb = %g_Kb, Ka = %g_Ka, N = %g_N, M = %g_M, usedCoreNum = %g_usedCoreNum)
  return %r : !asc.tiling
}

// -----

// One field left out: it is zero in the create, which %t's need not be, so
// the create stays (with the 49 gets).
// CHECK-LABEL: func.func @partial_cover_stays
// CHECK-SAME: (%[[T:[^:]*]]: !asc.tiling)
// CHECK: %[[R:.*]] = asc.tiling.create(usedCoreNum = %{{.*}}, M = %{{.*}}, {{.*}}, transLength = %{{.*}}, shareL1Size = %{{.*}}, {{.*}}, mxTypePara = %{{.*}}){{$}}
// CHECK-NEXT: return %[[R]]
func.func @partial_cover_stays(%t: !asc.tiling) -> !asc.tiling {
  %g_usedCoreNum = asc.tiling.get %t[usedCoreNum]
  %g_M = asc.tiling.get %t[M]
  %g_N = asc.tiling.get %t[N]
  %g_Ka = asc.tiling.get %t[Ka]
  %g_Kb = asc.tiling.get %t[Kb]
  %g_singleCoreM = asc.tiling.get %t[singleCoreM]
  %g_singleCoreN = asc.tiling.get %t[singleCoreN]
  %g_singleCoreK = asc.tiling.get %t[singleCoreK]
  %g_baseM = asc.tiling.get %t[baseM]
  %g_baseN = asc.tiling.get %t[baseN]
  %g_baseK = asc.tiling.get %t[baseK]
  %g_depthA1 = asc.tiling.get %t[depthA1]
  %g_depthB1 = asc.tiling.get %t[depthB1]
  %g_stepM = asc.tiling.get %t[stepM]
  %g_stepN = asc.tiling.get %t[stepN]
  %g_stepKa = asc.tiling.get %t[stepKa]
  %g_stepKb = asc.tiling.get %t[stepKb]
  %g_isBias = asc.tiling.get %t[isBias]
  %g_iterateOrder = asc.tiling.get %t[iterateOrder]
  %g_batchM = asc.tiling.get %t[batchM]
  %g_batchN = asc.tiling.get %t[batchN]
  %g_singleBatchM = asc.tiling.get %t[singleBatchM]
  %g_singleBatchN = asc.tiling.get %t[singleBatchN]
  %g_transLength = asc.tiling.get %t[transLength]
  %g_shareL1Size = asc.tiling.get %t[shareL1Size]
  %g_shareL0CSize = asc.tiling.get %t[shareL0CSize]
  %g_shareUbSize = asc.tiling.get %t[shareUbSize]
  %g_depthAL1CacheUB = asc.tiling.get %t[depthAL1CacheUB]
  %g_depthBL1CacheUB = asc.tiling.get %t[depthBL1CacheUB]
  %g_dbL0A = asc.tiling.get %t[dbL0A]
  %g_dbL0B = asc.tiling.get %t[dbL0B]
  %g_dbL0C = asc.tiling.get %t[dbL0C]
  %g_ALayoutInfoB = asc.tiling.get %t[ALayoutInfoB]
  %g_ALayoutInfoS = asc.tiling.get %t[ALayoutInfoS]
  %g_ALayoutInfoN = asc.tiling.get %t[ALayoutInfoN]
  %g_ALayoutInfoG = asc.tiling.get %t[ALayoutInfoG]
  %g_ALayoutInfoD = asc.tiling.get %t[ALayoutInfoD]
  %g_BLayoutInfoB = asc.tiling.get %t[BLayoutInfoB]
  %g_BLayoutInfoS = asc.tiling.get %t[BLayoutInfoS]
  %g_BLayoutInfoN = asc.tiling.get %t[BLayoutInfoN]
  %g_BLayoutInfoG = asc.tiling.get %t[BLayoutInfoG]
  %g_BLayoutInfoD = asc.tiling.get %t[BLayoutInfoD]
  %g_CLayoutInfoB = asc.tiling.get %t[CLayoutInfoB]
  %g_CLayoutInfoS1 = asc.tiling.get %t[CLayoutInfoS1]
  %g_CLayoutInfoN = asc.tiling.get %t[CLayoutInfoN]
  %g_CLayoutInfoG = asc.tiling.get %t[CLayoutInfoG]
  %g_CLayoutInfoS2 = asc.tiling.get %t[CLayoutInfoS2]
  %g_BatchNum = asc.tiling.get %t[BatchNum]
  %g_mxTypePara = asc.tiling.get %t[mxTypePara]
  %r = asc.tiling.create(usedCoreNum = %g_usedCoreNum, M = %g_M, N = %g_N, Ka = %g_Ka, Kb = %g_Kb, singleCoreM = %g_singleCoreM, singleCoreN = %g_singleCoreN, singleCoreK = %g_singleCoreK, baseM = %g_baseM, baseN = %g_baseN, baseK = %g_baseK, depthA1 = %g_depthA1, depthB1 = %g_depthB1, stepM = %g_stepM, stepN = %g_stepN, stepKa = %g_stepKa, stepKb = %g_stepKb, isBias = %g_isBias, iterateOrder = %g_iterateOrder, batchM = %g_batchM, batchN = %g_batchN, singleBatchM = %g_singleBatchM, singleBatchN = %g_singleBatchN, transLength = %g_transLength, shareL1Size = %g_shareL1Size, shareL0CSize = %g_shareL0CSize, shareUbSize = %g_shareUbSize, depthAL1CacheUB = %g_depthAL1CacheUB, depthBL1CacheUB = %g_depthBL1CacheUB, dbL0A = %g_dbL0A, dbL0B = %g_dbL0B, dbL0C = %g_dbL0C, ALayoutInfoB = %g_ALayoutInfoB, ALayoutInfoS = %g_ALayoutInfoS, ALayoutInfoN = %g_ALayoutInfoN, ALayoutInfoG = %g_ALayoutInfoG, ALayoutInfoD = %g_ALayoutInfoD, BLayoutInfoB = %g_BLayoutInfoB, BLayoutInfoS = %g_BLayoutInfoS, BLayoutInfoN = %g_BLayoutInfoN, BLayoutInfoG = %g_BLayoutInfoG, BLayoutInfoD = %g_BLayoutInfoD, CLayoutInfoB = %g_CLayoutInfoB, CLayoutInfoS1 = %g_CLayoutInfoS1, CLayoutInfoN = %g_CLayoutInfoN, CLayoutInfoG = %g_CLayoutInfoG, CLayoutInfoS2 = %g_CLayoutInfoS2, BatchNum = %g_BatchNum, mxTypePara = %g_mxTypePara)
  return %r : !asc.tiling
}

// -----

// Every field, but one read from another tiling: the create stays.
// CHECK-LABEL: func.func @full_cover_of_two_tilings_stays
// CHECK-SAME: (%[[T:[^:]*]]: !asc.tiling, %[[S:[^:]*]]: !asc.tiling)
// CHECK: %[[M:.*]] = asc.tiling.get %[[S]][M]
// CHECK: %[[R:.*]] = asc.tiling.create(usedCoreNum = %{{.*}}, M = %[[M]], {{.*}}){{$}}
// CHECK-NEXT: return %[[R]]
func.func @full_cover_of_two_tilings_stays(%t: !asc.tiling, %s: !asc.tiling) -> !asc.tiling {
  %other_M = asc.tiling.get %s[M]
  %g_usedCoreNum = asc.tiling.get %t[usedCoreNum]
  %g_M = asc.tiling.get %t[M]
  %g_N = asc.tiling.get %t[N]
  %g_Ka = asc.tiling.get %t[Ka]
  %g_Kb = asc.tiling.get %t[Kb]
  %g_singleCoreM = asc.tiling.get %t[singleCoreM]
  %g_singleCoreN = asc.tiling.get %t[singleCoreN]
  %g_singleCoreK = asc.tiling.get %t[singleCoreK]
  %g_baseM = asc.tiling.get %t[baseM]
  %g_baseN = asc.tiling.get %t[baseN]
  %g_baseK = asc.tiling.get %t[baseK]
  %g_depthA1 = asc.tiling.get %t[depthA1]
  %g_depthB1 = asc.tiling.get %t[depthB1]
  %g_stepM = asc.tiling.get %t[stepM]
  %g_stepN = asc.tiling.get %t[stepN]
  %g_stepKa = asc.tiling.get %t[stepKa]
  %g_stepKb = asc.tiling.get %t[stepKb]
  %g_isBias = asc.tiling.get %t[isBias]
  %g_iterateOrder = asc.tiling.get %t[iterateOrder]
  %g_batchM = asc.tiling.get %t[batchM]
  %g_batchN = asc.tiling.get %t[batchN]
  %g_singleBatchM = asc.tiling.get %t[singleBatchM]
  %g_singleBatchN = asc.tiling.get %t[singleBatchN]
  %g_transLength = asc.tiling.get %t[transLength]
  %g_shareMode = asc.tiling.get %t[shareMode]
  %g_shareL1Size = asc.tiling.get %t[shareL1Size]
  %g_shareL0CSize = asc.tiling.get %t[shareL0CSize]
  %g_shareUbSize = asc.tiling.get %t[shareUbSize]
  %g_depthAL1CacheUB = asc.tiling.get %t[depthAL1CacheUB]
  %g_depthBL1CacheUB = asc.tiling.get %t[depthBL1CacheUB]
  %g_dbL0A = asc.tiling.get %t[dbL0A]
  %g_dbL0B = asc.tiling.get %t[dbL0B]
  %g_dbL0C = asc.tiling.get %t[dbL0C]
  %g_ALayoutInfoB = asc.tiling.get %t[ALayoutInfoB]
  %g_ALayoutInfoS = asc.tiling.get %t[ALayoutInfoS]
  %g_ALayoutInfoN = asc.tiling.get %t[ALayoutInfoN]
  %g_ALayoutInfoG = asc.tiling.get %t[ALayoutInfoG]
  %g_ALayoutInfoD = asc.tiling.get %t[ALayoutInfoD]
  %g_BLayoutInfoB = asc.tiling.get %t[BLayoutInfoB]
  %g_BLayoutInfoS = asc.tiling.get %t[BLayoutInfoS]
  %g_BLayoutInfoN = asc.tiling.get %t[BLayoutInfoN]
  %g_BLayoutInfoG = asc.tiling.get %t[BLayoutInfoG]
  %g_BLayoutInfoD = asc.tiling.get %t[BLayoutInfoD]
  %g_CLayoutInfoB = asc.tiling.get %t[CLayoutInfoB]
  %g_CLayoutInfoS1 = asc.tiling.get %t[CLayoutInfoS1]
  %g_CLayoutInfoN = asc.tiling.get %t[CLayoutInfoN]
  %g_CLayoutInfoG = asc.tiling.get %t[CLayoutInfoG]
  %g_CLayoutInfoS2 = asc.tiling.get %t[CLayoutInfoS2]
  %g_BatchNum = asc.tiling.get %t[BatchNum]
  %g_mxTypePara = asc.tiling.get %t[mxTypePara]
  %r = asc.tiling.create(usedCoreNum = %g_usedCoreNum, M = %other_M, N = %g_N, Ka = %g_Ka, Kb = %g_Kb, singleCoreM = %g_singleCoreM, singleCoreN = %g_singleCoreN, singleCoreK = %g_singleCoreK, baseM = %g_baseM, baseN = %g_baseN, baseK = %g_baseK, depthA1 = %g_depthA1, depthB1 = %g_depthB1, stepM = %g_stepM, stepN = %g_stepN, stepKa = %g_stepKa, stepKb = %g_stepKb, isBias = %g_isBias, iterateOrder = %g_iterateOrder, batchM = %g_batchM, batchN = %g_batchN, singleBatchM = %g_singleBatchM, singleBatchN = %g_singleBatchN, transLength = %g_transLength, shareMode = %g_shareMode, shareL1Size = %g_shareL1Size, shareL0CSize = %g_shareL0CSize, shareUbSize = %g_shareUbSize, depthAL1CacheUB = %g_depthAL1CacheUB, depthBL1CacheUB = %g_depthBL1CacheUB, dbL0A = %g_dbL0A, dbL0B = %g_dbL0B, dbL0C = %g_dbL0C, ALayoutInfoB = %g_ALayoutInfoB, ALayoutInfoS = %g_ALayoutInfoS, ALayoutInfoN = %g_ALayoutInfoN, ALayoutInfoG = %g_ALayoutInfoG, ALayoutInfoD = %g_ALayoutInfoD, BLayoutInfoB = %g_BLayoutInfoB, BLayoutInfoS = %g_BLayoutInfoS, BLayoutInfoN = %g_BLayoutInfoN, BLayoutInfoG = %g_BLayoutInfoG, BLayoutInfoD = %g_BLayoutInfoD, CLayoutInfoB = %g_CLayoutInfoB, CLayoutInfoS1 = %g_CLayoutInfoS1, CLayoutInfoN = %g_CLayoutInfoN, CLayoutInfoG = %g_CLayoutInfoG, CLayoutInfoS2 = %g_CLayoutInfoS2, BatchNum = %g_BatchNum, mxTypePara = %g_mxTypePara)
  return %r : !asc.tiling
}

// -----

// Every field from one tiling, but M and N swapped: the create stays.
// CHECK-LABEL: func.func @full_cover_swapped_fields_stays
// CHECK-SAME: (%[[T:[^:]*]]: !asc.tiling)
// CHECK-DAG: %[[M:.*]] = asc.tiling.get %[[T]][M]
// CHECK-DAG: %[[N:.*]] = asc.tiling.get %[[T]][N]
// CHECK: %[[R:.*]] = asc.tiling.create(usedCoreNum = %{{.*}}, M = %[[N]], N = %[[M]], {{.*}}){{$}}
// CHECK-NEXT: return %[[R]]
func.func @full_cover_swapped_fields_stays(%t: !asc.tiling) -> !asc.tiling {
  %g_usedCoreNum = asc.tiling.get %t[usedCoreNum]
  %g_M = asc.tiling.get %t[M]
  %g_N = asc.tiling.get %t[N]
  %g_Ka = asc.tiling.get %t[Ka]
  %g_Kb = asc.tiling.get %t[Kb]
  %g_singleCoreM = asc.tiling.get %t[singleCoreM]
  %g_singleCoreN = asc.tiling.get %t[singleCoreN]
  %g_singleCoreK = asc.tiling.get %t[singleCoreK]
  %g_baseM = asc.tiling.get %t[baseM]
  %g_baseN = asc.tiling.get %t[baseN]
  %g_baseK = asc.tiling.get %t[baseK]
  %g_depthA1 = asc.tiling.get %t[depthA1]
  %g_depthB1 = asc.tiling.get %t[depthB1]
  %g_stepM = asc.tiling.get %t[stepM]
  %g_stepN = asc.tiling.get %t[stepN]
  %g_stepKa = asc.tiling.get %t[stepKa]
  %g_stepKb = asc.tiling.get %t[stepKb]
  %g_isBias = asc.tiling.get %t[isBias]
  %g_iterateOrder = asc.tiling.get %t[iterateOrder]
  %g_batchM = asc.tiling.get %t[batchM]
  %g_batchN = asc.tiling.get %t[batchN]
  %g_singleBatchM = asc.tiling.get %t[singleBatchM]
  %g_singleBatchN = asc.tiling.get %t[singleBatchN]
  %g_transLength = asc.tiling.get %t[transLength]
  %g_shareMode = asc.tiling.get %t[shareMode]
  %g_shareL1Size = asc.tiling.get %t[shareL1Size]
  %g_shareL0CSize = asc.tiling.get %t[shareL0CSize]
  %g_shareUbSize = asc.tiling.get %t[shareUbSize]
  %g_depthAL1CacheUB = asc.tiling.get %t[depthAL1CacheUB]
  %g_depthBL1CacheUB = asc.tiling.get %t[depthBL1CacheUB]
  %g_dbL0A = asc.tiling.get %t[dbL0A]
  %g_dbL0B = asc.tiling.get %t[dbL0B]
  %g_dbL0C = asc.tiling.get %t[dbL0C]
  %g_ALayoutInfoB = asc.tiling.get %t[ALayoutInfoB]
  %g_ALayoutInfoS = asc.tiling.get %t[ALayoutInfoS]
  %g_ALayoutInfoN = asc.tiling.get %t[ALayoutInfoN]
  %g_ALayoutInfoG = asc.tiling.get %t[ALayoutInfoG]
  %g_ALayoutInfoD = asc.tiling.get %t[ALayoutInfoD]
  %g_BLayoutInfoB = asc.tiling.get %t[BLayoutInfoB]
  %g_BLayoutInfoS = asc.tiling.get %t[BLayoutInfoS]
  %g_BLayoutInfoN = asc.tiling.get %t[BLayoutInfoN]
  %g_BLayoutInfoG = asc.tiling.get %t[BLayoutInfoG]
  %g_BLayoutInfoD = asc.tiling.get %t[BLayoutInfoD]
  %g_CLayoutInfoB = asc.tiling.get %t[CLayoutInfoB]
  %g_CLayoutInfoS1 = asc.tiling.get %t[CLayoutInfoS1]
  %g_CLayoutInfoN = asc.tiling.get %t[CLayoutInfoN]
  %g_CLayoutInfoG = asc.tiling.get %t[CLayoutInfoG]
  %g_CLayoutInfoS2 = asc.tiling.get %t[CLayoutInfoS2]
  %g_BatchNum = asc.tiling.get %t[BatchNum]
  %g_mxTypePara = asc.tiling.get %t[mxTypePara]
  %r = asc.tiling.create(usedCoreNum = %g_usedCoreNum, M = %g_N, N = %g_M, Ka = %g_Ka, Kb = %g_Kb, singleCoreM = %g_singleCoreM, singleCoreN = %g_singleCoreN, singleCoreK = %g_singleCoreK, baseM = %g_baseM, baseN = %g_baseN, baseK = %g_baseK, depthA1 = %g_depthA1, depthB1 = %g_depthB1, stepM = %g_stepM, stepN = %g_stepN, stepKa = %g_stepKa, stepKb = %g_stepKb, isBias = %g_isBias, iterateOrder = %g_iterateOrder, batchM = %g_batchM, batchN = %g_batchN, singleBatchM = %g_singleBatchM, singleBatchN = %g_singleBatchN, transLength = %g_transLength, shareMode = %g_shareMode, shareL1Size = %g_shareL1Size, shareL0CSize = %g_shareL0CSize, shareUbSize = %g_shareUbSize, depthAL1CacheUB = %g_depthAL1CacheUB, depthBL1CacheUB = %g_depthBL1CacheUB, dbL0A = %g_dbL0A, dbL0B = %g_dbL0B, dbL0C = %g_dbL0C, ALayoutInfoB = %g_ALayoutInfoB, ALayoutInfoS = %g_ALayoutInfoS, ALayoutInfoN = %g_ALayoutInfoN, ALayoutInfoG = %g_ALayoutInfoG, ALayoutInfoD = %g_ALayoutInfoD, BLayoutInfoB = %g_BLayoutInfoB, BLayoutInfoS = %g_BLayoutInfoS, BLayoutInfoN = %g_BLayoutInfoN, BLayoutInfoG = %g_BLayoutInfoG, BLayoutInfoD = %g_BLayoutInfoD, CLayoutInfoB = %g_CLayoutInfoB, CLayoutInfoS1 = %g_CLayoutInfoS1, CLayoutInfoN = %g_CLayoutInfoN, CLayoutInfoG = %g_CLayoutInfoG, CLayoutInfoS2 = %g_CLayoutInfoS2, BatchNum = %g_BatchNum, mxTypePara = %g_mxTypePara)
  return %r : !asc.tiling
}

// -----

// The two front ends' forms of one tiling built in the kernel: pyasc's (the
// fields the program sets, in its order, zeros included) and the C++
// lifter's (every field, the unwritten ones read from the empty tiling it
// started from). Both become the same canonical create, one op after CSE.
// CHECK-LABEL: func.func @front_ends_meet
// CHECK-SAME: (%[[U:[^:]*]]: i32, %[[M:[^:]*]]: i32, %[[N:[^:]*]]: i32, %[[K:[^:]*]]: i32, %[[B:[^:]*]]: i32)
// CHECK: %[[C1:.*]] = arith.constant 1 : i32
// CHECK: %[[P:.*]] = asc.tiling.create(usedCoreNum = %[[U]], M = %[[M]], N = %[[N]], Ka = %[[K]], Kb = %[[K]], baseM = %[[B]], baseN = %[[B]], baseK = %[[B]], depthA1 = %[[C1]]){{$}}
// CHECK: %[[L:.*]] = asc.tiling.create(usedCoreNum = %[[U]], M = %[[M]], N = %[[N]], Ka = %[[K]], Kb = %[[K]], baseM = %[[B]], baseN = %[[B]], baseK = %[[B]], depthA1 = %[[C1]]){{$}}
// CHECK-NEXT: return %[[P]], %[[L]]
// MERGED-LABEL: func.func @front_ends_meet
// MERGED: %[[T:.*]] = asc.tiling.create(usedCoreNum = {{.*}}){{$}}
// MERGED-NEXT: return %[[T]], %[[T]]
func.func @front_ends_meet(%u: i32, %m: i32, %n: i32, %k: i32, %b: i32) -> (!asc.tiling, !asc.tiling) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %pyasc = asc.tiling.create(usedCoreNum = %u, M = %m, Ka = %k, Kb = %k, N = %n, singleCoreM = %c0, baseM = %b, baseN = %b, baseK = %b, depthA1 = %c1, shareMode = %c0)
  %empty = asc.tiling.create()
  %g_singleCoreM = asc.tiling.get %empty[singleCoreM]
  %g_singleCoreN = asc.tiling.get %empty[singleCoreN]
  %g_singleCoreK = asc.tiling.get %empty[singleCoreK]
  %g_depthB1 = asc.tiling.get %empty[depthB1]
  %g_stepM = asc.tiling.get %empty[stepM]
  %g_stepN = asc.tiling.get %empty[stepN]
  %g_stepKa = asc.tiling.get %empty[stepKa]
  %g_stepKb = asc.tiling.get %empty[stepKb]
  %g_isBias = asc.tiling.get %empty[isBias]
  %g_iterateOrder = asc.tiling.get %empty[iterateOrder]
  %g_batchM = asc.tiling.get %empty[batchM]
  %g_batchN = asc.tiling.get %empty[batchN]
  %g_singleBatchM = asc.tiling.get %empty[singleBatchM]
  %g_singleBatchN = asc.tiling.get %empty[singleBatchN]
  %g_transLength = asc.tiling.get %empty[transLength]
  %g_shareMode = asc.tiling.get %empty[shareMode]
  %g_shareL1Size = asc.tiling.get %empty[shareL1Size]
  %g_shareL0CSize = asc.tiling.get %empty[shareL0CSize]
  %g_shareUbSize = asc.tiling.get %empty[shareUbSize]
  %g_depthAL1CacheUB = asc.tiling.get %empty[depthAL1CacheUB]
  %g_depthBL1CacheUB = asc.tiling.get %empty[depthBL1CacheUB]
  %g_dbL0A = asc.tiling.get %empty[dbL0A]
  %g_dbL0B = asc.tiling.get %empty[dbL0B]
  %g_dbL0C = asc.tiling.get %empty[dbL0C]
  %g_ALayoutInfoB = asc.tiling.get %empty[ALayoutInfoB]
  %g_ALayoutInfoS = asc.tiling.get %empty[ALayoutInfoS]
  %g_ALayoutInfoN = asc.tiling.get %empty[ALayoutInfoN]
  %g_ALayoutInfoG = asc.tiling.get %empty[ALayoutInfoG]
  %g_ALayoutInfoD = asc.tiling.get %empty[ALayoutInfoD]
  %g_BLayoutInfoB = asc.tiling.get %empty[BLayoutInfoB]
  %g_BLayoutInfoS = asc.tiling.get %empty[BLayoutInfoS]
  %g_BLayoutInfoN = asc.tiling.get %empty[BLayoutInfoN]
  %g_BLayoutInfoG = asc.tiling.get %empty[BLayoutInfoG]
  %g_BLayoutInfoD = asc.tiling.get %empty[BLayoutInfoD]
  %g_CLayoutInfoB = asc.tiling.get %empty[CLayoutInfoB]
  %g_CLayoutInfoS1 = asc.tiling.get %empty[CLayoutInfoS1]
  %g_CLayoutInfoN = asc.tiling.get %empty[CLayoutInfoN]
  %g_CLayoutInfoG = asc.tiling.get %empty[CLayoutInfoG]
  %g_CLayoutInfoS2 = asc.tiling.get %empty[CLayoutInfoS2]
  %g_BatchNum = asc.tiling.get %empty[BatchNum]
  %g_mxTypePara = asc.tiling.get %empty[mxTypePara]
  %lifted = asc.tiling.create(usedCoreNum = %u, M = %m, N = %n, Ka = %k, Kb = %k, singleCoreM = %g_singleCoreM, singleCoreN = %g_singleCoreN, singleCoreK = %g_singleCoreK, baseM = %b, baseN = %b, baseK = %b, depthA1 = %c1, depthB1 = %g_depthB1, stepM = %g_stepM, stepN = %g_stepN, stepKa = %g_stepKa, stepKb = %g_stepKb, isBias = %g_isBias, iterateOrder = %g_iterateOrder, batchM = %g_batchM, batchN = %g_batchN, singleBatchM = %g_singleBatchM, singleBatchN = %g_singleBatchN, transLength = %g_transLength, shareMode = %g_shareMode, shareL1Size = %g_shareL1Size, shareL0CSize = %g_shareL0CSize, shareUbSize = %g_shareUbSize, depthAL1CacheUB = %g_depthAL1CacheUB, depthBL1CacheUB = %g_depthBL1CacheUB, dbL0A = %g_dbL0A, dbL0B = %g_dbL0B, dbL0C = %g_dbL0C, ALayoutInfoB = %g_ALayoutInfoB, ALayoutInfoS = %g_ALayoutInfoS, ALayoutInfoN = %g_ALayoutInfoN, ALayoutInfoG = %g_ALayoutInfoG, ALayoutInfoD = %g_ALayoutInfoD, BLayoutInfoB = %g_BLayoutInfoB, BLayoutInfoS = %g_BLayoutInfoS, BLayoutInfoN = %g_BLayoutInfoN, BLayoutInfoG = %g_BLayoutInfoG, BLayoutInfoD = %g_BLayoutInfoD, CLayoutInfoB = %g_CLayoutInfoB, CLayoutInfoS1 = %g_CLayoutInfoS1, CLayoutInfoN = %g_CLayoutInfoN, CLayoutInfoG = %g_CLayoutInfoG, CLayoutInfoS2 = %g_CLayoutInfoS2, BatchNum = %g_BatchNum, mxTypePara = %g_mxTypePara)
  return %pyasc, %lifted : !asc.tiling, !asc.tiling
}
