// What each seat sees of Paskahousu, the labels of its moves, and the story
// of play.
#include <algorithm>

#include "games/paskahousu/state.h"

namespace parlour::paskahousu {
namespace {

using kit::claim_words;
using kit::rank_plural;

// Zones, in order: each seat's hand, then the stock, the pile, the last
// play, the cards being put down, and the cards removed from play.
int hand_zone(Seat s) {
  return s;
}

// "Threes, Fours or Twos": the ranks the player in turn may call.
std::string callable_words(const PaskahousuState& s) {
  std::vector<std::string> names;
  for (Rank r : kCallOrder)
    if (s.may_call(r)) names.push_back(rank_plural(r));
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  return out;
}

}  // namespace

std::string PaskahousuState::action_label(Seat, Action a) const {
  const auto m = Move::decode(a);
  if (!m) return "action " + std::to_string(a);
  switch (m->kind) {
    case Move::kPut:
      return "put down " + card_token(m->card);
    case Move::kTakeBack:
      return "take back " + card_token(m->card);
    case Move::kCall:
      return "call " + rank_plural(m->rank);
    case Move::kBlind:
      return "play the stock's top card blind as " + claim_words(m->rank, 1);
    case Move::kKeep:
      return "draw from the stock and keep the card";
    case Move::kDecline:
      return "let the start go by";
    case Move::kChallenge:
      return "challenge";
    case Move::kPass:
      return "let it pass";
  }
  return "?";
}

void PaskahousuState::fill_view(Seat viewer, View& v) const {
  const bool over = phase_ == Phase::kOver;
  const Seat as = over ? kEveryone : viewer;
  const bool building_turn = phase_ == Phase::kPlay || phase_ == Phase::kStart;
  view_base(v, "paskahousu", viewer, r_.players);
  v.dealer = dealer_;
  v.hand = 1, v.hands = 1;
  v.terminal = over;
  for (Seat s = 0; s < r_.players; ++s) {
    SeatInfo& si = v.add_seat();
    si.cards = static_cast<int>(hands_[s].size());
    si.out = !in_play(s);
    if (!v.text()) continue;
    si.name = seat_name(s);
    if (phase_ == Phase::kStart && s == turn_)
      si.status = "offered to start with " + claim_words(offer_, 1);
    if (phase_ == Phase::kPlay && s == turn_)
      si.status = fresh_ == Fresh::kRestart ? "to start a new pile" : "to play";
    if (phase_ == Phase::kWindow && s == claimer_)
      si.status = "claims " + claim_words(claim_rank_, static_cast<int>(last_.size())) +
                  (claim_blind_ ? " (blind)" : "");
    if (phase_ == Phase::kWindow && (open_ >> s & 1)) si.status = "may challenge";
    if (!in_play(s)) si.status = "out";
    if (over && (losers_ >> s & 1)) si.status = "Paskahousu";
    if (s == dealer_) si.status += si.status.empty() ? "dealer" : ", dealer";
  }
  for (Seat s = 0; s < r_.players; ++s) {
    Zone& z = kit::hand_view(v, hands_[s], s, viewer, as);
    if (v.text() && !in_play(s)) z.note = "out of play";
  }
  const int stock_zone = static_cast<int>(v.zones.size());
  Zone& stock = v.add_zone(ZoneKind::kStock, Layout::kPile, kNobody);
  if (v.text()) stock.name = "the stock", stock.note = "face down";
  for (const kit::Held& c : stock_) stock.cards.push_back(c.view(as));
  // The pile, with what each play covered on it was called.
  Zone& pile = v.add_zone(ZoneKind::kDiscard, Layout::kPile, kNobody);
  for (const kit::Held& c : pile_) pile.cards.push_back(c.view(as));
  if (v.text()) {
    pile.name = "the pile";
    for (const Claim& c : claims_)
      pile.note += (pile.note.empty() ? "called: " : ", ") + seat_name(c.seat) + " " +
                   claim_words(c.rank, c.count) + (c.blind ? " (blind)" : "");
    if (pile_.empty() && last_.empty())
      pile.note = fresh_ == Fresh::kRestart ? "cleared: a new pile is due" : "empty";
  }
  std::string claim;  // the last play's note: text only
  if (v.text())
    claim = seat_name(claimer_) + " claims " +
            claim_words(claim_rank_, static_cast<int>(last_.size())) +
            (claim_blind_ ? ", played blind from the stock" : "");
  kit::last_play_zone(v, last_, claim, turned_, as);
  const int building_zone = static_cast<int>(v.zones.size());
  kit::being_played_zone(v, building_, building_turn ? turn_ : kNobody, as);
  Zone& gone = v.add_zone(ZoneKind::kAside, Layout::kPile, kNobody);
  if (v.text()) gone.name = "removed from play", gone.note = "face down";
  for (const kit::Held& c : removed_) gone.cards.push_back(c.view(as));

  if (v.text() && viewer >= 0 && actors().has(viewer)) {
    std::vector<Action> legal;
    legal_actions(viewer, legal);
    const int top = static_cast<int>(stock_.size()) - 1;
    for (Action a : legal) {
      const Move m = *Move::decode(a);
      Choice& c = v.add_choice(a);
      c.label = action_label(viewer, a);
      switch (m.kind) {
        case Move::kPut:
          c = kit::put_choice(a, c.label, m.card, hands_[viewer], hand_zone(viewer), building_zone);
          break;
        case Move::kTakeBack:
          c = kit::take_back_choice(a, c.label, m.card, building_, building_zone);
          break;
        case Move::kCall:
          c.key = "c " + std::string(kit::rank_key(m.rank));
          break;
        case Move::kBlind:
          c.key = "s " + std::string(kit::rank_key(m.rank));
          c.picks = {{stock_zone, top}};
          break;
        case Move::kKeep:
          c.key = "d";
          c.picks = {{stock_zone, top}};
          c.to = {hand_zone(viewer), -1};
          break;
        case Move::kDecline:
        case Move::kPass:
          c.key = "n";
          break;
        case Move::kChallenge:
          c.key = "x";
          break;
      }
    }
    const std::string calls = callable_words(*this);
    const bool stock = !stock_.empty();
    if (phase_ == Phase::kWindow) {
      v.prompt = seat_name(claimer_) +
                 (claim_blind_ ? " played the stock's top card blind"
                               : " played " + cards_text(static_cast<int>(last_.size()))) +
                 " and claims " + claim_words(claim_rank_, static_cast<int>(last_.size())) +
                 ". Challenge, or let it pass.";
    } else if (phase_ == Phase::kStart) {
      const std::string as_rank = claim_words(offer_, 1);
      v.prompt = !building_.empty()
                     ? "Call it " + as_rank + ", or take it back."
                     : std::string(offer_ == kAce ? "Nobody has started: you must start the game"
                                                  : "Will you start the game?") +
                           " Put down a card face down and call it " + as_rank +
                           (stock ? ", or play the stock's top card blind as " + as_rank : "") +
                           (offer_ == kAce ? "." : ", or let it go by.");
    } else if (!building_.empty()) {
      v.prompt = single_card() ? "Call it " + calls + ", or take it back."
                               : "Put down more cards, or call them " + calls + ".";
    } else if (hands_[viewer].empty()) {
      v.prompt = "Your hand is empty: draw from the stock, and keep the card or play it blind as " +
                 calls + ".";
    } else if (fresh_ == Fresh::kRestart) {
      v.prompt = "You cleared the pile: start a new one with a card called " + calls +
                 (stock ? ", or play the stock's top card blind." : ".");
    } else {
      v.prompt = "Your turn: put down cards face down to call them " + calls +
                 (stock ? ", or draw from the stock." : ".");
    }
  }
  if (v.text() && v.terminal) v.result = outcome().summary;
}

void PaskahousuState::tell(const Rules& r, const Event& e, const Scene& sc, const Words& w,
                           std::vector<std::string>& out) {
  // What follows a transition: clearings, pick-ups, refills, seats leaving, the end.
  auto aftermath = [&] {
    if (e.cleared)
      out.push_back(
          w.who(e.other) + " cleared the pile: " + cards_text(e.cleared) + " removed from play." +
          (e.restarts ? " " + w.who(e.other) + " " + w.verb(e.other, "start") + " a new pile."
                      : ""));
    if (e.picker >= 0)
      out.push_back(w.who(e.picker) + " " + w.verb(e.picker, "take") + " up the pile, " +
                    cards_text(e.picked) + ", after " + claim_words(e.rank, 1) +
                    " called on a new pile.");
    if (e.refilled)
      out.push_back(w.says(e.other >= 0 ? e.other : e.actor, "draw") + " " +
                    cards_text(e.refilled) + " from the stock.");
    if (e.left)
      out.push_back(seat_names(e.left) + (std::popcount(e.left) > 1 ? " have" : " has") +
                    " no cards and the stock is gone: out of play.");
    if (e.over) out.push_back(outcome_of(r, sc.ending).summary);
  };
  switch (e.kind) {
    case Event::kNone:
    case Event::kPass:
      return;
    case Event::kDeal: {
      out.push_back(seat_name(e.actor) + " deals " + kit::number_word(r.hand) +
                    " cards each and stacks the rest face down.");
      tell_own_hand(w, sc.dealt, out);
      return;
    }
    case Event::kDecline:
      out.push_back(w.who(e.actor) + " " + w.verb(e.actor, "do", "does") + " not start with " +
                    claim_words(e.rank, 1) + ".");
      if (e.next_offer != kNoRank)
        out.push_back("Nobody starts with " + rank_plural(e.rank) + ": now " +
                      rank_plural(e.next_offer) + ".");
      return;
    case Event::kPut:
    case Event::kTakeBack:
      kit::tell_building(w, e.actor, e.card, e.kind == Event::kPut, e.alike, out);
      return;
    case Event::kCall:
      out.push_back(e.blind
                        ? w.says(e.actor, "play") + " the stock's top card face down, unseen: \"" +
                              claim_words(e.rank, 1) + "\"."
                        : w.says(e.actor, "play") + " " + cards_text(e.count) + " face down: \"" +
                              claim_words(e.rank, e.count) + "\".");
      aftermath();
      return;
    case Event::kKeep:
      out.push_back(w.says(e.actor, "draw") + " from the stock" +
                    (w.sees(e.actor) ? ", " + card_token(e.card) + "," : "") + " and " +
                    w.verb(e.actor, "keep") + " it.");
      aftermath();
      return;
    case Event::kChallenge: {
      std::vector<Card> shown(e.shown.begin(), e.shown.end());
      out.push_back(w.says(e.actor, "challenge") + " " + w.whom(e.other) + ": " +
                    token_list(shown) + " turned up, " +
                    (e.truthful ? "the truth." : "not " + rank_plural(e.rank) + ".") + " " +
                    w.who(e.taker) + " " + w.verb(e.taker, "take") + " up the pile, " +
                    cards_text(e.taken) + ".");
      aftermath();
      return;
    }
    case Event::kCovered:
      out.push_back("Nobody challenges " + w.whose(e.other) + " " + rank_plural(e.rank) + ".");
      aftermath();
      return;
  }
}

}  // namespace parlour::paskahousu
