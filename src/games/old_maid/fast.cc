#include "games/old_maid/fast.h"

#include <bit>
#include <functional>

namespace parlour::old_maid {

OldMaidFast::OldMaidFast(const Rules& rules) : r_(rules) {
  const std::vector<Card> d = r_.deck();
  deck_size_ = static_cast<int>(d.size());
  for (int i = 0; i < deck_size_; ++i) deck_[i] = static_cast<std::uint8_t>(r_.pair_class(d[i]));
}

template <class Trace>
void OldMaidFast::play(std::uint64_t seed, Playout& out, Trace&& trace) {
  const int n_players = r_.players;
  // Seat steps by table: no division in the hot loop.
  std::array<std::uint8_t, 16> nxt{}, prv{};
  for (int s = 0; s < n_players; ++s) {
    nxt[s] = static_cast<std::uint8_t>((s + r_.dir + n_players) % n_players);
    prv[s] = static_cast<std::uint8_t>((s - r_.dir + n_players) % n_players);
  }
  Rng rng(seed, kChanceStream);
  std::array<std::uint32_t, 16> mask{};
  std::array<int, 16> pairs{}, place{};
  std::array<bool, 16> shuffled{};
  std::array<double, 16> score{};
  auto active = [&](int s) { return mask[s] != 0 && place[s] == 0; };
  auto next_active = [&](int s) {
    for (int i = 0; i < n_players; ++i)
      if (active(s = nxt[s])) return s;
    return s;
  };
  auto prev_active = [&](int s) {
    for (int i = 0; i < n_players; ++i)
      if (active(s = prv[s])) return s;
    return s;
  };
  out = Playout{};
  out.players = n_players;
  int dealer = prv[0];
  std::uint32_t last_losers = 0;
  std::array<std::uint8_t, 128> cards;
  for (int hand = 1; hand <= r_.hands; ++hand) {
    // The deal, as OldMaidState::deal does it.
    std::copy(deck_.begin(), deck_.begin() + deck_size_, cards.begin());
    rng.shuffle(std::span<std::uint8_t>(cards.data(), deck_size_));
    int dealt = deck_size_;
    if (r_.odd == Odd::kRandom) --dealt;
    dealt = r_.dealt(dealt);
    for (int s = 0; s < n_players; ++s)
      mask[s] = 0, pairs[s] = 0, place[s] = 0, shuffled[s] = false;
    int s = r_.first_dealt(dealer);
    for (int i = 0; i < dealt; ++i) {
      const std::uint32_t bit = 1u << cards[i];
      pairs[s] += (mask[s] & bit) != 0;
      mask[s] ^= bit;
      s = nxt[s];
    }
    if (hand == 1) {
      std::uint32_t odd = 0;  // classes dealt an odd number of times
      for (int p = 0; p < n_players; ++p) odd ^= mask[p];
      for (int p = 0; p < n_players; ++p)
        out.facts[kOddCardFact] |= static_cast<std::uint64_t>((mask[p] & odd) != 0) << p;
    }
    int next_place = 1, live = 0;
    for (int p = 0; p < n_players; ++p) {
      if (mask[p] == 0) place[p] = 1;
      live += mask[p] != 0;
    }
    next_place += n_players - live;
    // The hand ends when no pair can be made. With one odd card that is when one
    // player is left with cards, which is cheap to follow; spare cards set aside
    // can leave several unmatched cards, and then the cards of each class in
    // hands are counted.
    const bool several_odd = dealt < deck_size_ - (r_.odd == Odd::kRandom ? 1 : 0);
    std::array<std::int8_t, 32> in_play{};
    int pairable = 0;
    if (several_odd) {
      for (int p = 0; p < n_players; ++p)
        for (std::uint32_t m = mask[p]; m; m &= m - 1)
          pairable += ++in_play[std::countr_zero(m)] == 2;
    }
    if (several_odd ? pairable > 0 : live > 1) {
      const int first = r_.dealer_first ? dealer : nxt[dealer];
      int o = active(first) ? first : next_active(first);
      int d = next_active(o);
      for (;;) {
        std::uint32_t m = mask[o];
        const int n = std::popcount(m);
        if (!shuffled[o] && n >= 2) shuffled[o] = true, ++out.length;  // the blind bot shuffles
        out.length += 2;                                               // offer, draw
        if (shuffled[o])
          for (std::uint32_t k = rng.below(static_cast<std::uint32_t>(n)); k; --k) m &= m - 1;
        const std::uint32_t bit = m & (~m + 1);
        trace(d, o, std::countr_zero(bit));
        mask[o] ^= bit;
        const bool paired = (mask[d] & bit) != 0;
        mask[d] ^= bit;
        pairs[d] += paired;
        const bool o_out = mask[o] == 0, d_out = mask[d] == 0;
        if (o_out) place[o] = next_place;
        if (d_out) place[d] = next_place;
        next_place += o_out + d_out;
        if (several_odd) {
          if (paired && (in_play[std::countr_zero(bit)] -= 2) < 2 && --pairable == 0) break;
        } else if ((live -= o_out + d_out) <= 1) {
          break;
        }
        if (r_.keep_drawing && paired && !o_out && !d_out) continue;
        d = next_active(d);
        o = prev_active(d);
      }
    }
    std::uint32_t losers = 0;
    for (int p = 0; p < n_players; ++p)
      if (place[p] == 0) losers |= 1u << p, place[p] = next_place;
    for (int p = 0; p < n_players; ++p) {
      const bool lost = losers >> p & 1;
      switch (r_.scoring) {
        case Scoring::kLoser:
          score[p] -= lost;
          break;
        case Scoring::kMostPairs:
          score[p] += lost ? 0 : pairs[p];
          break;
        case Scoring::kHandsAvoided:
          score[p] += !lost;
          break;
        case Scoring::kFinishingOrder:
          score[p] += n_players - place[p];
          break;
      }
    }
    if (r_.penalty == Penalty::kRaps && losers)
      (void)rng.below(static_cast<std::uint32_t>(deck_size_));  // the cut
    dealer = nxt[dealer];
    last_losers = losers;
  }
  out.scores = score;
  out.kind = r_.outcome_kind();
  rank_places(n_players, score, out.places);
  for (int p = 0; p < n_players; ++p)
    if (r_.hands == 1 && (last_losers >> p & 1)) out.places[p] = n_players;
}

template void OldMaidFast::play(std::uint64_t, Playout&,
                                const std::function<void(Seat, Seat, int)>&);

void OldMaidFast::play(std::uint64_t seed, Playout& out) {
  play(seed, out, [](Seat, Seat, int) {});
}

}  // namespace parlour::old_maid
