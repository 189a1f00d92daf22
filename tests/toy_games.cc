#include "toy_games.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <unordered_set>

#include "core/chips.h"
#include "core/deck.h"
#include "core/registry.h"

namespace parlour::testing {
namespace {

constexpr std::string_view kToyRules = "A game for the engine's tests only.";

// ---- toy-patience ---------------------------------------------------------------

struct PatienceRules {
  static PatienceRules from(const Config&) { return {}; }
};

class Patience final : public StateBase<Patience> {
 public:
  explicit Patience(const PatienceRules&) {}
  static Action pair(int i, int j) { return static_cast<Action>(i * 8 + j); }

  Seat to_move() const override {
    if (!dealt_) return kChance;
    return over() ? kTerminal : 0;
  }
  void legal_actions(Seat, std::vector<Action>& out) const override {
    out.clear();
    for (int i = 0; i < 8; ++i)
      for (int j = i + 1; j < 8; ++j)
        if (grid_[i].valid() && grid_[j].valid() && grid_[i].rank() == grid_[j].rank() &&
            (i / 4 == j / 4 || i % 4 == j % 4))
          out.push_back(pair(i, j));
  }
  void apply(Seat, Action a) override {
    const int i = static_cast<int>(a / 8), j = static_cast<int>(a % 8);
    removed_.push_back({i, j, grid_[i], grid_[j]});
    grid_[i] = grid_[j] = Card();
    ++actions_;
  }
  void apply_chance(Rng& rng) override {
    std::vector<Card> d;
    for (int r = kAce; r <= kFour; ++r)
      d.push_back(Card::standard(Rank(r), kClubs)), d.push_back(Card::standard(Rank(r), kHearts));
    rng.shuffle(std::span<Card>(d));
    std::copy(d.begin(), d.end(), grid_.begin());
    dealt_ = true;
  }
  std::string action_label(Seat, Action a) const override {
    return "remove " + card_token(grid_[a / 8]) + " " + card_token(grid_[a % 8]);
  }
  void fill_view(Seat viewer, View& v) const override {
    v.clear();
    v.game = "toy-patience", v.viewer = viewer, v.players = 1, v.to_move = to_move(),
    v.actors = actors().seats;
    v.terminal = terminal();
    v.seats.push_back({"Seat 0", 0, static_cast<double>(2 * removed_.size()), false, "", {}});
    Zone g{ZoneKind::kTableau, Layout::kGrid, kNobody, "the cards", {}, "", 4, 0};
    for (Card c : grid_)
      g.cards.push_back(c.valid() ? CardView{c, true}
                                  : CardView{std::nullopt, false, kNobody, true});
    v.zones.push_back(std::move(g));
    Zone f{ZoneKind::kFoundation, Layout::kPile, kNobody, "removed", {}, "", 0, 0};
    for (const Removed& r : removed_)
      f.cards.push_back({r.a, true}), f.cards.push_back({r.b, true});
    v.zones.push_back(std::move(f));
    if (viewer == 0 && !terminal() && dealt_) {
      std::vector<Action> legal;
      legal_actions(0, legal);
      for (Action a : legal)
        v.choices.push_back({a,
                             action_label(0, a),
                             std::to_string(a / 8 + 1) + " " + std::to_string(a % 8 + 1),
                             {{0, static_cast<int>(a / 8)}, {0, static_cast<int>(a % 8)}},
                             {}});
      v.prompt = "Remove two cards of one rank in a row or a column.";
    }
    if (v.terminal) v.result = outcome().summary;
  }
  void narrate(Seat viewer, std::vector<std::string>& out) const override {
    if (removed_.empty()) {
      if (dealt_) out.push_back("The cards are dealt.");
      return;
    }
    const Removed& r = removed_.back();
    out.push_back(Words(viewer).says(0, "remove") + " " + card_token(r.a) + " " + card_token(r.b) +
                  ".");
  }
  Outcome outcome() const override {
    const bool won = removed_.size() == 4;
    return {OutcomeKind::kSolo,
            {static_cast<double>(2 * removed_.size())},
            {won ? 1 : 2},
            won ? "Won." : "Lost.",
            0,
            {}};
  }
  void all_cards(std::vector<Card>& out) const override {
    out.clear();
    if (!dealt_) {
      for (int r = kAce; r <= kFour; ++r)
        out.push_back(Card::standard(Rank(r), kClubs)),
            out.push_back(Card::standard(Rank(r), kHearts));
      return;
    }
    for (Card c : grid_)
      if (c.valid()) out.push_back(c);
    for (const Removed& r : removed_) out.push_back(r.a), out.push_back(r.b);
  }
  int actions_applied() const override { return actions_; }

