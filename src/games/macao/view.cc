// What each seat sees of Macao, the labels of its moves, and the story of play.
#include <algorithm>
#include <cstdlib>

#include "games/macao/state.h"

namespace parlour::macao {
namespace {

std::string chips_text(int n) {
  return std::to_string(n) + (n == 1 ? " chip" : " chips");
}

std::string points_text(int n) {
  return std::to_string(n) + (n == 1 ? " point" : " points");
}

}  // namespace

std::string MacaoState::action_label(Seat, Action a) const {
  const auto m = Move::decode(a);
  if (!m) return "action " + std::to_string(a);
  switch (m->kind) {
    case Move::kStake:
      return m->chips == 0 ? "sit this hand out" : "stake " + chips_text(m->chips);
    case Move::kDraw:
      return "draw a card";
    case Move::kStand:
      return "stand";
  }
  return "";
}

void MacaoState::fill_view(Seat viewer, View& v) const {
  const bool over = phase_ == Phase::kOver;
  const int n = r_.players;
  view_base(v, "macao", viewer, n);
  v.dealer = banker_;
  v.hand = std::max(hand_, 1), v.hands = r_.match_hands();
  v.terminal = over;
  const bool chosen = phase_ != Phase::kBanker;
  for (Seat s = 0; s < n; ++s) {
    SeatInfo& si = kit::bank_seat(v, chips_, s, stake(s));
    si.cards = static_cast<int>(hand(s).size());
    if (!v.text()) continue;
    std::string st;
    auto add = [&](const std::string& x) { st += (st.empty() ? "" : ", ") + x; };
    if (chosen && s == banker_) add("banker");
    if (!over && s == turn_ &&
        (phase_ == Phase::kStake || phase_ == Phase::kDraw || phase_ == Phase::kBankerDraw))
      add(phase_ == Phase::kStake ? "staking" : "to draw");
    if (phase_ != Phase::kStake) {
      const int k = result(s);
      switch (part(s)) {
        case Part::kNatural:
          add("natural " + std::to_string(total(s)));
          break;
        case Part::kCreve:
          add("crevé");
          break;
        case Part::kSettled:
          add(k > 0 ? "won" : k < 0 ? "lost" : "stand-off");
          break;
        default:
          break;
      }
    }
    si.status = st;
  }
  // Zones, in order: each seat's first card (zone s), the cards each seat has
  // drawn (zone n + s), the stakes, the stock.
  for (Seat s = 0; s < n; ++s) {
    Zone& z = v.add_zone(ZoneKind::kHand, Layout::kHand, s);
    if (!hand(s).empty()) {
      const bool up = shown(s) || over;
      const bool sees = up || viewer == s || viewer == kEveryone;
      z.cards.push_back({sees ? std::optional<Card>(hand(s)[0]) : std::nullopt, up});
    }
    if (!v.text()) continue;
    z.name = seat_name(s) + "'s card";
    if (!hand(s).empty() && (shown(s) || viewer == s || viewer == kEveryone))
      z.note = points_text(total(s));
  }
  for (Seat s = 0; s < n; ++s) {
    Zone& z = v.add_zone(ZoneKind::kTable, Layout::kRow, s);
    for (std::size_t i = 1; i < hand(s).size(); ++i) z.cards.push_back({hand(s)[i], true});
    if (v.text()) z.name = seat_name(s) + "'s cards drawn", z.note = "face up";
  }
  kit::stakes_zone(v, chips_, n);
  Zone& stock = v.add_zone(ZoneKind::kStock, Layout::kPile, kNobody);
  for (std::size_t i = 0; i < stock_.size(); ++i)
    stock.cards.push_back(
        {viewer == kEveryone ? std::optional<Card>(stock_[i]) : std::nullopt, false});
  if (v.text()) stock.name = "stock", stock.note = "face down";

  // The summary is words: without text, the hand and its points only.
  last_.fill(chips_, v.text() ? kit::hand_summary(last_bank_) : std::string(), v.last_hand);
  if (!v.text()) return;

  if (viewer >= 0 && actors().has(viewer)) {
    std::vector<Action> legal;
    legal_actions(viewer, legal);
    for (Action a : legal) {
      const Move m = *Move::decode(a);
      Choice& c = v.add_choice(a);
      c.label = action_label(viewer, a);
      c.key = m.kind == Move::kStake ? std::to_string(m.chips) : m.kind == Move::kDraw ? "d" : "s";
    }
    v.list_choices = true;
    if (phase_ == Phase::kStake) {
      v.prompt = "Stake up to " + chips_text(max_stake(viewer)) + " on this hand against " +
                 seat_name(banker_) + "'s bank, or sit it out.";
    } else {
      const int t = total(viewer);
      v.prompt = "You hold " + points_text(t) + (viewer == banker_ ? " as banker" : "") +
                 ": draw a card (over 9 is crevé) or stand.";
    }
  }
  if (over) v.result = outcome().summary;
}

void MacaoState::tell(const Rules& r, const Event& e, const Words& w,
                      std::vector<std::string>& out) {
  // The story reads only the event: the state has moved on (issue 36).
  auto passed = [&](SeatMask poor, SeatMask uncovered) {
    for (Seat s = 0; s < r.players; ++s) {
      if (poor >> s & 1)
        out.push_back(w.who(s) + " cannot stake: a stake needs 3 chips, to cover a natural 9.");
      if (uncovered >> s & 1)
        out.push_back(w.who(s) + " cannot stake: the bank cannot cover another stake.");
    }
  };
  auto bank_line = [&](int hand, Seat banker) {
    out.push_back("Hand " + std::to_string(hand) + " of " + std::to_string(r.match_hands()) + ": " +
                  w.who(banker) + " " + w.verb(banker, "hold", "holds") + " the bank.");
  };
  // What a hand settled won or lost: ", and wins 2 chips".
  auto paid = [&](const ShownHand& h) -> std::string {
    if (h.seat == e.banker) return "";
    if (h.won == 0) return ", a stand-off: the stake comes back";
    return ", and " + w.verb(h.seat, h.won > 0 ? "win" : "lose") + " " +
           chips_text(std::abs(h.won));
  };
  auto natural_line = [&](const ShownHand& h) {
    const bool natural = h.cards.size() == 1 && natural_multiple(h.points) > 0;
    out.push_back(w.who(h.seat) + " " + w.verb(h.seat, "show", "shows") +
                  (natural ? " a natural " + std::to_string(h.points) + ": "
                           : " " + points_text(h.points) + ": ") +
                  card_token(h.cards[0]) + paid(h) + ".");
  };
  auto hand_over = [&] {
    passed(e.over_poor, e.over_uncovered);
    // Every hand is shown at the end: those not told above, with what each
    // settled now won or lost.
    std::string hands;
    for (const ShownHand& h : e.shown)
      hands += (hands.empty() ? "" : "; ") + w.who(h.seat) +
               (h.seat == e.banker ? " (the bank) " : " ") + token_list(h.cards) + ", " +
               points_text(h.points) +
               (!h.settled   ? ""
                : h.won == 0 ? ", a stand-off"
                             : ", " + w.verb(h.seat, h.won > 0 ? "win" : "lose") + " " +
                                   chips_text(std::abs(h.won)));
    if (!hands.empty()) out.push_back("The hands are shown: " + hands + ".");
    out.push_back(kit::hand_summary(e.bank));
    if (e.unplayed > 0)
      out.push_back(e.unplayed == 1 ? "Hand " + std::to_string(e.bank.hand + 1) +
                                          ": nobody can stake against the bank."
                                    : "Hands " + std::to_string(e.bank.hand + 1) + " to " +
                                          std::to_string(e.bank.hand + e.unplayed) +
                                          ": nobody can stake against the bank.");
    if (e.match_over) {
      out.push_back(outcome_of(r, e.final_chips).summary);
      return;
    }
    if (e.bank_passes) bank_line(e.next_hand, e.next_banker);
  };
  auto after = [&] {
    if (e.hand_over) hand_over();
    if (!e.match_over) passed(e.poor, e.uncovered);
  };
  switch (e.kind) {
    case Event::kNothing:
      return;
    case Event::kBanker:
      // The cards dealt for the bank are gathered again: the view keeps none,
      // so the story names none.
      out.push_back("Cards are dealt round face up for the bank: the first ace falls to " +
                    w.whom(e.actor) + ", with the " + ordinal(e.chips) + " card.");
      bank_line(1, e.banker);
      after();
      return;
    case Event::kStake:
      out.push_back(e.chips == 0
                        ? w.who(e.actor) + " " + w.verb(e.actor, "sit", "sits") + " this hand out."
                        : w.says(e.actor, "stake") + " " + chips_text(e.chips) + ".");
      after();
      return;
    case Event::kDeal: {
      out.push_back("Hand " + std::to_string(e.hand) + " of " + std::to_string(r.match_hands()) +
                    ": " + w.says(e.actor, "deal") +
                    " one card face down to each player staking and " +
                    (w.you(e.actor) ? "yourself." : "to the bank."));
      if (w.viewer() >= 0 && (e.dealt >> w.viewer() & 1)) {
        const Card c = e.first[static_cast<std::size_t>(w.viewer())];
        out.push_back("Your card: " + card_token(c) + ", " + points_text(points(c)) + ".");
      }
      for (const ShownHand& h : e.hands_told) natural_line(h);
      after();
      return;
    }
    case Event::kDraw: {
      const Seat a = e.actor;
      out.push_back(w.says(a, "draw") + " " + card_token(e.card) + ": " +
                    (w.sees(a) || e.up ? points_text(e.points) : "face up") + ".");
      if (e.creve) {
        const ShownHand& h = e.hands_told[0];
        out.push_back(w.who(a) + " " + w.verb(a, "are", "is") + " crevé, over 9, with " +
                      token_list(h.cards) +
                      (a == e.banker ? ", and " + w.verb(a, "pay", "pays") + " everyone standing."
                                     : paid(h) + "."));
      }
      after();
      return;
    }
    case Event::kStand:
      out.push_back(w.says(e.actor, "stand") + ".");
      after();
      return;
  }
}

}  // namespace parlour::macao
