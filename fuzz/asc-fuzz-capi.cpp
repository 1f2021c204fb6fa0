//===- asc-fuzz-capi.cpp - fuzz the asc C API -----------------------------===//
//
// libFuzzer target over the C API (include/asc-c/): the input is a program
// of C API calls. It builds asc attributes and types with arguments it
// chooses (enum values out of range, null and foreign arguments included),
// calls every accessor on what it built, builds a kernel of asc ops with
// mlirOperationCreate from those types and attributes, and runs the standard
// pipeline on it up to a stage it chooses.
//
// Beyond crashes and sanitizer reports, it aborts with "asc-fuzz: ..." when
//   - a constructor returns null without an error diagnostic, or a value
//     with one;
//   - an accessor does not give back what the constructor was given, or a
//     value of another kind answers something else than null / Invalid;
//   - a type or attribute does not print and parse back to itself;
//   - mlirAscRunPipeline succeeds and its MLIR output does not parse,
//     verify and pass the Verify stage again.
//
// With ASC_FUZZ_TRACE set, each input prints how far it got ("asc-fuzz-capi:
// 12 types 9 attributes, 5 ops, kernel verifies, stage 2 ok").
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"
#include "capi-int-enums.h"

#include "asc-c/Dialects.h"
#include "asc-c/Pipeline.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/IR.h"
#include "mlir/CAPI/IR.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <climits>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

using namespace mlir::asc::fuzz;

namespace {
/// Reads the fuzzer's bytes as the choices of the program; zeros once they
/// run out.
class Choices {
public:
  Choices(const uint8_t *data, size_t size) : data(data), size(size) {}

  bool empty() const { return pos >= size; }
  uint8_t byte() { return pos < size ? data[pos++] : 0; }
  bool flag() { return byte() & 1; }
  uint32_t word() {
    uint32_t value = 0;
    for (int i = 0; i < 4; ++i)
      value = (value << 8) | byte();
    return value;
  }
  /// An index into a collection of `count` elements (count > 0).
  size_t index(size_t count) { return byte() % count; }

  /// A value for a C enum whose valid values are 0..maxValid: mostly valid
  /// ones, sometimes Invalid (-1), one past the end, or far out of range
  /// (only valid ones with ASC_FUZZ_CAPI_ENUMS=valid).
  int enumValue(int maxValid) {
    static const bool validOnly = [] {
      const char *mode = std::getenv("ASC_FUZZ_CAPI_ENUMS");
      return mode && llvm::StringRef(mode) == "valid";
    }();
    uint8_t choice = byte();
    if (validOnly)
      return choice % (maxValid + 1);
    switch (choice % 16) {
    case 13:
      return -1;
    case 14:
      return maxValid + 1;
    case 15:
      return choice & 0x80 ? INT_MIN : 42;
    default:
      return choice % (maxValid + 1);
    }
  }

private:
  const uint8_t *data;
  size_t size;
  size_t pos = 0;
};

/// Counts the error diagnostics of the context: the constructors promise one
/// exactly when they return null.
struct ErrorCounter {
  int errors = 0;

