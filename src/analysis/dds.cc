// The one file that includes DDS (dd.h): Parlour's cards to DDS's holdings
// and its results back.
#include "analysis/dd.h"

#ifdef PARLOUR_HAVE_DDS
#include <dds/dll.h>

#include <mutex>
#endif

namespace parlour::analysis {

#ifdef PARLOUR_HAVE_DDS

bool have_dds() {
  return true;
}

Result<DdTable> dds_table(const BridgeDeal& deal) {
  for (const auto& h : deal.hands)
    if (h.size() != 13) return Status::error("DDS solves whole deals: thirteen cards a hand");
  // DDS: hands North, East, South, West (ours); suits spades, hearts,
  // diamonds, clubs; a holding's bit r for rank r, 2 to 14 (ace).
  ddTableDeal in{};
  for (int h = 0; h < 4; ++h)
    for (Card c : deal.hands[static_cast<std::size_t>(h)]) {
      const int suit = c.suit() == kSpades     ? 0
                       : c.suit() == kHearts   ? 1
                       : c.suit() == kDiamonds ? 2
                                               : 3;
      const int rank = c.rank() == kAce ? 14 : static_cast<int>(c.rank());
      in.cards[h][suit] |= 1u << rank;
    }
  ddTableResults res{};
  static std::once_flag once;
  std::call_once(once, [] { SetMaxThreads(0); });
  const int rc = CalcDDtable(in, &res);
  if (rc != RETURN_NO_FAULT) {
    char line[80] = {};
    ErrorMessage(rc, line);
    return Status::error(std::string("DDS refused the deal: ") + line);
  }
  // DDS's strains: spades, hearts, diamonds, clubs, no trumps; ours put no
  // trumps first.
  DdTable t;
  for (int h = 0; h < 4; ++h) {
    t.tricks[0][static_cast<std::size_t>(h)] = res.resTable[4][h];
    for (int s = 0; s < 4; ++s)
      t.tricks[static_cast<std::size_t>(s + 1)][static_cast<std::size_t>(h)] = res.resTable[s][h];
  }
  return t;
}

#else

bool have_dds() {
  return false;
}

Result<DdTable> dds_table(const BridgeDeal&) {
  return Status::error(
      "this build has no DDS: install libdds-dev (scripts/setup does) and build again");
}

#endif

}  // namespace parlour::analysis
