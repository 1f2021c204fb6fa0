//===- ProtocolViolation.h - a violation as an error or as data -*- C++ -*-===//
//
// What the protocol checks (ProtocolChecker.h, CrossCoreOrdering.h) do with
// a violation: emit it as an error, keep the first one as data for a caller
// that emits or drops it (the transforms' trials, ProtocolTrial.h), or only
// count it. One run of the checks serves all three, as upstream's
// DiagnosedSilenceableFailure keeps a diagnostic until its caller decides:
// no caller checks quietly and then again for the words.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_ANALYSIS_PROTOCOLVIOLATION_H
#define ASC_DIALECT_ASC_ANALYSIS_PROTOCOLVIOLATION_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include <optional>
#include <string>

namespace mlir::asc {

/// A protocol violation as data: where, what, and the related places. The
/// caller emits it or drops it.
struct ProtocolViolation {
  Location location;
  std::string message;
  SmallVector<std::pair<Location, std::string>, 2> notes;

  /// Emits it as an error, with its notes.
  InFlightDiagnostic emitError() const;
};

class ViolationSink;

/// One violation's words on their way: an in-flight error, the first
/// violation being kept, or nowhere. Used like an InFlightDiagnostic: the
/// words are final when it dies (an error is emitted then, a kept
/// violation becomes data then).
class ViolationDiagnostic {
public:
  /// Words that go nowhere.
  explicit ViolationDiagnostic(Location loc) : loc(loc) {}
  ViolationDiagnostic(Location loc, InFlightDiagnostic &&diag)
      : loc(loc), inFlight(std::move(diag)) {}
  ViolationDiagnostic(Location loc, ViolationSink &keeper, Diagnostic &kept)
      : loc(loc), kept(&kept), keeper(&keeper) {}
  ViolationDiagnostic(ViolationDiagnostic &&other);
  ~ViolationDiagnostic();

  template <typename Arg> ViolationDiagnostic &operator<<(Arg &&arg) & {
    if (inFlight)
      *inFlight << std::forward<Arg>(arg);
    else if (kept)
      *kept << std::forward<Arg>(arg);
    return *this;
  }
  template <typename Arg> ViolationDiagnostic &&operator<<(Arg &&arg) && {
    return std::move(*this << std::forward<Arg>(arg));
  }
  /// A note at `noteLoc`; one that goes nowhere when the words do.
  Diagnostic &attachNote(std::optional<Location> noteLoc = std::nullopt);

private:
  Location loc;
  std::optional<InFlightDiagnostic> inFlight;
  Diagnostic *kept = nullptr;
  ViolationSink *keeper = nullptr;
  std::optional<Diagnostic> dropped;
};

/// Where the checks put the violations they find.
class ViolationSink {
public:
  enum class Mode {
    /// Counted only: the checks stop looking for words.
    Count,
    /// Every violation emitted as an error, with its notes.
    Emit,
    /// The first violation kept as data; the rest counted.
    KeepFirst,
  };
  explicit ViolationSink(Mode mode) : mode(mode) {}

  /// Whether a violation found now needs its words (message and notes).
  bool wantsWords() const {
    return mode == Mode::Emit ||
           (mode == Mode::KeepFirst && !first && !building);
  }
  /// A violation at `op`, worded as Operation::emitOpError words it.
  ViolationDiagnostic error(Operation *op);
  /// A warning at `op`: emitted in Emit mode only (it is no violation).
  ViolationDiagnostic warning(Operation *op);
  /// The first violation, in KeepFirst mode.
  std::optional<ProtocolViolation> takeFirst();

private:
  friend class ViolationDiagnostic;
  /// The words of the first violation are final: keeps them as data.
  void keepBuilt();

  Mode mode;
  /// The first violation while its words are written, then as data.
  std::optional<Diagnostic> building;
  std::optional<ProtocolViolation> first;
};

} // namespace mlir::asc

#endif // ASC_DIALECT_ASC_ANALYSIS_PROTOCOLVIOLATION_H