  bool undo() {
    if (removed_.empty()) return false;
    const Removed r = removed_.back();
    removed_.pop_back();
    grid_[r.i] = r.a, grid_[r.j] = r.b;
    --actions_;
    return true;
  }
  std::uint64_t hash() const {
    std::uint64_t h = 1469598103934665603ull;
    for (Card c : grid_) h = (h ^ c.index()) * 1099511628211ull;
    return h ^ (dealt_ ? 0x9e37u : 0);
  }

 private:
  bool over() const {
    std::vector<Action> legal;
    legal_actions(0, legal);
    return legal.empty();
  }
  struct Removed {
    int i, j;
    Card a, b;
  };
  std::array<Card, 8> grid_{};
  std::vector<Removed> removed_;
  bool dealt_ = false;
  int actions_ = 0;
};

class PatienceUndo final : public Undo {
 public:
  bool undo(State& s) const override { return static_cast<Patience&>(s).undo(); }
};
class PatienceHash final : public StateHash {
 public:
  std::uint64_t hash(const State& s) const override {
    return static_cast<const Patience&>(s).hash();
  }
};
// Depth-first, remembering positions already found lost.
class PatienceSolver final : public Solver {
 public:
  Result<SolveReport> solve(const State& state, const SolveLimits& limits) const override {
    SolveReport rep;
    rep.method = "depth-first search, lost positions remembered by hash";
    std::unordered_set<std::uint64_t> lost;
    Patience s = static_cast<const Patience&>(state);
    const auto search = [&](auto&& self) -> SolveReport::Verdict {
      if (++rep.nodes > limits.max_nodes) return SolveReport::kUnknown;
      if (s.terminal()) return s.outcome().won(0) ? SolveReport::kWon : SolveReport::kLost;
      if (lost.count(s.hash())) return SolveReport::kLost;
      std::vector<Action> legal;
      s.legal_actions(0, legal);
      for (Action a : legal) {
        s.apply(0, a);
        const SolveReport::Verdict v = self(self);
        s.undo();
        if (v != SolveReport::kLost) {
          if (v == SolveReport::kWon) rep.line.insert(rep.line.begin(), a);
          return v;
        }
      }
      lost.insert(s.hash());
      return SolveReport::kLost;
    };
    rep.verdict = search(search);
    return rep;
  }
};

// ---- toy-snap -------------------------------------------------------------------

struct SnapRules {
  int players = 3;
  static SnapRules from(const Config& c) { return {c.players}; }
};

class Snap final : public StateBase<Snap> {
 public:
  enum class Phase : std::uint8_t { kDeal, kStake, kFlip, kSnap, kOver };
  static constexpr Action kCall = 1, kLetGo = 2, kStake0 = 10;

  // Each player brings ten chips; the stakes go into the pot when all are
  // shown, and whoever snapped most takes it (shared when tied).
  explicit Snap(const SnapRules& r) : n_(r.players), chips_(r.players, 10) { stake_.fill(-1); }

