//===- KernelLifter.h - Lifting one Ascend C kernel to asc ------*- C++ -*-===//
//
// The lifter is an abstract interpreter over Clang's instantiated AST. It
// walks the kernel's body, inlines every function and method of the user's
// own source, and keeps the C++ variables in slots that hold abstract
// values: an SSA value (a scalar, a tensor, a queue, a pipe, a Matmul
// object, a tiling), a pointer into global memory, or an object of the
// user's classes with its fields. Structured control flow becomes scf: every
// if and loop first records which outer slots its regions change and then
// carries exactly those (scf.if results, scf.while arguments), so the SSA
// form is built without a separate pass. Loops are lifted as scf.while with
// the C++ condition re-evaluated each trip (exact for narrow and unsigned
// counters); upstream's upliftWhileToForLoop turns the counted ones into
// scf.for afterwards. Not installed.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_LIB_FRONTEND_ASCENDC_KERNELLIFTER_H
#define ASC_LIB_FRONTEND_ASCENDC_KERNELLIFTER_H

#include "Lifter.h"

#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "asc/Dialect/Asc/IR/AscTypes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"

#include <deque>

namespace mlir::asc::frontend {

struct Object;
struct Slot;

/// The abstract value of a C++ expression.
struct Lifted {
  enum Kind {
    Unset,     // a variable declared without a value yet
    Scalar,    // an integer, bool or float: `value`
    Handle,    // a tensor, pipe, queue, Matmul object or tiling: `value`
    Pointer,   // a __gm__ pointer: `value` (gm_addr) viewed as `pointee`
    ObjectRef, // an object of a user class or a plain API struct
    SlotRef,   // the address of a variable (`&tiling`)
    Null,      // nullptr
    Void,      // what a void call gives
  };
  Kind kind = Unset;
  Value value;
  /// Pointer: the element type the pointer is cast to; null for bytes.
  Type pointee;
  Object *object = nullptr;
  Slot *slot = nullptr;
  /// Pointer: `value` advanced by `offset` (i64) elements of
  /// `offsetElement` (`gm + n`); null when it points at `value` itself.
  /// Only SetGlobalBuffer takes such a pointer.
  Value offset;
  Type offsetElement;

  static Lifted scalar(Value v) { return {Scalar, v, {}, nullptr, nullptr}; }
  static Lifted handle(Value v) { return {Handle, v, {}, nullptr, nullptr}; }
  static Lifted voidValue() { return {Void, {}, {}, nullptr, nullptr}; }
  bool carriesValue() const { return kind == Scalar || kind == Handle; }
  /// A GM pointer at the start of its address (no `+ n`).
  bool isGmAddress() const { return kind == Pointer && !offset; }
};

/// A C++ variable or field. `generation` orders slots by creation: a region
/// carries only the slots that existed before it started.
struct Slot {
  Lifted value;
  unsigned generation = 0;
  std::string name;
  /// A field a kernel wrote into its TCubeTiling copy: until written on a
  /// path, its value is `asc.tiling.get %tilingBase[tilingField]`.
  Value tilingBase;
  TilingField tilingField = TilingField::M;
};

/// An object of a class the lifter models field by field.
struct Object {
  const clang::CXXRecordDecl *record = nullptr;
  /// For the written fields of a TCubeTiling copy: the variable they
  /// belong to (a copy into another variable copies them).
  Slot *owner = nullptr;
  llvm::DenseMap<const clang::FieldDecl *, Slot *> fields;
};

/// One inlined call: its locals, `this`, and what it returned.
struct Frame {
  const clang::FunctionDecl *function = nullptr;
  Object *thisObject = nullptr;
  llvm::DenseMap<const clang::ValueDecl *, Slot *> locals;
  Slot *returnSlot = nullptr;
  bool returned = false;
  /// The return statement that set `returned`.
  const clang::Stmt *returnStmt = nullptr;
};

class KernelLifter {
public:
  KernelLifter(clang::ASTContext &ast, SourceFacts &facts,
               const AscendCImportOptions &options, MLIRContext *context);

  /// Lifts `kernel` into a func.func appended to `module`.
  LogicalResult liftKernel(const clang::FunctionDecl *kernel, ModuleOp module);

  /// Whether `decl` belongs to the user's sources (main file or its folder)
  /// rather than to the API's headers.
  bool isUserDecl(const clang::Decl *decl) const;

