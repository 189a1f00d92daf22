// What each seat sees of Cheat, the labels of its moves, and the story of play.
#include <algorithm>

#include "games/cheat/state.h"

namespace parlour::cheat {
namespace {

constexpr std::array<std::string_view, 14> kPlural = {"",      "Aces",  "Twos",   "Threes", "Fours",
                                                      "Fives", "Sixes", "Sevens", "Eights", "Nines",
                                                      "Tens",  "Jacks", "Queens", "Kings"};
constexpr std::array<std::string_view, 14> kNumber = {"no",   "one",    "two",    "three",   "four",
                                                      "five", "six",    "seven",  "eight",   "nine",
                                                      "ten",  "eleven", "twelve", "thirteen"};

constexpr std::array<std::string_view, 14> kKey = {"",  "a", "2", "3",  "4", "5", "6",
                                                   "7", "8", "9", "10", "j", "q", "k"};

std::string lower(std::string_view s) {
  std::string out(s);
  if (!out.empty()) out[0] = static_cast<char>(out[0] - 'A' + 'a');
  return out;
}

// "three Sevens", "a Seven", "two cards".
std::string claim_words(Rank r, int n) {
  if (n == 1)
    return std::string(r == kAce || r == kEight ? "an " : "a ") + std::string(rank_name(r));
  return std::string(kNumber[static_cast<std::size_t>(std::min(n, 13))]) + " " + lower(kPlural[r]);
}

// Zones, in order: each seat's hand, then the pile, the last play, the cards
// being put down.
int hand_zone(Seat s) {
  return s;
}

}  // namespace

std::string rank_plural(Rank r) {
  return lower(kPlural[r]);
}

std::string CheatState::action_label(Seat, Action a) const {
  const auto m = Move::decode(a);
  if (!m) return "action " + std::to_string(a);
  switch (m->kind) {
    case Move::kPut:
      return "put down " + card_token(m->card);
    case Move::kTakeBack:
      return "take back " + card_token(m->card);
    case Move::kCall:
      return "call " + (m->count ? claim_words(m->rank, m->count) : lower(kPlural[m->rank]));
    case Move::kChallenge:
      return "Cheat!";
    case Move::kPass:
      return "let it pass";
  }
  return "?";
}

// "aces", or "kings, aces or queens" where the next may call one higher or lower.
std::string CheatState::callable_words() const {
  int n = 0;
  const std::array<Rank, 3> ranks = callable(n);
  std::string call = rank_plural(ranks[0]);
  if (n == 3) call += ", " + rank_plural(ranks[1]) + " or " + rank_plural(ranks[2]);
  return call;
}

View CheatState::view(Seat viewer) const {
  const bool over = phase_ == Phase::kOver;
  const Seat as = over ? kEveryone : viewer;
  View v;
  v.game = "cheat";
  v.viewer = viewer;
  v.players = r_.players;
  v.to_move = to_move();
  v.actors = actors().seats;
  v.resolve = actors().resolve;
  v.dealer = dealer_;
  v.hand = 1, v.hands = 1;
  v.terminal = over;
  for (Seat s = 0; s < r_.players; ++s) {
    SeatInfo si;
    si.name = seat_name(s);
    si.cards = static_cast<int>(hands_[s].size());
    if (phase_ == Phase::kBuild && s == turn_) si.status = "to play " + callable_words();
    if (phase_ == Phase::kWindow && s == claimer_)
      si.status = "claims " +
                  (r_.stated ? claim_words(claim_rank_, claim_stated_) : rank_plural(claim_rank_));
    if (phase_ == Phase::kWindow && (open_ >> s & 1)) si.status = "may call Cheat!";
    if (over && s == winner_) si.status = "out: the winner";
    if (s == dealer_) si.status += si.status.empty() ? "dealer" : ", dealer";
    v.seats.push_back(std::move(si));
  }
  for (Seat s = 0; s < r_.players; ++s) {
    Zone z{ZoneKind::kHand, Layout::kHand, s, seat_name(s) + "'s hand", {}, "", 0, 0};
    // Another's hand: the cards this viewer knows of first, then the rest, so
    // that where a known card sits tells nothing of the others.
    for (const kit::Held& c : hands_[s])
      if (s == viewer || c.seen_by(as)) z.cards.push_back(c.view(s == viewer ? kEveryone : as));
    for (const kit::Held& c : hands_[s])
      if (s != viewer && !c.seen_by(as)) z.cards.push_back(c.view(as));
    v.zones.push_back(std::move(z));
  }
  Zone pile{ZoneKind::kDiscard, Layout::kPile, kNobody, "the pile", {}, "face down", 0, 0};
  for (const kit::Held& c : pile_) pile.cards.push_back(c.view(as));
  v.zones.push_back(std::move(pile));
  // The plays lie in the middle of the table, whoever makes them: the notes
  // say whose they are.
  Zone last{ZoneKind::kTable, Layout::kRow, kNobody, "the last play", {}, "", 0, 0};
  for (const kit::Held& c : last_) last.cards.push_back(c.view(as));
  if (!last_.empty())
    last.note = seat_name(claimer_) + " claims " +
                (r_.stated ? claim_words(claim_rank_, claim_stated_) : rank_plural(claim_rank_));
  if (last_.empty() && !turned_.empty()) {
    for (const kit::Held& c : turned_) last.cards.push_back(c.view(as));
    last.note = seat_name(claimer_) + "'s play, turned up by " + seat_name(turned_by_) + ": " +
                (turned_true_ ? "true" : "a lie");
  }
  v.zones.push_back(std::move(last));
  const int building_zone = static_cast<int>(v.zones.size());
  Zone put{ZoneKind::kTable, Layout::kRow, kNobody, "being played", {}, "", 0, 0};
  if (phase_ == Phase::kBuild && !building_.empty()) put.note = seat_name(turn_) + " puts down";
  for (const kit::Held& c : building_)
    put.cards.push_back(c.view(phase_ == Phase::kBuild && viewer == turn_ ? kEveryone : as));
  v.zones.push_back(std::move(put));

  if (viewer >= 0 && actors().has(viewer)) {
    std::vector<Action> legal;
    legal_actions(viewer, legal);
    for (Action a : legal) {
      const Move m = *Move::decode(a);
      Choice c{a, action_label(viewer, a), "", {}, {}};
      switch (m.kind) {
        case Move::kPut: {
          const kit::Cards& h = hands_[viewer];
          const auto i = std::find_if(h.begin(), h.end(),
                                      [&](const kit::Held& x) { return x.card == m.card; }) -
                         h.begin();
          c.key = std::to_string(i + 1);
          c.picks = {{hand_zone(viewer), static_cast<int>(i)}};
          c.to = {building_zone, -1};
          break;
        }
        case Move::kTakeBack: {
          const auto i = std::find_if(building_.begin(), building_.end(),
                                      [&](const kit::Held& x) { return x.card == m.card; }) -
                         building_.begin();
          c.key = "b " + std::to_string(i + 1);
          c.picks = {{building_zone, static_cast<int>(i)}};
          break;
        }
        case Move::kCall:
          c.key = "c" + (r_.sequence == Sequence::kNext ? " " + std::string(kKey[m.rank]) : "") +
                  (m.count ? " " + std::to_string(m.count) : "");
          break;
        case Move::kChallenge:
          c.key = "x";
          break;
        case Move::kPass:
          c.key = "n";
          break;
      }
      v.choices.push_back(std::move(c));
    }
    if (phase_ == Phase::kWindow) {
      v.prompt = seat_name(claimer_) + " played " + cards_text(static_cast<int>(last_.size())) +
                 " and claims " +
                 (r_.stated ? claim_words(claim_rank_, claim_stated_) : rank_plural(claim_rank_)) +
                 ". Call \"Cheat!\" or let it pass.";
    } else {
      const std::string call = callable_words();
      v.prompt = building_.empty()
                     ? "Your turn: put down one to " + std::string(kNumber[r_.max_play()]) +
                           " cards face down, to call " + call + "."
                     : "Put down more cards, or call them " + call + ".";
    }
  }
  if (v.terminal) v.result = outcome().summary;
  return v;
}

void CheatState::narrate(Seat viewer, std::vector<std::string>& out) const {
  const Event& e = ev_;
  const Words w(viewer);
  switch (e.kind) {
    case Event::kNone:
    case Event::kTakeBack:
    case Event::kPass:
      return;
    case Event::kDeal: {
      out.push_back(seat_name(e.actor) + " deals all the cards" +
                    (r_.packs > 1 ? " of two packs." : "."));
      if (viewer >= 0) {
        std::vector<Card> mine;
        for (const kit::Held& c : hands_[viewer]) mine.push_back(c.card);
        out.push_back("You hold " + token_list(mine) + ".");
      }
      return;
    }
    case Event::kPut:
      if (w.sees(e.actor))
        out.push_back(w.says(e.actor, "put") + " down " + card_token(e.card) + ".");
      return;
    case Event::kCall:
      out.push_back(w.says(e.actor, "play") + " " + cards_text(e.count) + " face down: \"" +
                    (r_.stated ? claim_words(e.rank, e.stated) : rank_plural(e.rank)) + "\".");
      return;
    case Event::kChallenge: {
      std::vector<Card> shown;
      for (const kit::Held& c : e.shown) shown.push_back(c.card);
      out.push_back(w.says(e.actor, "call") + " \"Cheat!\": " + w.who(e.other) + " " +
                    w.verb(e.other, "turn") + " up " + token_list(shown) + ": " +
                    (e.truthful ? "the truth." : "a lie.") + " " + w.who(e.taker) + " " +
                    w.verb(e.taker, "take") + " up the pile, " + cards_text(e.taken) + ".");
      if (phase_ == Phase::kOver) out.push_back(outcome().summary);
      return;
    }
    case Event::kCovered:
      out.push_back("Nobody calls \"Cheat!\": " + w.whose(e.other) + " play is covered.");
      if (phase_ == Phase::kOver) out.push_back(outcome().summary);
      return;
  }
}

}  // namespace parlour::cheat
