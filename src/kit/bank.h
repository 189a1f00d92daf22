// Machinery of the banking games (Macao, Baccara...): one player holds the
// bank against the others, stakes lie on the table in pots of the Chips, and
// the bank passes round the table.
#pragma once

#include <array>
#include <string>

#include "core/chips.h"
#include "core/view.h"

namespace parlour::kit {

// Settles a punter's stake lying in `pot` at `times` the stake: above 0 the
// banker pays it that many times and the stake comes back; 0 is a stand-off,
// the stake comes back; below 0 the banker takes the stake and -times - 1
// stakes more from the punter (a natural paid double or treble).
// REQUIRES: chips.pot(pot) >= stake.
void settle_stake(Chips& chips, Seat banker, Seat punter, int pot, int stake, int times);

// The hand last finished, as the view shows it between hands: its number,
// a summary, and what each seat won or lost in it.
class LastHand {
 public:
  // At the end of hand `hand`, before the Chips begin the next.
  void record(const Chips& chips, int hand, std::string summary);
  int hand() const { return hand_; }
  const std::string& summary() const { return summary_; }
  // Fills the view's summary (nothing before the first hand ends).
  void fill(const Chips& chips, HandResult& out) const;

 private:
  int hand_ = 0;
  std::string summary_;
  std::array<int, kMaxSeats> change_{};
};

// "Seat 2's bank won 5 chips." / "... paid out 3 chips." / "... broke even."
std::string bank_result(Seat banker, int change);

}  // namespace parlour::kit
