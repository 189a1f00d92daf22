// What each seat sees of Baccara, the labels of its moves, and the story of play.
#include <algorithm>
#include <cstdlib>

#include "games/baccara/state.h"

namespace parlour::baccara {
namespace {

std::string chips_text(int n) {
  return std::to_string(n) + (n == 1 ? " chip" : " chips");
}

std::string hand_name(int h) {
  return h == kRight ? "the right" : h == kLeft ? "the left" : "the bank";
}

}  // namespace

std::string BaccaraState::action_label(Seat seat, Action a) const {
  const auto m = Move::decode(a);
  if (!m) return "action " + std::to_string(a);
  switch (m->kind) {
    case Move::kStake:
      return m->chips == 0 ? "stake nothing this coup"
                           : "stake " + chips_text(m->chips) + " on " + hand_name(side_of(seat));
    case Move::kTake:
      return seat == banker_ && phase_ == Phase::kBankerDraw ? "draw a card" : "take the card";
    case Move::kRefuse:
      return seat == banker_ && phase_ == Phase::kBankerDraw ? "stand" : "refuse the card";
  }
  return "";
}

void BaccaraState::fill_view(Seat viewer, View& v) const {
  const bool over = phase_ == Phase::kOver;
  const int n = r_.players;
  view_base(v, "baccara", viewer, n);
  v.dealer = banker_;
  v.hand = std::max(hand_, 1), v.hands = r_.match_hands();
  v.hand_word = "coup";
  v.terminal = over;
  const bool chosen = phase_ != Phase::kBanker;
  const bool dealt = !hand(kRight).empty();
  for (Seat s = 0; s < n; ++s) {
    SeatInfo& si = kit::bank_seat(v, chips_, s, stake(s));
    for (int h = kRight; h <= kBankHand; ++h)
      if (dealt && s == holder(h)) si.cards = static_cast<int>(hand(h).size());
    if (!v.text()) continue;
    std::string st;
    auto add = [&](const std::string& x) { st += (st.empty() ? "" : ", ") + x; };
    if (chosen) {
      if (s == banker_) {
        add("banker");
      } else {
        add(side_of(s) == kRight ? "right side" : "left side");
        if (s == holder(side_of(s))) add("holds the cards");
      }
    }
    if (!over && s == turn_ && phase_ != Phase::kBanker && phase_ != Phase::kDeal)
      add(phase_ == Phase::kStake ? "staking" : "to choose");
    si.status = st;
  }
  // Zones, in order: the right's, the left's and the bank's two cards (0-2),
  // the card each took (3-5), the two sides' stakes (6, 7), the shoe, the
  // discards.
  for (int h = kRight; h <= kBankHand; ++h) {
    const Seat owner = holder(h);
    Zone& z = v.add_zone(ZoneKind::kHand, Layout::kHand, owner);
    const bool up = shown(h) || over;
    const bool sees = up || viewer == owner || viewer == kEveryone;
    for (std::size_t i = 0; i < std::min<std::size_t>(2, hand(h).size()); ++i)
      z.cards.push_back({sees ? std::optional<Card>(hand(h)[i]) : std::nullopt, up});
    if (!v.text()) continue;
    z.name = hand_name(h) + "'s cards";
    if (dealt && sees) z.note = "point " + std::to_string(point(hand(h)));
  }
  for (int h = kRight; h <= kBankHand; ++h) {
    Zone& z = v.add_zone(ZoneKind::kTable, Layout::kRow, holder(h));
    if (hand(h).size() == 3) z.cards.push_back({hand(h)[2], true});
    if (v.text()) z.name = hand_name(h) + "'s card drawn", z.note = "face up";
  }
  chips_.pot_zone(v, kRight, "stakes on the right");
  chips_.pot_zone(v, kLeft, "stakes on the left");
  Zone& shoe = v.add_zone(ZoneKind::kStock, Layout::kPile, kNobody);
  for (Card c : shoe_)
    shoe.cards.push_back({viewer == kEveryone ? std::optional<Card>(c) : std::nullopt, false});
  if (v.text()) shoe.name = "shoe", shoe.note = std::to_string(r_.packs) + " packs, face down";
  Zone& gone = v.add_zone(ZoneKind::kDiscard, Layout::kPile, kNobody);
  for (Card c : discards_) gone.cards.push_back({c, true});
  if (v.text()) gone.name = "discards", gone.note = "face up";

  // The summary is words: without text, the hand and its points only.
  last_.fill(chips_, v.text() ? coup_summary(last_coup_) : std::string(), v.last_hand);
  if (!v.text()) return;

  if (viewer >= 0 && actors().has(viewer)) {
    std::vector<Action> legal;
    legal_actions(viewer, legal);
    for (Action a : legal) {
      const Move m = *Move::decode(a);
      Choice& c = v.add_choice(a);
      c.label = action_label(viewer, a);
      c.key = m.kind == Move::kStake ? std::to_string(m.chips) : m.kind == Move::kTake ? "t" : "r";
    }
    v.list_choices = true;
    if (phase_ == Phase::kStake) {
      v.prompt = "Stake up to " + chips_text(max_stake(viewer)) + " on " +
                 hand_name(side_of(viewer)) + " against " + seat_name(banker_) + "'s bank.";
    } else if (phase_ == Phase::kBankerDraw) {
      v.prompt =
          "Your point is " + std::to_string(point(hand(kBankHand))) + ": draw a card or stand.";
    } else {
      const int h = side_of(viewer);
      v.prompt = "Your point for " + hand_name(h) + " is " + std::to_string(point(hand(h))) + ": " +
                 (offer_ == Offer::kLeftAsks ? "ask for a card, or stand."
                                             : "take the card offered, or refuse it.");
    }
  }
  if (over) v.result = outcome().summary;
}

void BaccaraState::tell(const Rules& r, const Event& e, const Scene& sc, const Words& w,
                        std::vector<std::string>& out) {
  // The story reads only the event: the state has moved on (issue 36).
  auto bank_line = [&](Seat banker) {
    out.push_back(w.who(banker) + " " + w.verb(banker, "hold", "holds") + " the bank.");
  };
  auto shows = [&](const std::array<Hand, 3>& hands, int h) {
    const Hand& x = hands[static_cast<std::size_t>(h)];
    return hand_name(h) + " " + token_list(x) + ", point " + std::to_string(point(x));
  };
  auto all_shown = [&](const std::string& lead) {
    out.push_back(lead + shows(e.hands, kRight) + "; " + shows(e.hands, kLeft) + "; " +
                  shows(e.hands, kBankHand) + ".");
  };
  auto hand_over = [&] {
    // Each stake as settled, then the coup's summary.
    std::string paid;
    for (const auto& [s, won] : e.paid)
      paid += (paid.empty() ? "" : "; ") + w.who(s) + " " +
              (won == 0 ? w.verb(s, "tie", "ties") + ", and the stake comes back"
                        : w.verb(s, won > 0 ? "win" : "lose") + " " + chips_text(std::abs(won)));
    if (!paid.empty()) out.push_back(paid + ".");
    out.push_back(coup_summary(e.settled));
    for (const BankStep& b : sc.steps) {
      if (b.passed_over)
        out.push_back(w.who(b.seat) + " " + w.verb(b.seat, "have", "has") +
                      " no chips to hold the bank with, and " + w.verb(b.seat, "are", "is") +
                      " passed over.");
      if (b.takes) bank_line(b.seat);
      if (b.unplayed > 0)
        out.push_back((b.unplayed == 1 ? "Coup " + std::to_string(b.first_coup)
                                       : "Coups " + std::to_string(b.first_coup) + " to " +
                                             std::to_string(b.first_coup + b.unplayed - 1)) +
                      ": nobody can stake against " + w.whose(b.seat) + " bank.");
    }
    if (e.match_over) out.push_back(outcome_of(sc.chips, sc.coups).summary);
  };
  switch (e.kind) {
    case Event::kNothing:
      return;
    case Event::kBanker:
      out.push_back(w.who(e.actor) + " " + w.verb(e.actor, "are", "is") +
                    " first on the list and " + w.verb(e.actor, "take", "takes") + " the bank.");
      if (e.hand_over) hand_over();
      return;
    case Event::kStake:
      out.push_back(e.chips == 0 ? w.who(e.actor) + " " + w.verb(e.actor, "stake", "stakes") +
                                       " nothing this coup."
                                 : w.says(e.actor, "stake") + " " + chips_text(e.chips) + " on " +
                                       hand_name(e.hand) + ".");
      if (e.hand_over) hand_over();
      return;
    case Event::kDeal:
      if (e.shuffled)
        out.push_back("The " + std::to_string(r.packs) + " packs are shuffled together.");
      out.push_back("Coup " + std::to_string(e.coup) + ": " + w.says(e.actor, "deal") +
                    " two cards each to the right, the left and the bank, face down.");
      for (int h = kRight; h <= kBankHand; ++h)
        if (w.viewer() >= 0 && w.viewer() == e.holders[static_cast<std::size_t>(h)] && !e.natural)
          out.push_back("You hold " + token_list(e.dealt[static_cast<std::size_t>(h)]) + " for " +
                        hand_name(h) + ": point " +
                        std::to_string(point(e.dealt[static_cast<std::size_t>(h)])) + ".");
      if (e.natural) all_shown("An 8 or 9 is shown, and all three hands: ");
      if (e.hand_over) hand_over();
      return;
    case Event::kTake:
    case Event::kRefuse:
    case Event::kForced: {
      const int h = e.hand;
      const Seat a = e.actor;
      if (e.kind == Event::kTake) {
        out.push_back(w.who(a) + " " + w.verb(a, "take", "takes") + " a card for " + hand_name(h) +
                      ": " + card_token(e.card) + ", face up.");
      } else {
        out.push_back(w.who(a) + " " + w.verb(a, "stand", "stands") + " for " + hand_name(h) + ".");
      }
      if (e.kind == Event::kForced)
        out.push_back("Both sides refused: " + w.who(e.banker) + " " +
                      w.verb(e.banker, "take", "takes") + " the card, as the bank must, " +
                      card_token(e.card) + ".");
      if (e.hand_over) {
        all_shown("All three hands are shown: ");
        hand_over();
      }
      return;
    }
  }
}

}  // namespace parlour::baccara
