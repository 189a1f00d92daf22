#include "kit/bank.h"

#include <algorithm>
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

void LastHand::record(const Chips& chips, int hand) {
  hand_ = hand;
  for (Seat s = 0; s < chips.players(); ++s) {
    change_[static_cast<std::size_t>(s)] = chips.hand_change(s);
    total_[static_cast<std::size_t>(s)] = chips.balance(s);
  }
}

void LastHand::fill(const Chips& chips, std::string summary, HandResult& out) const {
  if (hand_ == 0) return;
  out.hand = hand_;
  out.summary = std::move(summary);
  for (Seat s = 0; s < chips.players(); ++s) {
    out.points.push_back(change_[static_cast<std::size_t>(s)]);
    out.totals.push_back(total_[static_cast<std::size_t>(s)]);
  }
}

void Punters::clear() {
  part_.fill(Part::kIdle);
  stake_.fill(0);
  result_.fill(0);
}

int Punters::staked() const {
  int t = 0;
  for (int x : stake_) t += x;
  return t;
}

bool Punters::any_in() const {
  for (Part p : part_)
    if (p == Part::kIn) return true;
  return false;
}

void Punters::place(Chips& chips, Seat s, int n) {
  chips.stake(s, s, n);
  stake_[static_cast<std::size_t>(s)] += n;
  part_[static_cast<std::size_t>(s)] = Part::kIn;
}

void Punters::settle(Chips& chips, Seat banker, Seat s, int times, Part part) {
  result_[static_cast<std::size_t>(s)] = times;
  part_[static_cast<std::size_t>(s)] = part;
  settle_stake(chips, banker, s, s, stake(s), times);
}

void Punters::pay_all_in(Chips& chips, Seat banker, SeatMask& shown) {
  for (Seat s = 0; s < kMaxSeats; ++s)
    if (part(s) == Part::kIn) {
      shown |= SeatMask{1} << s;
      settle(chips, banker, s, 1, Part::kSettled);
    }
}

Seat Punters::next_in(Seat from, Seat banker, int players) const {
  for (Seat s = (from + 1) % players; s != banker; s = (s + 1) % players)
    if (part(s) == Part::kIn) return s;
  return kNobody;
}

SeatInfo& bank_seat(View& v, const Chips& chips, Seat s, int stake, std::string_view unit) {
  SeatInfo& si = v.add_seat();
  if (v.text()) si.name = seat_name(s);
  si.score = chips.balance(s);
  si.counters.push_back(chips.counter(s, unit));
  if (stake > 0) si.counters.push_back({"stake", static_cast<double>(stake)});
  return si;
}

Zone& stakes_zone(View& v, const Chips& chips, int players) {
  Zone& z = v.add_zone(ZoneKind::kPot, Layout::kPot, kNobody);
  for (int p = 0; p < players; ++p) z.chips += chips.pot(p);
  if (v.text()) z.name = "stakes";
  return z;
}

std::string bank_result(const BankHand& h, std::string_view unit) {
  if (!h.staked) return "nobody staked against " + seat_name(h.banker) + "'s bank.";
  const int change = h.change;
  const std::string word = " " + std::string(unit) + (std::abs(change) == 1 ? "." : "s.");
  return seat_name(h.banker) + "'s bank " +
         (change > 0   ? "won " + std::to_string(change) + word
          : change < 0 ? "paid out " + std::to_string(-change) + word
                       : std::string("broke even."));
}

std::string hand_summary(const BankHand& h, std::string_view unit) {
  return "Hand " + std::to_string(h.hand) + ": " + bank_result(h, unit);
}

int most_stake(const Chips& chips, Seat banker, Seat s, int staked, int limit, int exposure) {
  if (s == banker) return 0;
  const int most = std::min(
      {limit, chips.balance(s) / exposure, (chips.balance(banker) - exposure * staked) / exposure});
  return std::max(0, most);
}

}  // namespace parlour::kit
