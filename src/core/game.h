// The game interface: the least that every game provides.
//
// A Game is immutable metadata plus a factory (GameInfo). A State is one
// position, mutable by apply(). Chance is explicit: when to_move() == kChance
// the caller resolves it with apply_chance(rng), so every game is reproducible
// from (game, options, seed, seats' actions): a record stores the seats'
// actions only, with the seat that took each, and replays chance from the seed.
//
// Usually one seat acts at a time. A state may let several seats act at once
// (actors()): a challenge any seat may make, everyone staking together. Every
// call that takes an action names the seat taking it.
//
// Optional capabilities live in their own small interfaces (Resampler,
// ExactOdds, Undo, ...); a game opts in by implementing one and filling its
// slot in GameInfo. register_game() checks what it is given.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
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

class Chips;

struct Config {
  int players = 0;
  Options options;
};

// What kind of result a game gives, so that everything reporting on games
// (sim, fairness, the terminal, the server's statistics) says the right thing.
//   kLoser:   one seat (or a few) loses; nobody wins. Losers are last, the
//             others share place 1 (Old Maid).
//   kRanking: places in the order of finishing (Babanuki).
//   kScores:  points; places follow the scores, higher better.
//   kSolo:    one player who wins or loses: place 1 won, place 2 lost.
enum class OutcomeKind : std::uint8_t { kLoser, kRanking, kScores, kSolo };
std::string_view outcome_kind_name(OutcomeKind k);
// Whether seat s won or lost, by a result's kind and places: a loser's game
// has losers only; a solitaire is won or lost; otherwise place 1 wins and the
// last place loses, unless every seat shares it.
bool seat_won(OutcomeKind kind, std::span<const int> places, Seat s);
bool seat_lost(OutcomeKind kind, std::span<const int> places, Seat s);

// What a game's safety cap counts (Outcome::cap_unit): records name one.
inline constexpr std::array<std::string_view, 3> kCapUnits = {"moves", "turns", "plays"};

// The result of a finished game. places: 1 is best, ties share a place.
struct Outcome {
  OutcomeKind kind = OutcomeKind::kScores;
  std::vector<double> scores;
  std::vector<int> places;
  std::string summary;  // "Seat 2 is the Old Maid."
  // A game that could go round for ever stops at a safety cap, and is not
  // a result of its rules: `cap` of `cap_unit` ("turns", static storage),
  // 0 where the rules ended it. The summary says so too.
  int cap = 0;
  std::string_view cap_unit;  // one of kCapUnits
  bool operator==(const Outcome&) const = default;

  bool won(Seat s) const { return seat_won(kind, places, s); }
  bool lost(Seat s) const { return seat_lost(kind, places, s); }
};

// The seats that may act now and how their actions resolve (see Resolve).
struct Actors {
  SeatMask seats = 0;
  Resolve resolve = Resolve::kTurn;
  // kFirst: the action by which a seat lets the window go, if there is one.
  // A bot that chooses it need not be waited for.
  Action pass = kNoAction;
  bool has(Seat s) const { return s >= 0 && (seats >> s & 1); }

  // The one seat `s` in turn; nobody for kChance or kTerminal.
  static Actors turn(Seat s) {
    return s >= 0 ? Actors{SeatMask{1} << s, Resolve::kTurn, kNoAction} : Actors{};
  }
  // A window any of `seats` may take, the first to act taking it; `pass`
  // lets it go.
  static Actors window(SeatMask seats, Action pass) { return {seats, Resolve::kFirst, pass}; }
  // What to_move() says while `seats` may act: the one seat, or kSeveral.
  static Seat to_move_of(SeatMask seats) {
    return std::popcount(seats) == 1 ? static_cast<Seat>(std::countr_zero(seats)) : kSeveral;
  }
};

class State {
 public:
  virtual ~State() = default;
  virtual std::unique_ptr<State> clone() const = 0;

  // The one seat to move, kChance, kTerminal, or kSeveral when more than one
  // seat may act (then actors() says which).
  virtual Seat to_move() const = 0;
  // The seats that may act now. The default serves games where one seat acts.
  virtual Actors actors() const { return Actors::turn(to_move()); }
  bool terminal() const { return to_move() == kTerminal; }
  bool chance() const { return to_move() == kChance; }

