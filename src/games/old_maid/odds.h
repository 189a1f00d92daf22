// Exact odds of Old Maid under blind play: a Markov chain over positions in
// which each pairing class is collapsed to the set of seats holding one of its
// cards. Under blind play which class is which never matters, and the loser is
// simply the last seat with cards, so a position is: the sorted holder sets,
// who offers, who draws. Pairs only ever reduce the cards in play, so the chain
// is solved level by level (fewest cards first); the cycles within a level,
// cards passing round without pairing, are solved by Gauss–Seidel iteration to
// convergence, not cut off.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "games/old_maid/old_maid.h"

namespace parlour::old_maid {

class OldMaidState;

// Counting every deal is exact and quick up to four players (seconds for
// four): the table odds (odds.cc) and a seat's odds (seat_odds.cc) both count
// up to here.
inline constexpr int kExactPlayers = 4;

struct ChainPos {
  std::vector<std::uint16_t> holders;  // one holder set per live class, sorted
  int offerer = 0, drawer = 0;
};

class BlindChain {
 public:
  BlindChain(int players, int dir, bool keep_drawing)
      : players_(players), dir_(dir), keep_drawing_(keep_drawing) {}

  // Adds a position to solve from; returns a handle for value(). A position
  // where no pair can be made any more (each class left has one card) is the
  // end: the seats still holding cards lose.
  int add(ChainPos p);
  // Explores every position reachable from those added and solves the chain.
  // Returns the largest change in the last sweep of any level (the precision),
  // or nothing if the chain grows past `max_positions`.
  std::optional<double> solve(std::size_t max_positions = 4000000, double tolerance = 1e-15);
  // Each seat's chance of losing. REQUIRES: solve() was called after add()
  // returned `handle`. With several unmatched cards they may sum to more than 1.
  const std::array<double, 16>& value(int handle) const { return value_[handle]; }
  std::size_t size() const { return nodes_.size(); }

  // The first offer of a hand: the dealer's left (or the dealer), or the next
  // player with cards; the drawer is the next player with cards after.
  ChainPos first_turn(std::vector<std::uint16_t> holders, int dealer, bool dealer_first) const;

 private:
  struct Edge {
    int to;  // a node, or -1 - losers for the end of the hand (a mask of the seats that lose)
    double p;
  };
  struct Node {
    ChainPos pos;
    int cards = 0;
    std::vector<Edge> edges;
  };
  int step(int s, int k) const { return ((s + k * dir_) % players_ + players_) % players_; }
  int intern(ChainPos p);
  void expand(int node);

  int players_, dir_;
  bool keep_drawing_;
  std::unordered_map<std::string, int> index_;
  std::vector<Node> nodes_;
  std::vector<std::array<double, 16>> value_;
  std::size_t expanded_ = 0;
};

const ExactOdds& exact_odds();

inline constexpr const char* kOddsEvent = "being left with the odd card";

// Odds that need no play: the hand is over (its losers lost), or an error
// before the deal. Nothing where a chain is needed.
std::optional<Result<OddsReport>> odds_without_play(const OldMaidState& s);

// The holder sets of the classes in the hands of a position (every card seen).
std::vector<std::uint16_t> holders_of(const OldMaidState& s);

// Odds as `seat` can know them (kSpectator: from the public view): the chance
// of each seat being left with the odd card, averaged over every position
// that seat cannot tell from the real one, each dealing of the cards it cannot
// see counted once. Exact up to four players; above, estimated from blind
// play-outs of positions sampled consistently with the view (and said so).
// Reads only what the seat's view shows.
Result<OddsReport> seat_odds(const OldMaidState& state, Seat seat);

}  // namespace parlour::old_maid
