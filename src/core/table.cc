#include "core/table.h"

#include <algorithm>
#include <cassert>

namespace parlour {

Action BotPlayer::act(const State& state, Seat seat, std::span<const Action> legal) {
  return bot_->act(Observation(state, seat, resampler_, legal), rng_);
}

Hint hint_move(const GameInfo& g, const State& state, Seat seat, std::span<const Action> legal,
               Rng& rng, const Observation::Limits& limits, Bot* bot) {
  std::unique_ptr<Bot> fresh;
  if (!bot) fresh = g.bots.front().make(), bot = fresh.get();
  Hint h;
  h.action = bot->act(Observation(state, seat, g.resampler, legal).limit(limits), rng);
  h.doubt = bot->doubt();
  return h;
}

Seat first_actor(const Actors& actors, Seat after, int players) {
  const Seat start = after < 0 ? 0 : (after + 1) % players;
  for (int i = 0; i < players; ++i)
    if (const Seat s = (start + i) % players; actors.has(s)) return s;
  return kNobody;
}

namespace {

// One chance event's draws: `given` first, then `rest` (the seed's stream);
// with no rest (a probe), zeros once the given run out, noting how many
// outcomes the first such draw had.
class Tape final : public Draws {
 public:
  Tape(std::span<const std::uint32_t> given, Rng* rest) : given_(given), rest_(rest) {}

  std::uint32_t below(std::uint32_t n) override {
    if (i_ < given_.size()) {
      const std::uint32_t d = given_[i_++];
      if (d < n) return d;
      if (error_.empty())
        error_ = "draw " + std::to_string(i_) + " is " + std::to_string(d) + ", not below " +
                 std::to_string(n);
      return 0;
    }
    ++i_;
    if (rest_) return rest_->below(n);
    if (!wanted_) wanted_ = n;
    return 0;
  }
  std::uint32_t next() override {
    if (i_ < given_.size()) return given_[i_++];
    ++i_;
    if (rest_) return rest_->next();
    if (!wanted_) wanted_ = std::uint64_t{1} << 32;
    return 0;
  }

  // The probe's answer: outcomes of the first draw not given, 0 if none.
  std::uint64_t wanted() const { return wanted_; }
  // What was wrong with the given draws, empty if nothing.
  std::string error() const {
    if (!error_.empty()) return error_;
    if (i_ < given_.size())
      return "the event took " + std::to_string(i_) + " draws, and " +
             std::to_string(given_.size()) + " are given";
    return {};
  }

