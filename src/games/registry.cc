// The registration list: one line per game. Adding a game is adding its folder
// and its line here.
#include "games/registry.h"

#include "core/registry.h"
#include "games/bachelor_girl/bachelor_girl.h"
#include "games/old_maid/old_maid.h"

namespace parlour {

void register_all_games() {
  static const bool done = [] {
    register_game(old_maid::game_info());
    register_game(bachelor_girl::game_info());
    return true;
  }();
  (void)done;
}

}  // namespace parlour
