// What each seat sees of Michigan, the labels of its moves, and the story of play.
#include <algorithm>
#include <bit>

#include "games/michigan/state.h"

namespace parlour::michigan {
namespace {

// Zones, in order: each seat's hand (zone s), the dead hand (zone players),
// the run, the cards played earlier, then the four boodle cards' pots.
int run_zone(int players) {
  return players + 1;
}

std::string chips_text(int n) {
  return std::to_string(n) + (n == 1 ? " chip" : " chips");
}

std::string boodle_name(int b) {
  return card_token(kBoodleCards[static_cast<std::size_t>(b)]) + " boodle";
}

// "2 on the A♥ boodle, 1 on the K♣ boodle and 1 on the J♠ boodle", or "1 on
// each", after the chips put down have been told (one amount a clause: the
// payments test reads it).
std::string division_words(const std::array<int, kBoodles>& put) {
  if (std::all_of(put.begin(), put.end(), [&](int n) { return n == put[0]; }))
    return std::to_string(put[0]) + " on each";
  std::vector<std::string> parts;
  for (int b = 0; b < kBoodles; ++b)
    if (const int n = put[static_cast<std::size_t>(b)]; n > 0)
      parts.push_back(std::to_string(n) + " on the " + boodle_name(b));
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i)
    out += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
  return out;
}

}  // namespace

std::string MichiganState::action_label(Seat seat, Action a) const {
  const auto m = Move::decode(a);
  if (!m) return "action " + std::to_string(a);
  switch (m->kind) {
    case Move::kStake:
      return "stake a chip on " + card_token(kBoodleCards[static_cast<std::size_t>(m->boodle)]);
    case Move::kStakeEvenly:
      return "stake evenly (" + std::to_string(ante_of(seat) / kBoodles) + " on each)";
    case Move::kStakeAsLast: {
      // Short, for a button: "stake as last deal (2 A♥, 1 K♣, 1 J♠)".
      std::string parts;
      for (int b = 0; b < kBoodles; ++b)
        if (const int n = last_stake(seat)[static_cast<std::size_t>(b)]; n > 0)
          parts += (parts.empty() ? "" : ", ") + std::to_string(n) + " " +
                   card_token(kBoodleCards[static_cast<std::size_t>(b)]);
      return "stake as last deal (" + parts + ")";
    }
    case Move::kPass:
      return "pass the lead (no new suit)";
    case Move::kExchange:
      return "exchange your hand for the dead hand, unseen";
    case Move::kKeep:
      return "keep your hand";
    case Move::kPlay:
      break;
  }
  return (leading() ? "lead " : "play ") + card_token(m->card);
}