  // Legal actions of `seat`, into a buffer the caller owns (cleared first).
  // REQUIRES: actors().has(seat). Never empty for a seat that may act.
  virtual void legal_actions(Seat seat, std::vector<Action>& out) const = 0;
  // REQUIRES: `a` is in legal_actions(seat).
  virtual void apply(Seat seat, Action a) = 0;
  // REQUIRES: to_move() == kChance.
  virtual void apply_chance(Rng& rng) = 0;

  // A short label for a legal action of `seat`, written for that seat ("draw 3").
  virtual std::string action_label(Seat seat, Action a) const = 0;

  // Why no legal action of `seat` picks exactly the cards `picks` (places in
  // view(seat)'s zones), in words for people ("5♠ 7♠ 8♠ is not a sequence:
  // 6♠ is missing"), so that the terminal and a screen can say why a
  // selection does nothing. `word` is the terminal's word before the places
  // ("m" in "m 2 3 5"), empty for cards selected on a screen or places typed
  // alone. Empty where an action does, or where the game has nothing to say
  // (then what is accepted is listed). Reads only what the seat sees; any
  // picks at all, out of range too, are answered.
  virtual std::string why_not(Seat /*seat*/, std::string_view /*word*/,
                              std::span<const CardRef> /*picks*/) const {
    return {};
  }

  // What `viewer` may see (a seat, kSpectator or kEveryone). At the end of the
  // game everything is shown.
  View view(Seat viewer, Detail detail = Detail::kAll) const {
    View v;
    v.detail = detail;
    fill_view(viewer, v);
    return v;
  }
  // view(), written into `v` at its `detail`, reusing its storage: a caller
  // that fills one view again and again (a batch of observations) allocates
  // nothing once warm, where the game writes its cards and numbers into the
  // seats and zones View::add_seat and add_zone give, and its text only
  // where v.text() (what the allocation test holds every game to).
  virtual void fill_view(Seat viewer, View& v) const = 0;
  // What every game's view says the same way: the game, the viewer, the
  // players, and who may act now and how. A game's fill_view() starts with
  // it (it empties `v` first).
  void view_base(View& v, std::string_view game, Seat viewer, int players) const;

  // Narration of the last transition (the one that produced this state), as
  // `viewer` may know it. Appends lines to `out`.
  virtual void narrate(Seat viewer, std::vector<std::string>& out) const = 0;

  // REQUIRES: terminal().
  virtual Outcome outcome() const = 0;

  // Every physical card the game holds, in any zone: for conservation checks.
  virtual void all_cards(std::vector<Card>& out) const = 0;

  // Number of seat actions applied so far (chance excluded): a record's length.
  virtual int actions_applied() const = 0;

  // The chips of a game that pays (core/chips.h), null for one that does not:
  // the harness checks that no chip is made or lost and that views show them.
  virtual const Chips* chips() const { return nullptr; }
};

// The part of State every game writes the same way: clone() by copy.
template <class Derived>
class StateBase : public State {
 public:
  std::unique_ptr<State> clone() const override {
    return std::make_unique<Derived>(static_cast<const Derived&>(*this));
  }
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
  static constexpr int kMaxPlayers = 16;
  int players = 0;
  OutcomeKind kind = OutcomeKind::kScores;
  std::array<double, kMaxPlayers> scores{};
  std::array<int, kMaxPlayers> places{};
  int length = 0;  // seat actions
  int cap = 0;     // Outcome::cap
  std::string_view cap_unit;
  std::array<std::uint64_t, 4> facts{};  // the game's own (GameStats)
  bool won(Seat s) const { return seat_won(kind, std::span<const int>(places.data(), players), s); }
  bool lost(Seat s) const {
    return seat_lost(kind, std::span<const int>(places.data(), players), s);
  }
};

// Optional capability: a game's own fast simulator for one kind of bot in every
// seat. It must play exactly the games the generic engine plays with that bot
// and the same seed (same deal, same draws, same outcome, same facts); a test
// checks it.
class FastPlayouts {
 public:
  virtual ~FastPlayouts() = default;
  virtual void play(std::uint64_t seed, Playout& out) = 0;
};

