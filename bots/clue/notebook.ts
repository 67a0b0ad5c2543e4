import { z } from 'zod';
import type { Rng } from '../../src/core/rng.js';
import { caseFileEntropy, suggestionGain } from '../../src/deduction/information.js';
import type { ClueAction } from '../../src/games/clue/actions.js';
import type { ClueVariantId } from '../../src/games/clue/cards.js';
import type { ClueView } from '../../src/games/clue/view.js';
import type { Knowledge } from '../../src/deduction/knowledge.js';
import type { Triple } from './actions.js';
import { Knowing } from './mind.js';
import { anyOf, strategyBot, type Strategy } from './policy.js';
import { refutationOrder } from './refutation.js';

/**
 * When to accuse before the case file is certain, and how widely to look for a suggestion. Accusing
 * wins with the probability p of the most likely case file; waiting wins only if no opponent solves
 * it first, a risk that grows round after round. So the bar starts high and comes down each round
 * (a round: every player's turn once), to a floor it drops to at once when an opponent may be about
 * to accuse (a suggestion of theirs in the last round went unrefuted: they may hold those cards, or
 * have found them). Choosing among all 36 suspect-weapon pairs instead of a shortlist played no
 * better in our runs and cost 1.6 times as long.
 */
const notebookParams = z.object({
  accuseFirst: z.number().min(0).max(1).default(0.95).describe('the probability of the likeliest case file that makes it accuse in the first round'),
  accuseStep: z.number().min(0).max(1).default(0.03).describe('how much that bar comes down each round'),
  accuseFloor: z.number().min(0).max(1).default(0.6).describe('the lowest bar, at once when an opponent may be about to accuse'),
  shortlist: z.number().int().min(1).max(6).default(3).describe('how many of the most uncertain suspects and weapons a suggestion is chosen among'),
});
type NotebookParams = z.output<typeof notebookParams>;

/** A room where nothing can be learned is still worth a little: a place to suggest from on the way. */
const FLOOR = 0.01;
/** How much a likely case-file room draws the pawn, in bits, once the case is solved (Cluedo). */
export const ROOM_PULL = 1;

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
  private firstEntropy = -1;
  private values: ReadonlyMap<string, number> = new Map();

  constructor(
    variant: ClueVariantId,
    seat: number,
    private readonly rng: Rng,
    private readonly params: NotebookParams,
  ) {
    super(variant, seat);
  }

  accusation(view: ClueView): Triple | null {
    const certain = this.known.certainCaseFile();
    if (certain !== null) return certain;
    const round = Math.floor((view.turnNumber - 1) / view.players.length);
    const { accuseFirst, accuseStep, accuseFloor } = this.params;
    const threshold = this.underPressure(view) ? accuseFloor : Math.max(accuseFloor, accuseFirst - accuseStep * round);
    if (this.likeliestAt !== this.known.version) {
      this.likeliest = this.mostLikelyCaseFile(accuseFloor);
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
   * Each room's worth, for moving: the information only that room can bring, the uncertainty of
   * its own card being the case file's (the suspect and the weapon are chosen, by their exact
   * expected information, wherever the pawn stands). Where the accusation must be made from inside
   * the accused room, the likely rooms draw the pawn too, the more the closer the case is solved.
   */
  roomValues(view: ClueView): ReadonlyMap<string, number> {
    const mind = this.known;
    if (this.valuesAt === mind.version) return this.values;
    const { knowledge, deck } = mind;
    const cf = knowledge.shape.caseFile;
    const pull = view.rules.accuseFrom === 'accusedRoom' ? ROOM_PULL * Math.max(0, 1 - caseFileEntropy(knowledge) / this.initialEntropy(knowledge)) : 0;
    const values = new Map<string, number>();
    for (const room of deck.byCategory[2]!) {
      const p = knowledge.probability(room, cf);
      values.set(deck.names[room]!, FLOOR + uncertainty(p) + pull * p);
    }
    this.values = values;
    this.valuesAt = mind.version;
    return values;
  }

  /** The case file's entropy at the first decision. */
  private initialEntropy(knowledge: Knowledge): number {
    if (this.firstEntropy < 0) this.firstEntropy = caseFileEntropy(knowledge);
    return this.firstEntropy;
  }

  /**
   * The suggestion with the most expected information, counted exactly, among the suspects and
   * weapons whose place in the case file is most uncertain (`shortlist` of each, and a card no one
   * asked can hold, to bluff with); of suggestions alike, one is counted.
   */
  suggest(view: ClueView, options: readonly ClueAction[]): ClueAction {
    const { knowledge, deck } = this.known;
    const asked = refutationOrder(view, this.seat);
    const before = caseFileEntropy(knowledge);
    const room = deck.index.get(view.room!)!;
    // A card whose owner is known is like any other card of that owner; and like any card no one
    // asked can hold (mine, the case file's, a departed player's): it draws no card and teaches nothing.
    let asking = 0;
    for (const player of asked) asking |= 1 << player;
    const kind = (card: number): number => {
      const owners = knowledge.possibleOwners(card);
      if ((owners & (owners - 1)) !== 0) return card;
      return (owners & asking) !== 0 ? -1 - owners : -1;
    };
    const cf = knowledge.shape.caseFile;
    const shortlist = (category: number): Set<number> => {
      const kinds = new Map<number, number>();
      for (const c of deck.byCategory[category]!) if (!kinds.has(kind(c))) kinds.set(kind(c), c);
      const ranked = [...kinds.entries()].sort((a, b) => uncertainty(knowledge.probability(b[1], cf)) - uncertainty(knowledge.probability(a[1], cf)));
      const keep = new Set(ranked.slice(0, this.params.shortlist).map(([k]) => k));
      if (kinds.has(-1)) keep.add(-1);
      return keep;
    };
    const suspects = shortlist(0);
    const weapons = shortlist(1);
    const groups = new Map<string, { cards: number[]; options: ClueAction[] }>();
    for (const option of options) {
      if (option.type !== 'suggest') continue;
      const suspect = deck.index.get(option.suspect)!;
      const weapon = deck.index.get(option.weapon)!;
      if (!suspects.has(kind(suspect)) || !weapons.has(kind(weapon))) continue;
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
  (variant, seat, rng, params) => new NotebookStrategy(variant, seat, rng, params),
  notebookParams,
);
