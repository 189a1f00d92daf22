// Odds of Old Maid as one seat can know them (live odds at the table, and
// `parlour odds --record F --seat K`).
//
// What the seat knows is read from its view alone: the cards it sees (its
// hand, cards it gave away whose place it still knows, pairs laid face up,
// cards set aside face up) and how many cards lie unseen where. Who offers to
// whom is public. Every way of dealing the unseen cards into the unseen
// places that breaks no rule (no pair left in a hand, face-down pairs are
// pairs) counts once; under blind play only the seats holding each class
// matter, so these are summed class by class into distinct holder-set
// positions with their weights, and the blind chain gives each its odds.
#include <algorithm>
#include <bit>
#include <cmath>
#include <map>
#include <unordered_map>

#include "core/view_json.h"
#include "games/old_maid/odds.h"
#include "games/old_maid/state.h"

namespace parlour::old_maid {
namespace {

// What a seat's view says about the cards: per class, the seats seen holding
// one, and the cards of it nobody (to this viewer) can place; and where the
// unseen cards lie.
struct Knowledge {
  std::vector<std::uint16_t> known_holders;  // by class
  std::vector<int> unseen;                   // by class
  std::vector<int> hand_slots;               // by seat: unseen cards in its hand
  std::vector<int> pair_slots;               // by seat: face-down pairs it cannot see
  int aside_slots = 0;                       // face-down cards set aside
};

Result<Knowledge> knowledge_of(const OldMaidState& s, const View& v) {
  const Rules& r = s.rules();
  Knowledge k;
  k.known_holders.assign(static_cast<std::size_t>(r.classes()), 0);
  k.unseen.assign(static_cast<std::size_t>(r.classes()), 0);
  k.hand_slots.assign(r.players, 0);
  k.pair_slots.assign(r.players, 0);
  // Every card of the game: the pack, and whatever was taken out of it and
  // laid face up beside it (a removed queen or jack).
  std::map<Card, int> unseen;
  for (Card c : r.deck()) ++unseen[c];
  for (const Zone& z : v.zones)
    if (z.kind == ZoneKind::kAside)
      for (const CardView& c : z.cards)
        if (c.face_up && c.card) ++unseen[*c.card];
  auto seen = [&](Card c) -> Status {
    if (--unseen[c] < 0) return Status::error("the view shows a card the game does not hold");
    return {};
  };
  for (const Zone& z : v.zones) {
    int hidden = 0;
    for (const CardView& c : z.cards) {
      if (!c.card) {
        ++hidden;
        continue;
      }
      if (Status st = seen(*c.card); !st.ok()) return st;
      if (z.kind == ZoneKind::kHand)
        k.known_holders[r.pair_class(*c.card)] |= static_cast<std::uint16_t>(1u << z.owner);
    }
    if (z.kind == ZoneKind::kHand) k.hand_slots[z.owner] = hidden;
    if (z.kind == ZoneKind::kPairs) {
      if (hidden % 2) return Status::error("a pile of pairs holds an odd number of unseen cards");
      k.pair_slots[z.owner] = hidden / 2;
    }
    if (z.kind == ZoneKind::kAside) k.aside_slots = hidden;
  }
  for (const auto& [c, n] : unseen) k.unseen[r.pair_class(c)] += n;
  return k;
}

// Sums the weighted holder-set positions, class by class. A partial state is
// the places filled so far (hands, then pair piles, then the aside) and how
// many classes have each holder set; its weight is the number of ways of
// dealing the unseen cards that lead to it, up to a factor common to all.
std::map<std::vector<std::uint16_t>, long double> positions(const Knowledge& k, int players) {
  const int P = players;
  const int dests = 2 * P + 1;
  const int masks = 1 << P;
  std::vector<int> cap(dests, 0);
  for (int p = 0; p < P; ++p) cap[p] = k.hand_slots[p], cap[P + p] = k.pair_slots[p];
  cap[2 * P] = k.aside_slots;
  std::vector<long double> fact(128, 1);
  for (int i = 1; i < 128; ++i) fact[i] = fact[i - 1] * i;
  // Key: the places used in each destination, then the count of each holder set.
  std::unordered_map<std::string, long double> layer, next;
  layer[std::string(static_cast<std::size_t>(dests + masks), '\0')] = 1;
  for (std::size_t c = 0; c < k.unseen.size(); ++c) {
    const int u = k.unseen[c];
    const std::uint16_t known = k.known_holders[c];
    if (u == 0 && known == 0) continue;
    // The ways this class's unseen cards can go: a set of hands (one card
    // each, none already holding the class), pairs in face-down piles, and
    // the rest set aside. Weight 1 / (aside! * prod pairs!): see the header.
    struct Way {
      std::vector<std::uint8_t> use;  // by destination
      std::uint16_t holders;
      long double weight;
    };
    std::vector<Way> ways;
    std::vector<int> eligible;
    for (int p = 0; p < P; ++p)
      if (cap[p] > 0 && !(known >> p & 1)) eligible.push_back(p);
    for (std::uint32_t sub = 0; sub < (1u << eligible.size()); ++sub) {
      const int h = std::popcount(sub);
      if (h > u) continue;
      Way base{std::vector<std::uint8_t>(dests, 0), known, 1};
      for (std::size_t i = 0; i < eligible.size(); ++i)
        if (sub >> i & 1)
          base.use[eligible[i]] = 1, base.holders |= static_cast<std::uint16_t>(1u << eligible[i]);
      // The rest into pair piles (j pairs at each seat) and the aside.
      std::vector<Way> partial{base};
      for (int p = 0; p < P; ++p) {
        if (cap[P + p] == 0) continue;
        std::vector<Way> grown;
        for (const Way& w : partial) {
          int left = u - h;
          for (int q = 0; q < P; ++q) left -= 2 * w.use[P + q];
          for (int j = 0; 2 * j <= left && j <= cap[P + p]; ++j) {
            Way x = w;
            x.use[P + p] = static_cast<std::uint8_t>(j);
            x.weight /= fact[j];
            grown.push_back(std::move(x));
          }
        }
        partial = std::move(grown);
      }
      for (Way& w : partial) {
        int left = u - h;
        for (int q = 0; q < P; ++q) left -= 2 * w.use[P + q];
        if (left > cap[2 * P]) continue;
        w.use[2 * P] = static_cast<std::uint8_t>(left);
        w.weight /= fact[left];
        ways.push_back(std::move(w));
      }
    }
    next.clear();
    for (const auto& [key, weight] : layer) {
      for (const Way& w : ways) {
        std::string k2 = key;
        bool fits = true;
        for (int d = 0; d < dests && fits; ++d) {
          const int used = static_cast<unsigned char>(k2[d]) + w.use[d];
          fits = used <= cap[d];
          k2[d] = static_cast<char>(used);
        }
        if (!fits) continue;
        if (w.holders) ++k2[static_cast<std::size_t>(dests + w.holders)];
        next[k2] += weight * w.weight;
      }
    }
    layer.swap(next);
  }
  std::map<std::vector<std::uint16_t>, long double> out;
  for (const auto& [key, weight] : layer) {
    bool full = true;
    for (int d = 0; d < dests; ++d) full &= static_cast<unsigned char>(key[d]) == cap[d];
    if (!full) continue;
    std::vector<std::uint16_t> holders;
    for (int m = 1; m < masks; ++m)
      for (int n = static_cast<unsigned char>(key[static_cast<std::size_t>(dests + m)]); n > 0; --n)
        holders.push_back(static_cast<std::uint16_t>(m));
    out[holders] += weight;
  }
  return out;
}

// One blind play-out over holder sets, as the chain moves: returns the losers.
std::uint16_t walk(ChainPos p, int players, int dir, bool keep_drawing, Rng& rng) {
  auto step = [&](int s, int k) { return ((s + k * dir) % players + players) % players; };
  for (;;) {
    if (std::all_of(p.holders.begin(), p.holders.end(),
                    [](std::uint16_t h) { return std::popcount(h) == 1; })) {
      std::uint16_t a = 0;
      for (std::uint16_t h : p.holders) a |= h;
      return a;
    }
    const std::uint16_t ob = static_cast<std::uint16_t>(1u << p.offerer),
                        db = static_cast<std::uint16_t>(1u << p.drawer);
    int offered = 0;
    for (std::uint16_t h : p.holders) offered += (h & ob) != 0;
    int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(offered)));
    std::size_t i = 0;
    for (;; ++i)
      if ((p.holders[i] & ob) && pick-- == 0) break;
    const std::uint16_t h = p.holders[i];
    const bool paired = (h & db) != 0;
    const std::uint16_t moved = static_cast<std::uint16_t>(paired ? h & ~ob & ~db : (h & ~ob) | db);
    p.holders.erase(p.holders.begin() + static_cast<long>(i));
    if (moved) p.holders.push_back(moved);
    std::uint16_t live = 0;
    for (std::uint16_t x : p.holders) live |= x;
    if (keep_drawing && paired && (live >> p.offerer & 1) && (live >> p.drawer & 1)) continue;
    int nd = p.drawer;
    do nd = step(nd, 1);
    while (!(live >> nd & 1) && nd != p.drawer);
    int no = nd;
    do no = step(no, -1);
    while (!(live >> no & 1) && no != nd);
    p.offerer = no, p.drawer = nd;
  }
}

