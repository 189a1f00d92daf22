// Klondike's honest player (state.h): it sees what a player sees, remembers
// the stock once it has turned through it, and plays by hindsight: it deals
// the face-down cards afresh many times and weighs its lines on them
// (plan_by_hindsight, in solve.cc), following the best to the card it turns
// up.
#include <algorithm>
#include <memory>
#include <string>

#include "games/klondike/state.h"

namespace parlour::klondike {
namespace {

class HindsightBot final : public Bot {
 public:
  HindsightBot(int samples, std::uint64_t budget) : samples_(samples), budget_(budget) {}

  std::string doubt() const override { return doubt_; }

  Action act(const Observation& obs, Rng& rng) override {
    doubt_.clear();
    const std::span<const Action> legal = obs.legal();
    if (legal.size() == 1) return legal[0];
    std::unique_ptr<State> first = obs.sample(rng);
    if (!first) return legal[0];
    const auto& now = static_cast<const KlondikeState&>(*first);
    learn(now);
    // In the thoughtful game every card is seen: the solver's line (a deal
    // made afresh of cards the player sees would be a game of another deal).
    const bool thoughtful = now.rules().thoughtful;
    // With the stock free to turn again, a pass through it first shows every
    // card of it, at no cost.
    if (!thoughtful && !known_ && now.rules().redeals == kUnlimited && !now.stock().empty() &&
        has(legal, Move::turn().encode()))
      return Move::turn().encode();
    // The plan holds while nothing new has come to light (followed in a deal
    // whose stock is as remembered, for the waste it shows after a turn).
    const std::unique_ptr<State> world = known_ && !thoughtful ? deal(obs, rng) : nullptr;
    const auto& seen = world ? static_cast<const KlondikeState&>(*world) : now;
    if (next_ < plan_.size() && looks(now) == expect_ && has(legal, plan_[next_]))
      return follow(seen);
    if (lost_) return doubt_ = lost_why_, fallback(legal);
    // The stock known, only the face-down cards are unknown: the lines that
    // turn up nothing, each to a card it turns up, weighed on many deals.
    if (known_ || thoughtful) {
      if (thoughtful || seen.face_down() <= 1) {
        // Every card known (one face down is the card seen nowhere else):
        // the solver's line, if it finds one.
        SolveLimits lim;
        lim.max_nodes = budget_ * 1000;
        lim.max_seconds = obs.seconds_left(0);
        SolveReport r = solve(seen, lim);
        if (r.verdict == SolveReport::kLost) {
          lost_ = true, lost_why_ = "every card known, the solver finds no line that wins from here";
          return doubt_ = lost_why_, fallback(legal);
        }
        if (r.verdict == SolveReport::kWon && !r.line.empty() && has(legal, r.line[0])) {
          plan_ = std::move(r.line), next_ = 0;
          return follow(seen);
        }
      }
      Plan p = plan_by_hindsight(seen, rng, samples_, budget_, [&] { return obs.past_deadline(); });
      // No card can turn up nor come from the stock, ever: lost.
      if (p.lines == 0) {
        lost_ = true, lost_why_ = "no card can turn up nor come from the stock any more";
        return doubt_ = lost_why_, fallback(legal);
      }
      if (!p.actions.empty() && has(legal, p.actions[0])) {
        plan_ = std::move(p.actions), next_ = 0;
        return follow(seen);
      }
    }
    // Where no deal was won, none will be till a card turns up.
    if (hopeless_ == now.face_down()) return doubt_ = kNoneWon, fallback(legal);
    return decide(obs, rng, legal);
  }

 private:
  static bool has(std::span<const Action> legal, Action a) {
    return std::find(legal.begin(), legal.end(), a) != legal.end();
  }

  // What the player sees, as one number: a face-down card turned up, or a
  // card of the stock not yet seen, changes it unforeseen.
  static std::uint64_t looks(const KlondikeState& s) {
    std::uint64_t h = splitmix64(s.stock().size() * 64 + s.waste().size());
    for (int c = 0; c < kColumns; ++c) {
      h = splitmix64(h ^ static_cast<std::uint64_t>(s.down(c)));
      for (std::size_t k = static_cast<std::size_t>(s.down(c)); k < s.column(c).size(); ++k)
        h = splitmix64(h ^ s.column(c)[k].index());
    }
    for (Card c : s.waste()) h = splitmix64(h ^ (c.index() + 100u));
    for (int f = 0; f < 4; ++f) h = splitmix64(h ^ static_cast<std::uint64_t>(s.foundation(f)));
    return h;
  }

  // The stock and waste as one row in the order of turning, as far as seen:
  // once the stock has been turned through, the waste showed all of it; from
  // then on the row is that one less the cards played from it.
  void learn(const KlondikeState& s) {
    const Stock& waste = s.waste();
    if (s.stock().empty()) {
      row_.assign(waste.begin(), waste.end()), known_ = true;
      return;
    }
    if (!known_) return;
    std::vector<Card> row;
    for (Card c : row_)
      if (std::find(waste.begin(), waste.end(), c) != waste.end() || unseen_in_stock(s, c))
        row.push_back(c);
    row_ = std::move(row);
    known_ = row_.size() == waste.size() + s.stock().size() &&
             std::equal(waste.begin(), waste.end(), row_.begin());
  }
  // Whether c could be in the stock (not seen anywhere else).
  static bool unseen_in_stock(const KlondikeState& s, Card c) {
    if (s.foundation(c.suit()) >= c.rank()) return false;
    for (int k = 0; k < kColumns; ++k)
      for (std::size_t i = static_cast<std::size_t>(s.down(k)); i < s.column(k).size(); ++i)
        if (s.column(k)[i] == c) return false;
    return true;
  }

