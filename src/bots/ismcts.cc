#include "bots/ismcts.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <string>

#include "core/table.h"

namespace parlour {

double seat_reward(const Outcome& o, Seat seat) {
  switch (o.kind) {
    case OutcomeKind::kLoser:
      return o.lost(seat) ? 0.0 : 1.0;
    case OutcomeKind::kSolo:
      return o.won(seat) ? 1.0 : 0.0;
    default: {
      const int players = static_cast<int>(o.places.size());
      return players < 2 ? 1.0 : static_cast<double>(players - o.places[seat]) / (players - 1);
    }
  }
}

Result<IsmctsOptions> read_ismcts(std::string_view name) {
  constexpr std::string_view kAccepted =
      "ismcts, ismcts:N (N iterations a move, 1 to 10000000) or ismcts:Xs (X seconds a move, "
      "above 0 and at most 600)";
  auto refuse = [&](std::string_view why) {
    return Status::error("\"" + std::string(name.substr(0, 40)) + "\": " + std::string(why) +
                         "; accepted: " + std::string(kAccepted));
  };
  if (name == "ismcts") return IsmctsOptions{};
  if (!name.starts_with("ismcts:")) return refuse("not a search bot");
  std::string_view arg = name.substr(7);
  const bool seconds = arg.ends_with("s");
  if (seconds) arg.remove_suffix(1);
  if (arg.empty()) return refuse("no budget after \"ismcts:\"");
  if (arg.size() > 9) return refuse("the budget is too long");
  // from_chars, not stod: it neither throws nor reads a locale, and it must
  // use every character ("1.2.3", "." and ".s" are refused, not half read).
  double v = 0;
  const auto [end, ec] = std::from_chars(arg.data(), arg.data() + arg.size(), v);
  if (ec != std::errc() || end != arg.data() + arg.size() || !std::isfinite(v) ||
      arg.find_first_not_of("0123456789.") != std::string_view::npos)
    return refuse("the budget is not a number");
  IsmctsOptions o;
  if (seconds) {
    if (v <= 0 || v > 600) return refuse("seconds must be above 0 and at most 600");
    o.seconds = v;
  } else {
    if (v < 1 || v > 10'000'000 || v != std::floor(v))
      return refuse("iterations must be a whole number from 1 to 10000000");
    o.iterations = static_cast<int>(v);
  }
  return o;
}

std::optional<IsmctsOptions> parse_ismcts(std::string_view name) {
  Result<IsmctsOptions> r = read_ismcts(name);
  if (!r.ok()) return std::nullopt;
  return *r;
}

namespace {

struct Node {
  Action action = 0;    // the action that leads here
  Seat seat = kNobody;  // the seat that took it, whose rewards this node sums
  int parent = -1;
  std::vector<int> children;
  double reward = 0, reward_sq = 0;
  int visits = 0, available = 0;
  double mean() const { return visits ? reward / visits : 0; }
  // The standard error of the mean.
  double error() const {
    if (visits < 2) return 1;
    const double m = mean();
    return std::sqrt(std::max(0.0, reward_sq / visits - m * m) / (visits - 1));
  }
};

class Ismcts final : public Bot {
 public:
  Ismcts(const IsmctsOptions& o, const SearchHints* hints)
      : o_(o), hints_(hints), depth_(hints && hints->depth() > 0 ? hints->depth() : o.depth) {}