// Optional capability: statistics of the game's own, beside the general ones,
// tallied over simulated games (Old Maid: who was dealt the odd card).
struct SeatRate {
  std::string label;  // "holds the odd card after the deal"
  // By seat: k of n games.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> by_seat;
};
class GameStats {
 public:
  virtual ~GameStats() = default;
  // Writes the game's facts about a finished game into out.facts.
  virtual void facts(const State& final_state, Playout& out) const = 0;
  // Counters per simulation for `players` seats; tally() adds one game to them.
  virtual std::size_t counters(int players) const = 0;
  virtual void tally(const Playout& game, std::span<std::uint64_t> counts) const = 0;
  // The rates to report, from the summed counters.
  virtual std::vector<SeatRate> rates(int players, std::span<const std::uint64_t> counts) const = 0;
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

// Optional capability: what a search needs to look ahead quickly in a game
// whose random play-outs tell little (long games, where random moves are
// nothing like real ones): a cheap policy for play-outs, and an estimate of
// each seat's result where a play-out is cut short. Search bots stay generic:
// they use these where a game gives them.
class SearchHints {
 public:
  virtual ~SearchHints() = default;
  // A reasonable move for `seat` (which may act) in a full position, fast: no
  // sampling, no view. It should read only what the seat could know, though
  // in a search it plays inside a sampled deal, where that matters less.
  virtual Action policy(const State& state, Seat seat, std::span<const Action> legal,
                        Rng& rng) const = 0;
  // Each seat's expected result in [0, 1] (1 best) from here, as
  // bots/ismcts.h's seat_reward scores a finished game.
  virtual void estimate(const State& state, std::span<double> value) const = 0;
  // Whether a search may overrule the policy for `seat` here. A game keeps
  // the decisions its policy makes better than a search can: where a turn is
  // several moves, a tree over them favours the longer ones (each move it
  // adds is one more choice of the best of noisy means).
  virtual bool overrule(const State& state, Seat seat) const {
    (void)state, (void)seat;
    return true;
  }
  // Whether a search should weigh its moves on the same deals rather than
  // grow a tree: where luck (the order of a stock, the deal) moves a result
  // far more than any one choice, the means of moves tried on different
  // deals differ by luck more than by skill, while moves played out from the
  // same deal with the same random stream differ only by what they do.
  virtual bool same_deals() const { return false; }
  // Moves of a play-out before the estimate, where the game knows better
  // than the search's default (0: the search's own): a game whose estimate
  // reads a position well is served by short play-outs, which vary less.
  virtual int depth() const { return 0; }
  // Whether a search should stop here and take the estimate: a point where
  // the estimate is as good as playing on (between deals, where the last
  // one's score is known, before the luck of the next deal's cards). Asked
  // only after a move.
  virtual bool settled(const State& state) const {
    (void)state;
    return false;
  }
};

// Optional capability: take back the last seat action in place, cheaply
// (solitaires, search). Games without it are undone by replaying the record.
class Undo {
 public:
  virtual ~Undo() = default;
  // Takes back the last seat action applied to `state`. Returns false, and
  // changes nothing, where it cannot: no seat action yet, or chance acted since.
  virtual bool undo(State& state) const = 0;
  // Whether a player may take the last seat action back at all: a game may
  // forbid taking back a move that showed what was hidden (a shuffle's
  // order). Where not, why, for people; "" where it may.
  virtual std::string forbidden(const State& state) const {
    (void)state;
    return "";
  }
};

// Optional capability: double-dummy analysis of a trick game's card play.
// With every hand seen and every seat playing its best, the tricks a side
// takes from a position; for `parlour dd --record` and `parlour replay --dd`.
// Games built on kit/tricks.h get it from kit/dd_sample.h.
struct DdPlay {
  Action action = 0;
  Card card;       // the card it plays
  int tricks = 0;  // the player's side's, from here on, the trick in progress included
  // Where the player wants a count, neither the most nor the fewest (Oh
  // Hell!'s bid, DdPlays::ranges): the fewest it can be held to, every other
  // seat giving it the most; `tricks` is then the most it can take. -1 else.
  int least = -1;
};
struct DdPlays {
  Seat player = kNobody;      // whose card is played (Bridge: dummy's, the dealer choosing)
  int in_trick = 0;           // cards already played to the trick in progress
  std::vector<DdPlay> plays;  // each legal action of the seat to move
  // What DdPlay::tricks counts, one and many: tricks, or a game's points
  // (Polignac's counters for Jacks taken).
  std::string_view one = "trick", many = "tricks";
  // Whether the player wants the fewest (Polignac's counters): each count
  // is then the fewest the player can be held to, every other seat playing
  // to give it the most.
  bool fewest = false;
  // Whether each play gives the fewest beside the most (DdPlay::least).
  bool ranges = false;
  // With ranges: the count the player aims to take from here (Oh Hell!'s bid
  // less the tricks taken), or -1. A card whose range leaves it out is
  // sure to miss it against the others' best play.
  int wanted = -1;
  std::string_view aim = "count";  // what is wanted, in words: Oh Hell!'s "bid"
};
class DoubleDummy {
 public:
  virtual ~DoubleDummy() = default;
  // REQUIRES: a full position (every card read: a real game, not a view).
  // nullopt where the seat to move plays no card to a trick.
  virtual std::optional<DdPlays> plays(const State& state) const = 0;
};

// Optional capability: a hash of the whole position, for transposition tables.
class StateHash {
 public:
  virtual ~StateHash() = default;
  // Equal positions hash equal, whatever led to them (the conformance harness
  // checks replays and clones); different ones almost never collide.
  virtual std::uint64_t hash(const State& state) const = 0;
};

// Optional capability: a solver for one-player games (solitaires) with every
// card known.
struct SolveLimits {
  std::uint64_t max_nodes = 10'000'000;
  double max_seconds = 0;  // of the solver's own time; 0: no limit but the nodes
  // The answer may rest on cards the player cannot see: whether a deal can be
  // won at all ("deal a winnable game"), not advice. Without it, a game whose
  // player cannot see every card refuses to be solved.
  bool reading_hidden_cards = false;
};
struct SolveReport {
  enum Verdict : std::uint8_t { kWon, kLost, kUnknown };
  Verdict verdict = kUnknown;  // kUnknown: the limits were reached first
  std::vector<Action> line;    // kWon: a winning line from the position
  std::uint64_t nodes = 0;     // positions searched
  std::string method;          // for people
};
class Solver {
 public:
  virtual ~Solver() = default;
  // From `state` (REQUIRES: a state of this game that is not over).
  virtual Result<SolveReport> solve(const State& state, const SolveLimits& limits) const = 0;
};

// What a bot is given: its seat's legal actions and view, and a way to sample
// the hidden cards consistently with that view. It holds the real state
// privately, so that sampling is cheap, but hands none of it out. The view is
// built only if asked for: random play and rollouts need none.
class Observation {
 public:
  // `legal`: the seat's legal actions; it must outlive the observation.
  Observation(const State& state, Seat seat, const Resampler* resampler,
              std::span<const Action> legal)
      : state_(state), seat_(seat), resampler_(resampler), legal_(legal) {}
  Seat seat() const { return seat_; }
  std::span<const Action> legal() const { return legal_; }
  // The seat's view, built on the first call.
  const View& view() const {
    if (!view_) view_ = state_.view(seat_);
    return *view_;
  }
  bool can_sample() const { return resampler_ != nullptr; }
  // REQUIRES: can_sample(). Null if no consistent state was found.
  std::unique_ptr<State> sample(Rng& rng) const { return resampler_->resample(state_, seat_, rng); }