  // A deal of what it cannot see: the sample's face-down cards, and the
  // stock as remembered where it is.
  std::unique_ptr<State> deal(const Observation& obs, Rng& rng) const {
    std::unique_ptr<State> world = obs.sample(rng);
    if (!world || !known_) return world;
    auto& s = static_cast<KlondikeState&>(*world);
    std::vector<Card*> slots = s.hidden();  // face-down first, then the stock
    const std::size_t stock = s.stock().size();
    std::vector<Card> row_stock(row_.begin() + static_cast<std::ptrdiff_t>(s.waste().size()),
                                row_.end());
    std::vector<Card> down;
    for (Card* c : slots)
      if (std::find(row_stock.begin(), row_stock.end(), *c) == row_stock.end()) down.push_back(*c);
    std::sort(down.begin(), down.end());
    rng.shuffle(std::span<Card>(down));
    const std::size_t n_down = slots.size() - stock;
    if (down.size() != n_down) return world;  // memory out of step: the sample as it is
    for (std::size_t i = 0; i < n_down; ++i) *slots[i] = down[i];
    // The stock's next card is its last.
    for (std::size_t i = 0; i < stock; ++i) *slots[n_down + i] = row_stock[stock - 1 - i];
    return world;
  }

  // The stock not known (its redeals counted): for each legal move, a few
  // deals of what cannot be seen, each solved deeper.
  Action decide(const Observation& obs, Rng& rng, std::span<const Action> legal) {
    SolveLimits lim;
    lim.max_nodes = budget_ * 20;
    // The same deals for every move, so that the moves differ by their play
    // and not by their luck.
    std::vector<std::unique_ptr<State>> worlds;
    for (int i = 0; i < std::max(2, samples_ / 128); ++i)
      if (std::unique_ptr<State> w = deal(obs, rng)) worlds.push_back(std::move(w));
    plan_.clear(), next_ = 0;
    int most = 0;
    std::vector<Action> best;
    for (Action a : in_order(legal)) {
      // Past the deadline, the moves weighed so far are all there is (the
      // first is always weighed: the likeliest move, in_order).
      if (most > 0 && obs.past_deadline()) break;
      int wins = 0;
      std::vector<Action> line;
      for (const std::unique_ptr<State>& w : worlds) {
        KlondikeState s = static_cast<const KlondikeState&>(*w);
        s.apply(obs.seat(), a);
        bool won = s.won();
        if (!won && !s.terminal()) {
          lim.max_seconds = obs.seconds_left(0);  // what is left of the deadline, if any
          SolveReport r = solve(s, lim);
          won = r.verdict == SolveReport::kWon;
          if (won && line.empty()) line = std::move(r.line);
        }
        wins += won;
      }
      if (wins > most) {
        most = wins, best = {a};
        best.insert(best.end(), line.begin(), line.end());
        if (wins == static_cast<int>(worlds.size())) break;  // none does better
      }
    }
    if (most == 0) {
      const std::unique_ptr<State> here = obs.sample(rng);
      hopeless_ = static_cast<const KlondikeState&>(*here).face_down();
      doubt_ = kNoneWon;
      return fallback(legal);
    }
    hopeless_ = -1;
    plan_ = std::move(best);
    const std::unique_ptr<State> here = obs.sample(rng);
    return follow(static_cast<const KlondikeState&>(*here));
  }

  // The moves, the likeliest first: up to a foundation, a run that turns a
  // card up, the waste, other moves, the stock.
  static std::vector<Action> in_order(std::span<const Action> legal) {
    std::vector<std::pair<int, Action>> ranked;
    for (Action a : legal) {
      const std::optional<Move> m = Move::decode(a);
      int rank = 2;
      if (!m || m->kind == Move::kRecycle)
        rank = 0;
      else if (m->kind == Move::kTurn)
        rank = 1;
      else if (m->to >= kFoundation0)
        rank = 5;
      else if (m->from == kWaste)
        rank = 3;
      else if (m->from >= kColumn0 && m->from < kFoundation0)
        rank = 4;
      ranked.push_back({rank, a});
    }
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto& x, const auto& y) { return x.first > y.first; });
    std::vector<Action> out;
    for (const auto& [r, a] : ranked) out.push_back(a);
    return out;
  }

  // The plan's next move, and what the table should look like after it if
  // nothing unseen comes to light.
  Action follow(const KlondikeState& s) {
    const Action a = plan_[next_++];
    KlondikeState after = s;
    after.apply(0, a);
    expect_ = looks(after);
    return a;
  }

  // No deal won: a card up to its foundation, else a turn of the stock,
  // else the first move.
  static Action fallback(std::span<const Action> legal) {
    for (Action a : legal) {
      const std::optional<Move> m = Move::decode(a);
      if (m && m->kind == Move::kShift && m->to >= kFoundation0) return a;
    }
    for (Action a : legal) {
      const std::optional<Move> m = Move::decode(a);
      if (m && m->kind == Move::kTurn) return a;
    }
    return legal[0];
  }

  static constexpr const char* kNoneWon =
      "no line was found that wins on any deal tried of the cards not yet seen";

  int samples_;
  std::uint64_t budget_;
  std::string doubt_;     // why the last move comes from no line (Bot::doubt)
  std::string lost_why_;  // why lost_
  int hopeless_ = -1;  // the face-down cards left when no deal was won
  bool lost_ = false;  // the planner found no card that could ever turn up
  std::vector<Card> row_;
  bool known_ = false;
  std::vector<Action> plan_;
  std::size_t next_ = 0;
  std::uint64_t expect_ = 0;
};

}  // namespace

std::unique_ptr<Bot> hindsight_bot(int samples, std::uint64_t budget) {
  return std::make_unique<HindsightBot>(samples, budget);
}

}  // namespace parlour::klondike