void MichiganState::fill_view(Seat viewer, View& v) const {
  const bool over = phase_ == Phase::kOver;
  const bool all = over || viewer == kEveryone;
  const int n = r_.players;
  view_base(v, "michigan", viewer, n);
  v.dealer = dealer_;
  v.hand = std::max(hand_, 1), v.hands = r_.match_hands();
  v.terminal = over;
  const bool chosen = phase_ != Phase::kDealer;
  for (Seat s = 0; s < n; ++s) {
    SeatInfo& si = v.add_seat();
    si.cards = static_cast<int>(hand(s).size());
    si.score = chips_.balance(s);
    si.counters.push_back(chips_.counter(s));
    if (chosen && !over) si.counters.push_back({"staked", static_cast<double>(staked(s))});
    if (!v.text()) continue;
    si.name = seat_name(s);
    std::string st;
    auto add = [&](const std::string& x) { st += (st.empty() ? "" : ", ") + x; };
    if (chosen && s == dealer_) add("dealer");
    if (phase_ == Phase::kStake && s == turn_) add("staking");
    if (phase_ == Phase::kExchange && s == turn_) add("may exchange");
    if (phase_ == Phase::kPlay && s == turn_) add(leading_ ? "to lead" : "to play");
    si.status = st;
  }
  for (Seat s = 0; s < n; ++s) {
    Zone& z = v.add_zone(ZoneKind::kHand, Layout::kHand, s);
    if (v.text()) z.name = seat_name(s) + "'s hand";
    for (Card c : hand(s))
      z.cards.push_back({all || viewer == s ? std::optional<Card>(c) : std::nullopt, false});
  }
  // "This hand will not be seen by any of the players."
  Zone& dead = v.add_zone(ZoneKind::kAside, Layout::kHand, kNobody);
  const bool sees_dead = all || (viewer >= 0 && viewer == knows_dead_);
  for (Card c : dead_)
    dead.cards.push_back({sees_dead ? std::optional<Card>(c) : std::nullopt, false});
  if (v.text()) {
    dead.name = "dead hand";
    dead.note = knows_dead_ != kNobody ? seat_name(knows_dead_) + "'s old hand" : "nobody sees it";
  }
  if (v.text() && known_dead_) {
    std::string known;
    for (int i = 0; i < 52; ++i)
      if (known_dead_ >> i & 1)
        known +=
            (known.empty() ? "" : " ") + card_token(Card::from_index(static_cast<std::uint8_t>(i)));
    dead.note += (dead.note.empty() ? "" : "; ") + std::string("holds ") + known + " (stops)";
  }
  Zone& run = v.add_zone(ZoneKind::kTable, Layout::kRow, kNobody);
  for (Card c : run_) run.cards.push_back({c, true});
  if (v.text()) {
    run.name = "the run";
    if (!run_.empty())
      run.note = std::string(suit_name(run_[0].suit())) + (leading_ ? ", stopped" : "");
  }
  Zone& gone = v.add_zone(ZoneKind::kDiscard, Layout::kPile, kNobody);
  for (Card c : played_) gone.cards.push_back({c, true});
  if (v.text()) gone.name = "played earlier", gone.note = "face up";
  for (int b = 0; b < kBoodles; ++b) {
    Zone& pot = chips_.pot_zone(v, b, {});
    if (v.text()) pot.name = boodle_name(b);
  }

  if (last_out_ != kNobody) {
    v.last_hand.hand = over ? hand_ : hand_ - 1;
    for (Seat s = 0; s < n; ++s) {
      v.last_hand.points.push_back(last_change_[static_cast<std::size_t>(s)]);
      v.last_hand.totals.push_back(last_total_[static_cast<std::size_t>(s)]);
    }
  }
  if (last_out_ != kNobody && v.text()) {
    std::string sum = seat_name(last_out_) + " went out first";
    int won = 0;
    for (int p : last_paid_) won += p;
    sum += " and collected " + chips_text(won);
    for (Seat s = 0; s < n; ++s)
      if (const int b = last_boodles_[static_cast<std::size_t>(s)]; b > 0)
        sum += "; " + seat_name(s) + " won " + chips_text(b) + " from boodle cards";
    if (over && shared_ > 0)
      sum += "; the " + chips_text(shared_) + " left on the boodle cards were divided equally";
    v.last_hand.summary = sum + ".";
  }

  if (v.text() && viewer >= 0 && actors().has(viewer)) {
    std::vector<Action> legal;
    legal_actions(viewer, legal);
    const Hand& mine = hand(viewer);
    for (Action a : legal) {
      const Move m = *Move::decode(a);
      Choice& c = v.add_choice(a);
      c.label = action_label(viewer, a);
      if (m.kind == Move::kStake) {
        c.key = std::to_string(m.boodle + 1);
      } else if (m.kind == Move::kStakeEvenly || m.kind == Move::kStakeAsLast) {
        c.key = m.kind == Move::kStakeEvenly ? "e" : "l";
      } else if (m.kind == Move::kPass) {
        c.key = "p";
      } else if (m.kind == Move::kExchange || m.kind == Move::kKeep) {
        c.key = m.kind == Move::kExchange ? "e" : "k";
      } else {
        const int pos =
            static_cast<int>(std::find(mine.begin(), mine.end(), m.card) - mine.begin());
        c.key = std::to_string(pos + 1);
        c.picks = {{viewer, pos}};
        c.to = {run_zone(n), -1};
      }
    }
    if (phase_ == Phase::kExchange) {
      v.list_choices = true;
      v.prompt = "You may exchange your hand for the dead hand, without seeing it, or keep it.";
    } else if (phase_ == Phase::kStake) {
      v.list_choices = true;
      const int left_to = ante_of(viewer) - staked(viewer);
      v.prompt =
          "Stake your ante on the boodle cards, one chip at a time: " + chips_text(left_to) +
          " still to place." +
          (may_stake_evenly(viewer) || may_stake_as_last(viewer) ? " Or stake it all at once."
                                                                 : "");
    } else if (!leading_) {
      v.prompt = "You hold the next card of the run: play it.";
    } else if (legal.size() == 1 && Move::decode(legal[0])->kind == Move::kPass) {
      v.prompt = "You have no card of a new suit: pass the lead to your left.";
    } else {
      const Suit barred = barred_suit();
      v.prompt = barred == SUIT_NB ? "Your lead: the lowest card of any of your suits."
                                   : "Your lead: the lowest card of a new suit (not " +
                                         std::string(suit_name(barred)) + ").";
    }
  }
  if (v.text() && over) v.result = outcome().summary;
}

