// The solvers' table of positions (solver.h).
#include "kit/solver.h"

namespace parlour::kit {

Seen& Seen::for_search(std::uint64_t max_nodes, int max_bits) {
  thread_local Seen t;
  int bits = 12;
  while (bits < max_bits && (std::uint64_t{1} << bits) < max_nodes) ++bits;
  t.start(bits);
  return t;
}

void Seen::start(int bits) {
  const std::size_t n = std::size_t{1} << bits;
  if (slots_.size() != n || (gen_ = (gen_ + 1) & kGen) == 0) {
    slots_.assign(n, 0);
    gen_ = 1;
  }
  mask_ = n - 1;
}

}  // namespace parlour::kit
