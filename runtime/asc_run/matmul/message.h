//===- message.h - The client's message -------------------------*- C++ -*-===//
//
// The message a vector core's Matmul client stages and posts (CANN's KfcMsg,
// kfc_comm.h; matmul_client.h): the flag word of MatmulConfigParams and the
// fields the setters write, a posted copy with its sequence number, and the
// setters a message carries, as the notes name them.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_MATMUL_MESSAGE_H
#define ASC_RUN_MATMUL_MESSAGE_H

#include "asc_run/core.h"

#include <cstdint>
#include <string>
#include <vector>

namespace AscendC {
namespace detail {

//===--------------------------------------------------------------------===//
// The client's staged message and its posts (matmul_client.h, kfc_comm.h)
//===--------------------------------------------------------------------===//

/// What the message's aAddr holds: an address, or (CANN's scalar setters)
/// a scalar's bytes.
enum class AddrKind { None, Tensor, ScalarA, ScalarBInA };

/// CANN's kfcMsg_ (KfcMsg, kfc_comm.h): the flag word of
/// MatmulConfigParams and the fields the setters write. The fields stay
/// after a post and are inert until their flag is set again.
template <class SrcAT, class SrcBT, class BiasT> struct StagedMessage {
  // The flag word.
  bool isTransA = false, isTransB = false, setTail = false, setTensorA = false,
       setTensorB = false, setTensorBias = false, isFirstIter = false,
       setQuant = false;
  // The fields.
  AddrKind aKind = AddrKind::None;
  const SrcAT *aAddr = nullptr;
  const SrcBT *bAddr = nullptr;
  const BiasT *biasAddr = nullptr;
  int singleM = -1, singleN = -1, singleK = -1;
  int quantMode = 0;
  uint64_t quantScalar = 0; ///< SetQuantScalar's parameter, as passed
  const uint64_t *quantAddr = nullptr;
  // asc-run: where the flags were set, for the notes.
  asc_run::Loc tensorALoc{}, tensorBLoc{}, biasLoc{}, tailLoc{}, quantLoc{},
      scalarBLoc{};
  const char *tailCall = "SetTail";
  const char *quantCall = "SetQuantScalar";

  void clearFlagWord() {
    isTransA = isTransB = setTail = setTensorA = setTensorB = false;
    setTensorBias = isFirstIter = setQuant = false;
  }
};

/// A posted copy of the staged message.
template <class SrcAT, class SrcBT, class BiasT>
struct PostedMessage : StagedMessage<SrcAT, SrcBT, BiasT> {
  int64_t seq = -1;
  /// Its position in the vector core's message ring, over every object.
  uint64_t ring = UINT64_MAX;
};

/// The setters staged in the flag word, for the notes.
template <class SrcAT, class SrcBT, class BiasT>
std::string stagedSetters(const StagedMessage<SrcAT, SrcBT, BiasT> &m,
                          bool withTensors) {
  std::vector<std::string> parts;
  auto at = [](const char *what, asc_run::Loc l) {
    return std::string(what) + " at " + l.str();
  };
  if (withTensors && m.setTensorA)
    parts.push_back(at("SetTensorA", m.tensorALoc));
  if (withTensors && m.setTensorB)
    parts.push_back(at("SetTensorB", m.tensorBLoc));
  if (m.setTensorBias)
    parts.push_back(at("SetBias", m.biasLoc));
  if (m.setTail)
    parts.push_back(at(m.tailCall, m.tailLoc));
  if (m.setQuant)
    parts.push_back(at(m.quantCall, m.quantLoc));
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i)
    out += (i ? ", " : "") + parts[i];
  return out;
}

/// The tensor setters a message carries, for the notes.
template <class SrcAT, class SrcBT, class BiasT>
std::string stagedInputs(const StagedMessage<SrcAT, SrcBT, BiasT> &m) {
  std::string out;
  if (m.setTensorA)
    out += "SetTensorA at " + m.tensorALoc.str();
  if (m.setTensorB)
    out += (out.empty() ? "" : ", ") + std::string("SetTensorB at ") +
           m.tensorBLoc.str();
  return out;
}

} // namespace detail
} // namespace AscendC

#endif // ASC_RUN_MATMUL_MESSAGE_H
