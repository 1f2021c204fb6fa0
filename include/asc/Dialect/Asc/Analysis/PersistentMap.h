//===- PersistentMap.h - Persistent ordered maps in an arena ----*- C++ -*-===//
//
// The maps and sets of a protocol state (ProtocolState.h): every version is
// kept (the analysis records a state before each Matmul op), so an update
// copies the path to its key and shares the rest with the version it came
// from. AVL trees ordered by the key's operator<, whose nodes are never
// changed once made and live in an AnalysisArena until the analysis dies:
// no reference counts, no per-node malloc, and a node of two keys' worth
// plus two children (llvm::ImmutableMap's carries a factory, a cache list,
// a digest and a count besides, 72 bytes a node for a pointer map).
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_ANALYSIS_PERSISTENTMAP_H
#define ASC_DIALECT_ASC_ANALYSIS_PERSISTENTMAP_H

#include "asc/Dialect/Asc/Analysis/AnalysisArena.h"
#include "llvm/ADT/SmallVector.h"
#include <iterator>
#include <utility>

namespace mlir::asc {

template <typename KeyT, typename ValueT> class PersistentMap {
  struct Node {
    KeyT key;
    ValueT value;
    const Node *left;
    const Node *right;
    unsigned height;
  };

public:
  PersistentMap() = default;

  /// The value of `key`, or null.
  const ValueT *lookup(KeyT key) const {
    for (const Node *node = root; node;) {
      if (key < node->key)
        node = node->left;
      else if (node->key < key)
        node = node->right;
      else
        return &node->value;
    }
    return nullptr;
  }
  bool contains(KeyT key) const { return lookup(key) != nullptr; }
  bool isEmpty() const { return root == nullptr; }
  /// The version's identity: equal roots, equal maps (not conversely).
  const void *getRoot() const { return root; }

  /// This map with `key` mapped to `value`.
  PersistentMap add(KeyT key, ValueT value, AnalysisArena &arena) const {
    return PersistentMap(insert(root, key, value, arena));
  }
  /// This map without `key`.
  PersistentMap remove(KeyT key, AnalysisArena &arena) const {
    return PersistentMap(erase(root, key, arena));
  }

  /// In key order; yields (key, value) pairs.
  class iterator {
  public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = std::pair<KeyT, ValueT>;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = value_type;

    iterator() = default;
    explicit iterator(const Node *root) { pushLeft(root); }
    value_type operator*() const {
      return {path.back()->key, path.back()->value};
    }
    iterator &operator++() {
      const Node *node = path.pop_back_val();
      pushLeft(node->right);
      return *this;
    }
    iterator operator++(int) {
      iterator old = *this;
      ++*this;
      return old;
    }
    bool operator==(const iterator &other) const {
      return path.empty()
                 ? other.path.empty()
                 : !other.path.empty() && path.back() == other.path.back();
    }
    bool operator!=(const iterator &other) const { return !(*this == other); }

  private:
    void pushLeft(const Node *node) {
      for (; node; node = node->left)
        path.push_back(node);
    }
    /// The nodes whose left subtrees are done, innermost last.
    llvm::SmallVector<const Node *, 16> path;
  };
  iterator begin() const { return iterator(root); }
  iterator end() const { return iterator(); }

  /// Equal contents. Versions rebuilt from a common one share most of
  /// their subtrees, and where their shapes agree those are skipped: the
  /// incremental re-check compares a rebuilt state with the input's at every
  /// reordered range, and a walk of every entry each time made placement
  /// quadratic in the accesses a state keeps.
  bool operator==(const PersistentMap &other) const {
    return equalTrees(root, other.root);
  }
  bool operator!=(const PersistentMap &other) const {
    return !(*this == other);
  }

  /// True when the tree is ordered and AVL-balanced with its heights
  /// right (for tests).
  bool verify() const { return verify(root, nullptr, nullptr); }

private:
  explicit PersistentMap(const Node *root) : root(root) {}

  static bool equalTrees(const Node *lhs, const Node *rhs) {
    if (lhs == rhs)
      return true;
    if (!lhs || !rhs)
      return false;
    // The same key at both roots splits both the same way.
    if (!(lhs->key < rhs->key) && !(rhs->key < lhs->key))
      return lhs->value == rhs->value && equalTrees(lhs->left, rhs->left) &&
             equalTrees(lhs->right, rhs->right);
    // Shapes differ here: compare these subtrees entry by entry.
    iterator lhsIt(lhs), rhsIt(rhs), end;
    for (; lhsIt != end && rhsIt != end; ++lhsIt, ++rhsIt)
      if (*lhsIt != *rhsIt)
        return false;
    return lhsIt == end && rhsIt == end;
  }

  static bool verify(const Node *node, const KeyT *low, const KeyT *high) {
    if (!node)
      return true;
    if ((low && !(*low < node->key)) || (high && !(node->key < *high)))
      return false;
    unsigned left = heightOf(node->left), right = heightOf(node->right);
    return node->height == std::max(left, right) + 1 &&
           (left > right ? left - right : right - left) <= 1 &&
           verify(node->left, low, &node->key) &&
           verify(node->right, &node->key, high);
  }

  static unsigned heightOf(const Node *node) { return node ? node->height : 0; }
  static const Node *make(KeyT key, ValueT value, const Node *left,
                          const Node *right, AnalysisArena &arena) {
    unsigned height = std::max(heightOf(left), heightOf(right)) + 1;
    return new (arena.Allocate<Node>()) Node{key, value, left, right, height};
  }
  /// A node of `key` over `left` and `right`, whose heights differ by at
  /// most two, rotated back to AVL balance.
  static const Node *balance(KeyT key, ValueT value, const Node *left,
                             const Node *right, AnalysisArena &arena) {
    unsigned leftHeight = heightOf(left), rightHeight = heightOf(right);
    if (leftHeight > rightHeight + 1) {
      if (heightOf(left->left) >= heightOf(left->right))
        return make(left->key, left->value, left->left,
                    make(key, value, left->right, right, arena), arena);
      const Node *middle = left->right;
      return make(middle->key, middle->value,
                  make(left->key, left->value, left->left, middle->left, arena),
                  make(key, value, middle->right, right, arena), arena);
    }
    if (rightHeight > leftHeight + 1) {
      if (heightOf(right->right) >= heightOf(right->left))
        return make(right->key, right->value,
                    make(key, value, left, right->left, arena), right->right,
                    arena);
      const Node *middle = right->left;
      return make(
          middle->key, middle->value,
          make(key, value, left, middle->left, arena),
          make(right->key, right->value, middle->right, right->right, arena),
          arena);
    }
    return make(key, value, left, right, arena);
  }
  // Recursive over the tree's height only (at most 1.44 log2 of its size).
  static const Node *insert(const Node *node, KeyT key, ValueT value,
                            AnalysisArena &arena) {
    if (!node)
      return make(key, value, nullptr, nullptr, arena);
    if (key < node->key) {
      const Node *left = insert(node->left, key, value, arena);
      return left == node->left
                 ? node
                 : balance(node->key, node->value, left, node->right, arena);
    }
    if (node->key < key) {
      const Node *right = insert(node->right, key, value, arena);
      return right == node->right
                 ? node
                 : balance(node->key, node->value, node->left, right, arena);
    }
    if (node->value == value)
      return node;
    return make(key, value, node->left, node->right, arena);
  }
  static const Node *erase(const Node *node, KeyT key, AnalysisArena &arena) {
    if (!node)
      return nullptr;
    if (key < node->key) {
      const Node *left = erase(node->left, key, arena);
      return left == node->left
                 ? node
                 : balance(node->key, node->value, left, node->right, arena);
    }
    if (node->key < key) {
      const Node *right = erase(node->right, key, arena);
      return right == node->right
                 ? node
                 : balance(node->key, node->value, node->left, right, arena);
    }
    if (!node->left)
      return node->right;
    if (!node->right)
      return node->left;
    const Node *next = node->right;
    while (next->left)
      next = next->left;
    return balance(next->key, next->value, node->left,
                   erase(node->right, next->key, arena), arena);
  }

  const Node *root = nullptr;
};

/// A persistent ordered set: a map to nothing, iterated as keys.
template <typename KeyT> class PersistentSet {
  using Map = PersistentMap<KeyT, bool>;

public:
  PersistentSet() = default;

  bool contains(KeyT key) const { return map.contains(key); }
  bool isEmpty() const { return map.isEmpty(); }
  const void *getRoot() const { return map.getRoot(); }
  PersistentSet add(KeyT key, AnalysisArena &arena) const {
    return PersistentSet(map.add(key, true, arena));
  }
  PersistentSet remove(KeyT key, AnalysisArena &arena) const {
    return PersistentSet(map.remove(key, arena));
  }

  class iterator {
  public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = KeyT;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = KeyT;

    iterator() = default;
    explicit iterator(typename Map::iterator it) : it(std::move(it)) {}
    KeyT operator*() const { return (*it).first; }
    iterator &operator++() {
      ++it;
      return *this;
    }
    iterator operator++(int) {
      iterator old = *this;
      ++it;
      return old;
    }
    bool operator==(const iterator &other) const { return it == other.it; }
    bool operator!=(const iterator &other) const { return it != other.it; }

  private:
    typename Map::iterator it;
  };
  iterator begin() const { return iterator(map.begin()); }
  iterator end() const { return iterator(map.end()); }

  bool operator==(const PersistentSet &other) const { return map == other.map; }
  bool operator!=(const PersistentSet &other) const { return map != other.map; }

private:
  explicit PersistentSet(Map map) : map(std::move(map)) {}
  Map map;
};

} // namespace mlir::asc

#endif // ASC_DIALECT_ASC_ANALYSIS_PERSISTENTMAP_H