  Seat to_move() const override {
    switch (phase_) {
      case Phase::kDeal:
      case Phase::kFlip:
        return kChance;
      case Phase::kOver:
        return kTerminal;
      default: {
        const SeatMask m = actors().seats;
        return std::popcount(m) == 1 ? std::countr_zero(m) : kSeveral;
      }
    }
  }
  Actors actors() const override {
    if (phase_ == Phase::kStake) {
      SeatMask m = 0;
      for (Seat s = 0; s < n_; ++s)
        if (stake_[s] < 0) m |= SeatMask{1} << s;
      return {m, Resolve::kAll, kNoAction};
    }
    if (phase_ == Phase::kSnap) return {open_, Resolve::kFirst, kLetGo};
    return {};
  }
  void legal_actions(Seat, std::vector<Action>& out) const override {
    out.clear();
    if (phase_ == Phase::kStake)
      for (Action k = 0; k <= 2; ++k) out.push_back(kStake0 + k);
    else
      out = {kCall, kLetGo};
  }
  void apply(Seat seat, Action a) override {
    ++actions_;
    last_ = {seat, a};
    if (phase_ == Phase::kStake) {
      stake_[seat] = static_cast<int>(a - kStake0);
      if (actors().seats == 0) {
        phase_ = Phase::kFlip;
        for (Seat s = 0; s < n_; ++s) chips_.stake(s, 0, stake_[s]);
      }
      return;
    }
    if (a == kCall) {
      ++snaps_[seat];
      return after_window();
    }
    open_ &= ~(SeatMask{1} << seat);
    if (!open_) after_window();
  }
  void apply_chance(Rng& rng) override {
    last_ = {kNobody, 0};
    if (phase_ == Phase::kDeal) {
      for (int r = kAce; r <= kThree; ++r)
        for (int s = 0; s < SUIT_NB; ++s) stock_.push_back(Card::standard(Rank(r), Suit(s)));
      rng.shuffle(std::span<Card>(stock_));
      phase_ = Phase::kStake;
      return;
    }
    pile_.push_back(stock_.back());
    stock_.pop_back();
    if (pile_.size() >= 2 && pile_.back().rank() == pile_[pile_.size() - 2].rank()) {
      open_ = (SeatMask{1} << n_) - 1;
      phase_ = Phase::kSnap;
      return;
    }
    if (stock_.empty()) finish();
  }
  std::string action_label(Seat, Action a) const override {
    if (a == kCall) return "snap!";
    if (a == kLetGo) return "let it go";
    return "stake " + std::to_string(a - kStake0);
  }
  bool staked_all() const { return phase_ != Phase::kDeal && phase_ != Phase::kStake; }
  void fill_view(Seat viewer, View& v) const override {
    v.clear();
    v.game = "toy-snap", v.viewer = viewer, v.players = n_, v.to_move = to_move();
    v.actors = actors().seats, v.resolve = actors().resolve, v.terminal = phase_ == Phase::kOver;
    for (Seat s = 0; s < n_; ++s) {
      SeatInfo si{seat_name(s), 0,  static_cast<double>(score(s)),
                  false,        "", {{"snaps", static_cast<double>(snaps_[s])}, chips_.counter(s)}};
      // A stake is seen by its own seat at once, by the others when all are in.
      if (stake_[s] >= 0 && (staked_all() || viewer == s || viewer == kEveryone))
        si.counters.push_back({"stake", static_cast<double>(stake_[s])});
      if (phase_ == Phase::kStake) si.status = stake_[s] >= 0 ? "has staked" : "staking";
      v.seats.push_back(std::move(si));
    }
    Zone stock{ZoneKind::kStock, Layout::kPile, kNobody, "stock", {}, "", 0, 0};
    for (Card c : stock_)
      stock.cards.push_back(
          {viewer == kEveryone || v.terminal ? std::optional<Card>(c) : std::nullopt, false});
    v.zones.push_back(std::move(stock));
    Zone pile{ZoneKind::kDiscard, Layout::kPile, kNobody, "turned up", {}, "", 0, 0};
    for (Card c : pile_) pile.cards.push_back({c, true});
    v.zones.push_back(std::move(pile));
    chips_.pot_zone(v, 0, "stakes");
    if (viewer >= 0 && actors().has(viewer)) {
      std::vector<Action> legal;
      legal_actions(viewer, legal);
      for (Action a : legal)
        v.choices.push_back({a,
                             action_label(viewer, a),
                             a == kCall    ? "s"
                             : a == kLetGo ? "n"
                                           : std::to_string(a - kStake0),
                             {},
                             {}});
      v.list_choices = true;
      v.prompt =
          phase_ == Phase::kStake ? "Stake 0, 1 or 2 chips." : "Two of a rank: snap, or let it go.";
    }
    if (v.terminal) v.result = outcome().summary;
  }
  void narrate(Seat viewer, std::vector<std::string>& out) const override {
    const Words w(viewer);
    if (told_) return;
    if (last_.seat == kNobody) {
      if (phase_ == Phase::kStake && pile_.empty() && actions_ == 0)
        out.push_back("The stock is shuffled.");
      else if (!pile_.empty())
        out.push_back(card_token(pile_.back()) + " is turned up.");
      return;
    }
    if (last_.action >= kStake0) {
      out.push_back(w.says(last_.seat, "stake") +
                    (w.sees(last_.seat) ? " " + std::to_string(last_.action - kStake0) +
                                              (last_.action - kStake0 == 1 ? " chip." : " chips.")
                                        : "."));
      if (staked_all()) {
        std::string line = "All have staked:";
        for (Seat s = 0; s < n_; ++s)
          line += " " + seat_name(s) + " " + std::to_string(stake_[s]) + (s + 1 < n_ ? "," : ".");
        out.push_back(line);
      }
    } else if (last_.action == kCall) {
      out.push_back(w.says(last_.seat, "call") + " snap!");
    }
  }
  int score(Seat s) const { return snaps_[s] * (std::max(stake_[s], 0) + 1); }
  Outcome outcome() const override {
    Outcome o;
    o.kind = OutcomeKind::kScores;
    for (Seat s = 0; s < n_; ++s) o.scores.push_back(score(s));
    o.places.resize(n_);
    rank_places(n_, o.scores, o.places);
    o.summary = "Snap is over.";
    return o;
  }
  void all_cards(std::vector<Card>& out) const override {
    out.clear();
    if (phase_ == Phase::kDeal) {
      for (int r = kAce; r <= kThree; ++r)
        for (int s = 0; s < SUIT_NB; ++s) out.push_back(Card::standard(Rank(r), Suit(s)));
      return;
    }
    out.insert(out.end(), stock_.begin(), stock_.end());
    out.insert(out.end(), pile_.begin(), pile_.end());
  }
  int actions_applied() const override { return actions_; }

