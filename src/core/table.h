// The driver: one piece of core that plays a game. A Table owns the state,
// resolves chance from the seed, checks and applies the seats' actions, asks
// the seats' players when their seats may act, and keeps the record. The
// terminal, replay, the simulator, the server, the tests and the benchmarks
// all play through it, so every game is played the same way.
//
// The hot path (run() with bots, in simulation and rollouts) allocates
// nothing per step once its buffers have grown, and builds no view or string
// unless a bot asks for one.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/record.h"
#include "core/registry.h"

namespace parlour {

// One transition, for whoever watches the game go by (narration, the server).
struct Step {
  bool chance = false;  // chance acted (a deal, a shuffle)
  Seat seat = kNobody;  // otherwise the seat that acted
  Action action = 0;
};
// Called after each transition with the state it produced.
using StepFn = std::function<void(const State&, const Step&)>;

// Whoever plays a seat: a person at the terminal, a bot, the network.
class Player {
 public:
  virtual ~Player() = default;
  // `seat` may act and `legal` are its legal actions (valid for this call
  // only). Returns one of them, or kNoAction to stop the game here (a person
  // who leaves the table). A plain Action, not an optional: GCC returned the
  // optional through memory written in two parts and read back whole, a
  // store-forwarding stall that was a tenth of a random playout.
  virtual Action act(const State& state, Seat seat, std::span<const Action> legal) = 0;
  // Whether act() returns one of `legal` by construction (RandomPlayer), so
  // that the driver need not look for it there: that search's unpredictable
  // end was a tenth of a random play-out. Every other answer is checked.
  bool picks_from_legal() const { return picks_from_legal_; }

 protected:
  Player() = default;
  explicit Player(bool picks_from_legal) : picks_from_legal_(picks_from_legal) {}

 private:
  bool picks_from_legal_ = false;
};

// A bot in a seat: it is shown its seat's Observation only, and draws on its
// own random stream.
class BotPlayer final : public Player {
 public:
  BotPlayer(std::unique_ptr<Bot> bot, const Resampler* resampler, Rng rng)
      : bot_(std::move(bot)), resampler_(resampler), rng_(rng) {}
  Action act(const State& state, Seat seat, std::span<const Action> legal) override;
  const Bot& bot() const { return *bot_; }

 private:
  std::unique_ptr<Bot> bot_;
  const Resampler* resampler_;
  Rng rng_;
};

// The random bot (bots/random_bot.h) as a player: legal[rng.below(size)],
// the same draw from the same stream, without building an Observation or a
// second virtual call. Random play-outs (`parlour sim --bots random`) spend a
// tenth of their time on those.
class RandomPlayer final : public Player {
 public:
  explicit RandomPlayer(Rng rng) : Player(true), rng_(rng) {}
  Action act(const State&, Seat, std::span<const Action> legal) override {
    return legal[rng_.below(static_cast<std::uint32_t>(legal.size()))];
  }

 private:
  Rng rng_;
};

// A hint for `seat`: the move the game's own first bot would make, shown
// only that seat's observation, and the bot's doubt about it (Bot::doubt).
// `bot`, when given, is one the caller keeps from hint to hint (made by
// g.bots.front()), so that a plan it made carries on: a bot made afresh for
// every hint may choose another line at every move and go round in circles.
// REQUIRES: legal non-empty.
struct Hint {
  Action action = kNoAction;
  std::string doubt;
};
[[nodiscard]] Hint hint_move(const GameInfo& g, const State& state, Seat seat,
                             std::span<const Action> legal, Rng& rng,
                             const Observation::Limits& limits = {}, Bot* bot = nullptr);

class Table {
 public:
  // REQUIRES: config is valid for sel.game (make_config made it).
  Table(const Selection& sel, Config config, std::uint64_t seed);

  const State& state() const { return *state_; }
  const Selection& selection() const { return sel_; }
  const GameInfo& game() const { return *sel_.game; }
  const Config& config() const { return config_; }
  std::uint64_t seed() const { return seed_; }
  // The seats' actions so far, in order: what a record holds.
  std::span<const SeatAction> moves() const { return moves_; }
  // The number of seat actions applied: the table's version.
  int version() const { return static_cast<int>(moves_.size()); }
  // The seat that acted last, kNobody before any action.
  Seat last_actor() const { return moves_.empty() ? kNobody : moves_.back().seat; }
  // The seat run() asks next: the one to move, or where several may act, the
  // first of them after the last to act; kChance or kTerminal otherwise.
  Seat asked() const;

  // Resolves one chance event. REQUIRES: state().chance().
  void chance(const StepFn& on_step = nullptr);
  // Resolves chance until a seat may act or the game is over.
  void settle(const StepFn& on_step = nullptr);

