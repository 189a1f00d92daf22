// The solvers' table of positions (solver.h).
#include "kit/solver.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstdlib>
#include <new>

namespace parlour::kit {

Seen& Seen::for_search(std::uint64_t max_nodes, int max_bits) {
  thread_local Seen t;
  int bits = 12;
  while (bits < max_bits && (std::uint64_t{1} << bits) < max_nodes) ++bits;
  t.start(bits);
  return t;
}

void Seen::start(int bits) {
  std::size_t n = std::size_t{1} << bits;
  // A table up to 4 times larger serves as well: searches of two sizes in
  // turn (a quick one, then a whole one) keep one table, not a fresh one
  // each, its pages cleared anew.
  if (size_ >= n && size_ <= 4 * n) n = size_;
  if (size_ != n) {
    // Huge pages where the kernel gives them on request: the table is read
    // at random, one slot a position, and a 4 KB page a slot would miss the
    // TLB nearly every time.
    constexpr std::size_t kHuge = std::size_t{1} << 21;
    const std::size_t bytes = (n * sizeof(std::uint64_t) + kHuge - 1) / kHuge * kHuge;
    slots_.reset(static_cast<std::uint64_t*>(std::aligned_alloc(kHuge, bytes)));
    if (!slots_) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
    madvise(slots_.get(), bytes, MADV_HUGEPAGE);  // a hint: without it, small pages
#endif
    size_ = n;
    gen_ = 0;
  }
  // Generation 0 is never used, so that a cleared slot is free; after the
  // last, the table is cleared and they start again.
  gen_ = (gen_ + 1) & kGen;
  if (gen_ == 0) gen_ = 1;
  if (gen_ == 1) std::fill(slots_.get(), slots_.get() + n, 0);
  mask_ = n - 1;
}

void Seen::Free::operator()(std::uint64_t* p) const {
  std::free(p);
}

}  // namespace parlour::kit
