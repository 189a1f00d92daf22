// Random playouts of OpenSpiel's oh_hell through its own API (LegalActions,
// ApplyAction, chance sampled from ChanceOutcomes), for
// bench/openspiel_compare.sh: decisions (player actions) a second, the
// process's CPU time. Built against a fetched OpenSpiel checkout; none of
// OpenSpiel's code is in Parlour's tree.
//
//   oh_hell_random GAMES SEED     prints: games decisions chance_steps seconds
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <string>

#include "open_spiel/spiel.h"

int main(int argc, char** argv) {
  const long games = argc > 1 ? std::atol(argv[1]) : 10000;
  const unsigned seed = argc > 2 ? static_cast<unsigned>(std::atol(argv[2])) : 1;
  // Four players, the full pack: 12 tricks at most; the number of tricks is
  // OpenSpiel's own chance event, as in its default game.
  std::shared_ptr<const open_spiel::Game> game =
      open_spiel::LoadGame("oh_hell(players=4,num_suits=4,num_cards_per_suit=13)");
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  long decisions = 0, chances = 0;
  double total = 0;
  const std::clock_t start = std::clock();
  for (long g = 0; g < games; ++g) {
    std::unique_ptr<open_spiel::State> s = game->NewInitialState();
    while (!s->IsTerminal()) {
      if (s->IsChanceNode()) {
        const open_spiel::ActionsAndProbs outcomes = s->ChanceOutcomes();
        s->ApplyAction(open_spiel::SampleAction(outcomes, unit(rng)).first);
        ++chances;
      } else {
        const std::vector<open_spiel::Action> legal = s->LegalActions();
        s->ApplyAction(legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)]);
        ++decisions;
      }
    }
    total += s->Returns()[0];
  }
  const double seconds = double(std::clock() - start) / CLOCKS_PER_SEC;
  std::printf("%ld %ld %ld %.6f %.3f\n", games, decisions, chances, seconds, total / double(games));
  return 0;
}