// FNV-1a: the estimate's random numbers come from what the seat sees, so the
// same view always gives the same figures, at the table and on the command line.
std::uint64_t fingerprint(std::string_view text) {
  std::uint64_t h = 1469598103934665603ull;
  for (char c : text) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return h;
}

}  // namespace

Result<OddsReport> seat_odds(const OldMaidState& s, Seat seat) {
  const Rules& r = s.rules();
  if (auto settled = odds_without_play(s)) return std::move(*settled);
  OddsReport rep;
  rep.event = kOddsEvent;
  rep.chance.assign(r.players, 0.0);
  const View view = s.view(seat);
  Result<Knowledge> k = knowledge_of(s, view);
  if (!k.ok()) return k.status();
  if (r.players <= kExactPlayers) {
    const auto dist = positions(*k, r.players);
    if (dist.empty()) return Status::error("no position fits this view");
    BlindChain chain(r.players, r.dir, r.keep_drawing);
    std::vector<std::pair<int, long double>> starts;
    long double total = 0;
    for (const auto& [holders, w] : dist) {
      starts.emplace_back(chain.add(ChainPos{holders, s.offerer(), s.drawer()}), w);
      total += w;
    }
    // Figures are shown to a person: twelve digits are plenty, and the sweeps
    // of a large chain stop sooner.
    const std::optional<double> change = chain.solve(4000000, 1e-13);
    if (!change)
      return Status::error(
          "this position has too many unseen cards for an exact chain (over 4 million positions)");
    for (const auto& [h, w] : starts)
      for (Seat x = 0; x < r.players; ++x)
        rep.chance[x] += static_cast<double>(w / total * chain.value(h)[x]);
    rep.exact = true;
    rep.precision = *change + 1e-12;  // the chain's last sweep, and the sums
    rep.states = chain.size();
    rep.method = "exact: every dealing of the cards " +
                 std::string(seat >= 0 ? seat_name(seat) + " cannot see" : "nobody can see") +
                 " (" + std::to_string(dist.size()) +
                 " distinct positions), each with the blind Markov chain (" +
                 std::to_string(chain.size()) + " positions)";
    return rep;
  }
  // More players: positions sampled consistently with the view, each played
  // out blind a few times.
  const Resampler* sampler = &resampler();
  constexpr int kSamples = 400, kWalks = 25;
  Rng rng(fingerprint(to_json(view)), 4243);
  std::vector<std::uint64_t> lost(r.players, 0);
  for (int i = 0; i < kSamples; ++i) {
    auto sample = sampler->resample(s, seat, rng);
    if (!sample) return Status::error("no position consistent with the view was found");
    const auto& o = static_cast<const OldMaidState&>(*sample);
    const ChainPos start{holders_of(o), o.offerer(), o.drawer()};
    for (int w = 0; w < kWalks; ++w) {
      const std::uint16_t losers = walk(start, r.players, r.dir, r.keep_drawing, rng);
      for (Seat x = 0; x < r.players; ++x) lost[x] += losers >> x & 1;
    }
  }
  const double n = kSamples * kWalks;
  for (Seat x = 0; x < r.players; ++x) {
    rep.chance[x] = static_cast<double>(lost[x]) / n;
    rep.precision = std::max(rep.precision,
                             1.96 * std::sqrt(rep.chance[x] * (1 - rep.chance[x]) / n) + 1.0 / n);
  }
  rep.exact = false;
  rep.method = "estimated: " + std::to_string(kSamples) + " positions " +
               std::string(seat >= 0 ? seat_name(seat) : "a spectator") +
               " cannot tell from the real one, each played out blind " + std::to_string(kWalks) +
               " times (exact odds are within reach for up to " + std::to_string(kExactPlayers) +
               " players)";
  return rep;
}

}  // namespace parlour::old_maid
