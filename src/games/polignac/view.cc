// What each seat sees of Polignac, the labels of its moves, and the story of play.
#include <algorithm>
#include <bit>

#include "games/polignac/state.h"

namespace parlour::polignac {
namespace {

// Zones, in order: each seat's hand (zone s), the trick, the pool, each
// seat's tricks taken, the pack before the first deal.
int trick_zone(int players) {
  return players;
}

}  // namespace

std::string PolignacState::action_label(Seat, Action a) const {
  const auto m = Move::decode(a);
  if (!m) return "action " + std::to_string(a);
  switch (m->kind) {
    case Move::kCapot:
      return "announce capot";
    case Move::kPass:
      return "pass";
    default:
      return "play " + card_token(m->card);
  }
}

void PolignacState::fill_view(Seat viewer, View& v) const {
  const bool over = phase_ == Phase::kOver;
  const bool all = over || viewer == kEveryone;
  const int n = r_.players;
  view_base(v, "polignac", viewer, n);
  v.dealer = dealer_;
  v.hand = std::min(deals_done_ + 1, r_.deals), v.hands = r_.deals;
  v.hand_word = "deal";
  v.terminal = over;
  for (Seat s = 0; s < n; ++s) {
    SeatInfo& si = v.add_seat();
    si.cards = static_cast<int>(hands_[s].size());
    si.score = chips_.balance(s);
    si.counters.push_back(chips_.counter(s, "counters"));
    si.counters.push_back({"tricks", static_cast<double>(taken(s))});
    si.counters.push_back({"jacks", static_cast<double>(jacks_[s])});
    si.counters.push_back({"paid", static_cast<double>(paid_[s])});
    if (!v.text()) continue;
    si.name = seat_name(s);
    std::string st;
    auto add = [&](const std::string& x) { st += (st.empty() ? "" : ", ") + x; };
    if (s == dealer_ && !over) add("dealer");
    if (s == capot_) add(capot_failed_ ? "capot failed" : "capot");
    if (phase_ == Phase::kCapot && s == turn_) add("to announce");
    if (phase_ == Phase::kPlay && s == turn_) add(trick_.empty() ? "to lead" : "to play");
    si.status = st;
  }
  for (Seat s = 0; s < n; ++s) {
    Zone& z = v.add_zone(ZoneKind::kHand, Layout::kHand, s);
    if (v.text()) z.name = seat_name(s) + "'s hand";
    for (Card c : hands_[s])
      z.cards.push_back({all || viewer == s ? std::optional<Card>(c) : std::nullopt, false});
  }
  // The trick in play; between tricks, the last one taken until the next lead.
  Zone& t = v.add_zone(ZoneKind::kTrick, Layout::kTrick, kNobody);
  if (v.text()) t.name = "trick";
  if (!trick_.empty()) {
    for (int i = 0; i < trick_.count(); ++i)
      t.cards.push_back({trick_.card(i), true, trick_.seat(i, n)});
  } else if (last_winner_ >= 0) {
    for (int i = 0; i < last_trick_.count(); ++i)
      t.cards.push_back({last_trick_.card(i), true, last_trick_.seat(i, n)});
    if (v.text()) t.note = seat_name(last_winner_) + " took the last trick";
  }
  chips_.pot_zone(v, kPool, "pool", "a counter a Jack taken, two for Polignac");
  for (Seat s = 0; s < n; ++s) {
    // Tricks taken lie face down, but every card in them was seen played.
    Zone& w = v.add_zone(ZoneKind::kTable, Layout::kPile, s);
    for (Card c : won_[s]) w.cards.push_back({c, false});
    if (!v.text()) continue;
    w.name = seat_name(s) + "'s tricks";
    if (!won_[s].empty())
      w.note = std::to_string(taken(s)) + (taken(s) == 1 ? " trick" : " tricks");
  }
  Zone& pack = v.add_zone(ZoneKind::kStock, Layout::kPile, kNobody);
  if (v.text()) pack.name = "pack", pack.note = "to be dealt";
  for (Card c : pack_) pack.cards.push_back({all ? std::optional<Card>(c) : std::nullopt, false});

  if (deals_done_ > 0) {
    v.last_hand.hand = deals_done_;
    for (Seat s = 0; s < n; ++s) {
      v.last_hand.points.push_back(last_change_[s]);
      v.last_hand.totals.push_back(last_total_[s]);
    }
  }
  if (deals_done_ > 0 && v.text()) {
    std::string sum;
    if (last_capot_ != kNobody)
      sum = seat_name(last_capot_) + (last_capot_made_ ? " made capot" : "'s capot failed");
    for (Seat s = 0; s < n; ++s) {
      if (last_change_[s] >= 0) continue;
      sum += std::string(sum.empty() ? "" : "; ") + seat_name(s) + " paid " +
             counters_text(-last_change_[s]);
    }
    v.last_hand.summary = (sum.empty() ? "Nobody paid" : sum) + ".";
  }

  if (v.text() && viewer >= 0 && actors().has(viewer)) {
    std::vector<Action> legal;
    legal_actions(viewer, legal);
    const Hand& mine = hands_[viewer];
    for (Action a : legal) {
      const Move m = *Move::decode(a);
      Choice& c = v.add_choice(a);
      c.label = action_label(viewer, a);
      if (m.kind == Move::kCapot) {
        c.key = "c";
      } else if (m.kind == Move::kPass) {
        c.key = "p";
      } else {
        const int pos =
            static_cast<int>(std::find(mine.begin(), mine.end(), m.card) - mine.begin());
        c.key = std::to_string(pos + 1);
        c.picks = {{viewer, pos}};
        c.to = {trick_zone(n), -1};
      }
    }
    if (phase_ == Phase::kCapot) {
      v.list_choices = true;
      v.prompt =
          "Announce capot if you will take every trick: made, each other pays five counters; "
          "failed, you pay five and your Jacks. Or pass.";
    } else {
      v.prompt = trick_.empty() ? "Your lead (no trumps)."
                                : "Play to the trick: follow " +
                                      std::string(suit_name(trick_.led())) + " if you can.";
      if (capot_ == viewer && !capot_failed_) v.prompt += " You announced capot: take them all.";
    }
  }
  if (v.text() && v.terminal) v.result = outcome().summary;
}

void PolignacState::tell(const Rules& r, const Event& e, const Scene& sc, const Words& w,
                         std::vector<std::string>& out) {
  switch (e.kind) {
    case Event::kNone:
      return;
    case Event::kDeal: {
      out.push_back("Deal " + std::to_string(e.deal) + " of " + std::to_string(r.deals) + ": " +
                    w.says(e.actor, "deal") + " " + cards_text(r.hand) + " each.");
      tell_own_hand(w, sc.dealt, out);
      return;
    }
    case Event::kCapot:
      out.push_back(w.says(e.actor, "announce") + " capot: " + w.who(e.actor) + " will take " +
                    "every trick.");
      return;
    case Event::kPass:
      out.push_back(w.says(e.actor, "pass") + ".");
      return;
    case Event::kPlay: {
      out.push_back(w.says(e.actor, "play") + " " + card_token(e.card) + ".");
      if (e.trick_done) {
        std::string line = w.who(e.winner) + " " + w.verb(e.winner, "take") + " the trick";
        if (e.paid > 0)
          line +=
              " and " + w.verb(e.winner, "pay") + " " + counters_text(e.paid) + " into the pool";
        out.push_back(line + ".");
      }
      if (e.capot_failed)
        out.push_back("The capot has failed: " + w.who(e.capot) + " " + w.verb(e.capot, "pay") +
                      " " + counters_text(e.capot_paid) + " into the pool.");
      if (e.capot_made)
        out.push_back(w.who(e.capot) + " " + w.verb(e.capot, "make") + " capot: " +
                      // Named, so the story tells who paid (issue 36).
                      opening(w.whom(((std::uint32_t{1} << r.players) - 1) &
                                     ~(std::uint32_t{1} << e.capot))) +
                      " pay " + counters_text(kCapotCounters) + " each into the pool.");
      if (e.hand_done) {
        std::string line = "Deal " + std::to_string(e.deal) + ":";
        for (Seat s = 0; s < r.players; ++s)
          line += std::string(s ? "; " : " ") + seat_name(s) + " " + std::to_string(sc.change[s]) +
                  " (" + std::to_string(sc.counters[s]) + ")";
        out.push_back(line + ".");
      }
      if (e.over) {
        // Told to each as Words name them: "You paid least", "Seat 0 and you".
        if (std::popcount(e.sharers) == 1) {
          const Seat s = std::countr_zero(e.sharers);
          out.push_back(w.who(s) + " paid least and " + w.verb(s, "take") + " the " +
                        counters_text(e.share) + " in the pool.");
        } else {
          std::string odd = ".";
          if (std::popcount(e.odd) == 1) {
            const Seat s = std::countr_zero(e.odd);
            odd = "; " + w.whom(s) + " " + w.verb(s, "take") +
                  " the one counter left over, the nearest the dealer's left.";
          } else if (e.odd != 0) {
            odd = "; " + w.whom(e.odd) + " take a counter each of the " +
                  std::to_string(std::popcount(e.odd)) +
                  " left over, the nearest the dealer's left first.";
          }
          out.push_back(opening(w.whom(e.sharers)) + " paid least and take " +
                        counters_text(e.share) + " each from the pool" + odd);
        }
        out.push_back(outcome_of(r, std::span<const int>(sc.final_counters.data(),
                                                         static_cast<std::size_t>(r.players)))
                          .summary);
      }
      return;
    }
  }
}

}  // namespace parlour::polignac
