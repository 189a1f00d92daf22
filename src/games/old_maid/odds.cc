#include "games/old_maid/odds.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <functional>
#include <map>

#include "games/old_maid/state.h"

namespace parlour::old_maid {

// ---- The chain -------------------------------------------------------------------

namespace {

std::string key_of(const ChainPos& p) {
  std::string k;
  k.reserve(2 + 2 * p.holders.size());
  k += static_cast<char>(p.offerer);
  k += static_cast<char>(p.drawer);
  for (std::uint16_t h : p.holders)
    k += static_cast<char>(h & 0xff), k += static_cast<char>(h >> 8);
  return k;
}

std::uint16_t active_of(const std::vector<std::uint16_t>& holders) {
  std::uint16_t a = 0;
  for (std::uint16_t h : holders) a |= h;
  return a;
}

// No pair can be made any more: every class left has a single card.
bool over(const std::vector<std::uint16_t>& holders) {
  return std::all_of(holders.begin(), holders.end(),
                     [](std::uint16_t h) { return std::popcount(h) == 1; });
}

}  // namespace

ChainPos BlindChain::first_turn(std::vector<std::uint16_t> holders, int dealer,
                                bool dealer_first) const {
  std::sort(holders.begin(), holders.end());
  const std::uint16_t active = active_of(holders);
  auto live = [&](int s) { return (active >> s & 1) != 0; };
  auto next_live = [&](int s) {
    for (int i = 1; i <= players_; ++i)
      if (live(step(s, i))) return step(s, i);
    return s;
  };
  // As OldMaidState::deal: that player, or the next with cards, offers first.
  const int first = dealer_first ? dealer : step(dealer, 1);
  ChainPos p{std::move(holders), 0, 0};
  p.offerer = live(first) ? first : next_live(first);
  p.drawer = next_live(p.offerer);
  return p;
}

int BlindChain::add(ChainPos p) {
  std::sort(p.holders.begin(), p.holders.end());
  return intern(std::move(p));
}

int BlindChain::intern(ChainPos p) {
  std::string k = key_of(p);
  auto [it, fresh] = index_.try_emplace(std::move(k), static_cast<int>(nodes_.size()));
  if (fresh) {
    Node n;
    for (std::uint16_t h : p.holders) n.cards += std::popcount(h);
    n.pos = std::move(p);
    nodes_.push_back(std::move(n));
  }
  return it->second;
}

void BlindChain::expand(int id) {
  const ChainPos pos = nodes_[id].pos;
  if (over(pos.holders)) return;
  const int o = pos.offerer, d = pos.drawer;
  const std::uint16_t ob = static_cast<std::uint16_t>(1u << o),
                      db = static_cast<std::uint16_t>(1u << d);
  int offered = 0;
  for (std::uint16_t h : pos.holders) offered += (h & ob) != 0;
  std::vector<Edge> edges;
  for (std::size_t i = 0; i < pos.holders.size(); ++i) {
    const std::uint16_t h = pos.holders[i];
    if (!(h & ob) || (i > 0 && pos.holders[i - 1] == h))
      continue;  // each distinct class shape once
    int same = 0;
    for (std::uint16_t x : pos.holders) same += x == h;
    // The drawer takes the offerer's card of a class shaped h: it pairs if the
    // drawer holds that class too.
    const bool paired = (h & db) != 0;
    const std::uint16_t moved = static_cast<std::uint16_t>(paired ? h & ~ob & ~db : (h & ~ob) | db);
    ChainPos next;
    next.holders = pos.holders;
    next.holders.erase(next.holders.begin() + static_cast<long>(i));
    if (moved)
      next.holders.insert(std::upper_bound(next.holders.begin(), next.holders.end(), moved), moved);
    const std::uint16_t now = active_of(next.holders);
    const double p = static_cast<double>(same) / offered;
    if (over(next.holders)) {
      edges.push_back({-1 - static_cast<int>(now), p});
      continue;
    }
    auto live = [&](int s) { return (now >> s & 1) != 0; };
    if (keep_drawing_ && paired && live(o) && live(d)) {
      next.offerer = o, next.drawer = d;
    } else {
      // The next drawer is the next player with cards; it draws from the nearest
      // player with cards on its offering side.
      int nd = d;
      do nd = step(nd, 1);
      while (!live(nd));
      int no = nd;
      do no = step(no, -1);
      while (!live(no));
      next.offerer = no, next.drawer = nd;
    }
    edges.push_back({intern(std::move(next)), p});
  }
  nodes_[id].edges = std::move(edges);
}

std::optional<double> BlindChain::solve(std::size_t max_positions, double tolerance) {
  while (expanded_ < nodes_.size()) {
    if (nodes_.size() > max_positions) return std::nullopt;
    expand(static_cast<int>(expanded_++));
  }
  value_.assign(nodes_.size(), {});
  std::map<int, std::vector<int>> levels;
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    if (over(nodes_[i].pos.holders)) {
      const std::uint16_t a = active_of(nodes_[i].pos.holders);
      for (int s = 0; s < players_; ++s) value_[i][s] = a >> s & 1;
    } else {
      levels[nodes_[i].cards].push_back(static_cast<int>(i));
    }
  }
  double worst = 0;
  for (auto& [cards, ids] : levels) {
    double change = 0;
    for (int sweep = 0; sweep < 1000000; ++sweep) {
      change = 0;
      for (int id : ids) {
        std::array<double, 16> v{};
        for (const Edge& e : nodes_[id].edges) {
          if (e.to < 0) {
            for (int s = 0; s < players_; ++s) v[s] += ((-1 - e.to) >> s & 1) * e.p;
          } else {
            const auto& w = value_[e.to];
            for (int s = 0; s < players_; ++s) v[s] += e.p * w[s];
          }
        }
        for (int s = 0; s < players_; ++s)
          change = std::max(change, std::abs(v[s] - value_[id][s]));
        value_[id] = v;
      }
      if (change < tolerance) break;
    }
    worst = std::max(worst, change);
  }
  return worst;
}

