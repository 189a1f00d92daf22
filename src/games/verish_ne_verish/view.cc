// What each seat sees of Verish' Ne Verish', the labels of its moves, and the
// story of play.
#include <algorithm>

#include "games/verish_ne_verish/state.h"

namespace parlour::verish_ne_verish {
namespace {

using kit::rank_plural;

// Zones, in order: each seat's hand, then the table, the last play, the cards
// being put down, the card laid aside, the sets put away.
int hand_zone(Seat s) {
  return s;
}

}  // namespace

std::string VerishState::action_label(Seat, Action a) const {
  const auto m = Move::decode(a);
  if (!m) return "action " + std::to_string(a);
  switch (m->kind) {
    case Move::kPut:
      return "put down " + card_token(m->card);
    case Move::kTakeBack:
      return "take back " + card_token(m->card);
    case Move::kDeclare:
      return "declare " + rank_plural(m->rank);
    case Move::kChallenge:
      return "Ne verish'!";
    case Move::kPutAway:
      return "put away the four " + rank_plural(m->rank);
    case Move::kPlayOn:
      return "play on";
  }
  return "?";
}

void VerishState::fill_view(Seat viewer, View& v) const {
  const bool over = phase_ == Phase::kOver;
  const Seat as = over ? kEveryone : viewer;
  view_base(v, "verish-ne-verish", viewer, r_.players);
  v.dealer = dealer_;
  v.hand = 1, v.hands = 1;
  v.terminal = over;
  const Seat claimer = this->claimer();
  for (Seat s = 0; s < r_.players; ++s) {
    SeatInfo& si = v.add_seat();
    si.cards = static_cast<int>(hands_[s].size());
    si.out = dealt_ && !over && !in_play(s);
    if (!v.text()) continue;
    si.name = seat_name(s);
    if (si.out) si.status = "out";
    if (phase_ == Phase::kPlay && s == turn_)
      si.status = starts_round() ? "to start a round" : "to play " + rank_plural(round_rank_);
    if (phase_ == Phase::kSets && s == turn_) si.status = "may put sets away";
    if (!over && s == claimer) si.status = "claims " + rank_plural(round_rank_);
    if (over && (losers_ >> s & 1)) si.status = "the loser";
    if (s == dealer_) si.status += si.status.empty() ? "dealer" : ", dealer";
  }
  for (Seat s = 0; s < r_.players; ++s) kit::hand_view(v, hands_[s], s, viewer, as);
  Zone& table = v.add_zone(ZoneKind::kDiscard, Layout::kPile, kNobody);
  for (const kit::Held& c : pile_) table.cards.push_back(c.view(as));
  if (v.text()) {
    table.name = "the table";
    table.note = round_rank_ == kNoRank ? "a new round"
                                        : "face down, all played as " + rank_plural(round_rank_);
  }
  std::string claim;  // the last play's note: text only
  if (v.text()) claim = seat_name(claimer) + " claims " + rank_plural(round_rank_);
  kit::last_play_zone(v, last_, claim, turned_, as);
  const int building_zone = static_cast<int>(v.zones.size());
  kit::being_played_zone(v, building_, phase_ == Phase::kPlay ? turn_ : kNobody, as);
  // At the end the card laid aside is turned up, as the result names it.
  Zone& aside = v.add_zone(ZoneKind::kAside, Layout::kRow, kNobody);
  if (v.text())
    aside.name = "laid aside", aside.note = over ? "turned up at the end" : "face down, unseen";
  for (const kit::Held& c : aside_) {
    CardView cv = c.view(as);
    cv.face_up |= over;
    aside.cards.push_back(cv);
  }
  Zone& gone = v.add_zone(ZoneKind::kPairs, Layout::kRow, kNobody);
  if (v.text()) gone.name = "sets put away", gone.note = "shown to everyone";
  for (const kit::Held& c : sets_) gone.cards.push_back(c.view(as));

  if (v.text() && viewer >= 0 && actors().has(viewer)) {
    std::vector<Action> legal;
    legal_actions(viewer, legal);
    int sets = 0;
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
        case Move::kDeclare:
          c.key = starts_round() ? "c " + std::string(kit::rank_key(m.rank)) : "c";
          break;
        case Move::kChallenge:
          c.key = "x";
          break;
        case Move::kPutAway: {
          ++sets;
          c.key = "s " + std::string(kit::rank_key(m.rank));
          const kit::Cards& h = hands_[viewer];
          for (std::size_t i = 0; i < h.size(); ++i)
            if (h[i].card.rank() == m.rank)
              c.picks.push_back({hand_zone(viewer), static_cast<int>(i)});
          break;
        }
        case Move::kPlayOn:
          c.key = "n";
          break;
      }
    }
    const bool first = starts_round();
    const int most = r_.most(first);
    const std::string up_to =
        most >= 52 ? "one or more cards" : "one to " + kit::number_word(most) + " cards";
    if (phase_ == Phase::kSets) {
      v.prompt = sets ? "You may put away any set of four, shown to everyone, before play goes on."
                      : "You hold no set of four to put away: play on.";
    } else if (!building_.empty()) {
      const bool room = static_cast<int>(building_.size()) < most;
      v.prompt = (room ? "Put down more cards, or " : "Take cards back, or ") +
                 (first ? std::string("declare them: name any rank.")
                        : "declare them " + rank_plural(round_rank_) + ".");
    } else if (first) {
      v.prompt = "Your turn to start a round: put down " + up_to +
                 " face down, then declare them to be of any rank.";
    } else {
      v.prompt = seat_name(claimer) + " played " + cards_text(static_cast<int>(last_.size())) +
                 " as " + rank_plural(round_rank_) +
                 ". Say \"Ne verish'\" to turn them up, or put down " + up_to + " as " +
                 rank_plural(round_rank_) + ".";
    }
  }
  if (v.text() && v.terminal) v.result = outcome().summary;
}