  Location loc(clang::SourceLocation at) const;
  Location loc(const clang::Stmt *stmt) const {
    return loc(stmt->getBeginLoc());
  }
  /// Emits one diagnostic at `at` and fails: the construct is outside the
  /// lifted subset or wrong.
  LogicalResult refuse(const clang::Stmt *at, const llvm::Twine &message);
  LogicalResult refuse(clang::SourceLocation at, const llvm::Twine &message);

  //===------------------------------------------------------------------===//
  // Expressions (LiftKernel.cpp)
  //===------------------------------------------------------------------===//
  FailureOr<Lifted> rvalue(const clang::Expr *expr);
  std::optional<Lifted> builtinIndex(const clang::DeclRefExpr *ref);
  FailureOr<Slot *> lvalue(const clang::Expr *expr);
  /// rvalue() that must give an SSA value (scalar or handle).
  FailureOr<Value> value(const clang::Expr *expr);
  /// value() converted to `type` as C++ converts `from` to an integer.
  FailureOr<Value> intValue(const clang::Expr *expr, Type type);
  /// A condition as i1.
  FailureOr<Value> condition(const clang::Expr *expr);
  Value constantInt(Type type, int64_t v);
  /// The MLIR scalar type of a C++ scalar type, or null.
  Type scalarType(clang::QualType type) const;
  /// The asc element type of a C++ tensor element type, or null.
  Type elementType(clang::QualType type) const;
  void store(Slot *slot, Lifted value);
  /// The TCubeTiling `whole` holds as one SSA value: the loaded tiling, or,
  /// once the kernel wrote some of its fields, an asc.tiling.create of every
  /// member, the written ones with their values, the others read from the
  /// loaded tiling.
  FailureOr<Value> tilingValue(const Lifted &whole, const clang::Stmt *at);
  /// The value of `slot`, materialising an unwritten tiling field.
  Lifted materialized(Slot *slot, Lifted value);
  Slot *newSlot(llvm::StringRef name, Lifted value = {});
  /// A fresh object of `record` with its fields default-constructed.
  FailureOr<Object *> newObject(const clang::CXXRecordDecl *record,
                                const clang::Stmt *at);
  /// Inlines the user function `callee` with `thisObject` and `args`.
  FailureOr<Lifted> inlineCall(const clang::FunctionDecl *callee,
                               Object *thisObject,
                               llvm::ArrayRef<const clang::Expr *> args,
                               const clang::Stmt *at);
  /// The TCubeTiling at `target` loaded whole from the GM pointer `source`
  /// (CopyTiling's call, pyasc's inline byte loop).
  LogicalResult loadTiling(const clang::Stmt *at, Slot *target,
                           const clang::Expr *source);
  LogicalResult liftTilingLoad(const clang::Stmt *at, const clang::Expr *tiling,
                               const clang::Expr *source);

  //===------------------------------------------------------------------===//
  // The API (LiftApiCalls.cpp)
  //===------------------------------------------------------------------===//
  /// A call into the Ascend C API: one asc op (or a few with the same
  /// location), or one diagnostic.
  FailureOr<Lifted> liftApiCall(const clang::CallExpr *call,
                                const clang::FunctionDecl *callee);
  /// A free function of the Ascend C API with no asc op, as an
  /// asc.api_call whose effects come from the C++ signature; refused when
  /// its arguments are not tensors and scalars or it synchronises.
  FailureOr<Lifted> liftOpaqueApiCall(const clang::CallExpr *call,
                                      const clang::FunctionDecl *callee,
                                      llvm::StringRef display);
  /// The value a default-constructed object of API class `record` starts
  /// with (a queue, a pipe, a Matmul object; Unset for tensors), or failure
  /// when the class is not modelled; a class modelled with arguments asc
  /// does not spell is refused at `declaredAt`, the variable or field.
  FailureOr<Lifted> constructApiObject(clang::QualType type,
                                       const clang::Stmt *at,
                                       clang::SourceLocation declaredAt);
  /// An API object built from arguments asc spells (`LocalTensor<T>(pos,
  /// addr, tileSize)`), or std::nullopt when `construct` is not one.
  std::optional<FailureOr<Lifted>>
  constructApiObjectFrom(const clang::CXXConstructExpr *construct);
  /// Whether `record` is an API class the lifter keeps as one SSA handle.
  bool isHandleClass(const clang::CXXRecordDecl *record) const;

