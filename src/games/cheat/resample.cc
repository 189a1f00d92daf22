// Sampling what one seat cannot see of Cheat: every face-down card it does
// not know, in the other hands and on the table, dealt afresh.
#include <algorithm>
#include <array>
#include <cassert>
#include <span>
#include <vector>

#include "games/cheat/bots.h"
#include "games/cheat/state.h"

namespace parlour::cheat {
namespace {

// In a window, the cards `seat` knew were in the caller's hand or play
// before the call are still among them: it cannot tell which went down, but
// it knows they did not leave. A sample keeps them there.
struct Knew {
  std::vector<Card> cards;
  bool has(Card c) const { return std::find(cards.begin(), cards.end(), c) != cards.end(); }
};

Knew knew_before_call(const CheatState& s, Seat seat) {
  Knew k;
  if (s.phase() != CheatState::Phase::kWindow || seat < 0 || seat == s.claimer()) return k;
  const kit::Cards& hand = s.hand(s.claimer());
  const auto& knew_hand = s.knew_hand();
  const auto& knew_last = s.knew_last();
  for (std::size_t i = 0; i < hand.size(); ++i)
    if (knew_hand[i] >> seat & 1) k.cards.push_back(hand[i].card);
  for (std::size_t i = 0; i < s.last_play().size(); ++i)
    if (knew_last[i] >> seat & 1) k.cards.push_back(s.last_play()[i].card);
  std::sort(k.cards.begin(), k.cards.end());  // not where they lie: that is hidden
  return k;
}

// Brings every card of `k` back among the caller's hidden places, swapping
// each with a hidden card there that `seat` did not know; then marks where
// `seat`'s knowledge lies in the sample. With two packs a card may be there
// twice: `k` is a multiset.
void keep_known(CheatState& s, Seat seat, const Knew& k, Rng& rng) {
  if (k.cards.empty()) return;
  // The caller's hidden places: hand (0) and play (1), by index.
  std::array<kit::Cards*, 2> place = {&s.mutable_hand(s.claimer()), &s.mutable_last()};
  std::array<std::vector<bool>, 2> known = {std::vector<bool>(place[0]->size()),
                                            std::vector<bool>(place[1]->size())};
  std::vector<Card> missing = k.cards;     // those not yet found inside
  std::vector<std::pair<int, int>> spare;  // inside, holding no card of `k`
  for (int p = 0; p < 2; ++p)
    for (int i = 0; i < static_cast<int>(place[p]->size()); ++i) {
      const kit::Held& c = (*place[p])[i];
      if (c.seen_by(seat)) continue;
      if (auto it = std::find(missing.begin(), missing.end(), c.card); it != missing.end())
        missing.erase(it), known[p][i] = true;
      else
        spare.emplace_back(p, i);
    }
  if (!missing.empty()) {
    rng.shuffle(std::span<std::pair<int, int>>(spare));
    std::vector<kit::Held*> outside;  // hidden places elsewhere
    for (Seat p = 0; p < s.rules().players; ++p)
      if (p != s.claimer())
        for (kit::Held& c : s.mutable_hand(p))
          if (!c.seen_by(seat)) outside.push_back(&c);
    for (kit::Cards* cards : {&s.mutable_pile(), &s.mutable_building()})
      for (kit::Held& c : *cards)
        if (!c.seen_by(seat)) outside.push_back(&c);
    for (Card want : missing) {
      auto it = std::find_if(outside.begin(), outside.end(),
                             [&](const kit::Held* c) { return c->card == want; });
      assert(it != outside.end() && !spare.empty());
      const auto [p, i] = spare.back();
      spare.pop_back();
      std::swap((*it)->card, (*place[p])[i].card);
      outside.erase(it);
      known[p][i] = true;
    }
  }
  auto& knew_hand = s.mutable_knew_hand();
  auto& knew_last = s.mutable_knew_last();
  for (std::size_t i = 0; i < knew_hand.size(); ++i)
    knew_hand[i] = (knew_hand[i] & ~kit::bit(seat)) | (known[0][i] ? kit::bit(seat) : 0);
  for (std::size_t i = 0; i < knew_last.size(); ++i)
    knew_last[i] = (knew_last[i] & ~kit::bit(seat)) | (known[1][i] ? kit::bit(seat) : 0);
}

// Swaps hidden cards of the claimed rank into the hidden places of the last
// play, where there are enough. Cards `seat` knew the caller held stay with
// the caller: they may move from hand to play, not away.
void make_true(CheatState& s, Seat seat, const Knew& k, Rng& rng) {
  const Rank rank = s.claim_rank();
  std::vector<kit::Held*> wrong, right;
  for (kit::Held& c : s.mutable_last())
    if (!c.seen_by(seat) && c.card.rank() != rank && !k.has(c.card)) wrong.push_back(&c);
  auto look = [&](kit::Cards& cards, bool callers) {
    for (kit::Held& c : cards)
      if (!c.seen_by(seat) && c.card.rank() == rank && (callers || !k.has(c.card)))
        right.push_back(&c);
  };
  for (Seat p = 0; p < s.rules().players; ++p) look(s.mutable_hand(p), p == s.claimer());
  look(s.mutable_pile(), false);
  if (wrong.empty() || right.size() < wrong.size()) return;
  rng.shuffle(std::span<kit::Held*>(right));
  for (std::size_t i = 0; i < wrong.size(); ++i) std::swap(wrong[i]->card, right[i]->card);
}

// With numbers stated, `seat` cannot count another's play, nor so the pile
// or another's hand (rules.md): it reckons them from the numbers stated. A
// sample makes each place it cannot count as big as it reckons, where that
// can be (a hand that holds cards holds one at least; each play in the pile
// one at least and no more than a play may hold; the caller keeps the cards
// `seat` knew it held), moving what is left over between places at random;
// a play just called holds one card more or fewer than stated in one sample
// of ten. The cards `seat` knows of stay where they are; the rest are dealt
// afresh afterwards. So a sample carries nothing of the true numbers.
void recount(CheatState& s, Seat seat, std::size_t knew, Rng& rng) {
  struct Place {
    kit::Cards* cards;
    SeatMask owner;  // who knows the cards dealt there
    int lo, hi, want;
  };
  std::vector<Place> places;
  std::vector<kit::Held> pool;  // the cards `seat` cannot see, taken out
  auto open = [&](kit::Cards& cards, SeatMask owner, int lo, int hi, int reckoned) {
    kit::Cards kept;
    for (const kit::Held& c : cards) (c.seen_by(seat) ? kept.push_back(c) : pool.push_back(c));
    cards = kept;
    const int known = static_cast<int>(kept.size());
    places.push_back({&cards, owner, lo, hi, std::clamp(reckoned - known, lo, hi)});
  };
  const Rules& r = s.rules();
  const bool window = s.phase() == CheatState::Phase::kWindow && s.claimer() != seat;
  constexpr int kAny = 104;
  int caller = -1;  // the caller's hand among the places, in a window
  for (Seat p = 0; p < r.players; ++p) {
    if (p == seat) continue;
    if (window && p == s.claimer()) caller = static_cast<int>(places.size());
    const bool empty = s.hand(p).empty();  // that is seen
    const bool knows_some = std::any_of(s.hand(p).begin(), s.hand(p).end(),
                                        [&](const kit::Held& c) { return c.seen_by(seat); });
    open(s.mutable_hand(p), kit::bit(p), empty || knows_some ? 0 : 1, empty ? 0 : kAny,
         s.reckoned_hand(seat, p));
  }
  int plays = 0;
  for (Seat p = 0; p < r.players; ++p) plays += p == seat ? 0 : s.plays_in_pile(p);
  open(s.mutable_pile(), 0, plays, plays * r.max_play(), s.reckoned_pile(seat));
  const int last = window ? static_cast<int>(places.size()) : -1;
  if (window) open(s.mutable_last(), kit::bit(s.claimer()), 1, r.max_play(), s.claim_stated());
  // Cards being put down by another are not seen: they are reckoned in its
  // hand, unless that is seen to be empty.
  if (s.phase() == CheatState::Phase::kBuild && s.turn() != seat)
    open(s.mutable_building(), kit::bit(s.turn()), 0, s.hand(s.turn()).empty() ? r.max_play() : 0,
         0);

  // The caller keeps the cards `seat` knew it held, in hand or play.
  auto keeps = [&](int at, int by) {
    return (at != caller && at != last) ||
           places[caller].want + places[last].want + by >= static_cast<int>(knew);
  };
  if (window) {
    Place &hand = places[caller], &play = places[last];
    const int short_by = static_cast<int>(knew) - hand.want - play.want;
    if (short_by > 0 && hand.hi > 0) hand.want += short_by;
    if (short_by > 0 && hand.hi == 0) play.want += short_by;  // all it holds went down
  }
  if (window && rng.below(10) == 0) {
    const int d = rng.below(2) ? 1 : -1;
    Place &hand = places[caller], &play = places[last];
    if (play.want + d >= play.lo && play.want + d <= play.hi && hand.want - d >= hand.lo &&
        hand.want - d <= hand.hi)
      play.want += d, hand.want -= d;
  }
  int left = static_cast<int>(pool.size());
  for (const Place& p : places) left -= p.want;
  std::vector<int> can;
  while (left != 0) {
    const int d = left > 0 ? 1 : -1;
    can.clear();
    for (int i = 0; i < static_cast<int>(places.size()); ++i)
      if (places[i].want + d >= places[i].lo && places[i].want + d <= places[i].hi &&
          (d > 0 || keeps(i, d)))
        can.push_back(i);
    assert(!can.empty());  // the true numbers are one way
    places[can[rng.below(static_cast<std::uint32_t>(can.size()))]].want += d;
    left -= d;
  }
  // Fill each place from the pool; deal() then shuffles the cards among them.
  std::size_t next = 0;
  for (const Place& p : places)
    for (int i = 0; i < p.want; ++i) p.cards->push_back({pool[next++].card, p.owner, false, 0});
  if (window) {
    // What each seat knew of the caller's places, by place: keep_known()
    // marks `seat`'s; the others' are not known to `seat`.
    auto& knew_hand = s.mutable_knew_hand();
    auto& knew_last = s.mutable_knew_last();
    knew_hand.clear(), knew_last.clear();
    for (std::size_t i = 0; i < s.hand(s.claimer()).size(); ++i) knew_hand.push_back(0);
    for (std::size_t i = 0; i < s.last_play().size(); ++i) knew_last.push_back(0);
  }
}

class CheatResampler final : public Resampler {
 public:
  std::unique_ptr<State> resample(const State& state, Seat seat, Rng& rng) const override {
    auto out = std::make_unique<CheatState>(static_cast<const CheatState&>(state));
    out->forget_last_event();
    if (out->terminal()) return out;  // everything lies face up
    const Knew known = knew_before_call(*out, seat);
    if (out->rules().stated) recount(*out, seat, known.cards.size(), rng);
    kit::HiddenCards hidden(seat);
    for (Seat p = 0; p < out->rules().players; ++p) hidden.add(out->mutable_hand(p));
    hidden.add(out->mutable_pile());
    hidden.add(out->mutable_last());
    hidden.add(out->mutable_building());
    hidden.deal(rng);
    keep_known(*out, seat, known, rng);
    // A belief, not a peek: players tell the truth when they can, and lie
    // with one card when they cannot, so a play of several cards is what it
    // claims in nine samples of ten, one card in two of three, where the cards
    // this seat cannot see allow it (they come from the other hidden places).
    const bool several = out->last_play().size() > 1;
    if (out->phase() == CheatState::Phase::kWindow &&
        (several ? rng.below(10) != 0 : rng.below(3) != 0))
      make_true(*out, seat, known, rng);
    if (!known.cards.empty()) keep_known(*out, seat, known, rng);  // marks where they went
    // The others' hands in order of their cards (kit::order_hand), with what
    // each seat knew of the caller's hand riding on its places in a window.
    for (Seat p = 0; p < out->rules().players; ++p) {
      if (p == seat) continue;
      auto& knew = out->mutable_knew_hand();
      const bool marks = out->phase() == CheatState::Phase::kWindow && p == out->claimer();
      kit::order_hand(out->mutable_hand(p), marks ? std::span<SeatMask>(knew.begin(), knew.size())
                                                  : std::span<SeatMask>());
    }
    return out;
  }
};

}  // namespace

const Resampler& resampler() {
  static const CheatResampler r;
  return r;
}

}  // namespace parlour::cheat