void VerishState::tell(const Rules& r, const Event& e, const Scene& sc, const Words& w,
                       std::vector<std::string>& out) {
  switch (e.kind) {
    case Event::kNone:
      return;
    case Event::kDeal: {
      out.push_back(seat_name(e.actor) + " lays one card of " + std::to_string(r.deck) +
                    " aside face down, unseen, and deals the rest.");
      tell_own_hand(w, sc.dealt, out);
      return;
    }
    case Event::kPut:
    case Event::kTakeBack:
      kit::tell_building(w, e.actor, e.card, e.kind == Event::kPut, e.alike, out);
      return;
    case Event::kDeclare:
      // "When playing instead of challenging, it is proper, but not
      // compulsory, to say 'Verish''".
      if (e.starts)
        out.push_back(w.says(e.actor, "start") + " a round: " + cards_text(e.count) +
                      " face down, \"" + rank_plural(e.rank) + "\".");
      else
        out.push_back((r.say_verish
                           ? w.says(e.actor, "say") + " \"Verish'\" and " + w.verb(e.actor, "play")
                           : w.says(e.actor, "play")) +
                      " " + cards_text(e.count) + " face down, \"" + rank_plural(e.rank) + "\".");
      if (e.over) out.push_back(outcome_of(r, sc.ending).summary);
      return;
    case Event::kChallenge: {
      std::vector<Card> shown;
      for (const kit::Held& c : e.shown) shown.push_back(c.card);
      out.push_back(w.says(e.actor, "say") + " \"Ne verish'!\": " + w.who(e.other) + " " +
                    w.verb(e.other, "turn") + " up " + token_list(shown) + ": " +
                    (e.truthful ? "the truth." : "a lie.") + " " + w.who(e.taker) + " " +
                    w.verb(e.taker, "take") + " up the table, " + cards_text(e.taken) + ".");
      for (int i = 0; i < e.set_count; ++i)
        out.push_back(w.who(e.taker) + " " + w.verb(e.taker, "put") + " away the four " +
                      rank_plural(e.sets[static_cast<std::size_t>(i)]) + ".");
      if (e.over) out.push_back(outcome_of(r, sc.ending).summary);
      return;
    }
    case Event::kPutAway: {
      std::vector<Card> shown;
      for (const kit::Held& c : e.shown) shown.push_back(c.card);
      out.push_back(w.says(e.actor, "show") + " four " + rank_plural(e.rank) + ", " +
                    token_list(shown) + ", and " + w.verb(e.actor, "put") + " them away.");
      return;
    }
    case Event::kPlayOn:
      if (e.over) out.push_back(outcome_of(r, sc.ending).summary);
      return;
  }
}

}  // namespace parlour::verish_ne_verish