  static MlirLogicalResult handle(MlirDiagnostic diag, void *userData) {
    if (mlirDiagnosticGetSeverity(diag) == MlirDiagnosticError)
      ++static_cast<ErrorCounter *>(userData)->errors;
    return mlirLogicalResultSuccess();
  }
};

void appendToString(MlirStringRef piece, void *userData) {
  static_cast<std::string *>(userData)->append(piece.data, piece.length);
}

std::string print(MlirType type) {
  std::string text;
  mlirTypePrint(type, appendToString, &text);
  return text;
}

std::string print(MlirAttribute attr) {
  std::string text;
  mlirAttributePrint(attr, appendToString, &text);
  return text;
}

std::string print(MlirOperation op) {
  std::string text;
  mlirOperationPrint(op, appendToString, &text);
  return text;
}

/// One run of the program: the context, what was built so far, and the
/// checks on each call.
class CApiProgram {
public:
  explicit CApiProgram(Choices &choices) : choices(choices) {
    ctx = mlirContextCreateWithThreading(false);
    for (MlirDialectHandle handle :
         {mlirGetDialectHandle__asc__(), mlirGetDialectHandle__arith__(),
          mlirGetDialectHandle__func__(), mlirGetDialectHandle__scf__()})
      mlirDialectHandleLoadDialect(handle, ctx);
    mlirContextAttachDiagnosticHandler(ctx, ErrorCounter::handle, &counter,
                                       nullptr);
    loc = mlirLocationUnknownGet(ctx);
    for (const char *name :
         {"f16", "bf16", "f32", "i1", "i4", "i8", "i16", "i31", "i32", "i64",
          "ui8", "si32", "index", "f64", "none"})
      types.push_back(
          mlirTypeParseGet(ctx, mlirStringRefCreateFromCString(name)));
    types.push_back(mlirAscGmAddrTypeGet(ctx));
    types.push_back(mlirAscPipeTypeGet(ctx));
    types.push_back(mlirAscTilingTypeGet(ctx));
    for (MlirType type : types)
      check(!mlirTypeIsNull(type), "a fixed type is null", "");
    attrs.push_back(mlirAttributeGetNull());
    attrs.push_back(mlirBoolAttrGet(ctx, 0));
    attrs.push_back(mlirBoolAttrGet(ctx, 1));
    attrs.push_back(mlirUnitAttrGet(ctx));
    // The asc ops, to build by name.
    for (mlir::RegisteredOperationName name :
         unwrap(ctx)->getRegisteredOperations())
      if (name.getDialectNamespace() == "asc")
        opNames.push_back(name);
  }

  ~CApiProgram() {
    static const bool traced = std::getenv("ASC_FUZZ_TRACE") != nullptr;
    if (traced)
      llvm::errs() << "asc-fuzz-capi: " << types.size() << " types "
                   << attrs.size() << " attributes, " << numOps << " ops, "
                   << trace << "\n";
    mlirContextDestroy(ctx);
  }

  void run() {
    checkNullContext();
    // Types and attributes first, then a kernel that uses them.
    for (int step = 0, steps = choices.byte() % 32; step < steps; ++step)
      buildOne();
    buildAndRunKernel();
  }

private:
  [[noreturn]] void fail(const std::string &property,
                         const std::string &detail) {
    reportOracleFailure(property, "", detail);
  }
  void check(bool condition, const std::string &property,
             const std::string &detail) {
    if (!condition)
      fail(property, detail);
  }

  MlirType anyType() { return types[choices.index(types.size())]; }
  MlirAttribute anyAttr() { return attrs[choices.index(attrs.size())]; }

  /// Checks a constructor's answer against the errors it reported, keeps a
  /// non-null result and checks that it prints and parses back to itself.
  template <typename ValueT>
  bool checkConstructed(ValueT value, int errorsBefore, const char *what) {
    bool isNull;
    if constexpr (std::is_same_v<ValueT, MlirType>)
      isNull = mlirTypeIsNull(value);
    else
      isNull = mlirAttributeIsNull(value);
    bool reported = counter.errors > errorsBefore;
    check(isNull == reported,
          std::string(what) + (isNull ? " returned null without an error"
                                      : " reported an error and returned "
                                        "a value"),
          isNull ? "" : print(value));
    if (isNull)
      return false;
    std::string text = print(value);
    if constexpr (std::is_same_v<ValueT, MlirType>) {
      MlirType parsed =
          mlirTypeParseGet(ctx, mlirStringRefCreate(text.data(), text.size()));
      check(!mlirTypeIsNull(parsed) && mlirTypeEqual(parsed, value),
            std::string(what) + ": the type does not parse back to itself",
            text);
      types.push_back(value);
    } else {
      MlirAttribute parsed = mlirAttributeParseGet(
          ctx, mlirStringRefCreate(text.data(), text.size()));
      check(!mlirAttributeIsNull(parsed) && mlirAttributeEqual(parsed, value),
            std::string(what) + ": the attribute does not parse back to itself",
            text);
      attrs.push_back(value);
    }
    return true;
  }

