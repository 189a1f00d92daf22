// What each seat sees of Rum, the labels of its moves, and the story.
#include <algorithm>
#include <bit>
#include <string_view>
#include <vector>

#include "games/rum/state.h"

namespace parlour::rum {
namespace {

using kit::card_bit;

}  // namespace

std::string RumState::action_label(Seat seat, Action a) const {
  const auto m = Move::decode(a, r_.max_hand());
  if (!m) return "action " + std::to_string(a);
  const Hand& h = hand(seat);
  auto at = [&](int pos) {
    return static_cast<std::size_t>(pos) < h.size() ? card_token(h[static_cast<std::size_t>(pos)])
                                                    : std::string("?");
  };
  switch (m->kind) {
    case Move::kDrawStock:
      return stock_.empty() ? "turn the discard pile over and draw" : "draw from the stock";
    case Move::kDrawDiscard:
      return discards_.empty() ? "take the discard" : "take " + card_token(discards_.back());
    case Move::kMeld:
      return "meld " + kit::meld_text(hand_bits(seat, m->mask), meld_);
    case Move::kLayOff:
      return "lay " + at(m->pos) + " off on meld " + std::to_string(m->meld + 1);
    case Move::kDiscard:
      return "discard " + at(m->pos);
    case Move::kCall:
      return "call \"Rummy\"";
  }
  return "";
}

// Why a selection of the hand makes no move: a meld that is none (R8, D2),
// the card taken from the discard pile discarded in the same turn (D2).
std::string RumState::why_not(Seat seat, std::string_view word,
                              std::span<const CardRef> picks) const {
  if (seat < 0 || seat >= r_.players || phase_ == Phase::kOver || !(word.empty() || word == "m"))
    return {};
  const Hand& h = hand(seat);
  const std::optional<std::uint32_t> mask = kit::picks_in(picks, seat, h.size());
  if (!mask) return {};
  if (seat != to_move()) return "it is " + seat_name(to_move()) + "'s turn";
  if (phase_ == Phase::kDraw) return "draw first: from the stock, or the discard pile's top card";
  std::vector<Action> legal;
  legal_actions(seat, legal);
  const int k = std::popcount(*mask);
  if (k == 1 && word.empty()) {
    const Card c = h[static_cast<std::size_t>(std::countr_zero(*mask))];
    const bool discards = std::any_of(legal.begin(), legal.end(), [&](Action a) {
      const Move m = *Move::decode(a, r_.max_hand());
      return m.kind == Move::kDiscard && h[static_cast<std::size_t>(m.pos)] == c;
    });
    if (discards) return {};
    return card_token(c) +
           " was taken from the discard pile this turn and may not be discarded "
           "in it";
  }
  if (r_.going_out == GoingOut::kCall)
    return "in this game no meld is laid on the table: call \"Rummy\" when your unmatched cards "
           "count " +
           std::to_string(r_.call_at) + " or less";
  if (std::find(legal.begin(), legal.end(), Move::meld_of(*mask).encode(r_.max_hand())) !=
      legal.end())
    return {};
  const CardBits b = hand_bits(seat, *mask);
  if (std::popcount(b) < k) return "a meld holds no two cards alike";
  // (Empty for a meld of the second of two alike cards: its action names the first.)
  return kit::why_not_meld(b, meld_);
}

void RumState::fill_view(Seat viewer, View& v) const {
  const bool over = phase_ == Phase::kOver;
  const bool shown = over || (phase_ == Phase::kDeal && deals_ > 0);
  const bool all = shown || viewer == kEveryone;
  const int n = r_.players;
  view_base(v, "rum", viewer, n);
  v.dealer = dealer_;
  v.hand = deals_ + (phase_ == Phase::kDeal || over ? 0 : 1);
  if (v.hand < 1) v.hand = 1;
  v.hands = r_.match_deals();
  v.hand_word = "deal";
  v.score_word = "counters";
  v.terminal = over;
  const bool live = phase_ == Phase::kDraw || phase_ == Phase::kPlay;
  for (Seat s = 0; s < n; ++s) {
    SeatInfo& si = v.add_seat();
    si.cards = static_cast<int>(hand(s).size());
    si.score = chips_.balance(s);
    si.counters.push_back(chips_.counter(s, "counters"));
    if (r_.going_out == GoingOut::kCall)
      si.counters.push_back({"debited", static_cast<double>(debited(s))});
    if (!v.text()) continue;
    si.name = seat_name(s);
    std::string st;
    auto add = [&](const std::string& x) { st += (st.empty() ? "" : ", ") + x; };
    if (phase_ != Phase::kCut && s == dealer_) add("dealer");
    if (live && s == turn_) add(phase_ == Phase::kDraw ? "to draw" : "to meld and discard");
    if (live && !known(s).empty()) add("took " + token_list(known(s)));
    si.status = st;
  }
  for (Seat s = 0; s < n; ++s) {
    // Item 7: the cards taken from the discard pile are shown to all, first
    // (where they lie in the holder's sorted hand would tell of the rest).
    Zone& z = v.add_zone(ZoneKind::kHand, Layout::kHand, s);
    if (v.text()) z.name = seat_name(s) + "'s hand";
    if (all || viewer == s) {
      for (Card c : hand(s)) z.cards.push_back({c, shown});
    } else {
      const Hand& k = known(s);
      for (Card c : k) z.cards.push_back({c, false});
      for (std::size_t i = k.size(); i < hand(s).size(); ++i)
        z.cards.push_back({std::nullopt, false});
      if (v.text() && !k.empty()) z.note = "taken from the discard pile: " + token_list(k);
    }
    // Melds are chosen by their cards: any card of the hand may be selected,
    // and a selection that makes no move is told why (why_not). A discard is
    // then a selected card's move to the pile (or a drag there).
    z.pick_any =
        phase_ == Phase::kPlay && r_.going_out == GoingOut::kMelds && s == viewer && s == turn_;
  }
  // The melds on the table, in one row, each numbered for a lay-off.
  Zone& t = v.add_zone(ZoneKind::kPairs, Layout::kRow, kNobody);
  if (v.text()) t.name = "melds";
  for (std::size_t m = 0; m < melds_.size(); ++m) {
    for (Card c : kit::in_order(melds_[m], meld_)) t.cards.push_back({c, true});
    if (v.text())
      t.note += (t.note.empty() ? "" : "; ") + std::to_string(m + 1) + ": " +
                kit::meld_text(melds_[m], meld_);
  }
  Zone& stock = v.add_zone(ZoneKind::kStock, Layout::kPile, kNobody);
  // Face down; the narrator (kEveryone) knows each card.
  for (Card c : stock_)
    stock.cards.push_back({viewer == kEveryone ? std::optional<Card>(c) : std::nullopt, false});
  if (v.text()) stock.name = "stock", stock.note = std::to_string(stock_.size()) + " to draw";
  Zone& d = v.add_zone(ZoneKind::kDiscard, Layout::kPile, kNobody);
  if (v.text()) d.name = "discard pile";
  for (Card c : discards_) d.cards.push_back({c, true});

  if (!cut_.empty()) kit::cut_zone(v, std::span<const Card>(cut_.data(), cut_.size()));
  if (deals_ > 0) {
    v.last_hand.hand = deals_;
    for (Seat s = 0; s < n; ++s) {
      v.last_hand.points.push_back(last_change_[static_cast<std::size_t>(s)]);
      v.last_hand.totals.push_back(chips_.balance(s));
    }
  }
  if (deals_ > 0 && v.text())
    v.last_hand.summary =
        last_winner_ == kNobody ? "Deal " + std::to_string(deals_) +
                                      (last_capped_ ? " was abandoned: nobody went out."
                                                    : " ended with nothing to draw.")
        : r_.going_out == GoingOut::kCall
            ? seat_name(last_winner_) + " called Rummy in deal " + std::to_string(deals_) + "."
            : seat_name(last_winner_) + " went out in deal " + std::to_string(deals_) +
                  (last_rummy_ ? ", rummy: paid double." : ".");

  if (v.text() && viewer >= 0 && actors().has(viewer)) {
    std::vector<Action> legal;
    legal_actions(viewer, legal);
    const int hand_zone = viewer;
    const int meld_zone = n;
    for (Action a : legal) {
      const Move m = *Move::decode(a, r_.max_hand());
      Choice& c = v.add_choice(a);
      c.label = action_label(viewer, a);
      switch (m.kind) {
        case Move::kDrawStock:
          c.key = "s";
          c.zone = meld_zone + 1;
          break;
        case Move::kDrawDiscard:
          c.key = "t";
          c.zone = meld_zone + 2;
          break;
        case Move::kCall:
          c.key = "r";
          break;
        case Move::kMeld:
          c.key = "m";
          for (std::size_t i = 0; i < hand(viewer).size(); ++i)
            if (m.mask >> i & 1) {
              c.key += " " + std::to_string(i + 1);
              c.picks.push_back({hand_zone, static_cast<int>(i)});
            }
          break;
        case Move::kLayOff:
          c.key = "l " + std::to_string(m.pos + 1) + " " + std::to_string(m.meld + 1);
          c.picks = {{hand_zone, m.pos}};
          c.to = {meld_zone, -1};
          break;
        case Move::kDiscard:
          c.key = std::to_string(m.pos + 1);
          c.picks = {{hand_zone, m.pos}};
          c.to = {meld_zone + 2, -1};
          break;
      }
    }
    if (phase_ == Phase::kDraw) {
      v.list_choices = true;
      v.prompt =
          "Draw from the stock, or take " +
          (discards_.empty() ? std::string("the discard") : card_token(discards_.back())) +
          " from the discard pile." +
          (r_.going_out == GoingOut::kCall
               ? " Your unmatched cards count " + std::to_string(unmatched(viewer)) +
                     "; \"Rummy\" may be called at " + std::to_string(r_.call_at) + " or less."
               : "");
    } else {
      v.prompt = r_.going_out == GoingOut::kMelds
                     ? "Meld (select the cards; m and their places at the terminal), lay off (l "
                       "card meld), or discard a card to end your turn."
                     : "Discard a card.";
      if (taken_.valid())
        v.prompt += " Not " + card_token(taken_) + ", taken from the pile this turn.";
    }
  }
  if (v.text() && over) v.result = outcome().summary;
}

void RumState::tell(const Rules& r, const Event& e, const Scene& sc, const Words& w,
                    std::vector<std::string>& out) {
  const kit::MeldRules meld = kit::MeldRules::full(r.ace_high_too);
  switch (e.kind) {
    case Event::kNone:
      return;
    case Event::kCut:
      kit::tell_cut(sc.cut, w, out);
      return;
    case Event::kDeal:
      out.push_back("Deal " + std::to_string(e.deal) + ": " + w.says(e.actor, "deal") + " " +
                    std::to_string(r.hand_size) + " cards each and " + w.verb(e.actor, "turn") +
                    " up " + card_token(e.card) + " to start the discard pile.");
      tell_own_hand(w, sc.dealt, out);
      return;
    case Event::kDrawStock:
      if (e.turned)
        out.push_back("The stock is out: the discard pile is turned over as the new stock.");
      out.push_back(w.you(e.actor) ? "You draw " + card_token(e.card) + " from the stock."
                                   : w.who(e.actor) + " draws from the stock.");
      break;
    case Event::kDrawDiscard:
      out.push_back(w.says(e.actor, "take") + " " + card_token(e.card) + " from the discard pile.");
      break;
    case Event::kMeld:
      out.push_back(w.says(e.actor, "meld") + " " + kit::meld_text(e.meld, meld) + ".");
      break;
    case Event::kLayOff:
      out.push_back(w.says(e.actor, "lay") + " " + card_token(e.card) + " off on " +
                    kit::meld_text(e.meld, meld) + ".");
      break;
    case Event::kDiscard:
      out.push_back(w.says(e.actor, "discard") + " " + card_token(e.card) + ".");
      break;
    case Event::kCall:
      out.push_back(w.who(e.actor) + " " + w.verb(e.actor, "call") + " \"Rummy\"!");
      break;
  }
  if (!e.deal_done) return;
  if (e.winner == kNobody) {
    out.push_back(e.capped ? "Deal " + std::to_string(e.deal) + " is abandoned after " +
                                 std::to_string(kTurnCap) +
                                 " turns without anyone going out: nobody pays."
                           : "Nothing is left to draw: deal " + std::to_string(e.deal) +
                                 " ends with nobody out, and nobody pays.");
  } else if (r.going_out == GoingOut::kCall) {
    out.push_back(w.who(e.winner) + " " + w.verb(e.winner, "end") + " deal " +
                  std::to_string(e.deal) + ": every player is debited with his unmatched cards.");
  } else {
    out.push_back(w.who(e.winner) + " " + w.verb(e.winner, "go", "goes") + " out and " +
                  w.verb(e.winner, "win") + " deal " + std::to_string(e.deal) +
                  (e.rummy ? ", rummy (all in one turn): paid double." : "."));
  }
  if (e.winner != kNobody)
    for (Seat s = 0; s < r.players; ++s) {
      const auto i = static_cast<std::size_t>(s);
      if (s == e.winner && r.going_out == GoingOut::kMelds) continue;
      const auto held = sc.left.of(s);
      std::string line = w.who(s) + " " + w.verb(s, "hold", "holds") + " " +
                         (held.empty() ? std::string("nothing") : token_list(held)) + ": " +
                         (r.going_out == GoingOut::kCall ? "unmatched " : "deadwood ") +
                         std::to_string(sc.deadwood[i]);
      if (r.going_out == GoingOut::kCall)
        line += ", debited.";
      else
        line += "; " + w.who(s) + " " + w.verb(s, "pay") + " " + w.whom(e.winner) + " " +
                counters_text(sc.paid[i]) + ".";
      out.push_back(line);
    }
  for (const Scene::Transfer& t : sc.transfers)
    out.push_back(w.who(t.from) + " " + w.verb(t.from, "pay") + " " + w.whom(t.to) + " " +
                  counters_text(t.n) + ", the difference.");
  if (e.over) out.push_back(outcome_of(r, sc.chips).summary);
}

}  // namespace parlour::rum
