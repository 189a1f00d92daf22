// Counts every heap allocation of the test program that includes it, for the
// tests that hold a hot path (a play-out, a table's step) to allocating
// nothing: read parlour::testing::heap_allocations before and after.
//
// Include it in one source file of a test program only: it replaces the
// global operator new and delete, which pair up through malloc and free.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <new>

namespace parlour::testing {
inline std::atomic<std::uint64_t> heap_allocations{0};
}  // namespace parlour::testing

#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void* operator new(std::size_t n) {
  ++parlour::testing::heap_allocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
