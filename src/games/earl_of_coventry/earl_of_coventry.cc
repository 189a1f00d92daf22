// Earl of Coventry: the rules in play, what each seat sees, and the story.
// Quotations are from seed 003; rules.md gives the readings.
#include "games/earl_of_coventry/earl_of_coventry.h"

#include <algorithm>
#include <cassert>

#include "core/deck.h"
#include "games/earl_of_coventry/state.h"

namespace parlour::earl_of_coventry {
namespace {

// "Suppose the first card played is a King; the person playing it would say:
// 'There's as good as King can be.' ..." The rank is the card's.
std::string rhyme(const Rules& r, Rank rank, int nth) {
  if (r.words == Words::kSnip) {
    static constexpr std::array<std::string_view, 4> kSnip = {"", "Snip!", "Snap!", "Snorem!"};
    return std::string(kSnip[static_cast<std::size_t>(nth - 1)]);
  }
  std::string name(rank_name(rank));
  name[0] = static_cast<char>(name[0] - 'a' + 'A');
  switch (nth) {
    case 1:
      return "There's as good as " + name + " can be.";
    case 2:
      return "There is one as good as he.";
    case 3:
      return "There's the best of all the three.";
    default:
      return "And there's the Earl of Coventry.";
  }
}

std::string plural(Rank r) {
  std::string n(rank_name(r));
  return n + (n == "six" ? "es" : "s");
}

}  // namespace

EarlState::EarlState(const Rules& rules) : r_(rules), chips_(rules.players, 0) {
  dealer_ = r_.players - 1;  // seat 0 sits at the first dealer's left
}

// ---- The deal ---------------------------------------------------------------------

void EarlState::apply_chance(Rng& rng) {
  assert(phase_ == Phase::kDeal);
  std::array<Card, 52> deck = standard_cards();
  rng.shuffle(std::span<Card>(deck));
  // "a full pack of cards is dealt out, one at a time. If some players have a
  // card more than others, it does not matter."
  for (std::size_t i = 0; i < deck.size(); ++i)
    hands_[static_cast<std::size_t>(
               left(dealer_, 1 + static_cast<int>(i % static_cast<std::size_t>(r_.players))))]
        .push_back(deck[i]);
  for (Seat s = 0; s < r_.players; ++s) {
    auto& h = hands_[static_cast<std::size_t>(s)];
    std::sort(h.begin(), h.end());
  }
  round_.clear(), gone_.clear();
  lacks_.fill(0);
  ++deal_;
  chips_.begin_hand();
  ev_ = Event{};
  ev_.kind = Event::kDeal, ev_.actor = dealer_;
  scene_.dealt.record(hands_, r_.players);
  // "The eldest hand lays upon the table any card he pleases".
  turn_ = left(dealer_);
  phase_ = Phase::kPlay;
}

void EarlState::set_position(const std::vector<std::vector<Card>>& hands, Seat turn) {
  for (Seat s = 0; s < r_.players; ++s) {
    auto& h = hands_[static_cast<std::size_t>(s)];
    h.clear();
    for (Card c : hands[static_cast<std::size_t>(s)]) h.push_back(c);
    std::sort(h.begin(), h.end());
  }
  round_.clear(), gone_.clear();
  lacks_.fill(0);
  deal_ = std::max(deal_, 1);
  turn_ = turn;
  phase_ = Phase::kPlay;
}

int EarlState::unplayed(Rank r) const {
  int n = 0;
  for (Seat s = 0; s < r_.players; ++s)
    for (Card c : hand(s)) n += c.rank() == r;
  return n;
}

// ---- Whose move and what is legal ---------------------------------------------------

Seat EarlState::to_move() const {
  switch (phase_) {
    case Phase::kDeal:
      return kChance;
    case Phase::kOver:
      return kTerminal;
    case Phase::kPlay:
      return turn_;
  }
  return kTerminal;
}

void EarlState::legal_actions(Seat seat, std::vector<Action>& out) const {
  out.clear();
  assert(phase_ == Phase::kPlay && seat == turn_);
  const Rank rank = round_rank();
  for (Card c : hand(seat))
    if (rank == kNoRank || c.rank() == rank) out.push_back(Move::play(c).encode());
  // "each player in turn pairs or matches it, if he can": only one who cannot
  // says he has none.
  if (out.empty()) out.push_back(Move::none().encode());
}

// ---- Doing moves -------------------------------------------------------------------------

void EarlState::apply(Seat seat, Action a) {
  const Move m = *Move::decode(a);
  ++actions_;
  if (m.kind == Move::kNone) {
    lacks_[static_cast<std::size_t>(seat)] |= static_cast<std::uint16_t>(1u << round_rank());
    ev_ = Event{};
    ev_.kind = Event::kPass, ev_.actor = seat;
    ev_.rank = round_rank();
    turn_ = left(seat);
    return;
  }
  auto& h = hands_[static_cast<std::size_t>(seat)];
  h.erase(std::find(h.begin(), h.end(), m.card));
  round_.push_back(m.card);
  ev_ = Event{};
  ev_.kind = Event::kPlay, ev_.actor = seat, ev_.card = m.card;
  ev_.nth = static_cast<int>(round_.size());
  // "the first player to get rid of all his cards wins one counter from the
  // others for every card they hold."
  if (h.empty()) return end_deal(seat);
  if (round_.size() == 4) {
    // "The fortunate holder of the Earl of Coventry in each round has the
    // privilege of leading a card for the next trick".
    for (Card c : round_) gone_.push_back(c);
    round_.clear();
    turn_ = seat;
    ev_.leads = true;
    return;
  }
  turn_ = left(seat);
}

void EarlState::end_deal(Seat out) {
  last_out_ = out;
  last_paid_.fill(0);
  ev_.out = true;
  for (Seat s = 0; s < r_.players; ++s) {
    if (s == out) continue;
    const int n = static_cast<int>(hand(s).size());
    chips_.pay(s, out, n);
    last_paid_[static_cast<std::size_t>(s)] = n;
  }
  scene_.paid = last_paid_;
  last_deal_ = deal_;
  for (Seat s = 0; s < r_.players; ++s)
    last_total_[static_cast<std::size_t>(s)] = chips_.balance(s);
  if (deal_ >= r_.deals) {
    phase_ = Phase::kOver;
    return;
  }
  // The deal passes to the left.
  for (Seat s = 0; s < r_.players; ++s) hands_[static_cast<std::size_t>(s)].clear();
  for (Card c : round_) gone_.push_back(c);
  round_.clear();
  dealer_ = left(dealer_);
  phase_ = Phase::kDeal;
}

// ---- The end -------------------------------------------------------------------------

Outcome EarlState::outcome() const {
  Outcome o;
  o.kind = OutcomeKind::kScores;
  for (Seat s = 0; s < r_.players; ++s) o.scores.push_back(chips_.balance(s));
  o.places.resize(static_cast<std::size_t>(r_.players));
  rank_places(r_.players, o.scores, o.places);
  if (r_.deals == 1) {
    int won = chips_.balance(last_out_);
    o.summary = seat_name(last_out_) + " is out first and wins " + std::to_string(won) +
                (won == 1 ? " counter." : " counters.");
  } else {
    SeatMask best = 0;
    for (Seat s = 0; s < r_.players; ++s)
      if (o.places[static_cast<std::size_t>(s)] == 1) best |= SeatMask{1} << s;
    o.summary = "After " + std::to_string(r_.deals) + " deals " + seat_names(best) +
                (std::popcount(best) > 1 ? " share the most counters." : " has the most counters.");
  }
  return o;
}

void EarlState::all_cards(std::vector<Card>& out) const {
  out.clear();
  if (phase_ == Phase::kDeal) {
    out = standard_deck();
    return;
  }
  for (Seat s = 0; s < r_.players; ++s) out.insert(out.end(), hand(s).begin(), hand(s).end());
  out.insert(out.end(), round_.begin(), round_.end());
  out.insert(out.end(), gone_.begin(), gone_.end());
}

// ---- What each seat sees ------------------------------------------------------------

std::string EarlState::action_label(Seat, Action a) const {
  const auto m = Move::decode(a);
  if (!m) return "action " + std::to_string(a);
  if (m->kind == Move::kNone) return "say you have none";
  return (round_.empty() ? "lead " : "match with ") + card_token(m->card);
}

void EarlState::fill_view(Seat viewer, View& v) const {
  const bool over = phase_ == Phase::kOver;
  view_base(v, "earl-of-coventry", viewer, r_.players);
  v.dealer = dealer_;
  v.hand = std::max(deal_, 1), v.hands = r_.deals;
  v.terminal = over;
  const Rank rank = round_rank();
  for (Seat s = 0; s < r_.players; ++s) {
    SeatInfo& si = v.add_seat();
    si.cards = static_cast<int>(hand(s).size());
    si.score = chips_.balance(s);
    si.counters.push_back(chips_.counter(s, "counters"));
    if (!v.text()) continue;
    si.name = seat_name(s);
    if (phase_ == Phase::kPlay && s == turn_)
      si.status = rank == kNoRank ? "to lead" : "to match the " + plural(rank);
    if (s == dealer_) si.status += si.status.empty() ? "dealer" : ", dealer";
  }
  for (Seat s = 0; s < r_.players; ++s) {
    Zone& z = v.add_zone(ZoneKind::kHand, Layout::kHand, s);
    if (v.text()) z.name = seat_name(s) + "'s hand";
    const bool sees = over || viewer == s || viewer == kEveryone;
    for (Card c : hand(s)) z.cards.push_back({sees ? std::optional<Card>(c) : std::nullopt, false});
  }
  const int hand_zone = viewer >= 0 ? viewer : 0;
  Zone& round = v.add_zone(ZoneKind::kTable, Layout::kRow, kNobody);
  for (Card c : round_) round.cards.push_back({c, true});
  if (v.text()) {
    round.name = "the round";
    round.note = rank == kNoRank ? "a new round"
                                 : std::to_string(round_.size()) + " of the four " + plural(rank);
  }
  Zone& gone = v.add_zone(ZoneKind::kDiscard, Layout::kPile, kNobody);
  if (v.text()) gone.name = "rounds played", gone.note = "face up";
  for (Card c : gone_) gone.cards.push_back({c, true});

  if (v.text() && viewer >= 0 && actors().has(viewer)) {
    std::vector<Action> legal;
    legal_actions(viewer, legal);
    for (Action a : legal) {
      const Move m = *Move::decode(a);
      Choice& c = v.add_choice(a);
      c.label = action_label(viewer, a);
      c.key = "n";
      if (m.kind == Move::kPlay) {
        const Hand& h = hand(viewer);
        const int i = static_cast<int>(std::find(h.begin(), h.end(), m.card) - h.begin());
        c.key = std::to_string(i + 1);
        c.picks = {{hand_zone, i}};
        c.to = {r_.players, -1};
      }
    }
    v.prompt = rank == kNoRank ? "Your lead: lay any card."
               : legal.size() == 1 && Move::decode(legal[0])->kind == Move::kNone
                   ? "You have no " + std::string(rank_name(rank)) + " to match."
                   : "Match the " + plural(rank) + ".";
  }
  if (last_out_ >= 0) {
    v.last_hand.hand = last_deal_;
    if (v.text()) v.last_hand.summary = seat_name(last_out_) + " went out first.";
    for (Seat s = 0; s < r_.players; ++s) {
      const int paid = last_paid_[static_cast<std::size_t>(s)];
      int won = 0;
      if (s == last_out_)
        for (int p : last_paid_) won += p;
      v.last_hand.points.push_back(s == last_out_ ? won : -paid);
      v.last_hand.totals.push_back(last_total_[static_cast<std::size_t>(s)]);
    }
  }
  if (v.text() && over) v.result = outcome().summary;
}

void EarlState::tell(const Rules& r, const Event& e, const Scene& sc, const parlour::Words& w,
                     std::vector<std::string>& out) {
  switch (e.kind) {
    case Event::kNothing:
      return;
    case Event::kDeal:
      out.push_back(w.says(e.actor, "deal") + " the whole pack, one card at a time.");
      tell_own_hand(w, sc.dealt, out);
      return;
    case Event::kPass:
      out.push_back(w.who(e.actor) + " " + w.verb(e.actor, "have", "has") + " no " +
                    std::string(rank_name(e.rank)) + ".");
      return;
    case Event::kPlay: {
      const std::string words = rhyme(r, e.card.rank(), e.nth);
      out.push_back(
          (e.nth == 1 ? w.says(e.actor, "lay") + " " : w.says(e.actor, "match") + " with ") +
          card_token(e.card) + (words.empty() ? "." : ": \"" + words + "\""));
      if (!e.leads) {
        if (e.out) {
          std::string line = w.who(e.actor) + " " + w.verb(e.actor, "go", "goes") + " out first";
          // What each paid, told as Michigan tells it: the payments test
          // reads every counter from the story.
          int won = 0;
          std::string paid;
          for (Seat s = 0; s < r.players; ++s) {
            if (s == e.actor) continue;
            const int p = sc.paid[static_cast<std::size_t>(s)];
            won += p;
            paid += std::string(paid.empty() ? "" : ", ") + w.who(s) + " " + std::to_string(p);
          }
          line += " and " + std::string(w.you(e.actor) ? "win " : "wins ") + std::to_string(won) +
                  (won == 1 ? " counter" : " counters") + ", a counter a card held (" + paid + ").";
          out.push_back(line);
        }
        return;
      }
      out.push_back(w.says(e.actor, "lead") + " the next round.");
      return;
    }
    case Event::kOut:
      return;
  }
}

}  // namespace parlour::earl_of_coventry
