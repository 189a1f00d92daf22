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

std::string seat_name(Seat s) { return "Seat " + std::to_string(s); }

std::string seat_names(std::uint32_t seats) {
  std::string out;
  for (Seat s = 0; s < 32; ++s)
    if (seats >> s & 1) out += (out.empty() ? "" : " and ") + seat_name(s);
  return out;
}

std::string cards_text(int n) { return std::to_string(n) + (n == 1 ? " card" : " cards"); }
}  // namespace parlour
