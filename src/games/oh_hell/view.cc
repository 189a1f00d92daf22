// What each seat sees of Oh Hell!, the labels of its moves, and the story of play.
#include <bit>

#include "games/oh_hell/state.h"

namespace parlour::oh_hell {
namespace {

// Zones, in order: each seat's hand (zone s), the trick, the trump card, the
// stock, then each seat's tricks taken.
int trick_zone(int players) {
  return players;
}

std::string trick_text(int n) {
  return std::to_string(n) + (n == 1 ? " trick" : " tricks");
}

std::string suit_plural(Suit s) {
  std::string name(suit_name(s));
  return name;
}

}  // namespace

std::string OhHellState::action_label(Seat, Action a) const {
  const auto m = Move::decode(a);
  if (!m) return "action " + std::to_string(a);
  return m->kind == Move::kBid ? "bid " + std::to_string(m->bid) : "play " + card_token(m->card);
}

void OhHellState::fill_view(Seat viewer, View& v) const {
  const bool over = phase_ == Phase::kOver;
  const bool all = over || viewer == kEveryone;
  view_base(v, "oh-hell", viewer, r_.players);
  v.dealer = dealer_;
  v.hand = hand_ + 1, v.hands = r_.hands();
  v.terminal = over;
  const bool dealt = phase_ != Phase::kDraw;
  for (Seat s = 0; s < r_.players; ++s) {
    SeatInfo& si = v.add_seat();
    si.cards = cards_held(s);
    si.score = score_[s];
    if (bids_[s] >= 0) si.counters.push_back({"bid", static_cast<double>(bids_[s])});
    si.counters.push_back({"tricks", static_cast<double>(taken_[s])});
    if (!v.text()) continue;
    si.name = seat_name(s);
    std::string st;
    auto add = [&](const std::string& x) { st += (st.empty() ? "" : ", ") + x; };
    if (dealt && s == dealer_) add("dealer");
    if (phase_ == Phase::kBid && s == turn_) add("to bid");
    if (phase_ == Phase::kPlay && s == turn_) add(trick_.empty() ? "to lead" : "to play");
    si.status = st;
  }
  for (Seat s = 0; s < r_.players; ++s) {
    Zone& z = v.add_zone(ZoneKind::kHand, Layout::kHand, s);
    if (v.text()) z.name = seat_name(s) + "'s hand";
    for (Card c : hand(s))
      z.cards.push_back({all || viewer == s ? std::optional<Card>(c) : std::nullopt, false});
  }
  // The trick in play, each card by its seat; between tricks, the last one
  // taken, until the next card is led.
  Zone& t = v.add_zone(ZoneKind::kTrick, Layout::kTrick, kNobody);
  if (v.text()) t.name = "trick";
  const int players = r_.players;
  if (!trick_.empty()) {
    for (int i = 0; i < trick_.count(); ++i)
      t.cards.push_back({trick_.card(i), true, trick_.seat(i, players)});
  } else if (last_winner_ >= 0) {
    for (int i = 0; i < last_trick_.count(); ++i)
      t.cards.push_back({last_trick_.card(i), true, last_trick_.seat(i, players)});
    if (v.text()) t.note = seat_name(last_winner_) + " took the last trick";
  }
  Zone& trump = v.add_zone(ZoneKind::kTable, Layout::kRow, kNobody);
  if (v.text()) trump.name = "trump card";
  if (turned_.valid()) {
    trump.cards.push_back({turned_, true});
    if (v.text()) trump.note = "trumps: " + suit_plural(trump_);
  } else if (dealt && v.text()) {
    trump.note = "no trump";
  }
  Zone& stock = v.add_zone(ZoneKind::kStock, Layout::kPile, kNobody);
  if (v.text()) stock.name = "stock", stock.note = "face down";
  for (Card c : stock_) stock.cards.push_back({all ? std::optional<Card>(c) : std::nullopt, false});
  for (Seat s = 0; s < r_.players; ++s) {
    // Tricks taken lie face down, but every card in them was seen played.
    Zone& w = v.add_zone(ZoneKind::kTable, Layout::kPile, s);
    for (Card c : won_[s]) w.cards.push_back({c, false});
    if (!v.text()) continue;
    w.name = seat_name(s) + "'s tricks";
    if (!won_[s].empty()) w.note = trick_text(static_cast<int>(won_[s].size()) / players);
  }
  Zone& drawn = v.add_zone(ZoneKind::kTable, Layout::kRow, kNobody);
  if (v.text()) drawn.name = "drawn for the first deal";
  if (hands_done_ == 0 && !first_draw_.empty()) {
    for (Card c : first_draw_) drawn.cards.push_back({c, true});
    if (v.text()) drawn.note = "shuffled back into the pack; the highest deals";
  }

  if (hands_done_ > 0) {
    v.last_hand.hand = hands_done_;
    for (Seat s = 0; s < r_.players; ++s) {
      v.last_hand.points.push_back(last_points_[s]);
      v.last_hand.totals.push_back(score_[s]);
    }
  }
  if (hands_done_ > 0 && v.text()) {
    SeatMask made = 0;
    for (Seat s = 0; s < r_.players; ++s)
      if (last_bids_[s] == last_taken_[s]) made |= bit(s);
    const SeatMask missed = ~made & ((SeatMask{1} << r_.players) - 1);
    std::string sum;
    if (made)
      sum = seat_names(made) + (std::popcount(made) == 1 ? " made the bid" : " made their bids");
    if (missed) {
      sum += std::string(sum.empty() ? "" : "; ") + seat_names(missed) + " missed";
      std::string how;
      for (Seat s = 0; s < r_.players; ++s)
        if (missed >> s & 1)
          how += std::string(how.empty() ? "" : ", ") + seat_name(s) + " bid " +
                 std::to_string(last_bids_[s]) + " and took " + std::to_string(last_taken_[s]);
      sum += " (" + how + ")";
    }
    v.last_hand.summary = sum + ".";
  }

  if (v.text() && viewer >= 0 && actors().has(viewer)) {
    std::vector<Action> legal;
    legal_actions(viewer, legal);
    const Hand mine = hand(viewer);
    for (Action a : legal) {
      const Move m = *Move::decode(a);
      Choice& c = v.add_choice(a);
      c.label = action_label(viewer, a);
      if (m.kind == Move::kBid) {
        c.key = "b " + std::to_string(m.bid);
      } else {
        const int pos =
            static_cast<int>(std::find(mine.begin(), mine.end(), m.card) - mine.begin());
        c.key = std::to_string(pos + 1);
        c.picks = {{viewer, pos}};
        c.to = {trick_zone(players), -1};
      }
    }
    const std::string trumps =
        trump_ == kit::kNoTrump ? "no trump" : suit_plural(trump_) + " are trumps";
    if (phase_ == Phase::kBid) {
      v.list_choices = true;
      v.prompt =
          "Bid the tricks you will take of " + std::to_string(hand_size()) + " (" + trumps + ").";
      if (const int f = forbidden_bid(); f >= 0)
        v.prompt += " You deal and bid last: you may not bid " + std::to_string(f) +
                    ", which would make the bids add up to the tricks.";
    } else {
      v.prompt = trick_.empty()
                     ? "Your lead (" + trumps + ")."
                     : "Play to the trick: follow " + std::string(suit_name(trick_.led())) +
                           " if you can (" + trumps + ").";
      v.prompt += " You bid " + std::to_string(bids_[viewer]) + " and have taken " +
                  std::to_string(taken_[viewer]) + ".";
    }
  }
  if (v.text() && v.terminal) v.result = outcome().summary;
}

void OhHellState::tell(const Rules& r, const Event& e, const Scene& sc, const Words& w,
                       std::vector<std::string>& out) {
  switch (e.kind) {
    case Event::kNone:
      return;
    case Event::kDraw: {
      std::size_t from = 0;
      for (std::size_t r = 0; r < sc.round_ends.size(); ++r) {
        std::string line = r == 0 ? "For the first deal each player draws a card:"
                                  : "A tie for the highest: they draw again:";
        for (std::size_t i = from; i < sc.round_ends[r]; ++i)
          line += std::string(i == from ? " " : ", ") + w.who(sc.drawer[i]) + " " +
                  card_token(sc.drawn[i]);
        out.push_back(line + ".");
        from = sc.round_ends[r];
      }
      out.push_back(w.who(e.actor) + " drew the highest card and " + w.verb(e.actor, "deal") +
                    " first.");
      return;
    }
    case Event::kDeal: {
      std::string line = "Hand " + std::to_string(e.hand) + " of " + std::to_string(r.hands()) +
                         ": " + w.says(e.actor, "deal") + " " + cards_text(e.size) + " each.";
      if (e.turned.valid())
        line += " " + card_token(e.turned) + " is turned: " + suit_plural(e.turned.suit()) +
                " are trumps.";
      else if (!e.stock_left)
        line += " No card is left over: no trump.";
      else
        line += " The largest hand is played without trumps.";
      out.push_back(line);
      tell_own_hand(w, sc.dealt, out);
      return;
    }
    case Event::kBid: {
      std::string line = w.says(e.actor, "bid") + " " + std::to_string(e.bid) + ".";
      if (e.bids_done)
        line += " The bids add up to " + std::to_string(e.total_bid) + " for " +
                trick_text(e.size) + ".";
      out.push_back(line);
      return;
    }
    case Event::kPlay: {
      out.push_back(w.says(e.actor, "play") + " " + card_token(e.card) + ".");
      if (e.trick_done)
        out.push_back(w.who(e.winner) + " " + w.verb(e.winner, "win") + " the trick.");
      if (e.hand_done) {
        std::string line = "Hand " + std::to_string(e.hand) + ":";
        for (Seat s = 0; s < r.players; ++s) {
          const auto at = static_cast<std::size_t>(s);
          const int p = sc.points[at];
          line += std::string(s ? "; " : " ") + seat_name(s) + " bid " +
                  std::to_string(sc.bids[at]) + ", took " + std::to_string(sc.taken[at]) + ": " +
                  (p > 0 ? "+" : "") + std::to_string(p) + " (" + std::to_string(sc.scores[at]) +
                  ")";
        }
        out.push_back(line + ".");
      }
      if (e.over)
        out.push_back(outcome_of(r, std::span<const int>(sc.scores.data(),
                                                         static_cast<std::size_t>(r.players)))
                          .summary);
      return;
    }
  }
}

}  // namespace parlour::oh_hell
