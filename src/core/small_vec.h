// A vector with fixed capacity and no heap: for game state that is copied and
// changed in hot loops (simulation, search). Exceeding the capacity is a
// programming error (asserted).
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <vector>

namespace parlour {

template <class T, std::size_t N>
class SmallVec {
 public:
  SmallVec() = default;
  SmallVec(std::initializer_list<T> init) {
    for (const T& x : init) push_back(x);
  }

  std::size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  static constexpr std::size_t capacity() { return N; }
  T* begin() { return a_.data(); }
  T* end() { return a_.data() + n_; }
  const T* begin() const { return a_.data(); }
  const T* end() const { return a_.data() + n_; }
  T* data() { return a_.data(); }
  const T* data() const { return a_.data(); }
  T& operator[](std::size_t i) {
    assert(i < n_);
    return a_[i];
  }
  const T& operator[](std::size_t i) const {
    assert(i < n_);
    return a_[i];
  }
  T& front() {
    assert(n_ > 0);
    return a_[0];
  }
  const T& front() const {
    assert(n_ > 0);
    return a_[0];
  }
  T& back() {
    assert(n_ > 0);
    return a_[n_ - 1];
  }
  const T& back() const {
    assert(n_ > 0);
    return a_[n_ - 1];
  }

  void clear() { n_ = 0; }
  void push_back(const T& x) {
    assert(n_ < N);
    a_[n_++] = x;
  }
  void pop_back() {
    assert(n_ > 0);
    --n_;
  }
  void insert(T* at, const T& x) {
    assert(n_ < N);
    std::move_backward(at, end(), end() + 1);
    *at = x;
    ++n_;
  }
  void erase(T* at) {
    std::move(at + 1, end(), at);
    --n_;
  }
  template <class It>
  void insert(T* at, It first, It last) {
    for (; first != last; ++first) insert(at++, *first);
  }
  std::vector<T> to_vector() const { return std::vector<T>(begin(), end()); }

  friend bool operator==(const SmallVec& a, const SmallVec& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }
  friend bool operator==(const SmallVec& a, const std::vector<T>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  std::array<T, N> a_{};
  std::uint32_t n_ = 0;
};

}  // namespace parlour
