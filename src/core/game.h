// The game interface: the least that every game provides.
//
// A Game is immutable metadata plus a factory (GameInfo). A State is one
// position, mutable by apply(). Chance is explicit: when to_move() == kChance
// the caller resolves it with apply_chance(rng), so every game is reproducible
// from (game, options, seed, actions): a record stores the seats' actions only
// and replays chance from the seed.
//
// Optional capabilities live in their own small interfaces (Resampler below);
// a game opts in by implementing them and filling the pointer in GameInfo.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/card.h"
#include "core/options.h"
#include "core/rng.h"
#include "core/status.h"
#include "core/view.h"

namespace parlour {

struct Config {
  int players = 0;
  Options options;
};

// The result of a finished game. places: 1 is best, ties share a place.
struct Outcome {
  std::vector<double> scores;
  std::vector<int> places;
  std::string summary;  // "Seat 2 is the Old Maid."
  bool operator==(const Outcome&) const = default;
};

class State {
 public:
  virtual ~State() = default;
  virtual std::unique_ptr<State> clone() const = 0;

  // A seat, kChance or kTerminal.
  virtual Seat to_move() const = 0;
  bool terminal() const { return to_move() == kTerminal; }

  // Legal actions of the seat to move, into a buffer the caller owns (cleared
  // first). REQUIRES: to_move() >= 0. Never empty for a seat to move.
  virtual void legal_actions(std::vector<Action>& out) const = 0;
  // REQUIRES: `a` is in legal_actions().
  virtual void apply(Action a) = 0;
  // REQUIRES: to_move() == kChance.
  virtual void apply_chance(Rng& rng) = 0;

  // Checked entry for actions from outside: false (and no change) if illegal.
  [[nodiscard]] bool apply_checked(Action a);

  // A short label for a legal action of the seat to move ("draw 3").
  virtual std::string action_label(Action a) const = 0;

  // What `viewer` may see (a seat, kSpectator or kEveryone). At the end of the
  // game everything is shown.
  virtual View view(Seat viewer) const = 0;

  // Narration of the last transition (the one that produced this state), as
  // `viewer` may know it. Appends lines to `out`.
  virtual void narrate(Seat viewer, std::vector<std::string>& out) const = 0;

  // REQUIRES: terminal().
  virtual Outcome outcome() const = 0;

  // Every physical card the game holds, in any zone: for conservation checks.
  virtual void all_cards(std::vector<Card>& out) const = 0;

  // Number of seat actions applied so far (chance excluded): a record's length.
  virtual int actions_applied() const = 0;

  // Seats dealt the card that decides the game (Old Maid's odd card), as a bit
  // mask, for simulation reports; 0 where a game has no such card.
  virtual std::uint32_t odd_card_seats() const { return 0; }
};

// Places from scores, higher better: 1 + the number of seats that scored more,
// so ties share a place.
template <class Scores, class Places>
void rank_places(int players, const Scores& scores, Places& places) {
  for (int s = 0; s < players; ++s) {
    int better = 0;
    for (int t = 0; t < players; ++t) better += scores[t] > scores[s];
    places[s] = 1 + better;
  }
}

// One finished game in brief, without allocation: what simulation tallies.
struct Playout {
  int players = 0;
  std::array<double, 16> scores{};
  std::array<int, 16> places{};
  int length = 0;                  // seat actions
  std::uint32_t odd_card_seats = 0;
};

// Optional capability: a game's own fast simulator for one kind of bot in every
// seat. It must play exactly the games the generic engine plays with that bot
// and the same seed (same deal, same draws, same outcome); a test checks it.
class FastPlayouts {
 public:
  virtual ~FastPlayouts() = default;
  virtual void play(std::uint64_t seed, Playout& out) = 0;
};

// Optional capability: sample a full state that `seat` cannot tell from the
// real one, for bots that search and for leak tests.
class Resampler {
 public:
  virtual ~Resampler() = default;
  // Returns a state whose view(seat) equals state.view(seat), or null if none
  // was found. The result depends only on what `seat` sees and on `rng`: two
  // states that look the same to `seat` give the same sample for the same rng
  // (the conformance harness checks this), so a bot that samples never peeks.
  virtual std::unique_ptr<State> resample(const State& state, Seat seat, Rng& rng) const = 0;
};

// What a bot is given: its seat's view, and a way to sample the hidden cards
// consistently with that view. It holds the real state privately, so that
// sampling is cheap, but hands none of it out.
class Observation {
 public:
  Observation(const State& state, Seat seat, const Resampler* resampler)
      : state_(state), seat_(seat), resampler_(resampler), view_(state.view(seat)) {}
  Seat seat() const { return seat_; }
  const View& view() const { return view_; }
  bool can_sample() const { return resampler_ != nullptr; }
  // REQUIRES: can_sample(). Null if no consistent state was found.
  std::unique_ptr<State> sample(Rng& rng) const { return resampler_->resample(state_, seat_, rng); }

 private:
  const State& state_;
  Seat seat_;
  const Resampler* resampler_;
  View view_;
};

// A player that sees only what its seat may see.
class Bot {
 public:
  virtual ~Bot() = default;
  // REQUIRES: obs.view().choices is non-empty (the bot's seat is to move).
  virtual Action act(const Observation& obs, Rng& rng) = 0;
};

struct BotSpec {
  std::string_view name;
  std::string_view help;
  std::function<std::unique_ptr<Bot>()> make;
};

// Optional capability: exact odds of losing, seat by seat, under blind play
// (every draw uniformly random), for games that can compute them.
struct OddsReport {
  std::vector<double> lose;   // by seat
  bool exact = false;         // false: exact chains averaged over sampled deals
  std::string method;         // how they were computed, for people
  double precision = 0;       // bound on the error of each figure
  std::uint64_t states = 0;   // positions in the chain
};

class ExactOdds {
 public:
  virtual ~ExactOdds() = default;
  // From the deal of a game with this config. Fails, saying why, where the
  // computation is out of reach.
  virtual Result<OddsReport> from_deal(const Config& config) const = 0;
  // From a position (REQUIRES: a state of this game), blind play from there on.
  virtual Result<OddsReport> at(const State& state) const = 0;
};

struct GameInfo {
  std::string_view name;     // "old-maid": what `parlour play` takes
  std::string_view title;    // "Old Maid"
  std::string_view summary;  // one line
  std::string_view rules;    // rules.md, in our own words
  int min_players = 2, max_players = 2, default_players = 2;
  std::span<const OptionSpec> options;  // static storage: Options keep a view of it
  std::vector<Preset> presets;
  std::vector<BotSpec> bots;  // the game's own bots; the first is the default
  // Checks combinations of options and the player count.
  std::function<Status(const Config&)> validate;
  // REQUIRES: validate(config).ok(). The state before the deal (a chance node).
  std::function<std::unique_ptr<State>(const Config&)> new_game;
  // The multiset of cards a game with this config holds from start to end.
  std::function<std::vector<Card>(const Config&)> cards;
  const Resampler* resampler = nullptr;
  // The bot the fast simulator stands for, and a factory (REQUIRES a valid config).
  const ExactOdds* exact_odds = nullptr;
  // Rule variants worth comparing for fairness (`parlour fairness`); the first
  // is the usual rules. name: a short key; summary: what a reader sees.
  std::vector<Preset> fairness;
  std::string_view fast_bot;
  std::function<std::unique_ptr<FastPlayouts>(const Config&)> fast_playouts;
};

}  // namespace parlour