// "The 11 chips left on the boodle cards are divided equally: each player
// gets 2 chips; Seat 1, Seat 2 and you also get a chip each." Told in the
// payment grammar the payments test reads (tests/payments_test.cc).
std::string MichiganState::shared_words(const Rules& r, const Words& w, int shared, Seat dealer) {
  const int n = r.players, each = shared / n, odd = shared % n;
  auto left = [&](int k) { return static_cast<Seat>((dealer + k) % n); };  // of the dealer
  std::string to;  // those who take an odd chip, from the dealer's left
  for (int k = 1; k <= odd; ++k)
    to += std::string(k == 1 ? "" : k == odd ? " and " : ", ") + w.whom(left(k));
  // The verb agrees with "you" alone or with several.
  const bool plural = odd > 1 || w.you(left(1));
  if (shared == 1)
    return w.who(left(1)) + " " + w.verb(left(1), "take", "takes") +
           " the one chip left on the boodle cards.";
  const std::string line =
      "The " + chips_text(shared) + " left on the boodle cards are divided equally: ";
  const std::string odd_words = opening(to) + (each ? " also" : "") + (plural ? " get" : " gets") +
                                " a chip" + (odd > 1 ? " each." : ".");
  if (each == 0) return line + odd_words;
  return line + "each player gets " + chips_text(each) + (odd ? "; " + odd_words : ".");
}

