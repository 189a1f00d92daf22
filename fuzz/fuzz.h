// What the fuzz targets share: a check that stops the run (libFuzzer saves
// the input that broke it), and the games registered once.
#pragma once

#include <cstdio>
#include <cstdlib>
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

}  // namespace parlour::fuzz
