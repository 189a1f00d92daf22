// What the fuzz targets share: a check that stops the run (libFuzzer saves
// the input that broke it), and the games registered once.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "games/registry.h"

namespace parlour::fuzz {

inline void require(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "fuzz: broken: %s\n", what);
  std::abort();
}

inline void games_once() {
  static const bool done = (register_all_games(), true);
  (void)done;
}

inline std::string_view text(const unsigned char* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// The fuzz bytes, read as choices; zeros once they run out, so that a short
// input makes the plainest request or row.
class Choices {
 public:
  explicit Choices(std::string_view in) : in_(in) {}
  bool empty() const { return in_.empty(); }
  unsigned byte() {
    if (in_.empty()) return 0;
    const auto b = static_cast<unsigned char>(in_.front());
    in_.remove_prefix(1);
    return b;
  }
  std::size_t below(std::size_t n) { return n == 0 ? 0 : byte() % n; }
  // One time in n; never once the input has run out.
  bool rare(std::size_t n) { return below(n) == n - 1; }
  long long number() {  // small, large, negative and edge values alike
    switch (byte() % 6) {
      case 0:
        return static_cast<long long>(byte());
      case 1:
        return -static_cast<long long>(byte());
      case 2:
        return static_cast<long long>(byte()) << 24 | byte() << 16 | byte() << 8 | byte();
      case 3:
        return 4294967296LL + byte();
      default:
        return static_cast<long long>(byte() % 130);
    }
  }
  // Up to `max` bytes of text from `alphabet`.
  std::string text(std::string_view alphabet, std::size_t max) {
    std::string out;
    const std::size_t n = below(max + 1);
    for (std::size_t i = 0; i < n; ++i) out += alphabet[below(alphabet.size())];
    return out;
  }

 private:
  std::string_view in_;
};

}  // namespace parlour::fuzz
