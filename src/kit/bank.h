// Machinery of the banking games (Macao, Baccara...): one player holds the
// bank against the others, stakes lie on the table in pots of the Chips, and
// the bank passes round the table.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>

#include "core/chips.h"
#include "core/rng.h"
#include "core/view.h"

namespace parlour::kit {

// Starts hands one after another without recursing. A hand nobody can
// stake in is over as it begins, and its end begins the next: a long match
// of broke punters would be thousands of nested calls (the fuzzer found one
// that overflowed the stack). A game's begin_hand() is run(start), where
// start() is the hand's own beginning; a begin_hand() from inside it only
// asks for another turn of the loop, so it must be the last thing its
// caller does.
class HandLoop {
 public:
  template <class Start>
  void run(Start start) {
    if (running_) {
      again_ = true;
      return;
    }
    running_ = true;
    do {
      again_ = false;
      start();
    } while (again_);
    running_ = false;
  }

 private:
  bool running_ = false, again_ = false;
};

// Cards of `pack`, shuffled, thrown round face up one to each seat from
// `first`, until one for which `stops(card)` holds (the first ace takes the
// bank, the six of hearts the farm): the seat it fell to, and how many cards
// were thrown. REQUIRES: some card of `pack` stops it.
struct Thrown {
  Seat seat = kNobody;
  int cards = 0;
};
template <class Stops>
Thrown throw_round(std::span<Card> pack, int players, Seat first, Rng& rng, Stops stops) {
  rng.shuffle(pack);
  int i = 0;
  while (!stops(pack[static_cast<std::size_t>(i)])) ++i;
  return {static_cast<Seat>((first + i) % players), i + 1};
}

// The most seat `s` may stake against `banker`'s bank: `limit`, and no more
// than either can pay `exposure` times over (a natural paid treble costs
// three stakes), the bank having `staked` already to cover. 0: nothing (the
// banker stakes nothing).
int most_stake(const Chips& chips, Seat banker, Seat s, int staked, int limit, int exposure);

// Settles a punter's stake lying in `pot` at `times` the stake: above 0 the
// banker pays it that many times and the stake comes back; 0 is a stand-off,
// the stake comes back; below 0 the banker takes the stake and -times - 1
// stakes more from the punter (a natural paid double or treble).
// REQUIRES: chips.pot(pot) >= stake.
void settle_stake(Chips& chips, Seat banker, Seat punter, int pot, int stake, int times);

// The hand last finished, as the view shows it between hands: its number,
// what each seat won or lost in it and held after it (not what it holds
// now: the next hand's stakes are on the table while this shows).
class LastHand {
 public:
  // At the end of hand `hand`, before the Chips begin the next.
  void record(const Chips& chips, int hand);
  int hand() const { return hand_; }
  // Fills the view's summary (nothing before the first hand ends), with
  // `summary`, the game's words for the hand: the game keeps the facts and
  // puts them in words only for a view, so that a hand's end allocates nothing.
  void fill(const Chips& chips, std::string summary, HandResult& out) const;

 private:
  int hand_ = 0;
  std::array<int, kMaxSeats> change_{}, total_{};
};

// What a hand did to the bank, as it happened: the facts of bank_result(),
// kept by value to be told in words later.
struct BankHand {
  int hand = 0;  // its number; 0: none
  Seat banker = kNobody;
  bool staked = false;  // anyone staked against the bank
  int change = 0;       // what the bank won (below 0: paid out)

  // At the end of hand `hand`, before the Chips begin the next.
  static BankHand of(const Chips& chips, int hand, Seat banker, bool staked) {
    return {hand, banker, staked, chips.hand_change(banker)};
  }
  bool operator==(const BankHand&) const = default;
};

// Where a punter stands in a hand against the bank.
enum class Part : std::uint8_t {
  kIdle,     // not in this hand (no stake, or the banker)
  kIn,       // staked and dealt: to play, or standing
  kNatural,  // settled on a natural
  kCreve,    // over the number: settled, lost
  kSettled,  // settled against the banker's hand
};

// The punters of one hand against the bank and what became of each: who is
// in, what each staked (into the pot of its own seat number), and how each
// was settled. A value type of fixed size, part of a game's state.
class Punters {
 public:
  void clear();  // a new hand: nobody in
  Part part(Seat s) const { return part_[static_cast<std::size_t>(s)]; }
  int stake(Seat s) const { return stake_[static_cast<std::size_t>(s)]; }
  // As settled: times the stake won (above 0) or lost (below 0), 0 a stand-off.
  int result(Seat s) const { return result_[static_cast<std::size_t>(s)]; }
  int staked() const;  // by all, this hand
  bool any_in() const;
  void set_part(Seat s, Part p) { part_[static_cast<std::size_t>(s)] = p; }

  // Seat s puts n more chips on its stake, and is in.
  void place(Chips& chips, Seat s, int n);
  // Settles seat s's stake at `times` (settle_stake) and marks it `part`.
  void settle(Chips& chips, Seat banker, Seat s, int times, Part part);
  // Every punter still in, against the banker's `points`: more wins once,
  // less loses, the same is a stand-off or, with `ties_to_banker`, lost.
  // `points(s)` gives a punter's; each settled is added to `shown`.
  template <class Points>
  void settle_in(Chips& chips, Seat banker, int banker_points, Points points, bool ties_to_banker,
                 SeatMask& shown) {
    for (Seat s = 0; s < kMaxSeats; ++s) {
      if (part(s) != Part::kIn) continue;
      shown |= SeatMask{1} << s;
      const int p = points(s);
      settle(chips, banker, s,
             p > banker_points                     ? 1
             : p < banker_points || ties_to_banker ? -1
                                                   : 0,
             Part::kSettled);
    }
  }
  // The banker went over: every punter still in is paid once, and shows.
  void pay_all_in(Chips& chips, Seat banker, SeatMask& shown);
  // The next punter in after `from`, going left, before the banker; kNobody.
  Seat next_in(Seat from, Seat banker, int players) const;

  bool operator==(const Punters&) const = default;

 private:
  std::array<Part, kMaxSeats> part_{};
  std::array<int, kMaxSeats> stake_{}, result_{};
};

// A seat at a banking table as every view shows it: its name, its balance (as
// the score and as the counter `unit`), and its stake on the table if any.
// Added to `v`, as the next seat.
SeatInfo& bank_seat(View& v, const Chips& chips, Seat s, int stake,
                    std::string_view unit = "chips");

// The punters' stakes, each in the pot of its seat number, drawn as one pot
// on the table (each seat's own stake is its counter): a pot a seat would
// crowd a table of eight.
Zone& stakes_zone(View& v, const Chips& chips, int players);

// What the hand did to the bank: "Seat 2's bank won 5 chips." / "... paid
// out 3 chips." / "... broke even.", or, with nobody staked, "nobody staked
// against Seat 2's bank."
// `unit`: the game's word for a chip ("counter"), in the singular.
std::string bank_result(const BankHand& h, std::string_view unit = "chip");
// The same after the hand's number: "Hand 4: Seat 2's bank won 5 chips."
std::string hand_summary(const BankHand& h, std::string_view unit = "chip");

}  // namespace parlour::kit
