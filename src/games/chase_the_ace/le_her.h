// Le Her: one round of Chase the Ace between two players, as a two-player
// zero-sum game, and its exact equilibrium, computed from the rules by linear
// programming (simplex.h). Nothing here is typed in from the literature: the
// classic solution (Waldegrave, 1713) is what the tests compare against.
//
// The round. The eldest (E) and the dealer (D) get one card each from 52.
// E keeps his card (a King kept is turned face up; a King is always kept) or
// asks D to exchange; D refuses only with a King, which he shows. Then D
// stands or rejects his card and cuts a new one from the 50 left. Payoff to E:
// +1 if only D holds the lowest card, -1 if only E does, 0 if they tie (both
// lose a life), or -1 for a tie when ties go to the dealer (classic Le Her).
//
// Strategies are behavioural, by rank (suits are irrelevant):
//   E: the chance of exchanging, holding each rank;
//   D, once E has kept and shown no King: the chance of cutting, by his rank;
//   D, having refused with a King: the chance of cutting.
// Everywhere else D knows both cards (an exchange shows each the other's, a
// King kept is face up) and plays his best reply, which depends on nothing
// but the two cards: it is part of the model, not a choice left open.
#pragma once

#include <array>
#include <cstdint>

namespace parlour::chase_the_ace {

// What a King cut by the dealer does (seed 004 and its variants).
enum class DealerKing : std::uint8_t {
  kCounts,    // a King like any other (seed 004)
  kLowest,    // counts lowest of all: only the dealer loses (seed 004, "Variants")
  kKeepsOwn,  // void: the dealer keeps his own card (classic Le Her, pagat's Cuckoo)
};

// The rules of a round, as far as they change its payoffs.
struct LeHerRules {
  DealerKing dealer_king = DealerKing::kCounts;
  bool ties_to_dealer = false;  // classic Le Her; ours: a tie costs both a life (payoff 0)
  bool king_shown = true;       // a King the eldest keeps is turned face up (seed 004)
};

// Ranks index the arrays: [1] ace ... [13] king; [0] is unused.
struct LeHerStrategy {
  std::array<double, 14> exchange{};  // eldest
  std::array<double, 14> cut{};       // dealer, the eldest having kept with no King shown
  double cut_after_refusal = 0;       // dealer, having refused with a King
};

struct LeHerSolution {
  LeHerStrategy strategy;   // both players' equilibrium strategies
  double value = 0;         // the eldest's expected payoff per round
  double dealer_value = 0;  // the same, from the dealer's programme (equal, by minimax)
  bool ok = false;          // both programmes solved
};

// Solves the round's two linear programmes (one per player).
LeHerSolution solve_le_her(const LeHerRules& rules);

// The eldest's expected payoff when both play `s` (the dealer replying best
// where he knows both cards).
double le_her_value(const LeHerRules& rules, const LeHerStrategy& s);
// The best the eldest can do against the dealer's part of `s`, and the least
// the dealer can hold him to against the eldest's part: rank by rank.
double eldest_best_response(const LeHerRules& rules, const LeHerStrategy& s);
double dealer_best_response(const LeHerRules& rules, const LeHerStrategy& s);

// The dealer's best reply when he knows both cards (ranks 1..13): the eldest
// holds `eldest`, the dealer `dealer`. True: reject and cut.
bool dealer_cuts_knowing(const LeHerRules& rules, int eldest, int dealer);

}  // namespace parlour::chase_the_ace
