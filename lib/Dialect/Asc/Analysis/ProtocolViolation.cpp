//===- ProtocolViolation.cpp - a violation as an error or as data ---------===//
//
// The sink of ProtocolViolation.h: violations emitted, kept or counted.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/Analysis/ProtocolViolation.h"

using namespace mlir;
using namespace mlir::asc;

InFlightDiagnostic ProtocolViolation::emitError() const {
  InFlightDiagnostic diag = mlir::emitError(location) << message;
  for (const auto &[where, note] : notes)
    diag.attachNote(where) << note;
  return diag;
}

ViolationDiagnostic::ViolationDiagnostic(ViolationDiagnostic &&other)
    : loc(other.loc), inFlight(std::move(other.inFlight)), kept(other.kept),
      keeper(other.keeper), dropped(std::move(other.dropped)) {
  other.inFlight.reset();
  other.kept = nullptr;
  other.keeper = nullptr;
}

ViolationDiagnostic::~ViolationDiagnostic() {
  if (keeper)
    keeper->keepBuilt();
}

Diagnostic &ViolationDiagnostic::attachNote(std::optional<Location> noteLoc) {
  if (inFlight)
    return inFlight->attachNote(noteLoc);
  if (kept)
    return kept->attachNote(noteLoc);
  if (!dropped)
    dropped.emplace(loc, DiagnosticSeverity::Error);
  return dropped->attachNote(noteLoc);
}

ViolationDiagnostic ViolationSink::error(Operation *op) {
  Location loc = op->getLoc();
  switch (mode) {
  case Mode::Emit:
    return ViolationDiagnostic(loc, op->emitOpError());
  case Mode::KeepFirst:
    if (first || building)
      break;
    // The words Operation::emitOpError starts with (a Twine: the diagnostic
    // keeps a copy).
    building.emplace(loc, DiagnosticSeverity::Error);
    *building << ("'" + op->getName().getStringRef() + "' op ");
    return ViolationDiagnostic(loc, *this, *building);
  case Mode::Count:
    break;
  }
  return ViolationDiagnostic(loc);
}

ViolationDiagnostic ViolationSink::warning(Operation *op) {
  if (mode == Mode::Emit)
    return ViolationDiagnostic(op->getLoc(), op->emitWarning());
  return ViolationDiagnostic(op->getLoc());
}

void ViolationSink::keepBuilt() {
  ProtocolViolation violation{building->getLocation(), building->str(), {}};
  for (const Diagnostic &note : building->getNotes())
    violation.notes.emplace_back(note.getLocation(), note.str());
  first = std::move(violation);
  building.reset();
}

std::optional<ProtocolViolation> ViolationSink::takeFirst() {
  return std::move(first);
}