  // What the bot may spend on this decision, whatever it was built to spend:
  // a server caps every bot's thought so that no table can hold its threads
  // or memory. A bot that thinks in a loop (samples, a search, a solve)
  // checks past_deadline() as it goes and answers with the best it has; a
  // search keeps its tree within `memory`. None by default: a bot's own
  // budget is reproducible, a clock is not.
  using Clock = std::chrono::steady_clock;
  struct Limits {
    std::optional<Clock::time_point> deadline;
    std::size_t memory = 0;  // bytes for a search's own structures; 0: no cap
    // `seconds` from now (0: no deadline), and `memory`.
    static Limits from_now(double seconds, std::size_t memory) {
      Limits l;
      l.memory = memory;
      if (seconds > 0)
        l.deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                        std::chrono::duration<double>(seconds));
      return l;
    }
  };
  Observation& limit(const Limits& limits) {
    limits_ = limits;
    return *this;
  }
  const Limits& limits() const { return limits_; }
  bool past_deadline() const { return limits_.deadline && Clock::now() >= *limits_.deadline; }
  // The seconds left before the deadline (at least a millisecond, so that a
  // limit in seconds of 0, "none", is never made of it), or `otherwise`.
  double seconds_left(double otherwise) const {
    if (!limits_.deadline) return otherwise;
    const double left = std::chrono::duration<double>(*limits_.deadline - Clock::now()).count();
    const double capped = std::max(left, 0.001);
    return otherwise > 0 ? std::min(otherwise, capped) : capped;
  }