  /// Mutable: type getters are used from const helpers.
  mutable OpBuilder builder;
  clang::ASTContext &ast;

private:
  //===------------------------------------------------------------------===//
  // Statements and control flow (LiftKernel.cpp)
  //===------------------------------------------------------------------===//
  LogicalResult liftStmt(const clang::Stmt *stmt);
  /// Notes where `stmt` (a statement of a block) is, for source edits.
  void recordStatement(const clang::Stmt *stmt);
  unsigned functionId(const clang::FunctionDecl *function);
  /// Lifts the statements of one block; `isFunctionBody` when the block is
  /// the body of the function being lifted (early returns are lifted there
  /// only).
  LogicalResult liftStmts(llvm::ArrayRef<const clang::Stmt *> stmts,
                          bool isFunctionBody, bool isLoopBody = false);
  /// `if (c) break;` or `if (c) continue;` at a loop body's top level
  /// (CANN's tile filters): the rest of the body runs on the other branch,
  /// and a break sets the loop's flag.
  LogicalResult liftLoopExit(const clang::IfStmt *stmt,
                             llvm::ArrayRef<const clang::Stmt *> rest);
  LogicalResult liftDecl(const clang::VarDecl *var);
  LogicalResult liftIf(const clang::IfStmt *stmt,
                       llvm::ArrayRef<const clang::Stmt *> rest);
  LogicalResult liftLoop(const clang::Stmt *loop, const clang::Expr *cond,
                         const clang::Stmt *body, const clang::Expr *inc);
  LogicalResult liftRegisterMacro(llvm::ArrayRef<const clang::Stmt *> stmts);
  /// Lifts `thenBody` and `elseBody` into the two regions of an scf.if on
  /// `cond` and merges the slots they change.
  LogicalResult liftBranches(Location at, Value cond,
                             llvm::function_ref<LogicalResult()> thenBody,
                             llvm::function_ref<LogicalResult()> elseBody);
  /// Runs `body` and returns the outer slots it changed, with their values
  /// at its end, in first-change order; the slots are then restored.
  LogicalResult
  recordRegion(llvm::function_ref<LogicalResult()> body,
               llvm::SmallVectorImpl<std::pair<Slot *, Lifted>> &changes);

  FailureOr<Lifted> liftBinary(const clang::BinaryOperator *op);
  FailureOr<Lifted> liftUnary(const clang::UnaryOperator *op);
  FailureOr<Lifted> liftPointerOffset(const clang::BinaryOperator *op);
  FailureOr<Lifted> liftCast(const clang::CastExpr *cast);
  FailureOr<Lifted> liftCall(const clang::CallExpr *call);
  /// A constexpr API function that Clang evaluates (GetMatmulApiTiling's
  /// MatmulApiStaticTiling): an object of constant fields, no effect.
  std::optional<Lifted> constantObject(const clang::CallExpr *call);
  /// An object of API class `record` whose members are the constants of
  /// `value` (the members asc cannot hold are left out).
  Lifted objectOfConstants(const clang::CXXRecordDecl *record,
                           const clang::APValue &value, Location at);
  FailureOr<Lifted> liftConstruct(const clang::CXXConstructExpr *construct);
  FailureOr<Lifted> liftMember(const clang::MemberExpr *member);
  std::optional<Lifted> constantOf(const clang::Expr *expr);
  FailureOr<Value> convertScalar(Value v, clang::QualType from,
                                 clang::QualType to, const clang::Stmt *at);
  FailureOr<Value> arithmetic(clang::BinaryOperatorKind kind, Value lhs,
                              Value rhs, clang::QualType operandType,
                              const clang::Stmt *at);
  Frame &frame() { return frames.back(); }

  SourceFacts &facts;
  const AscendCImportOptions &options;
  MLIRContext *context;
  std::string mainFolder;
  std::deque<Slot> slots;
  std::deque<Object> objects;
  std::vector<Frame> frames;
  /// (slot, value before the store) for every store, undone per region.
  std::vector<std::pair<Slot *, Lifted>> journal;
  unsigned nextGeneration = 1;
  /// The loops being lifted, innermost last: the body's block, and the
  /// flag a break sets (null when the loop has no break).
  struct LoopContext {
    const clang::Stmt *body = nullptr;
    Slot *broken = nullptr;
  };
  std::vector<LoopContext> loops;
  /// The kernel's func and its pointer arguments' workspace role.
  func::FuncOp kernelFunc;
  /// The TPipes the kernel constructed, in order (GetTPipePtr's answer).
  SmallVector<Value, 1> pipes;
};

} // namespace mlir::asc::frontend

#endif // ASC_LIB_FRONTEND_ASCENDC_KERNELLIFTER_H