  Action act(const Observation& obs, Rng& rng) override {
    const std::span<const Action> root_legal = obs.legal();
    if (root_legal.size() == 1 || !obs.can_sample())
      return root_legal[rng.below(static_cast<std::uint32_t>(root_legal.size()))];
    // A tree kept from a larger search without a cap would count against this one's.
    if (obs.limits().memory > 0)
      tree_ = {};
    else
      tree_.clear();
    tree_.push_back(Node{});
    // With the game's hints, its policy's move is the one to beat: search
    // leaves it only for a move clearly better (two standard errors), so that
    // the noise of a few hundred play-outs does not decide.
    preferred_ = kNoAction;
    if (hints_)
      if (std::unique_ptr<State> world = obs.sample(rng))
        if (const Action p = hints_->policy(*world, obs.seat(), root_legal, rng);
            std::find(root_legal.begin(), root_legal.end(), p) != root_legal.end()) {
          if (!hints_->overrule(*world, obs.seat())) return p;  // the game keeps this one
          preferred_ = p;
        }
    if (preferred_ != kNoAction && hints_->same_deals()) return compare(obs, rng);
    const auto start = std::chrono::steady_clock::now();
    for (int it = 0;; ++it) {
      if (out_of_time(obs, start, it, 16)) break;
      std::unique_ptr<State> world = obs.sample(rng);
      if (!world) continue;
      iterate(*world, obs.seat(), rng);
    }
    // The move most tried is the one most trusted.
    int best = -1;
    for (int c : tree_[0].children)
      if (tree_[c].seat == obs.seat() && (best < 0 || tree_[c].visits > tree_[best].visits))
        best = c;
    if (best < 0) return root_legal[0];
    if (preferred_ == kNoAction) return tree_[best].action;
    int pref = -1;
    for (int c : tree_[0].children)
      if (tree_[c].seat == obs.seat() && tree_[c].action == preferred_) pref = c;
    if (pref < 0) return preferred_;
    int top = pref;  // the best mean among the well-tried
    for (int c : tree_[0].children)
      if (tree_[c].seat == obs.seat() && tree_[c].visits >= o_.min_visits &&
          tree_[c].mean() > tree_[top].mean())
        top = c;
    // The best of many noisy means is the luckiest as often as the best: the
    // bar rises with the number of moves it was picked from.
    const double alternatives =
        static_cast<double>(std::max<std::size_t>(2, root_legal.size()) - 1);
    const double margin = (o_.margin + 0.5 * std::log(alternatives)) *
                          std::hypot(tree_[top].error(), tree_[pref].error());
    return tree_[top].mean() - tree_[pref].mean() > margin ? tree_[top].action : preferred_;
  }

 private:
  // Whether the tree has as much memory as its caller allows (0: any). A
  // node's place among its parent's children takes at most two ints (a
  // vector's capacity is at most twice its size); the nodes' own vector,
  // when it next grows, holds its old storage and the new, twice as large,
  // at once.
  bool tree_full(std::size_t cap) const {
    if (cap == 0) return false;
    const std::size_t n = tree_.size(), c = tree_.capacity();
    return (n < c ? c : 3 * c) * sizeof(Node) + n * 2 * sizeof(int) >= cap;
  }

  // Whether the budget is spent after `done` iterations (time is read every
  // `every`): the bot's own, or the limits its caller set (Observation::limits),
  // whichever comes first.
  bool out_of_time(const Observation& obs, std::chrono::steady_clock::time_point start, int done,
                   int every) const {
    if (tree_full(obs.limits().memory)) return true;
    if (done % every == 0 && done > 0 && obs.past_deadline()) return true;
    if (o_.seconds <= 0) return done >= o_.iterations;
    return done % every == 0 &&
           std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >=
               o_.seconds;
  }

  // The policy's move for `seat` if it is legal (a bug there must not corrupt
  // the deal), else `fallback`.
  Action guided(const State& s, Seat seat, Action fallback, Rng& rng) const {
    const Action p = hints_->policy(s, seat, legal_, rng);
    return std::find(legal_.begin(), legal_.end(), p) != legal_.end() ? p : fallback;
  }

