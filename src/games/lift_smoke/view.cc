// What each seat sees of Lift Smoke, the labels of its moves, and the story of play.
#include <algorithm>
#include <bit>

#include "games/lift_smoke/state.h"

namespace parlour::lift_smoke {
namespace {

// Zones, in order: each seat's hand (zone s), the trick, the trump card, the
// stock, the tricks played.
int trick_zone(int players) {
  return players;
}

// "Seat 3 and Seat 4 have no cards left and drop out.", "You have ...".
std::string dropped_line(const Words& w, SeatMask dropped) {
  std::string names;
  const int n = std::popcount(dropped);
  int k = 0;
  for (Seat s = 0; dropped >> s; ++s) {
    if (!(dropped >> s & 1)) continue;
    names += (k == 0 ? "" : k + 1 == n ? " and " : ", ") + (k == 0 ? w.who(s) : w.whom(s));
    ++k;
  }
  const bool plural = n > 1 || w.you(std::countr_zero(dropped));
  return names +
         (plural ? " have no cards left and drop out." : " has no cards left and drops out.");
}

}  // namespace

std::string LiftSmokeState::action_label(Seat, Action a) const {
  const auto m = Move::decode(a);
  if (!m) return "action " + std::to_string(a);
  return "play " + card_token(m->card);
}

void LiftSmokeState::fill_view(Seat viewer, View& v) const {
  const bool over = phase_ == Phase::kOver;
  const bool all = over || viewer == kEveryone;
  const int n = r_.players;
  view_base(v, "lift-smoke", viewer, n);
  v.dealer = dealer_;
  v.terminal = over;
  const bool dealt = phase_ != Phase::kDeal;
  for (Seat s = 0; s < n; ++s) {
    SeatInfo& si = v.add_seat();
    si.cards = static_cast<int>(hands_[s].size());
    si.score = si.cards;
    si.out = dealt && !is_in(s);
    if (!v.text()) continue;
    si.name = seat_name(s);
    std::string st;
    auto add = [&](const std::string& x) { st += (st.empty() ? "" : ", ") + x; };
    if (s == dealer_) add("dealer");
    if (si.out) add(s == winner_ ? "won" : "out");
    if (phase_ == Phase::kPlay && s == turn_) add(trick_.empty() ? "to lead" : "to play");
    if (over && s == winner_) add("the last with cards");
    si.status = st;
  }
  for (Seat s = 0; s < n; ++s) {
    Zone& z = v.add_zone(ZoneKind::kHand, Layout::kHand, s);
    if (v.text()) z.name = seat_name(s) + "'s hand";
    // The turned card the dealer keeps is public until he plays it: shown
    // first to those who cannot see the rest, so that where it lies in his
    // sorted hand tells them nothing.
    const bool sees = all || viewer == s;
    const bool pinned = turned_held() && s == dealer_;
    if (pinned && !sees) z.cards.push_back({turned_, true});
    for (Card c : hands_[s]) {
      if (pinned && !sees && c == turned_) continue;
      z.cards.push_back({sees ? std::optional<Card>(c) : std::nullopt, pinned && c == turned_});
    }
  }
  Zone& t = v.add_zone(ZoneKind::kTrick, Layout::kTrick, kNobody);
  if (v.text()) t.name = "trick";
  if (!trick_.empty()) {
    for (int i = 0; i < trick_.count(); ++i) t.cards.push_back({trick_.card(i), true, order_[i]});
  } else if (last_winner_ >= 0) {
    for (int i = 0; i < last_trick_.count(); ++i)
      t.cards.push_back({last_trick_.card(i), true, last_order_[i]});
    if (v.text()) t.note = seat_name(last_winner_) + " took the last trick";
  }
  Zone& trump_zone = v.add_zone(ZoneKind::kAside, Layout::kRow, kNobody);
  if (v.text()) trump_zone.name = "trump card";
  if (turned_.valid()) {
    if (!r_.dealer_keeps_trump) trump_zone.cards.push_back({turned_, true});
    if (v.text()) {
      trump_zone.note = "trumps: " + std::string(suit_name(turned_.suit()));
      if (turned_held()) trump_zone.note += " (the dealer holds the card turned)";
    }
  }
  Zone& stock = v.add_zone(ZoneKind::kStock, Layout::kPile, kNobody);
  if (v.text()) stock.name = "stock", stock.note = "face down";
  for (Card c : stock_) stock.cards.push_back({all ? std::optional<Card>(c) : std::nullopt, false});
  Zone& played = v.add_zone(ZoneKind::kDiscard, Layout::kPile, kNobody);
  if (v.text()) played.name = "tricks played";
  for (Card c : discards_) played.cards.push_back({c, true});

  if (v.text() && viewer >= 0 && actors().has(viewer)) {
    std::vector<Action> legal;
    legal_actions(viewer, legal);
    const Hand& mine = hands_[viewer];
    for (Action a : legal) {
      const Move m = *Move::decode(a);
      const int pos = static_cast<int>(std::find(mine.begin(), mine.end(), m.card) - mine.begin());
      Choice& c = v.add_choice(a);
      c.label = action_label(viewer, a);
      c.key = std::to_string(pos + 1);
      c.picks = {{viewer, pos}};
      c.to = {trick_zone(n), -1};
    }
    const std::string trumps = std::string(suit_name(trump())) + " are trumps";
    v.prompt = trick_.empty()
                   ? "Your lead (" + trumps + "); win the trick to draw."
                   : "Play to the trick: follow " + std::string(suit_name(trick_.led())) +
                         " if you can (" + trumps + ").";
  }
  if (v.text() && v.terminal) v.result = outcome().summary;
}

void LiftSmokeState::tell(const Rules& r, const Event& e, const Scene& sc, const Words& w,
                          std::vector<std::string>& out) {
  switch (e.kind) {
    case Event::kNone:
      return;
    case Event::kDeal:
      out.push_back(w.says(e.actor, "deal") + " " + cards_text(r.players) + " each and " +
                    w.verb(e.actor, "turn") + " " +
                    (r.dealer_keeps_trump ? "up the last card dealt, " + card_token(e.turned) +
                                                ", and " + w.verb(e.actor, "keep") + " it: "
                                          : card_token(e.turned) + ": ") +
                    std::string(suit_name(e.turned.suit())) + " are trumps.");
      tell_own_hand(w, sc.dealt, out);
      return;
    case Event::kPlay: {
      out.push_back(w.says(e.actor, "play") + " " + card_token(e.card) + ".");
      if (!e.trick_done) return;
      std::string line = w.who(e.winner) + " " + w.verb(e.winner, "take") + " the trick";
      if (e.drawn.valid())
        line += " and " + w.verb(e.winner, "draw") + " " +
                (w.sees(e.winner) ? card_token(e.drawn) : std::string("a card")) +
                " from the stock";
      else
        line += "; the stock is empty";
      out.push_back(line + ".");
      if (e.dropped) out.push_back(dropped_line(w, e.dropped));
      if (e.over) {
        if (e.by_card_drawn)
          out.push_back("The card drawn wins the game, " + w.whose(e.pot_winner) +
                        " adversary having none.");
        // Hoyle: "The last survivor to have any cards left wins the pot. If
        // several hands are exhausted by the last trick, the winner of that
        // trick wins the pot."
        if (e.last_with_cards)
          out.push_back(w.who(e.pot_winner) + " " + w.verb(e.pot_winner, "are", "is") +
                        " the last with cards and " + w.verb(e.pot_winner, "win") + " the pot.");
        else
          out.push_back("Nobody has a card left, and the winner of the last trick wins the pot: " +
                        w.says(e.pot_winner, "win") + ".");
      }
      return;
    }
  }
}

}  // namespace parlour::lift_smoke
