#include "core/game.h"

#include <algorithm>

namespace parlour {

bool State::apply_checked(Action a) {
  if (to_move() < 0) return false;
  std::vector<Action> legal;
  legal_actions(legal);
  if (std::find(legal.begin(), legal.end(), a) == legal.end()) return false;
  apply(a);
  return true;
}

const char* zone_kind_name(ZoneKind k) {
  switch (k) {
    case ZoneKind::kHand: return "hand";
    case ZoneKind::kPairs: return "pairs";
    case ZoneKind::kAside: return "aside";
    case ZoneKind::kStock: return "stock";
    case ZoneKind::kDiscard: return "discard";
    case ZoneKind::kTable: return "table";
  }
  return "?";
}

}  // namespace parlour

namespace parlour {
std::string card_token(Card c) { return "[[" + std::to_string(c.index()) + "]]"; }
}  // namespace parlour
