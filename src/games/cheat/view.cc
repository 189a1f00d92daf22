// What each seat sees of Cheat, the labels of its moves, and the story of play.
#include <algorithm>

#include "games/cheat/state.h"

namespace parlour::cheat {
namespace {

using kit::claim_words;
using kit::rank_plural;

// Zones, in order: each seat's hand, then the pile, the last play, the cards
// being put down.
int hand_zone(Seat s) {
  return s;
}

}  // namespace

std::string CheatState::action_label(Seat, Action a) const {
  const auto m = Move::decode(a);
  if (!m) return "action " + std::to_string(a);
  switch (m->kind) {
    case Move::kPut:
      return "put down " + card_token(m->card);
    case Move::kTakeBack:
      return "take back " + card_token(m->card);
    case Move::kCall:
      return "call " + (m->count ? claim_words(m->rank, m->count) : rank_plural(m->rank));
    case Move::kChallenge:
      return "Cheat!";
    case Move::kPass:
      return "let it pass";
  }
  return "?";
}

// "Aces"; "Aces or Queens" after Kings where the next calls one higher or
// lower; "Kings, Aces or Queens" where the same rank may be called again.
std::string CheatState::callable_words() const {
  int n = 0;
  const std::array<Rank, 3> ranks = callable(n);
  std::string call = rank_plural(ranks[0]);
  for (int k = 1; k < n; ++k) call += (k + 1 < n ? ", " : " or ") + rank_plural(ranks[k]);
  return call;
}

int CheatState::hand_shown(Seat owner, Seat viewer) const {
  const kit::Cards& h = hands_[owner];
  if (!r_.stated || viewer == owner || viewer == kEveryone || phase_ == Phase::kOver)
    return static_cast<int>(h.size());
  if (h.empty()) return 0;
  const int known = static_cast<int>(
      std::count_if(h.begin(), h.end(), [&](const kit::Held& c) { return c.seen_by(viewer); }));
  return std::max({1, known, reckoned_hand(viewer, owner)});
}

void CheatState::fill_view(Seat viewer, View& v) const {
  const bool over = phase_ == Phase::kOver;
  const Seat as = over ? kEveryone : viewer;
  view_base(v, "cheat", viewer, r_.players);
  v.dealer = dealer_;
  v.hand = 1, v.hands = 1;
  v.terminal = over;
  for (Seat s = 0; s < r_.players; ++s) {
    SeatInfo& si = v.add_seat();
    si.cards = hand_shown(s, viewer);
    if (!v.text()) continue;
    si.name = seat_name(s);
    if (phase_ == Phase::kBuild && s == turn_) si.status = "to play " + callable_words();
    if (phase_ == Phase::kWindow && s == claimer_)
      si.status = "claims " +
                  (r_.stated ? claim_words(claim_rank_, claim_stated_) : rank_plural(claim_rank_));
    if (phase_ == Phase::kWindow && (open_ >> s & 1)) si.status = "may call Cheat!";
    if (over && s == winner_) si.status = "out: the winner";
    if (s == dealer_) si.status += si.status.empty() ? "dealer" : ", dealer";
  }
  // With numbers stated, another's play is not counted (rules.md): a hand
  // shows what the viewer reckons it holds, the cards it knows of first; the
  // pile, the viewer's own cards and as many more as the others stated; the
  // last play, the number stated; and cards being put down, nothing.
  const bool uncounted = r_.stated && as != kEveryone;
  for (Seat s = 0; s < r_.players; ++s) {
    Zone& hand = kit::hand_view(v, hands_[s], s, viewer, as);
    hand.cards.resize(static_cast<std::size_t>(hand_shown(s, viewer)));
  }
  Zone& pile = v.add_zone(ZoneKind::kDiscard, Layout::kPile, kNobody);
  if (v.text()) pile.name = "the pile", pile.note = "face down";
  for (const kit::Held& c : pile_)
    if (!uncounted || c.seen_by(as)) pile.cards.push_back(c.view(as));
  if (uncounted)
    pile.cards.resize(std::max(pile.cards.size(), static_cast<std::size_t>(reckoned_pile(viewer))));
  kit::Cards stated;  // what another sees of a play it cannot count (a SmallVec: no heap)
  if (uncounted && phase_ == Phase::kWindow && viewer != claimer_)
    for (int i = 0; i < claim_stated_; ++i) stated.push_back(kit::Held{});
  std::string claim;  // the last play's note: text only
  if (v.text())
    claim = seat_name(claimer_) + " claims " +
            (r_.stated ? claim_words(claim_rank_, claim_stated_) : rank_plural(claim_rank_));
  kit::last_play_zone(v, stated.empty() ? last_ : stated, claim, turned_, as);
  const int building_zone = static_cast<int>(v.zones.size());
  const bool puts_seen = !uncounted || viewer == turn_;
  kit::being_played_zone(v, puts_seen ? building_ : kit::Cards(),
                         phase_ == Phase::kBuild ? turn_ : kNobody, as);

  if (v.text() && viewer >= 0 && actors().has(viewer)) {
    std::vector<Action> legal;
    legal_actions(viewer, legal);
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
          c.key = "c" + (r_.choose_rank() ? " " + std::string(kit::rank_key(m.rank)) : "") +
                  (m.count ? " " + std::to_string(m.count) : "");
          break;
        case Move::kChallenge:
          c.key = "x";
          break;
        case Move::kPass:
          c.key = "n";
          break;
      }
    }
    if (phase_ == Phase::kWindow) {
      v.prompt = seat_name(claimer_) +
                 (r_.stated ? " claims " + claim_words(claim_rank_, claim_stated_)
                            : " played " + cards_text(static_cast<int>(last_.size())) +
                                  " and claims " + rank_plural(claim_rank_)) +
                 ". Call \"Cheat!\" or let it pass.";
    } else {
      const std::string call = callable_words();
      v.prompt = building_.empty()
                     ? "Your turn: put down one to " + kit::number_word(r_.max_play()) +
                           " cards face down, to call " + call + "."
                     : "Put down more cards, or call them " + call + ".";
    }
  }
  if (v.text() && v.terminal) v.result = outcome().summary;
}

