// What each seat sees of Farmer, the labels of its moves, and the story of play.
#include <algorithm>
#include <bit>

#include "games/farmer/state.h"

namespace parlour::farmer {
namespace {

std::string why(TieBreak by) {
  switch (by) {
    case TieBreak::kSixOfHearts:
      return " (with the six of hearts)";
    case TieBreak::kFewestCards:
      return " (in the fewest cards)";
    case TieBreak::kEldestHand:
      return " (the eldest hand)";
    default:
      return "";
  }
}

}  // namespace

std::string FarmerState::action_label(Seat, Action a) const {
  const auto m = Move::decode(a);
  if (!m) return "action " + std::to_string(a);
  return m->kind == Move::kTake ? "take a card" : "stand";
}

void FarmerState::fill_view(Seat viewer, View& v) const {
  const bool over = phase_ == Phase::kOver;
  const int n = r_.players;
  view_base(v, "farmer", viewer, n);
  v.dealer = std::max(farmer_, 0);
  v.hand = std::max(deal_, 1), v.hands = deal_ <= r_.deals ? r_.deals : 0;
  v.hand_word = "deal";
  v.terminal = over;
  const bool dealt = deal_ > 0;
  for (Seat s = 0; s < n; ++s) {
    SeatInfo& si = kit::bank_seat(v, chips_, s, 0, "counters");
    si.cards = static_cast<int>(hand(s).size());
    if (!v.text()) continue;
    std::string st;
    auto add = [&](const std::string& x) { st += (st.empty() ? "" : ", ") + x; };
    if (s == farmer_) add("farmer");
    if (phase_ == Phase::kDraw && s == turn_) add("to play");
    if (phase_ == Phase::kDraw && stood(s)) add("stands");
    if (dealt && shown_ && s != farmer_) {
      const int t = total(s);
      if (s == winner_) add("16: takes the farm");
      if (s == nearest_ && s != winner_) add("nearest 16");
      if (t > kTarget) add("over by " + std::to_string(t - kTarget));
    }
    si.status = st;
  }
  // Zones, in order: each seat's hand (zone s; the farmer's stays empty), the
  // farm, the pack.
  for (Seat s = 0; s < n; ++s) {
    Zone& z = v.add_zone(ZoneKind::kHand, Layout::kHand, s);
    const bool up = shown_ || over;
    const bool sees = up || viewer == s || viewer == kEveryone;
    for (Card c : hand(s)) z.cards.push_back({sees ? std::optional<Card>(c) : std::nullopt, up});
    if (!v.text()) continue;
    z.name = seat_name(s) + "'s cards";
    if (!hand(s).empty()) z.note = sees ? std::to_string(total(s)) + " points" : "face down";
  }
  Zone& farm = chips_.pot_zone(v, kFarm, "the farm");
  if (v.text() && farmer_ != kNobody) farm.note = "owned by " + seat_name(farmer_);
  Zone& pack = v.add_zone(ZoneKind::kStock, Layout::kPile, kNobody);
  for (Card c : stock_)
    pack.cards.push_back({viewer == kEveryone ? std::optional<Card>(c) : std::nullopt, false});
  if (v.text()) pack.name = "pack", pack.note = "face down";

  // The summary is words: without text, the deal and its points only.
  last_.fill(chips_, v.text() ? deal_summary(last_deal_) : std::string(), v.last_hand);
  if (!v.text()) return;

  if (viewer >= 0 && actors().has(viewer)) {
    std::vector<Action> legal;
    legal_actions(viewer, legal);
    for (Action a : legal) {
      Choice& c = v.add_choice(a);
      c.label = action_label(viewer, a);
      c.key = *Move::decode(a) == Move::take() ? "t" : "s";
    }
    v.list_choices = true;
    const int t = total(viewer);
    v.prompt = hand(viewer).size() == 1
                   ? "You hold " + std::to_string(t) + ": you must take at least one card more."
               : t > kTarget ? "You hold " + std::to_string(t) +
                                   ", over 16: say nothing and stand until all are helped."
               : t == kTarget ? "You hold exactly 16: stand."
                              : "You hold " + std::to_string(t) + ": take a card or stand.";
  }
  if (over) v.result = outcome().summary;
}

void FarmerState::tell(const Rules& r, const Event& e, const Scene& sc, const Words& w,
                       std::vector<std::string>& out) {
  auto sold = [&] {
    out.push_back("Each player puts a counter into the farm, and " + w.whom(e.buyer) + " " +
                  w.verb(e.buyer, "buy", "buys") + " it for " + counters_text(r.price) +
                  ": the farm holds " + counters_text(e.farm) + ".");
  };
  switch (e.kind) {
    case Event::kNothing:
      return;
    case Event::kFarmer:
      // The cards dealt round are gathered again: the view keeps none, so
      // the story names none.
      if (e.position > 0)
        out.push_back("Cards are dealt round face up for the farm: the six of hearts falls to " +
                      w.whom(e.actor) + ", with the " + ordinal(e.position) + " card.");
      sold();
      return;
    case Event::kDeal:
      out.push_back("Deal " + std::to_string(e.deal) + ": " + w.says(e.actor, "deal") +
                    " one card face down to each player.");
      if (w.viewer() >= 0 && sc.first[static_cast<std::size_t>(w.viewer())].valid())
        out.push_back("Your card: " + card_token(sc.first[static_cast<std::size_t>(w.viewer())]) +
                      ".");
      return;
    case Event::kTake: {
      const Seat a = e.actor;
      if (!w.sees(a)) {
        // Told how many it makes: one take is not the same line as the next.
        out.push_back(w.says(a, "take") + " a card, face down, and " + w.verb(a, "hold", "holds") +
                      " " + std::to_string(e.held) + ".");
        return;
      }
      const int t = e.total;
      out.push_back(w.says(a, "take") + " " + card_token(e.card) +
                    ", face down: " + std::to_string(t) + (t > kTarget ? ", over 16." : "."));
      return;
    }
    case Event::kStand: {
      const Seat a = e.actor;
      out.push_back(w.says(a, "stand") + " on " + cards_text(e.cards) +
                    (w.sees(a) && e.total > kTarget ? ", saying nothing of the overdraw." : "."));
      if (!e.shown) return;
      std::string shown;
      for (int k = 1; k < r.players; ++k) {
        const Seat s = (e.farmer + k) % r.players;
        shown += (shown.empty() ? "" : "; ") + w.who(s) + " " + token_list(sc.hands.of(s)) + ", " +
                 std::to_string(sc.totals[static_cast<std::size_t>(s)]);
      }
      out.push_back("All are helped, and the hands are shown: " + shown + ".");
      if (e.winner != kNobody)
        out.push_back(w.who(e.winner) + " " + w.verb(e.winner, "have", "has") + " 16" +
                      why(e.winner_by) + " and " + w.verb(e.winner, "take", "takes") + " the " +
                      counters_text(e.taken) + " in the farm, all its contents.");
      for (int k = 1; k < r.players; ++k) {
        const Seat s = (e.farmer + k) % r.players;
        const int t = sc.totals[static_cast<std::size_t>(s)];
        if (t > kTarget)
          out.push_back(w.who(s) + " " + w.verb(s, "pay", "pays") + " " + w.whom(e.farmer) + " " +
                        counters_text(t - kTarget) + ", a counter a point over 16.");
      }
      if (e.nearest != kNobody && r.players > 2) {
        // Our reading of "each of the others": every player but the farmer
        // (farmer.cc), so the story names who pays.
        std::uint32_t payers = 0;
        for (int k = 1; k < r.players; ++k)
          if (const Seat s = (e.farmer + k) % r.players; s != e.nearest)
            payers |= std::uint32_t{1} << s;
        out.push_back(w.who(e.nearest) + ", nearest 16" + why(e.nearest_by) + ", " +
                      w.verb(e.nearest, "receive", "receives") + " a counter from " +
                      (std::popcount(payers) > 1 ? "each of " : "") + w.whom(payers) +
                      " (the farmer pays none).");
      }
      out.push_back(deal_summary({e.deal, e.winner, e.taken, e.farmer, e.collected, e.nearest}));
      if (e.over) {
        out.push_back(outcome_of(sc.chips, e.deal).summary);
        return;
      }
      if (e.same_farm) {
        out.push_back(w.who(e.farmer) + " " + w.verb(e.farmer, "keep", "keeps") + " the farm, " +
                      counters_text(e.farm) + ", and " + w.verb(e.farmer, "deal", "deals") +
                      " again.");
      } else if (e.sold) {
        sold();
      } else {
        out.push_back("The farm is emptied, to be sold again as in the beginning.");
      }
      return;
    }
  }
}

}  // namespace parlour::farmer
