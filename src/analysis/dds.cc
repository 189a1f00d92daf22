// DDS's tables for `parlour dd`: the kit loads DDS (kit/dds.h), here a
// deal's hands become its cards.
#include "kit/dds.h"

#include "analysis/dd.h"

namespace parlour::analysis {

bool have_dds() {
  return kit::have_dds();
}

Result<DdTable> dds_table(const BridgeDeal& deal) {
  std::array<kit::CardBits, 4> hands{};
  for (std::size_t h = 0; h < 4; ++h) {
    if (deal.hands[h].size() != 13)
      return Status::error("DDS solves whole deals: thirteen cards a hand");
    for (Card c : deal.hands[h]) hands[h] |= kit::card_bit(c);
  }
  Result<kit::DdTricks> t = kit::dds_table(hands);
  if (!t.ok()) return t.status();
  DdTable out;
  out.tricks = *t;
  return out;
}

}  // namespace parlour::analysis