void CheatState::tell(const Rules& r, const Event& e, const Scene& sc, const Words& w,
                      std::vector<std::string>& out) {
  switch (e.kind) {
    case Event::kNone:
    case Event::kPass:
      return;
    case Event::kDeal: {
      out.push_back(seat_name(e.actor) + " deals all the cards" +
                    (r.packs > 1 ? " of two packs." : "."));
      tell_own_hand(w, sc.dealt, out);
      return;
    }
    case Event::kPut:
    case Event::kTakeBack:
      kit::tell_building(w, e.actor, e.card, e.kind == Event::kPut, e.alike, out);
      return;
    case Event::kCall:
      // With numbers stated, only the player knows how many went down.
      out.push_back(w.says(e.actor, "play") +
                    (r.stated && !w.sees(e.actor) ? "" : " " + cards_text(e.count)) +
                    " face down: \"" +
                    (r.stated ? claim_words(e.rank, e.stated) : rank_plural(e.rank)) + "\".");
      return;
    case Event::kChallenge: {
      std::vector<Card> shown;
      for (const kit::Held& c : e.shown) shown.push_back(c.card);
      out.push_back(w.says(e.actor, "call") + " \"Cheat!\": " + w.who(e.other) + " " +
                    w.verb(e.other, "turn") + " up " + token_list(shown) + ": " +
                    (e.truthful ? "the truth." : "a lie.") + " " + w.who(e.taker) + " " +
                    w.verb(e.taker, "take") + " up the pile" +
                    (r.stated && !w.sees(e.taker) ? "" : ", " + cards_text(e.taken)) + ".");
      if (e.over) out.push_back(outcome_of(r, sc.ending).summary);
      return;
    }
    case Event::kCovered:
      out.push_back("Nobody calls \"Cheat!\": " + w.whose(e.other) + " play is covered.");
      if (e.over) out.push_back(outcome_of(r, sc.ending).summary);
      return;
  }
}

}  // namespace parlour::cheat