  /// Constructors given a null context return null and report nothing.
  void checkNullContext() {
    MlirContext null = {nullptr};
    int before = counter.errors;
    check(mlirTypeIsNull(mlirAscGmAddrTypeGet(null)) &&
              mlirTypeIsNull(
                  mlirAscQueueTypeGet(null, MlirAscTPositionVECIN, 2)) &&
              mlirAttributeIsNull(
                  mlirAscTPositionAttrGet(null, MlirAscTPositionGM)) &&
              counter.errors == before,
          "a constructor given a null context does not return null quietly",
          "");
  }

  void buildOne() {
    int before = counter.errors;
    switch (choices.byte() % 12) {
    case 0: {
      int value = choices.enumValue(MlirAscTPositionTSCM);
      MlirAttribute attr = ascFuzzTPositionAttrGet(ctx, value);
      if (checkConstructed(attr, before, "mlirAscTPositionAttrGet"))
        check(mlirAscTPositionAttrGetValue(attr) == value,
              "mlirAscTPositionAttrGetValue differs", print(attr));
      break;
    }
    case 1: {
      int value = choices.enumValue(MlirAscCubeFormatVECTOR);
      MlirAttribute attr = ascFuzzCubeFormatAttrGet(ctx, value);
      if (checkConstructed(attr, before, "mlirAscCubeFormatAttrGet"))
        check(mlirAscCubeFormatAttrGetValue(attr) == value,
              "mlirAscCubeFormatAttrGetValue differs", print(attr));
      break;
    }
    case 2: {
      int value = choices.enumValue(MlirAscLayoutModeNORMAL);
      MlirAttribute attr = ascFuzzLayoutModeAttrGet(ctx, value);
      if (checkConstructed(attr, before, "mlirAscLayoutModeAttrGet"))
        check(mlirAscLayoutModeAttrGetValue(attr) == value,
              "mlirAscLayoutModeAttrGetValue differs", print(attr));
      break;
    }
    case 3: {
      int value = choices.enumValue(MlirAscPipeKindPIPE_ALL);
      MlirAttribute attr = ascFuzzPipeKindAttrGet(ctx, value);
      if (checkConstructed(attr, before, "mlirAscPipeKindAttrGet"))
        check(mlirAscPipeKindAttrGetValue(attr) == value,
              "mlirAscPipeKindAttrGetValue differs", print(attr));
      break;
    }
    case 4: {
      int value = choices.enumValue(MlirAscTilingFieldSingleBatchN);
      MlirAttribute attr = ascFuzzTilingFieldAttrGet(ctx, value);
      if (checkConstructed(attr, before, "mlirAscTilingFieldAttrGet"))
        check(mlirAscTilingFieldAttrGetValue(attr) == value,
              "mlirAscTilingFieldAttrGetValue differs", print(attr));
      break;
    }
    case 5: {
      int kind = choices.enumValue(MlirAscMatmulConfigKindBasic);
      bool isNBatch = choices.flag();
      MlirAttribute attr = ascFuzzMatmulConfigAttrGet(ctx, kind, isNBatch);
      if (checkConstructed(attr, before, "mlirAscMatmulConfigAttrGet"))
        check(mlirAscMatmulConfigAttrGetKind(attr) == kind &&
                  mlirAscMatmulConfigAttrGetIsNBatch(attr) == isNBatch,
              "mlirAscMatmulConfigAttr accessors differ", print(attr));
      break;
    }
    case 6: {
      int position = choices.enumValue(MlirAscTPositionTSCM);
      int format = choices.enumValue(MlirAscCubeFormatVECTOR);
      MlirType element = anyType();
      bool transposed = choices.flag();
      int layout = choices.enumValue(MlirAscLayoutModeNORMAL);
      MlirAttribute attr = ascFuzzMatmulPartAttrGet(
          ctx, position, format, element, transposed, layout);
      if (checkConstructed(attr, before, "mlirAscMatmulPartAttrGet"))
        check(mlirAscMatmulPartAttrGetPosition(attr) == position &&
                  mlirAscMatmulPartAttrGetFormat(attr) == format &&
                  mlirTypeEqual(mlirAscMatmulPartAttrGetElementType(attr),
                                element) &&
                  mlirAscMatmulPartAttrGetTransposed(attr) == transposed &&
                  mlirAscMatmulPartAttrGetLayout(attr) == layout &&
                  !mlirAscMatmulPartAttrGetIbshare(attr),
              "mlirAscMatmulPartAttr accessors differ", print(attr));
      break;
    }
    case 7: {
      MlirType element = anyType();
      MlirType type = mlirAscGlobalTensorTypeGet(ctx, element);
      if (checkConstructed(type, before, "mlirAscGlobalTensorTypeGet"))
        check(
            mlirTypeEqual(mlirAscGlobalTensorTypeGetElementType(type), element),
            "mlirAscGlobalTensorTypeGetElementType differs", print(type));
      break;
    }
    case 8: {
      int position = choices.enumValue(MlirAscTPositionTSCM);
      MlirType element = anyType();
      MlirType type = ascFuzzLocalTensorTypeGet(ctx, position, element);
      if (checkConstructed(type, before, "mlirAscLocalTensorTypeGet"))
        check(mlirAscLocalTensorTypeGetPosition(type) == position &&
                  mlirTypeEqual(mlirAscLocalTensorTypeGetElementType(type),
                                element),
              "mlirAscLocalTensorType accessors differ", print(type));
      break;
    }
    case 9: {
      int position = choices.enumValue(MlirAscTPositionTSCM);
      unsigned depth = choices.flag() ? choices.word() : choices.byte() % 6;
      MlirType type = ascFuzzQueueTypeGet(ctx, position, depth);
      if (checkConstructed(type, before, "mlirAscQueueTypeGet"))
        check(mlirAscQueueTypeGetPosition(type) == position &&
                  mlirAscQueueTypeGetDepth(type) == depth,
              "mlirAscQueueType accessors differ", print(type));
      break;
    }
    case 10: {
      MlirAttribute a = anyAttr(), b = anyAttr(), c = anyAttr();
      MlirAttribute bias = anyAttr(), config = anyAttr();
      MlirType type = mlirAscMatmulTypeGet(ctx, a, b, c, bias, config);
      if (checkConstructed(type, before, "mlirAscMatmulTypeGet"))
        check(mlirAttributeEqual(mlirAscMatmulTypeGetA(type), a) &&
                  mlirAttributeEqual(mlirAscMatmulTypeGetB(type), b) &&
                  mlirAttributeEqual(mlirAscMatmulTypeGetC(type), c) &&
                  mlirAttributeEqual(mlirAscMatmulTypeGetBias(type), bias) &&
                  mlirAttributeEqual(mlirAscMatmulTypeGetConfig(type), config),
              "mlirAscMatmulType accessors differ", print(type));
      break;
    }
    case 11:
      checkAccessorsOnAnything();
      break;
    }
  }

