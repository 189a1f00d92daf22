#include "core/chips.h"

#include <bit>
#include <cassert>

namespace parlour {

Chips::Chips(int players, int each) : players_(players) {
  assert(players >= 0 && players <= kMaxSeats);
  for (int s = 0; s < players; ++s) balance_[static_cast<std::size_t>(s)] = each;
  at_hand_start_ = balance_;
}

int Chips::total() const {
  int t = 0;
  for (int s = 0; s < players_; ++s) t += balance(s);
  for (int p : pot_) t += p;
  return t;
}

void Chips::pay(Seat from, Seat to, int n) {
  assert(n >= 0 && from >= 0 && from < players_ && to >= 0 && to < players_);
  balance_[static_cast<std::size_t>(from)] -= n;
  balance_[static_cast<std::size_t>(to)] += n;
}

void Chips::stake(Seat from, int pot, int n) {
  assert(n >= 0 && from >= 0 && from < players_ && pot >= 0 && pot < kMaxPots);
  balance_[static_cast<std::size_t>(from)] -= n;
  pot_[static_cast<std::size_t>(pot)] += n;
}

void Chips::award(Seat to, int pot, int n) {
  assert(n >= 0 && to >= 0 && to < players_ && pot >= 0 && pot < kMaxPots && n <= this->pot(pot));
  pot_[static_cast<std::size_t>(pot)] -= n;
  balance_[static_cast<std::size_t>(to)] += n;
}

int Chips::take_pot(Seat to, int pot) {
  const int n = this->pot(pot);
  award(to, pot, n);
  return n;
}

int Chips::share_pot(SeatMask seats, int pot) {
  const int k = std::popcount(seats);
  if (k == 0) return 0;
  const int share = this->pot(pot) / k;
  for (Seat s = 0; s < players_; ++s)
    if (seats >> s & 1) award(s, pot, share);
  return share;
}

Counter Chips::counter(Seat s, std::string_view name) const {
  return {std::string(name), static_cast<double>(balance(s))};
}

Zone& Chips::pot_zone(View& v, int p, std::string_view name, std::string_view note) const {
  Zone& z = v.add_zone(ZoneKind::kPot, Layout::kPot, kNobody);
  z.chips = pot(p);
  if (v.text()) z.name.assign(name), z.note.assign(note);
  return z;
}

}  // namespace parlour