  // Chance one draw at a time, as OpenSpiel's chance nodes (Python's
  // chance_outcomes). A game resolves a chance event in one apply_chance,
  // drawing from an Rng (a shuffle is a draw below 52, below 51, ...); each
  // draw may be given instead, and the event is resolved once its given draws
  // decide it. Draws given are kept in the record (version 3); draws of an
  // event not given come from the seed's stream, as ever.
  //
  // The number of outcomes of the chance event's next draw, each as likely:
  // from 1 to 2^32 (a draw of any 32 bits); 0 for an event that draws
  // nothing (its one outcome is 0). REQUIRES: state().chance().
  [[nodiscard]] std::uint64_t next_draw() const;
  // Gives the next draw: `d` below next_draw(); an error, and no change, if
  // not, or if the game is not at chance. Resolves the event once decided.
  [[nodiscard]] Status give(std::uint32_t d, const StepFn& on_step = nullptr);
  // The draws given to the chance event at hand, not yet deciding it.
  std::span<const std::uint32_t> pending() const { return pending_.draws; }
  // The chance events resolved so far.
  std::uint32_t chance_events() const { return events_; }
  // The chance events whose draws were given (ahead of now too, after undo()).
  std::span<const GivenChance> given() const { return given_; }
  // A record's given chance, before its replay: false if not ascending.
  [[nodiscard]] bool set_given(std::vector<GivenChance> given);
  // Given draws that could not be used as given (a changed record): a draw
  // out of its range, or more draws than the event took. Empty if none.
  const std::string& chance_error() const { return chance_error_; }

  // Whether `seat` may play `a` now.
  bool legal(Seat seat, Action a) const;
  // Applies a seat's action if that seat may act and the action is legal for
  // it; otherwise an error saying which (and nothing changes). Chance that
  // follows is left for settle().
  [[nodiscard]] Status act(Seat seat, Action a, const StepFn& on_step = nullptr);
  // act() for an action the caller took from legal_actions(seat) of this
  // very position (a batched environment checks each row against the list
  // it showed): act()'s checks, which work the legal actions out again, were
  // a sixth of such a step. REQUIRES: act() would accept it (whose turn it
  // is asserted, the action's legality not).
  void act_legal(Seat seat, Action a, const StepFn& on_step = nullptr);

  // Plays on: resolves chance and asks each seat's player (players[seat]; a
  // null player stops the game) whenever its seat may act, until the game is
  // over (true) or a player gives no action (false). When several seats may
  // act at once they are asked in turn from the seat after the last to act,
  // and the state is looked at again after every action: an action may close
  // the window for the rest.
  bool run(std::span<Player* const> players, const StepFn& on_step = nullptr);

  // Takes back the last seat action, and any chance that followed it: in
  // place where the game can (GameInfo::undo), else by replaying the rest.
  [[nodiscard]] Status undo();
  // Plays again the action undo() took back last (undone in turn, they come
  // back in order), with the chance that followed it, which falls as it fell
  // before. Any other action forgets what was taken back.
  [[nodiscard]] Status redo(const StepFn& on_step = nullptr);
  // Whether redo() has an action to play again, and which.
  bool redoable() const { return !undone_.empty(); }
  // REQUIRES: redoable().
  const SeatAction& undone_next() const { return undone_.back(); }

  // A new game with another seed, reusing this table's buffers.
  void restart(std::uint64_t seed);

  // The record so far (with the outcome once the game is over). Chance not
  // yet resolved after the last action is resolved by its replay, unless the
  // caller sets `waits_at_chance` (chance_events()), or draws are pending. Labels are
  // worked out here, by replaying, so that play builds no strings; without
  // them (`labels` false) nothing is replayed.
  Record record(bool labels = true) const;

 private:
  void apply(Seat seat, Action a, const StepFn& on_step);
  // Another line from here: chance given for later events was another's.
  void forget_given_ahead();
  Status playable(Seat seat, Action a) const;  // act()'s checks
  Selection sel_;
  Config config_;
  std::uint64_t seed_;
  Rng chance_rng_;
  std::unique_ptr<State> state_;
  std::unique_ptr<State> fresh_;  // a new game, for restart()
  std::vector<SeatAction> moves_;
  // The numbers of moves after which chance acted, in order: few (a deal, a
  // draw), so play appends to it rarely; undo() reads whether chance
  // followed the last move.
  std::vector<std::size_t> chanced_;
  // Chance given one draw at a time (next_draw): rare, so empty in play.
  std::uint32_t events_ = 0;        // chance events resolved
  std::vector<GivenChance> given_;  // ascending events
  std::size_t next_given_ = 0;      // the first of given_ not yet reached
  GivenChance pending_;             // given draws of the event at hand
  std::string chance_error_;
  std::vector<SeatAction> undone_;  // taken back, the last on top: for redo()
  std::vector<Action> legal_;       // run()'s buffer
  // legal()'s: act() checks every action, and must not allocate a step.
  mutable std::vector<Action> checked_;
};

// The first seat of `actors` in play order after `after` (kNobody: from seat
// 0): who is asked first when several may act, and whose a version-1 record's
// action was.
Seat first_actor(const Actors& actors, Seat after, int players);

struct Replayed {
  std::unique_ptr<Table> table;
  const GameInfo* game = nullptr;
  const State& state() const { return table->state(); }
  const Config& config() const { return table->config(); }
};

// Replays a record through a Table: every action must be legal for its seat
// where it stands, and a stored outcome must equal the replayed one. Records
// of version 1 name no seats: each action is the one seat's to move, or, in a
// window of several, the first of them after the last to act. `on_step`, if
// set, is called after each transition.
Result<Replayed> replay(const Record& r, const StepFn& on_step = nullptr);

}  // namespace parlour