  /// Every accessor accepts any type or attribute; one of another kind
  /// gives null, Invalid, false or 0.
  void checkAccessorsOnAnything() {
    MlirType type = anyType();
    std::string text = print(type);
    if (!mlirTypeIsAAscQueueType(type))
      check(mlirAscQueueTypeGetDepth(type) == 0 &&
                mlirAscQueueTypeGetPosition(type) == MlirAscTPositionInvalid,
            "a queue accessor answers for another type", text);
    if (!mlirTypeIsAAscLocalTensorType(type))
      check(mlirAscLocalTensorTypeGetPosition(type) ==
                    MlirAscTPositionInvalid &&
                mlirTypeIsNull(mlirAscLocalTensorTypeGetElementType(type)),
            "a local tensor accessor answers for another type", text);
    if (!mlirTypeIsAAscGlobalTensorType(type))
      check(mlirTypeIsNull(mlirAscGlobalTensorTypeGetElementType(type)),
            "a global tensor accessor answers for another type", text);
    if (!mlirTypeIsAAscMatmulType(type))
      check(mlirAttributeIsNull(mlirAscMatmulTypeGetA(type)) &&
                mlirAttributeIsNull(mlirAscMatmulTypeGetConfig(type)),
            "a Matmul type accessor answers for another type", text);

    MlirAttribute attr = anyAttr();
    text = mlirAttributeIsNull(attr) ? "<null>" : print(attr);
    if (!mlirAttributeIsAAscMatmulPartAttr(attr))
      check(mlirAscMatmulPartAttrGetPosition(attr) == MlirAscTPositionInvalid &&
                mlirAscMatmulPartAttrGetLayout(attr) ==
                    MlirAscLayoutModeInvalid &&
                !mlirAscMatmulPartAttrGetIbshare(attr) &&
                mlirTypeIsNull(mlirAscMatmulPartAttrGetElementType(attr)),
            "a Matmul part accessor answers for another attribute", text);
    if (!mlirAttributeIsAAscMatmulConfigAttr(attr))
      check(mlirAscMatmulConfigAttrGetKind(attr) ==
                MlirAscMatmulConfigKindInvalid,
            "a Matmul config accessor answers for another attribute", text);
    if (!mlirAttributeIsAAscTPositionAttr(attr))
      check(mlirAscTPositionAttrGetValue(attr) == MlirAscTPositionInvalid,
            "a position accessor answers for another attribute", text);
  }