 private:
  const State& state_;
  Seat seat_;
  const Resampler* resampler_;
  std::span<const Action> legal_;
  mutable std::optional<View> view_;
  Limits limits_;
};

// A player that sees only what its seat may see.
class Bot {
 public:
  virtual ~Bot() = default;
  // REQUIRES: obs.legal() is non-empty (the bot's seat may act). Returns one of them.
  virtual Action act(const Observation& obs, Rng& rng) = 0;
  // After act(): why the move it chose comes from no line it knows to lead
  // anywhere ("" when it does), in words for people. A hint says so, rather
  // than pass a guess off as a plan.
  virtual std::string doubt() const { return {}; }
  // After act(): the reasons for the move it chose, in words for people
  // (`parlour play --explain`); "" where the bot gives none.
  virtual std::string explain() const { return {}; }
};

struct BotSpec {
  std::string_view name;
  std::string_view help;
  std::function<std::unique_ptr<Bot>()> make;
  // Seconds a move or a deal (a search, a solver): tests and tables that
  // play many deals give it fewer, or choose another bot for the seats.
  bool slow = false;
  // Optional: the bot with settings, read from what follows "NAME:"
  // ("dd-sample:40"); an error says what is accepted. `settings` names the
  // forms for people ("dd-sample:DEALS, dd-sample:SECONDSs").
  std::function<Result<std::unique_ptr<Bot>>(std::string_view)> make_with = nullptr;
  std::string_view settings = {};
};

// Optional capability: exact chances of an event that ends a game for a seat
// (Old Maid: being left with the odd card), seat by seat, under blind play
// (every draw uniformly random), for games that can compute them.
//
// Games played for stakes report instead each seat's expected result per
// chip staked (kPerChip), or in counters a hand where nobody stakes a unit
// (kCounters), under the game's optimal play, and the optimal choice at the
// seat's move.
struct OddsReport {
  enum class Kind : std::uint8_t {
    kChance,    // `chance`: probabilities of `event`
    kPerChip,   // `chance`: expected results per chip staked (+0.05: five in a hundred won)
    kCounters,  // `chance`: expected counters won a hand (games without a unit stake)
  };
  Kind kind = Kind::kChance;
  std::string event;           // "being left with the odd card"
  std::vector<double> chance;  // by seat, or by `labels`
  // Names for the figures where they are not by seat ("punter", "banker").
  std::vector<std::string> labels;
  bool exact = false;        // false: estimated, within `precision`
  bool measured = false;     // by simulation: `precision` is the half width of a 95% interval
  std::string method;        // how they were computed, for people
  double precision = 0;      // bound on the error of each figure
  std::uint64_t states = 0;  // positions in the chain
  // for_seat: the optimal choice at the seat's move, and why ("" when none).
  std::string advice;
  // Further lines for people: the figures under each option, the checks.
  std::vector<std::string> notes;
};

