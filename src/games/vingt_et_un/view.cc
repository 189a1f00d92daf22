// What each seat sees of Vingt-et-un, the labels of its moves, and the story of play.
#include <algorithm>
#include <cstdlib>

#include "games/vingt_et_un/state.h"

namespace parlour::vingt_et_un {

std::string VingtState::action_label(Seat, Action a) const {
  const auto m = Move::decode(a);
  if (!m) return "action " + std::to_string(a);
  switch (m->kind) {
    case Move::kStake:
      return m->chips == 0 ? "stake nothing this hand" : "stake " + counters_text(m->chips);
    case Move::kDraw:
      return "one (draw a card)";
    case Move::kStand:
      return "stand";
    case Move::kDouble:
      return "call on all to double";
    case Move::kNoDouble:
      return "let the stakes stand";
    case Move::kAccept:
      return "double the stake";
    case Move::kRefuse:
      return "refuse, and give up the stake";
  }
  return "";
}

void VingtState::fill_view(Seat viewer, View& v) const {
  const bool over = phase_ == Phase::kOver;
  const int n = r_.players;
  view_base(v, "vingt-et-un", viewer, n);
  v.dealer = banker_;
  v.hand = std::max(hand_, 1), v.hands = r_.match_hands();
  v.terminal = over;
  const bool chosen = phase_ != Phase::kBanker;
  for (Seat s = 0; s < n; ++s) {
    SeatInfo& si = kit::bank_seat(v, chips_, s, stake(s), "counters");
    si.cards = static_cast<int>(hand(s).size());
    if (!v.text()) continue;
    std::string st;
    auto add = [&](const std::string& x) { st += (st.empty() ? "" : ", ") + x; };
    if (chosen && s == banker_) add("dealer");
    if (!over && s == turn_ && phase_ != Phase::kBanker && phase_ != Phase::kFirstCard)
      add(phase_ == Phase::kStake    ? "staking"
          : phase_ == Phase::kDouble ? "may call double"
          : phase_ == Phase::kAnswer ? "to answer"
                                     : "to draw");
    const int k = result(s);
    switch (part(s)) {
      case Part::kNatural:
        add(natural(hand(s)) ? "natural" : "against a natural");
        break;
      case Part::kCreve:
        add("créve");
        break;
      case Part::kSettled:
        add(k > 0 ? "won" : k < 0 ? "lost" : "tied");
        break;
      default:
        break;
    }
    si.status = st;
  }
  // Zones, in order: each seat's two cards (zone s), the cards each drew
  // (zone n + s), the stakes, the stock, the discards.
  for (Seat s = 0; s < n; ++s) {
    Zone& z = v.add_zone(ZoneKind::kHand, Layout::kHand, s);
    const bool up = shown(s) || over;
    const bool sees = up || viewer == s || viewer == kEveryone;
    for (std::size_t i = 0; i < std::min<std::size_t>(2, hand(s).size()); ++i)
      z.cards.push_back({sees ? std::optional<Card>(hand(s)[i]) : std::nullopt, up});
    if (!v.text()) continue;
    z.name = seat_name(s) + "'s cards";
    if (!hand(s).empty() && sees) z.note = std::to_string(total(s));
  }
  for (Seat s = 0; s < n; ++s) {
    Zone& z = v.add_zone(ZoneKind::kTable, Layout::kRow, s);
    for (std::size_t i = 2; i < hand(s).size(); ++i) z.cards.push_back({hand(s)[i], true});
    if (v.text()) z.name = seat_name(s) + "'s cards drawn", z.note = "face up";
  }
  kit::stakes_zone(v, chips_, n);
  Zone& stock = v.add_zone(ZoneKind::kStock, Layout::kPile, kNobody);
  for (Card c : stock_)
    stock.cards.push_back({viewer == kEveryone ? std::optional<Card>(c) : std::nullopt, false});
  if (v.text()) stock.name = "stock", stock.note = "face down";
  Zone& gone = v.add_zone(ZoneKind::kDiscard, Layout::kPile, kNobody);
  for (Card c : discards_)
    gone.cards.push_back({viewer == kEveryone ? std::optional<Card>(c) : std::nullopt, false});
  if (v.text()) gone.name = "discards", gone.note = "face down";
  // The summary is words: without text, the hand and its points only.
  last_.fill(chips_, v.text() ? kit::hand_summary(last_bank_, "counter") : std::string(),
             v.last_hand);
  if (!v.text()) return;

  if (viewer >= 0 && actors().has(viewer)) {
    std::vector<Action> legal;
    legal_actions(viewer, legal);
    for (Action a : legal) {
      const Move m = *Move::decode(a);
      Choice& c = v.add_choice(a);
      c.label = action_label(viewer, a);
      switch (m.kind) {
        case Move::kStake:
          c.key = std::to_string(m.chips);
          break;
        case Move::kDraw:
          c.key = "o";
          break;
        case Move::kStand:
          c.key = "s";
          break;
        case Move::kDouble:
        case Move::kAccept:
          c.key = "d";
          break;
        case Move::kNoDouble:
        case Move::kRefuse:
          c.key = "n";
          break;
      }
    }
    v.list_choices = true;
    switch (phase_) {
      case Phase::kStake:
        v.prompt = "Stake up to " + counters_text(max_stake(viewer)) + " against " +
                   seat_name(banker_) + "'s bank.";
        break;
      case Phase::kDouble:
        v.prompt = "Your first card is " + card_token(hand(viewer)[0]) +
                   ": call on all to double their stakes, or let them stand.";
        break;
      case Phase::kAnswer:
        v.prompt = seat_name(banker_) + " calls double: double your stake of " +
                   counters_text(stake(viewer)) + ", or give it up and stand out.";
        break;
      default:
        v.prompt = "You hold " + std::to_string(total(viewer)) + ": say one for a card, or stand.";
    }
  }
  if (over) v.result = outcome().summary;
}

void VingtState::tell(const Rules& r, const Event& e, const Words& w,
                      std::vector<std::string>& out) {
  // The story reads only the event: the state has moved on (issue 36).
  auto bank_line = [&](int hand, Seat banker) {
    out.push_back("Hand " + std::to_string(hand) + " of " + std::to_string(r.match_hands()) + ": " +
                  w.who(banker) + " " + w.verb(banker, "deal", "deals") + " and " +
                  w.verb(banker, "hold", "holds") + " the bank.");
  };
  // What a hand settled won or lost: "wins 2 counters", "a stand-off".
  auto paid = [&](const ShownHand& h) {
    return h.won == 0
               ? std::string("a stand-off")
               : w.verb(h.seat, h.won > 0 ? "win" : "lose") + " " + counters_text(std::abs(h.won));
  };
  auto hand_over = [&] {
    // Those still in at the end show their cards.
    std::string hands;
    for (const ShownHand& h : e.shown)
      hands += (hands.empty() ? "" : "; ") + w.who(h.seat) + " " + token_list(h.cards) + ", " +
               std::to_string(h.points) + ", " + paid(h);
    if (!hands.empty()) out.push_back("The hands are shown: " + hands + ".");
    out.push_back(kit::hand_summary(e.bank, "counter"));
    if (e.unplayed > 0)
      out.push_back((e.unplayed == 1 ? "Hand " + std::to_string(e.bank.hand + 1)
                                     : "Hands " + std::to_string(e.bank.hand + 1) + " to " +
                                           std::to_string(e.bank.hand + e.unplayed)) +
                    ": nobody can stake against the bank.");
    if (e.match_over) {
      out.push_back(outcome_of(r, e.final_chips).summary);
      return;
    }
    if (e.bank_passes) bank_line(e.next_hand, e.next_banker);
  };
  auto naturals = [&] {
    for (const ShownHand& h : e.naturals)
      out.push_back(w.who(h.seat) + " " + w.verb(h.seat, "show", "shows") +
                    (natural(h.cards) ? " a natural, " : " ") + token_list(h.cards) +
                    (h.seat == e.banker ? "."
                     : h.won == 0       ? ": a stand-off."
                                        : ", and " + paid(h) + "."));
  };
  switch (e.kind) {
    case Event::kNothing:
      return;
    case Event::kBanker:
      out.push_back("The cards are thrown round for the deal: the first ace falls to " +
                    w.whom(e.actor) + ".");
      bank_line(1, e.banker);
      if (e.hand_over) hand_over();
      return;
    case Event::kStake:
      out.push_back(e.chips == 0 ? w.who(e.actor) + " " + w.verb(e.actor, "stake", "stakes") +
                                       " nothing this hand."
                                 : w.says(e.actor, "stake") + " " + counters_text(e.chips) + ".");
      break;
    case Event::kFirstCard:
      if (e.shuffled) out.push_back("The discards are gathered up and shuffled under the stock.");
      out.push_back(w.says(e.actor, "deal") + " a first card to each, face down.");
      if (w.viewer() >= 0 && e.dealt[static_cast<std::size_t>(w.viewer())].size() == 1)
        out.push_back("Your first card: " +
                      card_token(e.dealt[static_cast<std::size_t>(w.viewer())][0]) + ".");
      break;
    case Event::kDouble:
      out.push_back(w.who(e.actor) + " " + w.verb(e.actor, "call", "calls") +
                    " on everyone to double.");
      return;
    case Event::kNoDouble:
      out.push_back(w.who(e.actor) + " " + w.verb(e.actor, "let", "lets") + " the stakes stand.");
      break;
    case Event::kAccept:
      out.push_back(w.says(e.actor, "double") + " the stake, to " + counters_text(e.chips) + ".");
      break;
    case Event::kRefuse:
      // "Any player refusing to double must pass over to the dealer the stake".
      out.push_back(w.who(e.actor) + " " + w.verb(e.actor, "refuse", "refuses") + " to double, " +
                    w.verb(e.actor, "lose", "loses") + " " + counters_text(e.chips) + " and " +
                    w.verb(e.actor, "stand", "stands") + " out.");
      break;
    case Event::kDeal:
      break;
    case Event::kDraw:
      out.push_back(w.says(e.actor, "draw") + " " + card_token(e.card) +
                    (w.sees(e.actor) || e.up ? ": " + std::to_string(e.points) : "") + ".");
      if (e.creve)
        out.push_back(w.who(e.actor) + " " + w.verb(e.actor, "are", "is") + " créve" +
                      (e.actor == e.banker
                           ? ", and " + w.verb(e.actor, "pay", "pays") + " everyone standing."
                           : ", and " + paid(e.creve_hand) + "."));
      break;
    case Event::kStand:
      out.push_back(w.says(e.actor, "stand") + ".");
      break;
  }
  if (e.dealer_up)
    out.push_back(w.who(e.banker) + " " + w.verb(e.banker, "turn", "turns") + " up " +
                  token_list(e.dealer_two) + ": " + std::to_string(best_total(e.dealer_two)) + ".");
  if (e.kind == Event::kDraw || e.kind == Event::kStand) {
    if (e.hand_over) hand_over();
    return;
  }
  // After a stake, the call, or an answer, the second card may have come.
  if (e.second) {
    out.push_back("Hand " + std::to_string(e.second_hand) + ": a second card to each, face down.");
    if (w.viewer() >= 0 && e.dealt[static_cast<std::size_t>(w.viewer())].size() >= 2) {
      const Hand& h = e.dealt[static_cast<std::size_t>(w.viewer())];
      out.push_back("You hold " + token_list(h) + ": " + std::to_string(best_total(h)) + ".");
    }
    naturals();
  }
  if (e.hand_over) hand_over();
}

}  // namespace parlour::vingt_et_un