  const Chips* chips() const override { return &chips_; }

  // For the resampler.
  std::vector<Card>& stock() { return stock_; }
  int stake(Seat s) const { return stake_[s]; }
  void set_stake(Seat s, int k) { stake_[s] = k; }
  void forget_last() { told_ = true; }
  int players() const { return n_; }

 private:
  void after_window() {
    open_ = 0;
    if (stock_.empty()) return finish();
    phase_ = Phase::kFlip;
  }
  void finish() {
    phase_ = Phase::kOver;
    SeatMask most = 0;
    const int top = *std::max_element(snaps_.begin(), snaps_.begin() + n_);
    for (Seat s = 0; s < n_; ++s)
      if (snaps_[s] == top) most |= SeatMask{1} << s;
    chips_.share_pot(most, 0);
  }
  int n_;
  Phase phase_ = Phase::kDeal;
  std::vector<Card> stock_, pile_;
  std::array<int, 4> stake_{}, snaps_{};
  Chips chips_;
  SeatMask open_ = 0;
  struct {
    Seat seat;
    Action action;
  } last_{kNobody, 0};
  int actions_ = 0;
  bool told_ = false;  // a sample tells no story
};

// The stock's order and the stakes not yet shown are what a seat cannot see.
class SnapResampler final : public Resampler {
 public:
  std::unique_ptr<State> resample(const State& state, Seat seat, Rng& rng) const override {
    auto out = std::make_unique<Snap>(static_cast<const Snap&>(state));
    out->forget_last();
    if (out->terminal()) return out;
    std::sort(out->stock().begin(), out->stock().end());
    rng.shuffle(std::span<Card>(out->stock()));
    if (!out->staked_all())
      for (Seat s = 0; s < out->players(); ++s)
        if (s != seat && out->stake(s) >= 0) out->set_stake(s, static_cast<int>(rng.below(3)));
    return out;
  }
};

}  // namespace

GameInfo toy_patience() {
  static const PatienceUndo undo;
  static const PatienceHash hash;
  static const PatienceSolver solver;
  GameInfo g;
  g.name = "toy-patience";
  g.title = "Toy patience";
  g.summary = "a solitaire for the engine's tests";
  g.rules = kToyRules;
  g.min_players = g.max_players = g.default_players = 1;
  g.bots = {{"first", "removes the first pair it may", [] {
               struct First final : Bot {
                 Action act(const Observation& obs, Rng&) override { return obs.legal()[0]; }
               };
               return std::make_unique<First>();
             }}};
  g.new_game = state_factory<Patience, PatienceRules>();
  g.bounds = [](const Config&) { return Bounds{Patience::pair(7, 7) + 1, 2, 0}; };
  g.undo = &undo;
  g.hash = &hash;
  g.solver = &solver;
  return g;
}

GameInfo toy_snap() {
  static const SnapResampler resampler;
  GameInfo g;
  g.name = "toy-snap";
  g.title = "Toy snap";
  g.summary = "stakes all at once, and snap first";
  g.rules = kToyRules;
  g.min_players = 2, g.max_players = 4, g.default_players = 3;
  g.bots = {{"eager", "stakes 2 and always calls snap",
             [] {
               struct Eager final : Bot {
                 Action act(const Observation& obs, Rng&) override {
                   return obs.legal().back() == 12 ? 12 : obs.legal()[0];
                 }
               };
               return std::make_unique<Eager>();
             }},
            {"shy", "stakes nothing and lets every snap go", [] {
               struct Shy final : Bot {
                 Action act(const Observation& obs, Rng&) override {
                   return obs.legal()[0] == Snap::kStake0 ? Snap::kStake0 : Snap::kLetGo;
                 }
               };
               return std::make_unique<Shy>();
             }}};
  g.new_game = state_factory<Snap, SnapRules>();
  g.bounds = [](const Config&) { return Bounds{Snap::kStake0 + 3, 3, 0}; };
  g.resampler = &resampler;
  g.timed_windows = true;  // the snap: anyone may call it, or let it go
  return g;
}

void register_toy_games() {
  static const bool done = [] {
    if (Status s = register_game(toy_patience()); !s.ok()) ADD_FAILURE_AT(__FILE__, __LINE__);
    if (Status s = register_game(toy_snap()); !s.ok()) ADD_FAILURE_AT(__FILE__, __LINE__);
    return true;
  }();
  (void)done;
}

}  // namespace parlour::testing
