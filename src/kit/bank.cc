#include "kit/bank.h"

#include <cstdlib>

namespace parlour::kit {

void settle_stake(Chips& chips, Seat banker, Seat punter, int pot, int stake, int times) {
  if (times >= 0) {
    chips.award(punter, pot, stake);
    chips.pay(banker, punter, times * stake);
  } else {
    chips.award(banker, pot, stake);
    chips.pay(punter, banker, (-times - 1) * stake);
  }
}

void LastHand::record(const Chips& chips, int hand, std::string summary) {
  hand_ = hand;
  summary_ = std::move(summary);
  for (Seat s = 0; s < chips.players(); ++s)
    change_[static_cast<std::size_t>(s)] = chips.hand_change(s);
}

void LastHand::fill(const Chips& chips, HandResult& out) const {
  if (hand_ == 0) return;
  out.hand = hand_;
  out.summary = summary_;
  for (Seat s = 0; s < chips.players(); ++s) {
    out.points.push_back(change_[static_cast<std::size_t>(s)]);
    out.totals.push_back(chips.balance(s));
  }
}

std::string bank_result(Seat banker, int change) {
  const std::string chips = std::abs(change) == 1 ? " chip." : " chips.";
  return seat_name(banker) + "'s bank " +
         (change > 0   ? "won " + std::to_string(change) + chips
          : change < 0 ? "paid out " + std::to_string(-change) + chips
                       : std::string("broke even."));
}

}  // namespace parlour::kit