class ExactOdds {
 public:
  virtual ~ExactOdds() = default;
  // From the deal of a game with this config. Fails, saying why, where the
  // computation is out of reach.
  virtual Result<OddsReport> from_deal(const Config& config) const = 0;
  // From a position seeing every card (REQUIRES: a state of this game).
  virtual Result<OddsReport> at(const State& state) const = 0;
  // From a position as `seat` can know it (kSpectator: the public view): from
  // what its view shows, never from a card it cannot see. The same view gives
  // the same figures.
  virtual Result<OddsReport> for_seat(const State& state, Seat seat) const = 0;
  // Games whose figures are expectations: plays `hands` hands of the optimal
  // play through the table and reports what they won per chip, with its 95%
  // interval as `precision`, beside the exact figure (in `notes`).
  virtual Result<OddsReport> check(const Config& config, long hands, std::uint64_t seed) const {
    (void)config, (void)hands, (void)seed;
    return Status::error(
        "this game's odds are chances, checked by its tests, not by a simulation here");
  }
  // Games whose figures are expectations: what the optimal play gains over
  // bot `against`, hand by hand on the same cards (each hand played twice
  // from the same position, the optimal bot in one seat, in turns, then
  // `against` there), with its 95% interval, beside the exact gain where the
  // game knows `against`'s play.
  virtual Result<OddsReport> compare(const Config& config, long hands, std::uint64_t seed,
                                     std::string_view against) const {
    (void)config, (void)hands, (void)seed, (void)against;
    return Status::error("this game's odds are chances; it has no optimal play to compare");
  }
};

// Bounds that hold in every position of a game with a given config, so that
// a learner's arrays have one shape for the whole game (src/rl/): OpenSpiel's
// num_distinct_actions, and the most zones and fanned cards any view shows.
// Each game derives them from its rules and options; the conformance harness
// holds every game to its own in random games.
struct Bounds {
  Action actions = 0;  // every legal action of every seat is below it
  int zones = 0;       // zones of any view, for any viewer
  int fan = 0;         // cards of any one fanned zone (Layout::kFan); 0: no fan
  bool operator==(const Bounds&) const = default;
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
  // Unset: what a new game's all_cards() says (register_game fills it).
  std::function<std::vector<Card>(const Config&)> cards;
  // Rule variants worth comparing for fairness (`parlour fairness`); the first
  // is the usual rules. name: a short key; summary: what a reader sees.
  std::vector<Preset> fairness;
  // Some position lets several seats act at once until they pass (Actors
  // with a pass: a challenge, a claim), which the server times: the lobby
  // offers that time only for such games. The conformance test holds every
  // game to it; all_games_test holds a game that says so to showing one.
  bool timed_windows = false;
  // Partnerships: the side each seat of a table of `players` plays on, from
  // 0 (Bridge: seats 0 and 2 against 1 and 3). Unset: each seat plays alone.
  // Partners share one result; `sim` and `tournament` count by side and seat
  // one bot a side.
  std::function<std::vector<int>(int players)> sides;

  // REQUIRES: validate(config).ok(). See Bounds.
  std::function<Bounds(const Config&)> bounds;
  // A game that renumbered its actions reads records written before with
  // this: for a config, what reads a record's action as today's code (any
  // other number unchanged, and a number no move had, one no move has).
  // replay() asks for it once a record and applies it to every action, so
  // that stored games and saved records still replay. Unset: none changed.
  std::function<std::function<Action(Action)>(const Config&)> recode;

  // Optional capabilities: null where the game has none.
  const Resampler* resampler = nullptr;
  const ExactOdds* exact_odds = nullptr;
  const GameStats* stats = nullptr;
  const Undo* undo = nullptr;
  const StateHash* hash = nullptr;
  const Solver* solver = nullptr;
  const SearchHints* search = nullptr;
  const DoubleDummy* double_dummy = nullptr;
  // The bot the fast simulator stands for, and a factory (REQUIRES a valid config).
  std::string_view fast_bot;
  std::function<std::unique_ptr<FastPlayouts>(const Config&)> fast_playouts;
};

// The side of each seat (GameInfo::sides), every seat its own where the game
// has no partnerships.
std::vector<int> sides_of(const GameInfo& g, int players);
// How many sides a table of `players` has.
int side_count(const GameInfo& g, int players);

// The factory every game writes the same way: the game's Rules from a
// Config, and a State from its Rules.
template <class StateT, class RulesT>
std::function<std::unique_ptr<State>(const Config&)> state_factory() {
  return [](const Config& c) -> std::unique_ptr<State> {
    return std::make_unique<StateT>(RulesT::from(c));
  };
}

}  // namespace parlour