// ---- From the deal ------------------------------------------------------------------

std::optional<Result<OddsReport>> odds_without_play(const OldMaidState& s) {
  using Phase = OldMaidState::Phase;
  if (s.phase() == Phase::kOver || s.phase() == Phase::kCut ||
      (s.phase() == Phase::kDeal && s.last_event().hand_over)) {
    OddsReport rep;
    rep.event = kOddsEvent;
    for (Seat x = 0; x < s.rules().players; ++x) rep.chance.push_back(s.last_losers() >> x & 1);
    rep.exact = true;
    rep.method = "the hand is over";
    return rep;
  }
  if (s.phase() == Phase::kDeal)
    return Result<OddsReport>(
        Status::error("the position is before the deal; use the odds from the deal"));
  return std::nullopt;
}

std::vector<std::uint16_t> holders_of(const OldMaidState& s) {
  const Rules& r = s.rules();
  std::vector<std::uint16_t> by_class(static_cast<std::size_t>(r.classes()), 0);
  for (Seat p = 0; p < r.players; ++p)
    for (Card c : s.fan(p).cards) by_class[r.pair_class(c)] |= static_cast<std::uint16_t>(1u << p);
  std::vector<std::uint16_t> out;
  for (std::uint16_t h : by_class)
    if (h) out.push_back(h);
  return out;
}

