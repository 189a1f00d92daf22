#include "games/registry.h"

#include <cstdio>
#include <cstdlib>

#include "core/registry.h"

namespace parlour {

void register_all_games() {
  static const bool done = [] {
    games_list::add_all([](GameInfo info) {
      // A game that declares something inconsistent is a bug of that game: it
      // is caught here, at start-up, rather than when someone plays it.
      if (Status s = register_game(std::move(info)); !s.ok()) {
        std::fprintf(stderr, "parlour: %s\n", s.message().c_str());
        std::abort();
      }
    });
    return true;
  }();
  (void)done;
}

}  // namespace parlour