  /// An attribute for an op's attribute slot: one built so far, a bool, or
  /// an integer of a chosen type.
  MlirAttribute attrForSlot() {
    switch (choices.byte() % 4) {
    case 0:
      return mlirBoolAttrGet(ctx, choices.flag());
    case 1: {
      int64_t value = static_cast<int32_t>(choices.word());
      return mlirIntegerAttrGet(
          mlirIntegerTypeGet(ctx, choices.flag() ? 64 : 32), value);
    }
    default:
      return anyAttr();
    }
  }

  /// Builds `func.func @kernel` with arguments of chosen types and a body of
  /// chosen asc ops (and integer constants), then runs the pipeline on it.
  void buildAndRunKernel() {
    if (opNames.empty())
      return;
    size_t numArgs = choices.byte() % 6;
    std::vector<MlirType> argTypes;
    for (size_t i = 0; i < numArgs; ++i)
      argTypes.push_back(anyType());
    std::vector<MlirLocation> argLocs(numArgs, loc);
    MlirBlock body = mlirBlockCreate(numArgs, argTypes.data(), argLocs.data());
    std::vector<MlirValue> values;
    for (size_t i = 0; i < numArgs; ++i)
      values.push_back(mlirBlockGetArgument(body, i));

    numOps = choices.byte() % 24;
    for (size_t i = 0; i < numOps && !choices.empty(); ++i)
      appendOp(body, values);
    MlirOperationState ret = mlirOperationStateGet(
        mlirStringRefCreateFromCString("func.return"), loc);
    mlirBlockAppendOwnedOperation(body, mlirOperationCreate(&ret));

    MlirRegion region = mlirRegionCreate();
    mlirRegionAppendOwnedBlock(region, body);
    MlirType funcType =
        mlirFunctionTypeGet(ctx, numArgs, argTypes.data(), 0, nullptr);
    llvm::SmallVector<MlirNamedAttribute> funcAttrs = {
        named("sym_name",
              mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("kernel"))),
        named("function_type", mlirTypeAttrGet(funcType))};
    if (choices.flag())
      funcAttrs.push_back(named(std::string(mlirAscGetKernelAttrName().data,
                                            mlirAscGetKernelAttrName().length),
                                mlirUnitAttrGet(ctx)));
    MlirOperationState func =
        mlirOperationStateGet(mlirStringRefCreateFromCString("func.func"), loc);
    mlirOperationStateAddAttributes(&func, funcAttrs.size(), funcAttrs.data());
    mlirOperationStateAddOwnedRegions(&func, 1, &region);

    MlirModule module = mlirModuleCreateEmpty(loc);
    mlirBlockAppendOwnedOperation(mlirModuleGetBody(module),
                                  mlirOperationCreate(&func));
    bool verifies = mlirOperationVerify(mlirModuleGetOperation(module));
    trace = verifies ? "kernel verifies" : "kernel does not verify";
    if (verifies)
      runPipeline(module);
    mlirModuleDestroy(module);
  }

  MlirNamedAttribute named(const std::string &name, MlirAttribute attr) {
    return mlirNamedAttributeGet(
        mlirIdentifierGet(ctx, mlirStringRefCreate(name.data(), name.size())),
        attr);
  }

