/**
 * Seeded choices for the task pool's generators (pure-rand's xoroshiro128+): the same seed gives
 * the same pool on any machine, and each family draws from its own stream, so adding a family or
 * a variant to one leaves every other family's tasks as they were.
 */
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/** A 32-bit FNV-1a hash: a family's name as a seed. */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

export class Random {
  private readonly generator: RandomGenerator;

  constructor(seed: number) {
    this.generator = xoroshiro128plus(seed);
  }

  /** A whole number from `from` to `to`, both included. */
  int(from: number, to: number): number {
    return uniformInt(this.generator, from, to);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(0, items.length - 1)];
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index--) {
      const other = this.int(0, index);
      [copy[index], copy[other]] = [copy[other], copy[index]];
    }
    return copy;
  }

  /** `count` different items, in a random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    if (count > items.length) throw new Error(`sample of ${count} from ${items.length}`);
    return this.shuffle(items).slice(0, count);
  }
}
