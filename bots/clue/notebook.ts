import type { Rng } from '../../src/core/rng.js';
import { caseFileEntropy, suggestionGain } from '../../src/deduction/information.js';
import type { ClueAction } from '../../src/games/clue/actions.js';
import type { ClueVariantId } from '../../src/games/clue/cards.js';
import type { ClueView } from '../../src/games/clue/view.js';
import type { Triple } from './actions.js';
import { Knowing } from './mind.js';
import { anyOf, strategyBot, type Strategy } from './policy.js';
import { refutationOrder } from './refutation.js';

/**
 * When to accuse before the case file is certain: when the most likely case file is at least this
 * likely...
 */
export const ACCUSE_AT = 0.9;
/**
 * ...or at least this likely when an opponent may be about to accuse: one of the last round's
 * suggestions by an opponent went unrefuted (the suggester may hold those cards, or has found them).
 */
export const ACCUSE_UNDER_PRESSURE = 0.7;

/** A room where nothing can be learned is still worth a little: a place to suggest from on the way. */
const FLOOR = 0.01;

/** The binary entropy of "is this card the case file's". */
function uncertainty(p: number): number {
  return p <= 0 || p >= 1 ? 0 : -(p * Math.log2(p) + (1 - p) * Math.log2(1 - p));
}

/**
 * The exact probabilistic notebook: the probability of every card-owner pair, every consistent deal
 * equally likely. Suggests what brings the most expected information about the case file, heads
 * for the rooms where that is largest, shows the card that reveals least, and accuses when the
 * case file is certain or likely enough for the race it is in.
 */
class NotebookStrategy extends Knowing implements Strategy {
  private likeliest: { triple: Triple; probability: number } | null = null;
  private likeliestAt = -1;
  private valuesAt = -1;
  private values: ReadonlyMap<string, number> = new Map();

  constructor(
    variant: ClueVariantId,
    seat: number,
    private readonly rng: Rng,
  ) {
    super(variant, seat);
  }

  accusation(view: ClueView): Triple | null {
    const certain = this.known.certainCaseFile();
    if (certain !== null) return certain;
    const threshold = this.underPressure(view) ? ACCUSE_UNDER_PRESSURE : ACCUSE_AT;
    if (this.likeliestAt !== this.known.version) {
      this.likeliest = this.mostLikelyCaseFile(ACCUSE_UNDER_PRESSURE);
      this.likeliestAt = this.known.version;
    }
    const likeliest = this.likeliest;
    return likeliest !== null && likeliest.probability >= threshold ? likeliest.triple : null;
  }

  /** An opponent's suggestion in the last round went unrefuted. */
  private underPressure(view: ClueView): boolean {
    const recent = this.known.suggestions.slice(-(view.players.length - 1));
    return recent.some((s) => s.by !== this.seat && s.refutedBy === null);
  }

  /**
   * The most likely case file among the two likeliest cards of each category, counted exactly; null
   * when none can be `floor` likely (a case file is no likelier than its least likely card).
   */
  private mostLikelyCaseFile(floor: number): { triple: Triple; probability: number } | null {
    const { knowledge, deck } = this.known;
    const cf = knowledge.shape.caseFile;
    const owners = knowledge.owners;
    const likeliest = deck.byCategory.map((cards) => [...cards].sort((a, b) => knowledge.probability(b, cf) - knowledge.probability(a, cf)).slice(0, 2));
    if (likeliest.some((cards) => knowledge.probability(cards[0]!, cf) < floor)) return null;
    let best = { triple: { suspect: '', weapon: '', room: '' }, probability: -1 };
    for (const s of likeliest[0]!) {
      for (const w of likeliest[1]!) {
        for (const r of likeliest[2]!) {
          const joint = knowledge.ownersJoint([s, w, r]);
          const probability = joint[cf + cf * owners + cf * owners * owners]! / knowledge.worlds;
          if (probability > best.probability) best = { triple: { suspect: deck.names[s]!, weapon: deck.names[w]!, room: deck.names[r]! }, probability };
        }
      }
    }
    return best;
  }

  /**
   * Each room's worth: the expected information of a suggestion there naming the suspect and the
   * weapon whose place in the case file is most uncertain (the full choice is made in the room).
   */
  roomValues(view: ClueView): ReadonlyMap<string, number> {
    const mind = this.known;
    if (this.valuesAt === mind.version) return this.values;
    const { knowledge, deck } = mind;
    const cf = knowledge.shape.caseFile;
    const mostUncertain = (cards: readonly number[]): number =>
      cards.reduce((best, c) => (uncertainty(knowledge.probability(c, cf)) > uncertainty(knowledge.probability(best, cf)) ? c : best));
    const suspect = mostUncertain(deck.byCategory[0]!);
    const weapon = mostUncertain(deck.byCategory[1]!);
    const asked = refutationOrder(view, this.seat);
    const before = caseFileEntropy(knowledge);
    const values = new Map<string, number>();
    for (const room of deck.byCategory[2]!) values.set(deck.names[room]!, FLOOR + suggestionGain(knowledge, [suspect, weapon, room], asked, before));
    this.values = values;
    this.valuesAt = mind.version;
    return values;
  }

  /**
   * The suggestion with the most expected information. Cards whose holder is known are alike (any
   * one of a player's known cards draws the same answers and teaches the same), so one of each
   * kind is counted.
   */
  suggest(view: ClueView, options: readonly ClueAction[]): ClueAction {
    const { knowledge, deck } = this.known;
    const asked = refutationOrder(view, this.seat);
    const before = caseFileEntropy(knowledge);
    const room = deck.index.get(view.room!)!;
    const kind = (card: number): number => {
      const owners = knowledge.possibleOwners(card);
      return (owners & (owners - 1)) === 0 ? -1 - owners : card;
    };
    const groups = new Map<string, { cards: number[]; options: ClueAction[] }>();
    for (const option of options) {
      if (option.type !== 'suggest') continue;
      const suspect = deck.index.get(option.suspect)!;
      const weapon = deck.index.get(option.weapon)!;
      const key = `${kind(suspect)}/${kind(weapon)}`;
      const group = groups.get(key);
      if (group === undefined) groups.set(key, { cards: [suspect, weapon, room], options: [option] });
      else group.options.push(option);
    }
    let best: ClueAction[] = [];
    let bestGain = -Infinity;
    for (const group of groups.values()) {
      const gain = suggestionGain(knowledge, group.cards, asked, before);
      if (gain > bestGain + 1e-12) {
        bestGain = gain;
        best = group.options;
      } else if (gain > bestGain - 1e-12) best = [...best, ...group.options];
    }
    return anyOf(best, this.rng);
  }

  /** A card this suggester has seen from me already reveals nothing; else the card shown to most players. */
  show(view: ClueView, options: readonly ClueAction[]): ClueAction {
    const { shownTo, deck } = this.known;
    const suggester = view.suggestion!.seat;
    const cardOf = (a: ClueAction): number => deck.index.get((a as { card: string }).card)!;
    const seen = options.filter((a) => shownTo[suggester]!.has(cardOf(a)));
    if (seen.length > 0) return anyOf(seen, this.rng);
    const shownCount = (a: ClueAction): number => shownTo.filter((cards) => cards.has(cardOf(a))).length;
    const most = Math.max(...options.map(shownCount));
    return anyOf(
      options.filter((a) => shownCount(a) === most),
      this.rng,
    );
  }
}

export const notebookBot = strategyBot(
  'notebook',
  'exact probabilities of every card-owner pair; suggests by expected information, accuses when certain or likely enough',
  (variant, seat, rng) => new NotebookStrategy(variant, seat, rng),
);