  void appendOp(MlirBlock body, std::vector<MlirValue> &values) {
    // The state refers to the name until mlirOperationCreate.
    std::string opName;
    MlirOperationState state;
    if (choices.byte() % 4 == 0) {
      // An integer constant: sizes, offsets and counts for the asc ops.
      MlirType type =
          choices.flag() ? mlirIndexTypeGet(ctx) : mlirIntegerTypeGet(ctx, 32);
      state = mlirOperationStateGet(
          mlirStringRefCreateFromCString("arith.constant"), loc);
      MlirNamedAttribute value =
          named("value",
                mlirIntegerAttrGet(type, static_cast<int16_t>(choices.word())));
      mlirOperationStateAddAttributes(&state, 1, &value);
      mlirOperationStateAddResults(&state, 1, &type);
    } else {
      mlir::RegisteredOperationName name =
          opNames[choices.index(opNames.size())];
      opName = name.getStringRef().str();
      state = mlirOperationStateGet(
          mlirStringRefCreate(opName.data(), opName.size()), loc);
      size_t numOperands = values.empty() ? 0 : choices.byte() % 5;
      std::vector<MlirValue> operands;
      for (size_t i = 0; i < numOperands; ++i)
        operands.push_back(values[choices.index(values.size())]);
      mlirOperationStateAddOperands(&state, operands.size(), operands.data());
      size_t numResults = choices.byte() % 3;
      std::vector<MlirType> resultTypes;
      for (size_t i = 0; i < numResults; ++i)
        resultTypes.push_back(anyType());
      mlirOperationStateAddResults(&state, resultTypes.size(),
                                   resultTypes.data());
      std::vector<MlirNamedAttribute> opAttrs;
      llvm::ArrayRef<mlir::StringAttr> slots = name.getAttributeNames();
      for (mlir::StringAttr slot : slots) {
        if (!choices.flag())
          continue;
        MlirAttribute value = attrForSlot();
        if (!mlirAttributeIsNull(value))
          opAttrs.push_back(named(slot.str(), value));
      }
      mlirOperationStateAddAttributes(&state, opAttrs.size(), opAttrs.data());
    }
    MlirOperation op = mlirOperationCreate(&state);
    mlirBlockAppendOwnedOperation(body, op);
    for (intptr_t i = 0, e = mlirOperationGetNumResults(op); i < e; ++i)
      values.push_back(mlirOperationGetResult(op, i));
  }

  /// Runs the pipeline up to a chosen stage (an invalid one sometimes); an
  /// MLIR result must parse, verify and pass the Verify stage again.
  void runPipeline(MlirModule module) {
    int stage = choices.enumValue(MlirAscPipelineStageEmission);
    std::string before = print(mlirModuleGetOperation(module));
    std::string output;
    bool ok = mlirLogicalResultIsSuccess(
        ascFuzzRunPipeline(module, stage, appendToString, &output));
    trace += ", stage " + std::to_string(stage) + (ok ? " ok" : " fails");
    if (!ok)
      return;
    check(stage >= MlirAscPipelineStageVerify &&
              stage <= MlirAscPipelineStageEmission,
          "mlirAscRunPipeline succeeds with stage " + std::to_string(stage),
          before);
    if (stage == MlirAscPipelineStageEmission)
      return;
    MlirModule reparsed = mlirModuleCreateParse(
        ctx, mlirStringRefCreate(output.data(), output.size()));
    check(!mlirModuleIsNull(reparsed),
          "the MLIR output of mlirAscRunPipeline does not parse",
          "-- input:\n" + before + "\n-- output:\n" + output);
    bool valid = mlirOperationVerify(mlirModuleGetOperation(reparsed)) &&
                 mlirLogicalResultIsSuccess(mlirAscRunPipeline(
                     reparsed, MlirAscPipelineStageVerify, nullptr, nullptr));
    mlirModuleDestroy(reparsed);
    check(valid, "the MLIR output of mlirAscRunPipeline fails the Verify stage",
          "-- input:\n" + before + "\n-- output:\n" + output);
  }

  Choices &choices;
  MlirContext ctx;
  MlirLocation loc;
  ErrorCounter counter;
  std::vector<MlirType> types;
  std::vector<MlirAttribute> attrs;
  std::vector<mlir::RegisteredOperationName> opNames;
  size_t numOps = 0;
  std::string trace = "no kernel";
};
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Choices choices(data, size);
  CApiProgram program(choices);
  program.run();
  return 0;
}