 private:
  std::span<const std::uint32_t> given_;
  Rng* rest_;
  std::size_t i_ = 0;
  std::uint64_t wanted_ = 0;
  std::string error_;
};

// Resolves `state`'s chance event with `given`'s draws first, then `stream`'s;
// what was wrong with the given draws, empty if nothing.
std::string resolve_given(State& state, const GivenChance& given, Rng& stream) {
  Tape tape(given.draws, &stream);
  Rng rng(tape);
  state.apply_chance(rng);
  const std::string e = tape.error();
  return e.empty() ? e : "chance event " + std::to_string(given.event) + ": " + e;
}

}  // namespace

Table::Table(const Selection& sel, Config config, std::uint64_t seed)
    : sel_(sel),
      config_(std::move(config)),
      seed_(seed),
      chance_rng_(seed, kChanceStream),
      state_(sel.game->new_game(config_)) {}

void Table::restart(std::uint64_t seed) {
  seed_ = seed;
  chance_rng_ = Rng(seed, kChanceStream);
  // A copy of a new game, made once: cheaper than making one anew each time
  // (a simulation restarts millions of times).
  if (!fresh_) fresh_ = sel_.game->new_game(config_);
  state_ = fresh_->clone();
  moves_.clear();
  chanced_.clear();
  events_ = 0;
  given_.clear();
  next_given_ = 0;
  pending_ = {};
  chance_error_.clear();
  // Room for a mark after every move of the longest game so far: a game's
  // steps then allocate only where its moves outgrow that game's.
  chanced_.reserve(moves_.capacity());
  undone_.clear();
}

void Table::chance(const StepFn& on_step) {
  assert(state_->chance());
  if (!pending_.draws.empty()) {  // the rest of the event from the stream
    given_.push_back(std::move(pending_));
    pending_ = {};
  }
  if (next_given_ < given_.size() && given_[next_given_].event == events_) [[unlikely]] {
    if (std::string e = resolve_given(*state_, given_[next_given_], chance_rng_);
        !e.empty() && chance_error_.empty())
      chance_error_ = std::move(e);
    ++next_given_;
  } else {
    state_->apply_chance(chance_rng_);
  }
  ++events_;
  if (!moves_.empty() && (chanced_.empty() || chanced_.back() != moves_.size()))
    chanced_.push_back(moves_.size());
  if (on_step) on_step(*state_, Step{true, kNobody, 0});
}

void Table::settle(const StepFn& on_step) {
  while (state_->chance()) chance(on_step);
}

std::uint64_t Table::next_draw() const {
  assert(state_->chance());
  const std::unique_ptr<State> probe = state_->clone();
  Tape tape(pending_.draws, nullptr);
  Rng rng(tape);
  probe->apply_chance(rng);
  return tape.wanted();
}

void Table::forget_given_ahead() {
  while (!given_.empty() && given_.back().event >= events_) given_.pop_back();
  next_given_ = given_.size();
}

Status Table::give(std::uint32_t d, const StepFn& on_step) {
  if (!state_->chance())
    return Status::error(state_->terminal() ? "the game is over" : "a seat acts next, not chance");
  const std::uint64_t n = next_draw();
  if (n == 0) {  // an event that draws nothing (a card from a pack already shuffled)
    if (d != 0)
      return Status::error("chance outcome " + std::to_string(d) +
                           " is not 0, this event's one outcome (it draws nothing)");
    chance(on_step);
    return {};
  }
  if (d >= n)
    return Status::error("chance outcome " + std::to_string(d) + " is not below " +
                         std::to_string(n) + ", this draw's number of outcomes");
  forget_given_ahead();
  undone_.clear();
  pending_.event = events_;
  pending_.draws.push_back(d);
  if (next_draw() == 0) chance(on_step);  // decided
  return {};
}

bool Table::set_given(std::vector<GivenChance> given) {
  for (std::size_t i = 1; i < given.size(); ++i)
    if (given[i].event <= given[i - 1].event) return false;
  given_ = std::move(given);
  next_given_ = 0;
  while (next_given_ < given_.size() && given_[next_given_].event < events_) ++next_given_;
  return true;
}

bool Table::legal(Seat seat, Action a) const {
  if (!state_->actors().has(seat)) return false;
  state_->legal_actions(seat, checked_);
  return std::find(checked_.begin(), checked_.end(), a) != checked_.end();
}

// Inlined into run(), every play-out's loop: as a call it was a tenth of a
// random play-out of Oh Hell!.
[[gnu::always_inline]] inline void Table::apply(Seat seat, Action a, const StepFn& on_step) {
  state_->apply(seat, a);
  moves_.push_back({seat, a});
  if (on_step) on_step(*state_, Step{false, seat, a});
}

Status Table::playable(Seat seat, Action a) const {
  if (state_->terminal()) return Status::error("the game is over");
  if (state_->chance()) return Status::error("chance acts next, not a seat");
  if (!state_->actors().has(seat)) return Status::error(seat_name(seat) + " may not act now");
  if (!legal(seat, a))
    return Status::error("action " + std::to_string(a) + " is not legal for " + seat_name(seat) +
                         " here");
  return {};
}

Status Table::act(Seat seat, Action a, const StepFn& on_step) {
  if (Status st = playable(seat, a); !st.ok()) return st;
  act_legal(seat, a, on_step);
  return {};
}

void Table::act_legal(Seat seat, Action a, const StepFn& on_step) {
  // Whose turn only: asserting the action's legality would work the legal
  // actions out again, what this call is for not doing (asserts are on in
  // the optimised build).
  assert(!state_->terminal() && !state_->chance() && state_->actors().has(seat));
  if (!undone_.empty()) [[unlikely]] {  // another line now: what was taken back stays back
    undone_.clear();
    forget_given_ahead();
  }
  apply(seat, a, on_step);
}

Status Table::redo(const StepFn& on_step) {
  if (undone_.empty()) return Status::error("there is no move taken back to play again");
  const SeatAction m = undone_.back();
  if (Status st = playable(m.seat, m.action); !st.ok()) return st;
  undone_.pop_back();
  apply(m.seat, m.action, on_step);
  settle(on_step);
  return {};
}

Seat Table::asked() const {
  const Seat who = state_->to_move();
  return who == kSeveral ? first_actor(state_->actors(), last_actor(), config_.players) : who;
}

bool Table::run(std::span<Player* const> players, const StepFn& on_step) {
  for (;;) {
    // Whose turn, asked of the state once a step: this loop is every random
    // play-out's, and each virtual call is a few percent of one.
    Seat seat = state_->to_move();
    while (seat == kChance) {
      chance(on_step);
      seat = state_->to_move();
    }
    if (seat == kTerminal) return true;
    if (seat == kSeveral) seat = first_actor(state_->actors(), last_actor(), config_.players);
    assert(seat >= 0);
    Player* p = players[seat];
    if (!p) return false;
    state_->legal_actions(seat, legal_);
    const Action a = p->act(*state_, seat, legal_);
    // A player's answer is checked like any other: a bot's bug must not
    // reach the record (kNoAction, a player who stops, is never legal).
    if (!p->picks_from_legal() && std::find(legal_.begin(), legal_.end(), a) == legal_.end())
      return false;
    if (!undone_.empty()) [[unlikely]] {  // another line, as in act()
      undone_.clear();
      forget_given_ahead();
    }
    apply(seat, a, on_step);
  }
}

Status Table::undo() {
  if (moves_.empty()) return Status::error("there is nothing to take back");
  if (sel_.game->undo)
    if (std::string why = sel_.game->undo->forbidden(*state_); !why.empty())
      return Status::error(why);
  const bool chance_followed = !chanced_.empty() && chanced_.back() == moves_.size();
  pending_ = {};  // draws given to a chance that followed the action
  if (sel_.game->undo && !chance_followed && sel_.game->undo->undo(*state_)) {
    undone_.push_back(moves_.back());
    moves_.pop_back();
    return {};
  }
  std::vector<SeatAction> keep(moves_.begin(), moves_.end() - 1);
  std::vector<SeatAction> undone = std::move(undone_);
  undone.push_back(moves_.back());
  // Given chance stays for the replay, and for redo(): it falls as it fell.
  std::vector<GivenChance> given = std::move(given_);
  restart(seed_);
  given_ = std::move(given);
  for (const SeatAction& m : keep) {
    settle();
    apply(m.seat, m.action, nullptr);
  }
  settle();  // the position the action was taken in
  undone_ = std::move(undone);
  return {};
}

Record Table::record(bool labels) const {
  Record r;
  r.game = std::string(sel_.game->name);
  r.preset = std::string(sel_.name());
  r.players = config_.players;
  r.options = config_.options.assignments();
  r.seed = seed_;
  r.moves.assign(moves_.begin(), moves_.end());
  for (const GivenChance& g : given_)
    if (g.event < events_) r.chance.push_back(g);
  if (!pending_.draws.empty()) r.pending = pending_, r.waits_at_chance = events_;
  if (labels) {  // each as its seat read it where it was taken
    auto s = sel_.game->new_game(config_);
    Rng rng(seed_, kChanceStream);
    std::uint32_t event = 0;
    std::size_t next = 0;
    for (const SeatAction& m : moves_) {
      for (; s->chance(); ++event)
        if (next < r.chance.size() && r.chance[next].event == event)
          (void)resolve_given(*s, r.chance[next++], rng);  // checked when given
        else
          s->apply_chance(rng);
      r.labels.push_back(s->action_label(m.seat, m.action));
      s->apply(m.seat, m.action);
    }
  }
  if (state_->terminal()) r.outcome = state_->outcome();
  return r;
}

Result<Replayed> replay(const Record& r, const StepFn& on_step) {
  const GameInfo* g = find_game(r.game);
  if (!g) return Status::error("bad record: unknown game '" + r.game + "'");
  Result<Config> cfg = make_config(Selection{g, nullptr}, r.players, r.options);
  if (!cfg.ok()) return Status::error("bad record: " + cfg.message());
  Selection sel{g, nullptr};
  for (const Preset& p : g->presets)
    if (p.name == r.preset) sel.preset = &p;
  Replayed out;
  out.game = g;
  out.table = std::make_unique<Table>(sel, *cfg, r.seed);
  Table& t = *out.table;
  if (!t.set_given(r.chance)) return Status::error("bad record: \"chance\" is not in order");
  auto bad_chance = [&]() -> Status {
    return Status::error("bad record: its given chance cannot be played (" + t.chance_error() +
                         "); the record was changed or made with other rules");
  };
  // The game's reading of renumbered actions, worked out for the config once.
  const std::function<Action(Action)> recode = g->recode ? g->recode(*cfg) : nullptr;
  std::size_t next = 0;
  for (; next < r.moves.size(); ++next) {
    t.settle(on_step);
    if (!t.chance_error().empty()) return bad_chance();
    const State& s = t.state();
    if (s.terminal()) break;
    SeatAction m = r.moves[next];
    if (m.seat == kNobody) {  // version 1: the seat is the one whose turn it was
      m.seat = s.to_move() >= 0 ? s.to_move() : first_actor(s.actors(), t.last_actor(), r.players);
    }
    if (m.seat < 0 || m.seat >= r.players)
      return Status::error("bad record: action " + std::to_string(next + 1) + " names seat " +
                           std::to_string(m.seat) + ", which is not a seat of this game");
    const Action a = recode ? recode(m.action) : m.action;
    if (Status st = t.act(m.seat, a, on_step); !st.ok())
      return Status::error("bad record: action " + std::to_string(next + 1) + " (" +
                           seat_name(m.seat) + ", " + std::to_string(m.action) +
                           ") is not legal at that point of the game (" + st.message() +
                           "); the record was changed or made with other rules");
  }
  if (r.waits_at_chance) {  // chance up to the event the game waits at, then its draws
    const std::uint32_t at = *r.waits_at_chance;
    while (t.state().chance() && t.chance_events() < at) t.chance(on_step);
    if (!t.state().chance() || t.chance_events() != at)
      return Status::error("bad record: it waits at chance event " + std::to_string(at) +
                           ", which the game does not wait at after its actions");
    if (r.pending)
      for (std::uint32_t d : r.pending->draws)
        if (Status st = t.give(d, on_step); !st.ok())
          return Status::error("bad record: a pending draw is refused (" + st.message() + ")");
  } else {
    if (r.pending) return Status::error("bad record: \"pending\" needs \"waits_at_chance\"");
    t.settle(on_step);
  }
  // Draws given for chance events the actions do not reach are not used: a
  // record cut short (`--at`) keeps them.
  if (!t.chance_error().empty()) return bad_chance();
  if (next != r.moves.size())
    return Status::error("bad record: the game ended after " + std::to_string(next) + " of " +
                         std::to_string(r.moves.size()) + " actions");
  if (r.outcome) {
    const State& s = t.state();
    if (!s.terminal())
      return Status::error(
          "bad record: it states an outcome but its actions do not finish the game");
    Outcome o = s.outcome();
    if (o.scores != r.outcome->scores || o.places != r.outcome->places)
      return Status::error(
          "bad record: its stated outcome differs from the one its actions produce (" + o.summary +
          "); the record was changed");
  }
  return out;
}

}  // namespace parlour