  // The search on the same deals (SearchHints::same_deals): each deal sampled
  // is played out once after every move of the root, from copies of the deal
  // with one random stream, by the policy alone; a move is chosen over the
  // policy's when its gain, deal by deal, is clear by `margin` standard errors
  // (plus half the log of the number of other moves, as below). A search one
  // move deep: the budget goes to comparing the moves, where a tree would
  // spread it over later choices that luck decides.
  Action compare(const Observation& obs, Rng& rng) {
    const std::span<const Action> root = obs.legal();
    const std::size_t k = root.size();
    const std::size_t pref =
        static_cast<std::size_t>(std::find(root.begin(), root.end(), preferred_) - root.begin());
    gain_.assign(k, 0), gain_sq_.assign(k, 0), result_.assign(k, 0);
    std::array<double, kMaxSeats> reward;
    int deals = 0;
    const auto start = std::chrono::steady_clock::now();
    for (int tried = 0; !out_of_time(obs, start, tried, 1); tried += static_cast<int>(k)) {
      const std::unique_ptr<State> world = obs.sample(rng);
      if (!world) continue;
      world->legal_actions(obs.seat(), legal_);
      if (!std::is_permutation(legal_.begin(), legal_.end(), root.begin(), root.end())) continue;
      const Rng common(static_cast<std::uint64_t>(rng.next()) << 32 | rng.next());
      for (std::size_t i = 0; i < k; ++i) {
        const std::unique_ptr<State> w = world->clone();
        Rng stream = common;
        w->apply(obs.seat(), root[i]);
        play_out(*w, obs.seat(), 0, stream, reward);
        result_[i] = reward[obs.seat()];
      }
      for (std::size_t i = 0; i < k; ++i) {
        const double d = result_[i] - result_[pref];
        gain_[i] += d, gain_sq_[i] += d * d;
      }
      ++deals;
    }
    if (deals < 2) return preferred_;
    const double bar =
        o_.margin + 0.5 * std::log(static_cast<double>(std::max<std::size_t>(2, k) - 1));
    std::size_t best = pref;
    double best_gain = 0;
    for (std::size_t i = 0; i < k; ++i) {
      const double mean = gain_[i] / deals;
      const double error =
          std::sqrt(std::max(0.0, gain_sq_[i] / deals - mean * mean) / (deals - 1));
      if (mean > best_gain && mean > bar * error) best = i, best_gain = mean;
    }
    return root[best];
  }

  // Plays on from `s` (the last to act: `last`) to the end, or with the
  // game's hints for `depth` moves, and scores each seat. With the hints, a
  // share of the moves (`random_share`) is random, the rest the policy's.
  void play_out(State& s, Seat last, double random_share, Rng& rng,
                std::array<double, kMaxSeats>& reward) {
    for (int steps = 0;;) {
      if (hints_ && hints_->settled(s)) break;
      while (s.chance()) s.apply_chance(rng);
      if (s.terminal()) break;
      if (++steps > (hints_ ? depth_ : o_.max_rollout)) break;
      const Seat seat = next_seat(s, last);
      s.legal_actions(seat, legal_);
      Action a;
      if (hints_ && random_share <= 0) {
        a = guided(s, seat, legal_[0], rng);
      } else {
        const bool policy =
            hints_ && rng.below(1000) >= static_cast<std::uint32_t>(random_share * 1000);
        a = legal_[rng.below(static_cast<std::uint32_t>(legal_.size()))];
        if (policy) a = guided(s, seat, a, rng);
      }
      s.apply(seat, a), last = seat;
    }
    if (s.terminal()) {
      const Outcome o = s.outcome();
      for (std::size_t p = 0; p < o.places.size(); ++p)
        reward[p] = seat_reward(o, static_cast<Seat>(p));
    } else {
      reward.fill(0.5);  // without hints, a play-out too long to finish tells nothing
      if (hints_) hints_->estimate(s, std::span<double>(reward.data(), reward.size()));
    }
  }

