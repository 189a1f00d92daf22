// Rum's rules: the cut, the deal, the draw, melds and lay-offs, the discard,
// going out, and the payments. Each rule names its source (rules.md).
#include <algorithm>
#include <bit>
#include <cassert>

#include "core/deck.h"
#include "games/rum/state.h"

namespace parlour::rum {

using kit::card_bit;

RumState::RumState(const Rules& rules)
    : r_(rules), meld_(kit::MeldRules::full(rules.ace_high_too)), chips_(rules.players, 0) {}

void RumState::sort_hand(Seat s) {
  Hand& h = hands_[static_cast<std::size_t>(s)];
  std::sort(h.begin(), h.end(), [](Card a, Card b) {
    return a.suit() != b.suit() ? a.suit() < b.suit() : a.rank() < b.rank();
  });
}

CardBits RumState::hand_bits(Seat s, std::uint32_t mask) const {
  CardBits b = 0;
  const Hand& h = hand(s);
  for (std::size_t i = 0; i < h.size(); ++i)
    if (mask >> i & 1) b |= card_bit(h[i]);
  return b;
}

int RumState::hand_value(Seat s) const {
  int v = 0;
  for (Card c : hand(s)) v += kit::deadwood_value(c);
  return v;
}

int RumState::unmatched(Seat s) const {
  kit::CardCounts counts{};
  for (Card c : hand(s)) ++counts[c.index()];
  return kit::min_deadwood(counts, meld_);
}

// ---- Chance: the cut and the deal ----------------------------------------------

void RumState::apply_chance(Rng& rng) {
  ev_ = Event();
  Pile deck;  // on the stack: steps allocate nothing
  add_packs(deck, r_.packs);
  rng.shuffle(std::span<Card>(deck.data(), deck.size()));
  if (phase_ == Phase::kCut) {
    // The lowest cut deals, the ace low (kit/cut.h), as at Conquian.
    ev_.kind = Event::kCut;
    scene_.cut = kit::cut_for_deal(std::span<const Card>(deck.data(), deck.size()),
                                   (SeatMask{1} << r_.players) - 1);
    dealer_ = scene_.cut.dealer;
    for (Card c : scene_.cut.cards) cut_.push_back(c);
    ev_.actor = dealer_;
    phase_ = Phase::kDeal;
    return;
  }
  assert(phase_ == Phase::kDeal);
  // D2: 10 cards each to two players, 7 to three or four, 6 to five or six
  // (D1: 7 each), one at a time from the dealer's left; an upcard starts the
  // discard pile (D1: "the top card of the stock is turned").
  for (auto& h : hands_) h.clear();
  for (auto& k : known_) k.clear();
  melds_.clear();
  discards_.clear();
  melded_before_ = {};
  chips_.begin_hand();
  std::size_t next = 0;
  for (int round = 0; round < r_.hand_size; ++round)
    for (int k = 1; k <= r_.players; ++k)
      hands_[static_cast<std::size_t>(left(dealer_, k))].push_back(deck[next++]);
  stock_.clear();
  for (std::size_t i = deck.size(); i > next; --i) stock_.push_back(deck[i - 1]);
  discards_.push_back(stock_.back());
  stock_.pop_back();
  for (Seat s = 0; s < r_.players; ++s) sort_hand(s);
  ev_.kind = Event::kDeal, ev_.actor = dealer_, ev_.deal = deals_ + 1, ev_.card = discards_.back();
  scene_.dealt.record(hands_, r_.players);
  // Play goes to the left, and the eldest begins (seed 004, D2).
  turn_ = left(dealer_);
  taken_ = Card();
  melded_now_ = false;
  turns_ = 0;
  phase_ = Phase::kDraw;
}

void RumState::set_position(Seat dealer, const std::vector<std::vector<Card>>& hands,
                            const std::vector<std::vector<Card>>& melds,
                            const std::vector<Card>& stock, const std::vector<Card>& discards,
                            Seat turn, bool drawn) {
  dealer_ = dealer;
  for (Seat s = 0; s < r_.players; ++s) {
    hands_[static_cast<std::size_t>(s)].clear();
    known_[static_cast<std::size_t>(s)].clear();
    if (static_cast<std::size_t>(s) < hands.size())
      for (Card c : hands[static_cast<std::size_t>(s)])
        hands_[static_cast<std::size_t>(s)].push_back(c);
    sort_hand(s);
  }
  melds_.clear();
  for (const auto& m : melds) {
    CardBits b = 0;
    for (Card c : m) b |= card_bit(c);
    melds_.push_back(b);
  }
  stock_.clear(), discards_.clear();
  for (Card c : stock) stock_.push_back(c);
  for (Card c : discards) discards_.push_back(c);
  melded_before_ = {};
  turn_ = turn, taken_ = Card(), melded_now_ = false, turns_ = 0;
  phase_ = drawn ? Phase::kPlay : Phase::kDraw;
}

// ---- Whose move and what is legal ---------------------------------------------

Seat RumState::to_move() const {
  switch (phase_) {
    case Phase::kCut:
    case Phase::kDeal:
      return kChance;
    case Phase::kOver:
      return kTerminal;
    default:
      return turn_;
  }
}

void RumState::legal_actions(Seat seat, std::vector<Action>& out) const {
  out.clear();
  if (seat < 0 || seat >= r_.players || seat != to_move()) return;
  const Hand& h = hand(seat);
  const int most = r_.max_hand();  // Move's codes are numbered for it
  if (phase_ == Phase::kDraw) {
    // D2: the stock's top card or the discard pile's; an empty stock is
    // the discard pile turned over (so a draw from the stock is there while
    // either holds a card).
    if (!stock_.empty() || discards_.size() > 1) out.push_back(Move::draw_stock().encode(most));
    if (!discards_.empty()) out.push_back(Move::draw_discard().encode(most));
    // D1: "Rummy" is called with the unmatched cards at `call_at` or less.
    if (r_.going_out == GoingOut::kCall && unmatched(seat) <= r_.call_at)
      out.push_back(Move::call().encode(most));
    if (out.empty())
      out.push_back(Move::draw_stock().encode(most));  // nothing to draw: ends the deal
    return;
  }
  assert(phase_ == Phase::kPlay);
  if (r_.going_out == GoingOut::kMelds) {
    // R8, D2: melds of the hand's cards (groups of 3 or 4, sequences of 3
    // or more), and lay-offs on any meld on the table.
    for (std::uint32_t m : kit::melds_in(std::span<const Card>(h.data(), h.size()), meld_))
      out.push_back(Move::meld_of(m).encode(most));
    for (std::size_t i = 0; i < h.size(); ++i) {
      if (i > 0 && h[i] == h[i - 1]) continue;  // two alike (two packs): one choice
      for (std::size_t m = 0; m < melds_.size(); ++m)
        if (!(melds_[m] & card_bit(h[i])) && kit::is_meld(melds_[m] | card_bit(h[i]), meld_))
          out.push_back(Move::lay_off(static_cast<int>(i), static_cast<int>(m)).encode(most));
    }
  }
  // D2: "a card drawn from the discard pile may not be discarded in the
  // same turn" (unless it is all the hand holds).
  for (std::size_t i = 0; i < h.size(); ++i) {
    if (i > 0 && h[i] == h[i - 1]) continue;  // two alike: one choice
    const bool alone = i + 1 >= h.size() || h[i + 1] != h[i];
    if (taken_.valid() && h[i] == taken_ && alone && h.size() > 1) continue;
    out.push_back(Move::discard(static_cast<int>(i)).encode(most));
  }
}

void RumState::forget_known(Seat s, Card c) {
  // A card like a known one leaving the hand (two packs hold two alike) may
  // be the known one: nobody can tell them apart, so it is no longer known.
  Hand& k = known_[static_cast<std::size_t>(s)];
  if (auto it = std::find(k.begin(), k.end(), c); it != k.end()) k.erase(it);
}

void RumState::apply(Seat seat, Action a) {
  ev_ = Event();
  ++actions_;
  const Move m = *Move::decode(a, r_.max_hand());
  ev_.actor = seat;
  Hand& h = hands_[static_cast<std::size_t>(seat)];
  switch (m.kind) {
    case Move::kDrawStock: {
      if (stock_.empty()) {
        if (discards_.size() <= 1) {
          // Nothing to draw at all: the deal is abandoned.
          end_deal(kNobody);
          return;
        }
        // D2: the discard pile "turned over" as the new stock: its first
        // card on top. The top discard stays to begin the pile anew.
        const Card top = discards_.back();
        discards_.pop_back();
        for (std::size_t i = 0; i < discards_.size(); ++i)
          stock_.push_back(discards_[discards_.size() - 1 - i]);
        discards_.clear();
        discards_.push_back(top);
        ev_.turned = true;
      }
      const Card c = stock_.back();
      stock_.pop_back();
      h.push_back(c);
      sort_hand(seat);
      ev_.kind = Event::kDrawStock, ev_.card = c;
      taken_ = Card();
      phase_ = Phase::kPlay;
      return;
    }
    case Move::kDrawDiscard: {
      const Card c = discards_.back();
      discards_.pop_back();
      h.push_back(c);
      sort_hand(seat);
      // Item 7: a card taken from the pile is public while it is held.
      known_[static_cast<std::size_t>(seat)].push_back(c);
      ev_.kind = Event::kDrawDiscard, ev_.card = c;
      taken_ = c;
      phase_ = Phase::kPlay;
      return;
    }
    case Move::kCall: {
      ev_.kind = Event::kCall;
      end_deal(seat);
      return;
    }
    case Move::kMeld: {
      const CardBits b = hand_bits(seat, m.mask);
      Hand kept;
      for (std::size_t i = 0; i < h.size(); ++i)
        if (!(m.mask >> i & 1)) kept.push_back(h[i]);
      h = kept;
      for (CardBits x = b; x; x &= x - 1)
        forget_known(seat, Card::from_index(static_cast<std::uint8_t>(std::countr_zero(x))));
      melds_.push_back(b);
      ev_.kind = Event::kMeld, ev_.meld = b;
      melded_now_ = true;
      went_out(seat);
      return;
    }
    case Move::kLayOff: {
      const Card c = h[static_cast<std::size_t>(m.pos)];
      h.erase(h.begin() + m.pos);
      forget_known(seat, c);
      ev_.kind = Event::kLayOff, ev_.card = c, ev_.meld = melds_[static_cast<std::size_t>(m.meld)];
      melds_[static_cast<std::size_t>(m.meld)] |= card_bit(c);
      melded_now_ = true;
      went_out(seat);
      return;
    }
    case Move::kDiscard: {
      const Card c = h[static_cast<std::size_t>(m.pos)];
      h.erase(h.begin() + m.pos);
      forget_known(seat, c);
      discards_.push_back(c);
      ev_.kind = Event::kDiscard, ev_.card = c;
      if (went_out(seat)) return;
      end_turn();
      return;
    }
  }
}

bool RumState::went_out(Seat s) {
  // R9: "Play ceases when one player goes out by playing the last card from
  // his hand", by meld, lay-off or discard; nobody has a further turn.
  if (!hand(s).empty()) return false;
  end_deal(s);
  return true;
}

void RumState::end_turn() {
  melded_before_[static_cast<std::size_t>(turn_)] |= melded_now_;
  melded_now_ = false;
  taken_ = Card();
  if (++turns_ >= kTurnCap) {
    ev_.capped = true;
    end_deal(kNobody);
    return;
  }
  turn_ = left(turn_);
  phase_ = Phase::kDraw;
}

// ---- The end of a deal -------------------------------------------------------------

void RumState::end_deal(Seat winner) {
  ev_.deal_done = true;
  cut_.clear();
  ev_.winner = winner;
  ev_.deal = ++deals_;
  last_winner_ = winner, last_capped_ = ev_.capped, last_rummy_ = false;
  scene_.left.record(hands_, r_.players);
  scene_.deadwood = {}, scene_.paid = {};
  scene_.transfers.clear();
  if (winner != kNobody && r_.going_out == GoingOut::kCall) {
    // D1: every player "is debited with" his unmatched cards. In counters,
    // each two players settle the difference of their debits (ours): the
    // fewest debited gain, and a match's ranking is by its debits.
    for (Seat s = 0; s < r_.players; ++s) {
      const int d = unmatched(s);
      scene_.deadwood[static_cast<std::size_t>(s)] = d;
      debited_[static_cast<std::size_t>(s)] += d;
    }
    for (Seat i = 0; i < r_.players; ++i)
      for (Seat j = 0; j < r_.players; ++j) {
        const int diff = scene_.deadwood[static_cast<std::size_t>(i)] -
                         scene_.deadwood[static_cast<std::size_t>(j)];
        if (diff <= 0) continue;
        chips_.pay(i, j, diff);
        scene_.paid[static_cast<std::size_t>(i)] += diff;
        scene_.transfers.push_back({i, j, diff});
      }
  } else if (winner != kNobody) {
    // R10, R12, D2: each other player pays the winner the value of the
    // cards left in his hand; melds score nothing. Going out in one turn
    // from a full hand ("rummy") is paid double.
    const bool rummy = r_.rummy_double && !melded_before_[static_cast<std::size_t>(winner)];
    ev_.rummy = last_rummy_ = rummy;
    for (Seat s = 0; s < r_.players; ++s) {
      if (s == winner) continue;
      const int d = hand_value(s);
      scene_.deadwood[static_cast<std::size_t>(s)] = d;
      const int pay = rummy ? 2 * d : d;
      scene_.paid[static_cast<std::size_t>(s)] = pay;
      chips_.pay(s, winner, pay);
    }
  }
  for (Seat s = 0; s < r_.players; ++s)
    last_change_[static_cast<std::size_t>(s)] = chips_.hand_change(s);
  phase_ = Phase::kDeal;
  if (deals_ >= r_.match_deals()) {
    phase_ = Phase::kOver;
    ev_.over = true;
    scene_.chips = chips_;
    return;
  }
  // D2: with two players the winner of each hand deals the next; with more
  // the deal passes to the left.
  dealer_ = r_.players == 2 && winner != kNobody ? winner : left(dealer_);
}

Outcome RumState::outcome() const {
  return outcome_of(r_, chips_);
}

Outcome RumState::outcome_of(const Rules& r, const Chips& chips) {
  Outcome o;
  o.kind = OutcomeKind::kScores;
  for (Seat s = 0; s < r.players; ++s) o.scores.push_back(chips.balance(s));
  o.places.resize(static_cast<std::size_t>(r.players));
  rank_places(r.players, o.scores, o.places);
  std::string totals;
  for (Seat s = 0; s < r.players; ++s)
    totals += std::string(s ? ", " : "") + seat_name(s) + " " + std::to_string(chips.balance(s));
  int best = 0;
  for (Seat s = 1; s < r.players; ++s)
    if (chips.balance(s) > chips.balance(best)) best = s;
  int level = 0;
  for (Seat s = 0; s < r.players; ++s) level += chips.balance(s) == chips.balance(best);
  // D3: "one round of deals is a game"; the lowest total paid wins.
  o.summary = (level > 1 ? std::string("Nobody alone is ahead") : seat_name(best) + " is ahead") +
              (r.going_out == GoingOut::kCall
                   ? ": counters won and paid, each two settling the difference of their debits: "
                   : ": counters won and paid: ") +
              totals + ".";
  return o;
}

void RumState::all_cards(std::vector<Card>& out) const {
  out.clear();
  for (Seat s = 0; s < r_.players; ++s)
    for (Card c : hand(s)) out.push_back(c);
  for (CardBits m : melds_)
    for (CardBits b = m; b; b &= b - 1)
      out.push_back(Card::from_index(static_cast<std::uint8_t>(std::countr_zero(b))));
  for (Card c : stock_) out.push_back(c);
  for (Card c : discards_) out.push_back(c);
  if (out.empty()) out = packs(standard_deck(), r_.packs);
}

}  // namespace parlour::rum