namespace {

// The exact distribution of holder sets after the deal and its pairing: every
// way of sharing each class's cards among the hands, weighted by the number of
// deals that give it.
std::map<std::vector<std::uint16_t>, long double> deal_distribution(const Rules& r) {
  std::vector<Card> deck = r.deck();
  // One card set aside at random: by the symmetry of ranks (and of colours) it
  // gives the same odds as setting aside the first card of the pack.
  if (r.odd == Odd::kRandom) deck.erase(deck.begin());
  std::vector<int> per_class(static_cast<std::size_t>(r.classes()), 0);
  for (Card c : deck) ++per_class[r.pair_class(c)];
  // The hands, dealt from the first seat round the table, and cards set aside
  // unseen (equal hands) as one more "seat" whose cards hold nothing.
  const int n = static_cast<int>(deck.size()), players = r.players,
            dealer = ((-r.dir) % players + players) % players;
  const int dealt = r.dealt(n), P = players + (dealt < n ? 1 : 0);
  std::vector<int> size(P, 0);
  for (int i = 0; i < dealt; ++i)
    ++size[((r.first_dealt(dealer) + i * r.dir) % players + players) % players];
  if (dealt < n) size[players] = n - dealt;
  std::vector<long double> fact(64, 1);
  for (int i = 1; i < 64; ++i) fact[i] = fact[i - 1] * i;

  // Every way to share m cards among the seats: the counts, the number of ways
  // to choose which cards, and the seats left holding an odd number.
  struct Share {
    std::vector<std::uint8_t> count;
    long double ways;
    std::uint16_t holders;
  };
  auto shares_of = [&](int m) {
    std::vector<Share> out;
    std::vector<std::uint8_t> a(P, 0);
    std::function<void(int, int)> rec = [&](int seat, int left) {
      if (seat == P - 1) {
        a[seat] = static_cast<std::uint8_t>(left);
        Share sh{a, fact[m], 0};
        for (int s = 0; s < P; ++s) {
          sh.ways /= fact[a[s]];
          if (a[s] % 2 && s < players) sh.holders |= static_cast<std::uint16_t>(1u << s);
        }
        out.push_back(std::move(sh));
        return;
      }
      for (int x = 0; x <= left; ++x)
        a[seat] = static_cast<std::uint8_t>(x), rec(seat + 1, left - x);
    };
    rec(0, m);
    return out;
  };
  // Key, 128 bits: cards dealt so far per seat (6 bits each), then how many
  // classes have each holder set (5 bits for each of the 2^P - 1 sets).
  using Key = unsigned __int128;
  struct Hash {
    std::size_t operator()(Key k) const {
      const std::uint64_t lo = static_cast<std::uint64_t>(k),
                          hi = static_cast<std::uint64_t>(k >> 64);
      return static_cast<std::size_t>((lo ^ (hi * 0x9e3779b97f4a7c15ull)) * 0xbf58476d1ce4e5b9ull >>
                                      7);
    }
  };
  const int count_at = 6 * P;  // holder sets are of the real seats only: 2^players - 1 counts
  std::unordered_map<Key, long double, Hash> layer, next;
  layer[0] = 1;
  std::map<int, std::vector<Share>> shares;
  for (int m : per_class) {
    if (m == 0) continue;
    auto& sh = shares[m];
    if (sh.empty()) sh = shares_of(m);
    next.clear();
    next.reserve(layer.size() * 4);
    for (const auto& [key, w] : layer) {
      for (const Share& x : sh) {
        bool fits = true;
        Key k = key;
        for (int s = 0; s < P && fits; ++s) {
          fits = static_cast<int>((key >> (6 * s)) & 63) + x.count[s] <= size[s];
          k += static_cast<Key>(x.count[s]) << (6 * s);
        }
        if (!fits) continue;
        if (x.holders) k += static_cast<Key>(1) << (count_at + 5 * (x.holders - 1));
        next[k] += w * x.ways;
      }
    }
    layer.swap(next);
  }
  std::map<std::vector<std::uint16_t>, long double> out;
  long double total = 0;
  for (const auto& [key, w] : layer) total += w;
  for (const auto& [key, w] : layer) {
    std::vector<std::uint16_t> hs;
    for (int h = 1; h < (1 << players); ++h)
      for (int n = static_cast<int>((key >> (count_at + 5 * (h - 1))) & 31); n > 0; --n)
        hs.push_back(static_cast<std::uint16_t>(h));
    out[hs] += w / total;
  }
  return out;
}

class OldMaidOdds final : public ExactOdds {
 public:
  Result<OddsReport> from_deal(const Config& config) const override {
    const Rules r = Rules::from(config);
    BlindChain chain(r.players, r.dir, r.keep_drawing);
    const int dealer = ((-r.dir) % r.players + r.players) % r.players;
    OddsReport rep;
    rep.event = kOddsEvent;
    rep.chance.assign(r.players, 0.0);
    // Cards set aside unseen count as one more hand in the counting.
    const int n = static_cast<int>(r.deck().size()) - (r.odd == Odd::kRandom ? 1 : 0);
    const int hands = r.players + (r.dealt(n) < n ? 1 : 0);
    if (hands <= kExactPlayers) {
      const auto dist = deal_distribution(r);
      std::vector<std::pair<int, long double>> starts;
      for (const auto& [holders, p] : dist)
        starts.emplace_back(chain.add(chain.first_turn(holders, dealer, r.dealer_first)), p);
      const std::optional<double> change = chain.solve();
      if (!change) return Status::error("the chain grew past its limit");
      rep.precision = *change;
      for (const auto& [h, p] : starts)
        for (int s = 0; s < r.players; ++s)
          rep.chance[s] += static_cast<double>(p * chain.value(h)[s]);
      rep.exact = true;
      rep.states = chain.size();
      rep.method =
          "exact: every deal counted (" + std::to_string(dist.size()) +
          " distinct positions after pairing), then a Markov chain over positions with pairing "
          "classes collapsed to the seats holding them (" +
          std::to_string(chain.size()) +
          " positions), its cycles solved by Gauss-Seidel iteration to a change below 1e-15";
      rep.precision += 1e-15;
      return rep;
    }
    return Status::error(
        "exact odds from the deal are within reach for up to " + std::to_string(kExactPlayers) +
        " hands, counting cards set aside as one (the positions of five hands run to billions); "
        "for " +
        std::to_string(r.players) + " players use `parlour sim old-maid --players " +
        std::to_string(r.players) +
        " --games 10000000`, or `parlour odds --record` later in a game");
  }

  Result<OddsReport> at(const State& state) const override {
    const auto& s = dynamic_cast<const OldMaidState&>(state);
    const Rules& r = s.rules();
    if (auto settled = odds_without_play(s)) return std::move(*settled);
    OddsReport rep;
    rep.event = kOddsEvent;
    rep.chance.assign(r.players, 0.0);
    BlindChain chain(r.players, r.dir, r.keep_drawing);
    ChainPos p{holders_of(s), s.offerer(), s.drawer()};
    const int h = chain.add(std::move(p));
    const std::optional<double> change = chain.solve();
    if (!change)
      return Status::error(
          "this position has too many cards left for an exact chain (over 4 million positions); "
          "try a later move");
    rep.precision = *change + 1e-15;
    for (int x = 0; x < r.players; ++x) rep.chance[x] = chain.value(h)[x];
    rep.exact = true;
    rep.states = chain.size();
    rep.method = "exact Markov chain from this position (" + std::to_string(chain.size()) +
                 " positions), every draw from here on blind";
    return rep;
  }

  Result<OddsReport> for_seat(const State& state, Seat seat) const override {
    return seat_odds(dynamic_cast<const OldMaidState&>(state), seat);
  }
};

}  // namespace

const ExactOdds& exact_odds() {
  static const OldMaidOdds o;
  return o;
}

}  // namespace parlour::old_maid