  void iterate(State& s, Seat me, Rng& rng) {
    int node = 0;
    Seat last = kNobody;
    Seat seat = me;  // the bot acts first: it is the one asked
    for (;;) {
      // Down the tree as in a play-out: no further than a settled position
      // (after a move: the bot is asked where something is to be decided).
      if (last != kNobody && hints_ && hints_->settled(s)) break;
      while (s.chance()) s.apply_chance(rng);
      if (s.terminal()) break;
      if (node != 0 || last != kNobody) seat = next_seat(s, last);
      s.legal_actions(seat, legal_);
      // With the game's hints, the others play by its policy, which reads
      // only what each of them knows: the tree holds this seat's choices
      // alone, so that no opponent in it plays as if it saw this seat's cards
      // (which are the same in every deal sampled for it).
      if (hints_ && seat != me) {
        const Action a =
            guided(s, seat, legal_[rng.below(static_cast<std::uint32_t>(legal_.size()))], rng);
        s.apply(seat, a), last = seat;
        continue;
      }
      // Children for these actions of this seat: untried ones first.
      untried_.clear();
      for (Action a : legal_) {
        bool seen = false;
        for (int c : tree_[node].children)
          if (tree_[c].seat == seat && tree_[c].action == a) {
            seen = true;
            ++tree_[c].available;
            break;
          }
        if (!seen) untried_.push_back(a);
      }
      int next;
      // At the root, the preferred move is tried a quarter of the time, so
      // that its mean is well known when the search ends.
      int forced = -1;
      if (node == 0 && preferred_ != kNoAction && rng.below(4) == 0)
        for (int c : tree_[0].children)
          if (tree_[c].seat == seat && tree_[c].action == preferred_) forced = c;
      if (forced >= 0) {
        next = forced;
      } else if (!untried_.empty()) {
        // The game's own policy, where it gives one, is tried first.
        Action a = untried_[rng.below(static_cast<std::uint32_t>(untried_.size()))];
        if (hints_) {
          const Action p = hints_->policy(s, seat, legal_, rng);
          if (std::find(untried_.begin(), untried_.end(), p) != untried_.end()) a = p;
        }
        next = static_cast<int>(tree_.size());
        tree_.push_back(Node{a, seat, node, {}, 0, 0, 0, 1});
        tree_[node].children.push_back(next);
        s.apply(seat, a), last = seat;
        node = next;
        break;  // a new node: play out from it
      } else {
        next = select(node, seat);
      }
      s.apply(seat, tree_[next].action), last = seat;
      node = next;
    }
    std::array<double, kMaxSeats> reward;
    play_out(s, last, o_.random_share, rng, reward);
    // Back up each seat's result to the nodes where it chose.
    for (; node > 0; node = tree_[node].parent) {
      const double r = reward[tree_[node].seat];
      ++tree_[node].visits;
      tree_[node].reward += r;
      tree_[node].reward_sq += r * r;
    }
  }

  // UCB1 over the children this seat may take here, with availability.
  int select(int node, Seat seat) const {
    int best = -1;
    double best_value = -1;
    for (int c : tree_[node].children) {
      const Node& n = tree_[c];
      if (n.seat != seat || std::find(legal_.begin(), legal_.end(), n.action) == legal_.end())
        continue;
      const double value = n.mean() + o_.exploration * std::sqrt(std::log(n.available) / n.visits);
      if (value > best_value) best_value = value, best = c;
    }
    return best;
  }

  // Who acts next in a deal: the one seat, or the first of several after the
  // last to act, as the driver asks.
  static Seat next_seat(const State& s, Seat last) {
    const Seat t = s.to_move();
    if (t >= 0) return t;
    const Actors a = s.actors();
    const Seat start = last < 0 ? 0 : last + 1;
    for (int i = 0; i < kMaxSeats; ++i)
      if (a.has((start + i) % kMaxSeats)) return (start + i) % kMaxSeats;
    return kNobody;
  }

  IsmctsOptions o_;
  const SearchHints* hints_;
  int depth_;                     // moves of a play-out with hints: the game's, or the options'
  Action preferred_ = kNoAction;  // with hints: the policy's move at the root
  std::vector<Node> tree_;
  std::vector<Action> legal_, untried_;
  std::vector<double> gain_, gain_sq_, result_;  // on the same deals: by root move
};

}  // namespace

std::unique_ptr<Bot> make_ismcts_bot(const IsmctsOptions& options, const SearchHints* hints) {
  return std::make_unique<Ismcts>(options, hints);
}

}  // namespace parlour
