// Chips and counters: what each seat holds and what lies staked on the
// table, carried from hand to hand. A game that pays (Michigan's boodle,
// Polignac's counters, a banker's stakes) keeps one Chips in its state and
// returns it from State::chips(); the conformance harness then checks that
// no chip is ever made or lost, and that every view shows the balances.
//
// Chips are whole numbers. A balance may fall below zero where a game lets a
// player owe (counters settled at the end); a game that forbids it asks
// can_pay() first. The sum of the balances and the pots never changes: every
// operation moves chips, none creates them. A value type of fixed size: it
// allocates nothing and copies with the state.
#pragma once

#include <array>
#include <string>

#include "core/view.h"

namespace parlour {

class Chips {
 public:
  static constexpr int kMaxPots = 8;

  Chips() = default;
  // `players` seats holding `each` chips, and no pot.
  Chips(int players, int each);

  int players() const { return players_; }
  int balance(Seat s) const { return balance_[static_cast<std::size_t>(s)]; }
  int pot(int p) const { return pot_[static_cast<std::size_t>(p)]; }
  // Balances and pots together: the same from the first deal to the end.
  int total() const;
  bool can_pay(Seat s, int n) const { return balance(s) >= n; }

  // REQUIRES: n >= 0, seats and pots in range. A balance may go below zero.
  void pay(Seat from, Seat to, int n);
  void stake(Seat from, int pot, int n);  // from a seat into a pot
  void award(Seat to, int pot, int n);    // from a pot to a seat; REQUIRES n <= pot(p)
  // The whole pot to `to`; returns how many chips it held.
  int take_pot(Seat to, int pot);
  // A pot shared by `seats` (a mask) as evenly as whole chips allow; the odd
  // chips stay in the pot, to carry to the next hand. Returns each share.
  int share_pot(SeatMask seats, int pot);

  // What each seat won or lost since the hand began: for the summary between
  // hands (HandResult::points).
  void begin_hand() { at_hand_start_ = balance_; }
  int hand_change(Seat s) const { return balance(s) - at_hand_start_[static_cast<std::size_t>(s)]; }

  // For views: the seat's balance as a counter ("chips", or the game's word:
  // "counters"), and a pot as a zone of layout kPot added to `v` (its name
  // and note where v.text()).
  Counter counter(Seat s, std::string_view name = "chips") const;
  Zone& pot_zone(View& v, int p, std::string_view name, std::string_view note = {}) const;

  bool operator==(const Chips&) const = default;

 private:
  int players_ = 0;
  std::array<int, kMaxSeats> balance_{}, at_hand_start_{};
  std::array<int, kMaxPots> pot_{};
};

}  // namespace parlour
