// What each seat sees of Conquian, the labels of its moves, and the story.
#include <algorithm>
#include <bit>
#include <cassert>
#include <string_view>

#include "games/conquian/state.h"

namespace parlour::conquian {
namespace {

using kit::card_bit;

// Zones, in order: each seat's hand (zone s); each seat's melds, three
// zones a seat; the faced card; the stock; the cards turned down; the pool;
// the cards cut for the first deal.
int hand_zone(Seat s) {
  return s;
}
int faced_zone(int players) {
  return players + players * kMeldZones;
}

}  // namespace

std::string ConquianState::action_label(Seat seat, Action a) const {
  const auto m = Move::decode(a);
  if (!m) return "action " + std::to_string(a);
  switch (m->kind) {
    case Move::kMeld: {
      const CardBits add = hand_bits(seat, m->mask);
      if (!add) return "add " + card_token(faced_) + " to your melds";
      return "meld " + card_token(faced_) + " with " + kit::meld_text(add, meld_);
    }
    case Move::kDiscard: {
      const Hand& h = hand(seat);
      return static_cast<std::size_t>(m->pos) < h.size()
                 ? "discard " + card_token(h[static_cast<std::size_t>(m->pos)])
                 : "discard";
    }
    case Move::kPass:
      return last_ ? "let " + card_token(faced_) + " go" : "pass " + card_token(faced_);
    case Move::kForce:
      return "force " + seat_name(opponent(seat)) + " to take " + card_token(faced_);
  }
  return "";
}

// Why a selection makes no move: the faced card taken into the hand (C3), a
// meld that is none and fits none of the player's melds (C1, C4).
std::string ConquianState::why_not(Seat seat, std::string_view word,
                                   std::span<const CardRef> picks) const {
  const int n = r_.players;
  if (seat < 0 || seat >= n || phase_ == Phase::kOver || !(word.empty() || word == "m"))
    return {};
  const bool faced_picked = std::any_of(picks.begin(), picks.end(),
                                        [&](const CardRef& p) { return p.zone == faced_zone(n); });
  if (faced_picked && phase_ == Phase::kOffer && seat == to_move())
    return "a faced card is melded or passed, never taken into the hand: select the cards of "
           "your hand to meld it with";
  const Hand& h = hand(seat);
  const std::optional<std::uint32_t> mask = kit::picks_in(picks, hand_zone(seat), h.size());
  if (!mask) return {};
  if (seat != to_move()) return "it is " + seat_name(to_move()) + "'s turn";
  if (phase_ == Phase::kDiscard) return std::popcount(*mask) == 1 ? "" : "discard one card";
  if (phase_ != Phase::kOffer) return {};
  const CardBits add = hand_bits(seat, static_cast<std::uint16_t>(*mask)) | card_bit(faced_);
  if (lays_out(seat, add)) return {};
  std::string why = kit::why_not_meld(add, meld_);
  if (why.empty()) why = kit::meld_text(add, meld_) + " cannot be laid out";
  if (melded(seat)) why += "; nor do they fit your melds on the table";
  return why;
}

void ConquianState::fill_view(Seat viewer, View& v) const {
  const bool over = phase_ == Phase::kOver;
  // Between deals the hands lie face up (the deal is shown as it ended).
  const bool shown = over || (phase_ == Phase::kDeal && deals_ > 0);
  const bool all = shown || viewer == kEveryone;
  const int n = r_.players;
  view_base(v, "conquian", viewer, n);
  v.dealer = dealer_;
  v.hand = deals_ + (phase_ == Phase::kDeal || over ? 0 : 1);
  if (v.hand < 1) v.hand = 1;
  v.hands = r_.deals;
  v.hand_word = "deal";
  v.score_word = "counters";
  if (r_.names == Names::kSpanish) v.card_names = "spanish";
  v.terminal = over;
  const bool live = phase_ == Phase::kOffer || phase_ == Phase::kDiscard;
  for (Seat s = 0; s < n; ++s) {
    SeatInfo& si = v.add_seat();
    si.cards = static_cast<int>(hand(s).size());
    si.score = chips_.balance(s);
    si.counters.push_back(chips_.counter(s, "counters"));
    if (live && plays(s)) si.counters.push_back({"melded", static_cast<double>(melded_count(s))});
    if (!v.text()) continue;
    si.name = seat_name(s);
    std::string st;
    auto add = [&](const std::string& x) { st += (st.empty() ? "" : ", ") + x; };
    if (phase_ != Phase::kCut && s == dealer_) add(plays(s) ? "dealer" : "dealer, sits out");
    if (live && plays(s)) add(std::to_string(melded_count(s)) + " / 11 melded");
    if (phase_ == Phase::kOffer && s == turn_) add("may take " + card_token(faced_));
    if (phase_ == Phase::kDiscard && s == turn_) add("to discard");
    si.status = st;
  }
  for (Seat s = 0; s < n; ++s) {
    Zone& z = v.add_zone(ZoneKind::kHand, Layout::kHand, s);
    if (v.text()) z.name = seat_name(s) + "'s hand";
    for (Card c : hand(s))
      z.cards.push_back({all || viewer == s ? std::optional<Card>(c) : std::nullopt, shown});
    // The faced card is melded with cards chosen from the hand: any may be
    // chosen, and a choice that makes no meld is told why (why_not).
    z.pick_any = phase_ == Phase::kOffer && s == viewer && s == turn_;
  }
  for (Seat s = 0; s < n; ++s) {
    // C1: "the meld on the table is always separate valid combinations":
    // one zone a meld, sequences in order.
    const kit::MeldList melds = layout(s);
    for (int k = 0; k < kMeldZones; ++k) {
      Zone& z = v.add_zone(ZoneKind::kPairs, Layout::kRow, s);
      if (v.text()) z.name = seat_name(s) + "'s meld " + std::to_string(k + 1);
      if (static_cast<std::size_t>(k) < melds.size())
        for (Card c : kit::in_order(melds[static_cast<std::size_t>(k)], meld_))
          z.cards.push_back({c, true});
    }
  }
  assert(static_cast<int>(v.zones.size()) == faced_zone(n));  // why_not reads it there
  Zone& f = v.add_zone(ZoneKind::kTable, Layout::kPile, kNobody);
  if (v.text()) f.name = "faced card";
  if (phase_ == Phase::kOffer) {
    f.cards.push_back({faced_, true});
    // Short: the seat offered it says so in its status.
    if (v.text())
      f.note = (how_ == Faced::kDiscarded ? "discarded by "
                : last_                   ? "passed by "
                                          : "turned by ") +
               seat_name(from_);
  }
  Zone& stock = v.add_zone(ZoneKind::kStock, Layout::kPile, kNobody);
  // Face down; the narrator (kEveryone) knows each card.
  for (Card c : stock_)
    stock.cards.push_back({viewer == kEveryone ? std::optional<Card>(c) : std::nullopt, false});
  if (v.text()) stock.name = "stock", stock.note = std::to_string(stock_.size()) + " to turn";
  // Cards nobody took, turned down: every one of them was seen.
  Zone& dead = v.add_zone(ZoneKind::kDiscard, Layout::kPile, kNobody);
  for (Card c : dead_) dead.cards.push_back({c, true});
  if (v.text()) {
    dead.name = "turned down";
    if (!dead_.empty()) dead.note = "let go by both: every card was seen";
  }
  // The pool, while it holds counters (after a tableau).
  if (pool() > 0) chips_.pot_zone(v, 0, "the pool", "to the winner of the next deal (tableau)");

  if (!cut_.empty()) kit::cut_zone(v, std::span<const Card>(cut_.data(), cut_.size()));
  if (deals_ > 0) {
    v.last_hand.hand = deals_;
    for (Seat s = 0; s < n; ++s) {
      v.last_hand.points.push_back(last_change_[static_cast<std::size_t>(s)]);
      v.last_hand.totals.push_back(chips_.balance(s));
    }
  }
  if (deals_ > 0 && v.text())
    v.last_hand.summary = last_winner_ == kNobody
                              ? "Deal " + std::to_string(deals_) + " was a tableau."
                              : seat_name(last_winner_) + " won deal " + std::to_string(deals_) +
                                    ": " + seat_name(last_loser_) + " paid " +
                                    counters_text(last_paid_) + ".";

  if (v.text() && viewer >= 0 && actors().has(viewer)) {
    std::vector<Action> legal;
    legal_actions(viewer, legal);
    for (Action a : legal) {
      const Move m = *Move::decode(a);
      Choice& c = v.add_choice(a);
      c.label = action_label(viewer, a);
      switch (m.kind) {
        case Move::kMeld: {
          c.key = "m";
          for (std::size_t i = 0; i < hand(viewer).size(); ++i)
            if (m.mask >> i & 1) {
              c.key += " " + std::to_string(i + 1);
              c.picks.push_back({hand_zone(viewer), static_cast<int>(i)});
            }
          break;
        }
        case Move::kDiscard:
          c.key = std::to_string(m.pos + 1);
          c.picks = {{hand_zone(viewer), m.pos}};
          break;
        case Move::kPass:
          c.key = "p";
          break;
        case Move::kForce:
          c.key = "f";
          break;
      }
    }
    const std::string count =
        " You have " + std::to_string(melded_count(viewer)) + " of 11 melded.";
    if (phase_ == Phase::kDiscard) {
      v.prompt = "Discard a card: it is offered to " + seat_name(opponent(viewer)) + "." + count;
    } else {
      // Melds are made by selecting their cards (the browser) or naming
      // their places (m 2 3 at the terminal; ? lists them all).
      v.prompt = "Meld " + card_token(faced_) +
                 " with cards of your hand (select them, then Meld; at the terminal m and their "
                 "places), or " +
                 (last_ ? "let it go" : "pass it to " + seat_name(opponent(viewer))) +
                 ". A faced card is melded or passed, never taken into the hand." + count;
    }
  }
  if (v.text() && over) v.result = outcome().summary;
}

void ConquianState::tell(const Rules& r, const Event& e, const Scene& sc, const Words& w,
                         std::vector<std::string>& out) {
  const kit::MeldRules meld =
      r.pack == Pack::kSpanish ? kit::MeldRules::spanish() : kit::MeldRules::ace_to_ten();
  auto turned = [&]() {
    if (e.turned.valid())
      out.push_back(w.who(e.turner) + " " + w.verb(e.turner, "turn") + " up " +
                    card_token(e.turned) + " from the stock.");
  };
  switch (e.kind) {
    case Event::kNone:
      return;
    case Event::kCut:
      kit::tell_cut(sc.cut, w, out);
      return;
    case Event::kDeal:
      out.push_back(
          "Deal " + std::to_string(e.deal) + ": " + w.says(e.actor, "deal") + " ten cards each" +
          (r.players == 3 ? " to the other two, and " + w.verb(e.actor, "sit", "sits") + " out"
                          : "") +
          ".");
      // The dealer who sits out (three at the table) holds nothing to be told.
      if (!(w.viewer() >= 0 && w.viewer() < sc.dealt.seats() && sc.dealt.of(w.viewer()).empty()))
        tell_own_hand(w, sc.dealt, out);
      turned();
      return;
    case Event::kMeld:
      out.push_back(e.added ? w.says(e.actor, "meld") + " " + card_token(e.card) + " with " +
                                  kit::meld_text(e.added, meld) + "."
                            : w.says(e.actor, "add") + " " + card_token(e.card) + " to " +
                                  (w.you(e.actor) ? "your" : "his") + " melds.");
      break;
    case Event::kForce:
      out.push_back(w.says(e.actor, "force") + " " + w.whom(e.forced) + " to take " +
                    card_token(e.card) + " onto " + w.whose(e.forced) + " melds.");
      break;
    case Event::kDiscard:
      out.push_back(w.says(e.actor, "discard") + " " + card_token(e.card) + ".");
      return;
    case Event::kPass:
      out.push_back(e.dead ? w.says(e.actor, "let") + " " + card_token(e.card) +
                                 " go: it is turned down."
                           : w.says(e.actor, "pass") + " " + card_token(e.card) + ".");
      turned();
      break;
  }
  if (!e.deal_done) return;
  if (e.winner == kNobody) {
    out.push_back("The stock is out: deal " + std::to_string(e.deal) + " is a tableau" +
                  (e.pool_in ? "; " + w.who(sc.players[0]) + " and " + w.whom(sc.players[1]) +
                                   " put " + counters_text(e.pool_in / 2) +
                                   " each into the pool, for the winner of the next deal."
                   : r.tableau == Tableau::kCarry
                       ? ": its stake goes to the winner of the next deal."
                       : ": nobody pays."));
  } else {
    out.push_back(w.who(e.winner) + " " + w.verb(e.winner, "have", "has") +
                  " eleven cards down and " + w.verb(e.winner, "win") + " deal " +
                  std::to_string(e.deal) + ".");
    out.push_back(w.who(e.loser) + " " + w.verb(e.loser, "pay") + " " + w.whom(e.winner) + " " +
                  counters_text(e.paid) + ".");
    if (e.pool_won)
      out.push_back(w.who(e.winner) + " " + w.verb(e.winner, "take") + " the " +
                    counters_text(e.pool_won) + " in the pool.");
  }
  std::string back;
  for (Seat s = 0; s < r.players; ++s)
    if (const int n = e.returned[static_cast<std::size_t>(s)]; n > 0)
      back += std::string(back.empty() ? "" : ", ") + w.who(s) + " " + w.verb(s, "take") + " " +
              counters_text(n) + " back";
  if (!back.empty()) out.push_back("The match is over with counters in the pool: " + back + ".");
  for (Seat s = 0; s < r.players; ++s)
    if (!sc.shown[static_cast<std::size_t>(s)].empty())
      out.push_back(w.who(s) + " " + w.verb(s, "hold", "holds") + " " +
                    token_list(sc.shown[static_cast<std::size_t>(s)]) + ".");
  if (e.over) out.push_back(outcome_of(r, sc.chips).summary);
}

}  // namespace parlour::conquian
