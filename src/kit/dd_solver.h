// Double dummy for every trick game: with every hand known and every seat
// playing its best, how many tricks a side takes. Three to seven hands (two
// work too), hands of any size, any subset of the 52-card pack, trumps or
// none, the ace high or below the jack (tricks.h's rules of play). DDS
// (analysis/dd.h) serves four hands of thirteen only; this serves the rest,
// and agrees with DDS where both apply (dd_vs_dds_test).
//
// The search: alpha-beta on a null window (can the side take t tricks?), the
// answer found by stepping t from a guess; a transposition table at trick
// boundaries keyed on the hands' lengths and the cards by their rank among
// those left in each suit, down to the lowest rank the answer rested on (so
// that one entry serves every position alike above it: Ginsberg's partition
// search, DDS's "winning ranks"), holding bounds; cards of one hand with no
// live card between them played as one; sure tricks (cashed off the top, or
// trumps above the adversaries') as bounds; the likeliest cards tried first,
// after DDS's weights. Nothing is allocated during a search.
//
// Hands of unequal size follow Lift Smoke's rule: a seat whose hand is empty
// is out. A trick goes round the seats that hold cards, a winner left without
// cards passes the lead to the next seat to his left that has some, and play
// ends when every hand is empty. Where every hand holds alike (every other
// game), that is the usual rule.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>

#include "kit/tricks.h"

namespace parlour::kit {

// A position to solve.
struct DdPosition {
  int seats = 4;                                 // 2..7
  std::array<CardBits, kMaxTrickSeats> hands{};  // the cards still held, by seat
  // The trick in progress: who led it (or leads next, if no card is down),
  // and the card each seat has played to it (Card() if none yet). The cards
  // were played from the leader round to the left, a seat out skipped.
  Seat leader = 0;
  std::array<Card, kMaxTrickSeats> played{};
  Suit trump = kNoTrump;
  AceRank ace = AceRank::kHigh;
  // Bit s: seat s is on the side whose tricks are counted (partners); the
  // other seats are its adversaries.
  std::uint8_t side = 0b0101;
  // Whether the side plays to take the fewest tricks, and every other seat
  // to make it take the most: the other bound of a seat whose aim is an
  // exact number (Oh Hell!'s bid). The count is still the side's tricks.
  bool fewest = false;
  // Where the aim is points, not tricks (Polignac's Jacks): what each card
  // is worth to the seat that takes the trick it falls in, by card index;
  // all zero, every trick counts one. Every count and bound is then in
  // points. At most four cards may be worth points, each of a rank with at
  // most six above it (the eights up): the table's key has room for no more.
  std::array<std::uint8_t, 52> points{};

  // Sets leader and played from `t`, in which each seat has played in turn
  // (no seat out). REQUIRES: seats is set.
  void set_trick(const Trick& t);
};

// Results of bridge deals: tricks[strain][declarer], strains no trumps,
// spades, hearts, diamonds, clubs; declarers North, East, South, West
// (seats 0..3); the declarer's left-hand opponent leads. As analysis::DdTable.
using DdTricks = std::array<std::array<int, 4>, 5>;

// Counters of the last call, for benchmarks and tuning.
struct DdStats {
  std::uint64_t nodes = 0;       // positions searched
  std::uint64_t tricks = 0;      // tricks played out in search
  std::uint64_t searches = 0;    // null-window searches
  std::uint64_t table_cuts = 0;  // positions the table answered
  std::uint64_t quick_cuts = 0;  // positions sure tricks answered
  std::uint64_t forgotten = 0;   // times the table was full and made room
  bool stopped = false;          // the call reached its limit: its answer means nothing
};

// A solver keeps its transposition table from call to call, forgetting it
// when the seats, trumps, side or aim change; when it is full it drops the
// positions nearest the end of play, half the table. Not thread-safe: one
// solver a thread.
class DdSolver {
 public:
  // The table takes 176 << table_bits bytes (8..24; 16, about 11 MB, holds
  // the searches of a whole bridge deal but the hardest; endings of a few
  // cards need far less).
  explicit DdSolver(int table_bits = 16);
  ~DdSolver();
  DdSolver(const DdSolver&) = delete;
  DdSolver& operator=(const DdSolver&) = delete;

  // The most tricks (or points: DdPosition::points) of those still to be
  // won, the trick in progress included, that `side` takes when it plays to take the most and every
  // other seat to take the fewest; with `fewest`, the fewest it can be held to when the others play
  // to give it the most. REQUIRES: a valid position: standard cards, held or played once each;
  // seats that hold cards and have not played come after those that have,
  // round from the leader.
  int tricks(const DdPosition& p);

  // Whether `side` takes at least `target` of those tricks: one null-window
  // search, cheaper than tricks() when only a contract matters.
  bool reaches(const DdPosition& p, int target);

  // For each card the seat to play may play, the tricks `side` takes (as
  // tricks()) after it; -1 for cards it may not play. Every entry -1 if no
  // seat is to play.
  std::array<std::int8_t, 52> plays(const DdPosition& p);

  // The 20 results of four hands of equal size (one to thirteen cards).
  DdTricks table(const std::array<CardBits, 4>& hands, AceRank ace = AceRank::kHigh);

  // Counters of the last call.
  const DdStats& stats() const;

  // At most this many positions searched a call (0: no limit), and a stop
  // when `stop` says so (asked every 65,536 positions: a clock, a server's
  // deadline). A call that stops says so in stats().stopped, and its answer
  // means nothing; what the table learnt before stays true. A count of
  // positions, unlike a clock, stops at the same place on any machine.
  void limit(std::uint64_t nodes, std::function<bool()> stop = {});

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// One-off forms, each with a solver of its own (for many positions, keep a
// DdSolver: its table carries over).
int dd_tricks(const DdPosition& p);
DdTricks dd_table(const std::array<CardBits, 4>& hands);

}  // namespace parlour::kit
