#include "games/bridge_whist/bots.h"

#include <algorithm>
#include <cmath>

#include "games/bridge_whist/state.h"

namespace parlour::bridge_whist {
namespace {

using kit::card_bit;
using kit::CardBits;
using kit::high;
using kit::master;

CardBits bits_of(const Hand& h) {
  CardBits b = 0;
  for (Card c : h) b |= card_bit(c);
  return b;
}

class HeuristicBot final : public Bot {
 public:
  Action act(const Observation& obs, Rng& rng) override {
    why_.clear();
    if (obs.legal().size() == 1) return obs.legal()[0];
    auto world = obs.sample(rng);
    if (!world) return obs.legal()[0];
    const auto& s = static_cast<const BridgeWhistState&>(*world);
    // The make reads only the bot's own hand and the score: its reasons
    // are the same in every sampled world.
    if (s.phase() == BridgeWhistState::Phase::kMake) {
      const int m = heuristic_make(s, obs.seat(), &why_);
      return m < 0 ? Move::pass().encode() : Move::make(m).encode();
    }
    return heuristic_action(s, obs.seat());
  }
  std::string explain() const override { return why_; }

 private:
  std::string why_;
};

std::string strain_words(int st) {
  return st == kNoTrumps ? "no trumps" : std::string(suit_name(Suit(st)));
}

std::string one_decimal(double x) {
  const long tenths = std::lround(x * 10);
  return std::to_string(tenths / 10) + "." + std::to_string(std::abs(tenths % 10));
}

// The dealer's lead from `p`, one of his two hands, by the partner hand's
// cards too (both are in view): an invalid Card where no rule applies. In
// order: a master of a suit in which `p` is the short hand (the highest);
// a low card to the partner's masters where the partner is the short hand;
// a master of `p`'s own; a low card to the partner's masters. Masters of the
// trump suit wait: the side's trumps are drawn by the rules below.
Card combine_lead(const BridgeWhistState& s, Seat p, const Hand& ok, CardBits known) {
  const Suit trump = s.trump();
  const Hand& partner = s.hand(partner_of(p));
  // The dealer sees both hands, whichever he plays from.
  known |= bits_of(partner) | bits_of(s.hand(p));
  std::array<int, SUIT_NB> mine{}, theirs{};
  std::array<Card, SUIT_NB> my_top{}, my_low{};
  std::array<bool, SUIT_NB> their_master{};
  for (Card c : s.hand(p)) ++mine[c.suit()];
  for (Card c : partner) {
    ++theirs[c.suit()];
    if (master(c, known)) their_master[c.suit()] = true;
  }
  for (Card c : ok) {
    const int su = c.suit();
    if (master(c, known) && (!my_top[su].valid() || high(c) > high(my_top[su]))) my_top[su] = c;
    if (!my_low[su].valid() || high(c) < high(my_low[su])) my_low[su] = c;
  }
  for (int rule = 0; rule < 4; ++rule)
    for (int su = 0; su < SUIT_NB; ++su) {
      if (su == trump) continue;
      const bool short_here = mine[su] <= theirs[su];
      switch (rule) {
        case 0:
          if (short_here && my_top[su].valid()) return my_top[su];
          break;
        case 1:
          if (!short_here && their_master[su] && my_low[su].valid()) return my_low[su];
          break;
        case 2:
          if (my_top[su].valid()) return my_top[su];
          break;
        case 3:
          if (their_master[su] && my_low[su].valid()) return my_low[su];
          break;
      }
    }
  return Card();
}

// Plays out many times in a search's play-outs: fixed-size hands, no
// allocation.
Action choose_card(const BridgeWhistState& s) {
  const Seat p = s.player();
  const Hand& h = s.hand(p);
  const CardBits playable = kit::playable(std::span<const Card>(h.data(), h.size()), s.trick());
  Hand ok;
  for (Card c : h)
    if (playable & card_bit(c)) ok.push_back(c);
  const Suit trump = s.trump();
  // What this seat knows lies where: its hand, the cards played, dummy's.
  CardBits known = bits_of(h);
  for (Seat q = 0; q < kPlayers; ++q) known |= s.played_by(q);
  if (s.dummy_shown()) known |= bits_of(s.hand(s.dummy()));
  const kit::Trick& t = s.trick();
  auto lowest = [&](const Hand& cs) {
    return *std::min_element(cs.begin(), cs.end(), [](Card a, Card b) {
      return high(a) != high(b) ? high(a) < high(b) : a.suit() < b.suit();
    });
  };
  if (t.empty()) {
    // The dealer leading from either of his hands (dummy's lies open): the
    // high cards of the short hand first (S2 "Combining the Hands of Dealer
    // and Dummy"; B4 "the methods by which the hands of the partners are
    // combined"), so that the long hand is left with the masters and a small
    // card of the short hand can still reach them.
    if (s.dummy_shown() && side_of(p) == side_of(s.dealer()))
      if (const Card c = combine_lead(s, p, ok, known); c.valid()) return Move::play(c).encode();
    // A master card first; else the fourth best of the longest suit
    // (against no trumps and a suit alike), the lowest of a short one.
    for (Card c : ok)
      if (c.suit() != trump && master(c, known)) return Move::play(c).encode();
    std::array<Hand, SUIT_NB> by{};
    for (Card c : ok) by[c.suit()].push_back(c);
    int best = -1;
    for (int su = 0; su < SUIT_NB; ++su) {
      if (by[su].empty()) continue;
      const bool prefer = best < 0 || (su == trump) < (best == trump) ||
                          ((su == trump) == (best == trump) && by[su].size() > by[best].size());
      if (prefer) best = su;
    }
    Hand& suit = by[static_cast<std::size_t>(best)];
    std::sort(suit.begin(), suit.end(), [](Card a, Card b) { return high(a) > high(b); });
    return Move::play(suit.size() >= 4 ? suit[3] : suit.back()).encode();
  }
  const Card winning = t.winning_card(trump);
  const Seat winner = t.winner(kPlayers, trump);
  const bool partner_wins = winner == partner_of(p);
  Hand winners;
  for (Card c : ok)
    if (kit::beats(c, winning, trump)) winners.push_back(c);
  const int pos = t.count();  // 1: second hand, 2: third, 3: fourth
  if (partner_wins && (pos == 3 || master(winning, known | card_bit(winning))))
    return Move::play(lowest(ok)).encode();
  if (pos == 1) {
    // Second hand low, but an honour led is covered by a higher honour.
    const Card led = t.card(0);
    // (Following suit, every card that wins is of the suit led.)
    if (high(led) >= high(Card::standard(kJack, kClubs)) && led.suit() == ok[0].suit() &&
        !winners.empty())
      return Move::play(lowest(winners)).encode();
    if (!winners.empty() && winners[0].suit() != t.led() && t.led() != trump) {
      // Void: a low trump wins now.
      return Move::play(lowest(winners)).encode();
    }
    return Move::play(lowest(ok)).encode();
  }
  // Third hand high, fourth as cheaply as wins.
  if (!winners.empty()) {
    if (pos == 2) {
      // Third hand high: the highest of the suit led that wins; void, the
      // lowest trump that wins.
      Card top;
      for (Card c : winners)
        if (c.suit() == t.led() && (!top.valid() || high(c) > high(top))) top = c;
      if (top.valid()) return Move::play(top).encode();
    }
    return Move::play(lowest(winners)).encode();
  }
  return Move::play(lowest(ok)).encode();
}

}  // namespace

std::array<double, 5> side_tricks(const BridgeWhistState& s, Seat me) {
  const Hand& h = s.hand(me);
  std::array<int, SUIT_NB> len{};
  std::array<double, SUIT_NB> tops{};
  for (Card c : h) ++len[c.suit()];
  for (Card c : h) {
    const int su = c.suit();
    if (c.rank() == kAce) tops[su] += 1;
    if (c.rank() == kKing) tops[su] += len[su] >= 2 ? 0.75 : 0.25;
    if (c.rank() == kQueen) tops[su] += len[su] >= 3 ? 0.4 : 0.1;
  }
  double all_tops = 0;
  for (double t : tops) all_tops += t;
  // An average partner holds about three tricks of his own.
  constexpr double kPartner = 3.0;
  std::array<double, 5> out{};
  for (int t = 0; t < SUIT_NB; ++t) {
    double e = all_tops + std::max(0, len[t] - 3) + (len[t] >= 5 ? 0.5 : 0);
    if (len[t] >= 3)
      for (int o = 0; o < SUIT_NB; ++o)
        if (o != t) e += len[o] == 0 ? 1.0 : len[o] == 1 ? 0.5 : 0;
    out[static_cast<std::size_t>(t)] = e + kPartner;
  }
  double nt = all_tops;
  for (int o = 0; o < SUIT_NB; ++o)
    if (tops[o] >= 1 && len[o] >= 5) nt += len[o] - 4;
  out[kNoTrumps] = nt + kPartner;
  return out;
}

int heuristic_make(const BridgeWhistState& s, Seat me, std::string* why) {
  // B5: "The bridge player's first consideration should be the state of the
  // score, which will show how many points he needs to win the game."
  const std::array<double, 5> e = side_tricks(s, me);
  const int need = s.needs(side_of(me));
  // B7: the odd tricks that make the points needed differ by make ("six by
  // cards with spades for trumps; three by cards with clubs"). Where some
  // make is expected to reach game, the one with the most tricks to spare;
  // else the most points expected; a make must promise half an odd trick.
  int best = -1, best_game = -1;
  double best_points = 0, best_spare = -1;
  std::string each;
  for (int st = 0; st < kStrains; ++st) {
    const double odd = e[static_cast<std::size_t>(st)] - 6;
    const int for_game = (need + trick_value(st) - 1) / trick_value(st);
    if (why)
      each += std::string(st ? "; " : "") + strain_words(st) + " " +
              one_decimal(std::max(odd, 0.0)) + " (game needs " + std::to_string(for_game) + ")";
    if (odd < 0.5) continue;
    if (const double spare = odd - for_game; spare >= 0 && spare > best_spare)
      best_spare = spare, best_game = st;
    if (odd * trick_value(st) > best_points) best_points = odd * trick_value(st), best = st;
  }
  if (best_game >= 0) best = best_game;
  if (why) {
    // B6: "Let us suppose this number to be 12, he having already scored 18."
    const int below = 30 - need;
    *why = "needs " + std::to_string(need) + " for game" +
           (below ? " (" + std::to_string(below) + " below the line already)"
                  : " (nothing below the line)") +
           "; odd tricks expected with an average partner: " + each + "; so " +
           (best < 0            ? "passes the make"
            : best == best_game ? "makes " + strain_words(best) + ", the surest game"
                                : "makes " + strain_words(best) + ", the most points");
  }
  return best;
}

int forced_make(const BridgeWhistState& s, Seat me) {
  const Hand& h = s.hand(me);
  std::array<int, SUIT_NB> len{}, strength{};
  int aces = 0;
  for (Card c : h) {
    ++len[c.suit()];
    const Rank r = c.rank();
    strength[c.suit()] += r == kAce ? 11 : r >= kTen ? 10 : static_cast<int>(r);
    aces += r == kAce;
  }
  if (aces >= 3) return kNoTrumps;
  int best = 0;
  for (int su = 1; su < SUIT_NB; ++su) {
    const auto key = [&](int x) { return std::tuple(len[x], strength[x], trick_value(x)); };
    if (key(su) > key(best)) best = su;
  }
  return best;
}

Action heuristic_action(const BridgeWhistState& s, Seat me) {
  using P = BridgeWhistState::Phase;
  switch (s.phase()) {
    case P::kMake: {
      const int m = heuristic_make(s, me);
      return m < 0 ? Move::pass().encode() : Move::make(m).encode();
    }
    case P::kPassed:
      return Move::make(forced_make(s, me)).encode();
    case P::kDouble: {
      // Sure tricks of its own: aces, and kings beside them.
      const Hand& h = s.hand(me);
      double sure = 0;
      for (Card c : h) sure += c.rank() == kAce ? 1 : c.rank() == kKing ? 0.5 : 0;
      const bool makers = side_of(me) == side_of(s.maker());
      const double needs = makers ? 6 : 5;
      if (s.doubles() < 2 && sure >= needs && s.rules().may_double_to(s.strain(), s.doubles() + 1))
        return Move::double_().encode();
      return Move::content().encode();
    }
    case P::kPlay:
      return choose_card(s);
    default:
      return Move::content().encode();
  }
}

std::unique_ptr<Bot> make_heuristic_bot() {
  return std::make_unique<HeuristicBot>();
}

std::optional<kit::DdPosition> dd_position(const State& state, Seat seat) {
  const auto& s = static_cast<const BridgeWhistState&>(state);
  if (s.phase() != BridgeWhistState::Phase::kPlay) return std::nullopt;
  kit::DdPosition p;
  p.seats = kPlayers;
  for (Seat h = 0; h < kPlayers; ++h) p.hands[static_cast<std::size_t>(h)] = bits_of(s.hand(h));
  p.set_trick(s.trick());
  p.trump = s.trump();
  // The dealer plays dummy's cards: either way the tricks counted are the side's.
  p.side = side_of(seat) == 0 ? 0b0101 : 0b1010;
  return p;
}

namespace {
kit::DdGame dd_game() {
  kit::DdGame g;
  g.position = dd_position;
  g.card = [](const State&, Seat, Action a) {
    const std::optional<Move> m = Move::decode(a);
    return m && m->kind == Move::kPlay ? m->card : Card();
  };
  g.otherwise = [] { return make_heuristic_bot(); };
  return g;
}
}  // namespace

std::unique_ptr<Bot> make_dd_sample_bot(kit::DdSampleOptions options) {
  return kit::make_dd_sample_bot(dd_game(), options);
}

const DoubleDummy& double_dummy() {
  static const kit::DdAnalysis analysis(dd_game());
  return analysis;
}

namespace {

class Hints final : public SearchHints {
 public:
  Action policy(const State& state, Seat seat, std::span<const Action>, Rng&) const override {
    return heuristic_action(static_cast<const BridgeWhistState&>(state), seat);
  }
  void estimate(const State& state, std::span<double> value) const override {
    const auto& s = static_cast<const BridgeWhistState&>(state);
    // The points ahead, a game counting for what it is worth towards the
    // rubber, and the tricks taken in this deal.
    const double ahead = s.total(0) - s.total(1) + 60.0 * (s.games(0) - s.games(1)) +
                         4.0 * (s.tricks(0) - s.tricks(1));
    const double v = 1 / (1 + std::exp(-ahead / 60));
    for (Seat p = 0; p < kPlayers; ++p)
      value[static_cast<std::size_t>(p)] = side_of(p) == 0 ? v : 1 - v;
  }
};

class Sampler final : public Resampler {
 public:
  std::unique_ptr<State> resample(const State& state, Seat seat, Rng& rng) const override {
    auto out = std::make_unique<BridgeWhistState>(static_cast<const BridgeWhistState&>(state));
    out->forget_last_event();
    if (out->terminal()) return out;
    std::array<kit::HiddenPlace, kPlayers> places{};
    std::array<Card, 52> pool{}, dealt{};
    int np = 0, cards = 0;
    std::array<Seat, kPlayers> who{};
    for (Seat p = 0; p < kPlayers; ++p) {
      if (p == seat || (out->dummy_shown() && p == out->dummy())) continue;
      const Hand& h = out->hand(p);
      who[static_cast<std::size_t>(np)] = p;
      places[static_cast<std::size_t>(np++)] = {static_cast<int>(h.size()), out->voids().of(p)};
      for (Card c : h) pool[static_cast<std::size_t>(cards++)] = c;
    }
    if (cards == 0) return out;
    if (!kit::deal_around_voids(
            std::span<const Card>(pool.data(), static_cast<std::size_t>(cards)),
            std::span<const kit::HiddenPlace>(places.data(), static_cast<std::size_t>(np)), rng,
            std::span<Card>(dealt.data(), static_cast<std::size_t>(cards))))
      return nullptr;
    int k = 0;
    for (int i = 0; i < np; ++i) {
      Hand& h = out->mutable_hand(who[static_cast<std::size_t>(i)]);
      for (Card& c : h) c = dealt[static_cast<std::size_t>(k++)];
      kit::sort_held(std::span<Card>(h.data(), h.size()));
    }
    return out;
  }
};

}  // namespace

const SearchHints& search_hints() {
  static const Hints h;
  return h;
}

const Resampler& resampler() {
  static const Sampler r;
  return r;
}

}  // namespace parlour::bridge_whist