void MichiganState::tell(const Rules& r, const Event& e, const Scene& sc, const Words& w,
                         std::vector<std::string>& out) {
  // The actor's own, not "Seat 3 keeps Seat 3's hand".
  const std::string own = w.you(e.actor) ? "your" : "his";
  auto even_stakes = [&] {
    if (!e.stakes_shown) return;
    const int per = r.ante / kBoodles;
    out.push_back("Hand " + std::to_string(e.hand) + ": each player puts " + chips_text(r.ante) +
                  " on the boodle cards, " + (per == 1 ? "one" : std::to_string(per)) + " on each" +
                  (r.dealer_double
                       ? "; " + w.who(e.dealer) + ", the dealer, " +
                             w.verb(e.dealer, "put", "puts") + " " + chips_text(r.ante) + " more."
                       : "."));
  };
  switch (e.kind) {
    case Event::kNothing:
      return;
    case Event::kDealer:
      out.push_back(w.who(e.actor) + " " + w.verb(e.actor, "are", "is") +
                    " chosen at random to deal first.");
      even_stakes();
      return;
    case Event::kStake: {
      if (e.whole)
        out.push_back(w.says(e.actor, "put") + " " + chips_text(e.ante) + " on the boodle cards" +
                      (e.as_last ? " as last deal" : "") + ": " + division_words(e.put) + ".");
      else
        out.push_back(w.says(e.actor, "put") + " a chip on the " + boodle_name(e.boodle) + " (" +
                      std::to_string(e.staked) + " of " + std::to_string(e.ante) + ").");
      if (e.all_staked) {
        std::string pots = "The boodle cards hold:";
        for (int b = 0; b < kBoodles; ++b)
          pots += std::string(b ? ", " : " ") +
                  card_token(kBoodleCards[static_cast<std::size_t>(b)]) + " " +
                  chips_text(sc.pots[static_cast<std::size_t>(b)]);
        out.push_back(pots + ".");
      }
      return;
    }
    case Event::kDeal:
      out.push_back("Hand " + std::to_string(e.hand) + " of " + std::to_string(r.match_hands()) +
                    ": " + w.says(e.actor, "deal") +
                    " the whole pack one card at a time, with a dead hand at the dealer's left.");
      tell_own_hand(w, sc.dealt, out);
      return;
    case Event::kExchange:
      out.push_back(w.who(e.actor) + " " + w.verb(e.actor, "exchange", "exchanges") + " " + own +
                    " hand for the dead hand, unseen.");
      if (w.viewer() >= 0 && w.viewer() == e.actor)
        out.push_back("You hold " + token_list(sc.taken_up) + ".");
      return;
    case Event::kKeep:
      out.push_back(w.who(e.actor) + " " + w.verb(e.actor, "keep", "keeps") + " " + own + " hand.");
      return;
    case Event::kPass:
      out.push_back(w.who(e.actor) + " " + w.verb(e.actor, "have", "has") +
                    " no card of a new suit and " + w.verb(e.actor, "pass", "passes") +
                    " the lead to " + w.whom(e.next) + ".");
      return;
    case Event::kPlay: {
      out.push_back(w.says(e.actor, e.lead ? "lead" : "play") + " " + card_token(e.card) + ".");
      if (e.boodle >= 0)
        out.push_back(e.collected > 0
                          ? w.says(e.actor, "collect") + " the " + chips_text(e.collected) +
                                " on the " + boodle_name(e.boodle) + "."
                          : "The " + boodle_name(e.boodle) + " holds no chips.");
      if (e.out) {
        int won = 0;
        std::string paid;
        for (Seat s = 0; s < r.players; ++s) {
          const int p = sc.paid[static_cast<std::size_t>(s)];
          won += p;
          if (s != e.actor)
            paid += std::string(paid.empty() ? "" : ", ") + w.who(s) + " " + std::to_string(p);
        }
        out.push_back(w.who(e.actor) + " " + w.verb(e.actor, "go", "goes") + " out first and " +
                      w.verb(e.actor, "collect", "collects") + " " + chips_text(won) +
                      ", a chip a card held (" + paid + ").");
        if (e.left_on > 0 && !e.over)
          out.push_back(chips_text(e.left_on) +
                        " left on the boodle cards carry over to the next hand.");
        if (!e.over) return even_stakes();
        if (e.shared > 0) out.push_back(shared_words(r, w, e.shared, e.dealer));
        out.push_back(outcome_of(r, sc.chips).summary);
        return;
      }
      switch (e.stop) {
        case Event::kNoStop:
          return;
        case Event::kAceStop:
          out.push_back("Stop: the run has reached the ace.");
          break;
        case Event::kDeadStop:
          out.push_back("Stop: " + card_token(next_card(e.card)) + " is in the dead hand.");
          break;
        case Event::kPlayedStop:
          out.push_back("Stop: " + card_token(next_card(e.card)) + " was played earlier.");
          break;
      }
      out.push_back(w.says(e.actor, "lead") + " next, in a new suit.");
      return;
    }
  }
}

}  // namespace parlour::michigan
