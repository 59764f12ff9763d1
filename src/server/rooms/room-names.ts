/**
 * Short public room names that are easy to read aloud and type on a phone: an adjective, a
 * noun and two digits ("calm-otter-42"). 64 x 64 x 100 = 409,600 names; on a collision the
 * caller asks again.
 */
import { randomInt } from 'node:crypto';

const ADJECTIVES = [
  'amber', 'brave', 'bright', 'calm', 'clever', 'cosy', 'crisp', 'daring', 'eager', 'early', 'fair', 'fancy',
  'fresh', 'gentle', 'glad', 'golden', 'grand', 'green', 'happy', 'honest', 'jolly', 'keen', 'kind', 'lively',
  'lucky', 'merry', 'mighty', 'misty', 'modest', 'neat', 'noble', 'olive', 'plain', 'polite', 'proud', 'quick',
  'quiet', 'rapid', 'rosy', 'royal', 'ruby', 'sandy', 'sharp', 'shiny', 'silver', 'simple', 'smooth', 'snowy',
  'solid', 'spry', 'steady', 'sunny', 'swift', 'tidy', 'tiny', 'true', 'vivid', 'warm', 'wise', 'witty',
  'young', 'zesty', 'bold', 'cheery',
];
const NOUNS = [
  'otter', 'badger', 'beacon', 'birch', 'bison', 'breeze', 'brook', 'canyon', 'cedar', 'comet', 'coral', 'crane',
  'delta', 'dolphin', 'eagle', 'ember', 'falcon', 'fern', 'finch', 'fjord', 'forest', 'fox', 'garden', 'glacier',
  'harbor', 'hazel', 'heron', 'island', 'jaguar', 'koala', 'lagoon', 'lark', 'lemon', 'lynx', 'maple', 'meadow',
  'meteor', 'moose', 'nectar', 'oak', 'ocean', 'orchid', 'panda', 'pebble', 'pine', 'planet', 'prairie', 'puffin',
  'quartz', 'raven', 'reef', 'river', 'robin', 'salmon', 'sparrow', 'spruce', 'summit', 'thistle', 'tiger', 'tulip',
  'valley', 'walrus', 'willow', 'zebra',
];

export function generateRoomName(random: (max: number) => number = randomInt): string {
  const adjective = ADJECTIVES[random(ADJECTIVES.length)];
  const noun = NOUNS[random(NOUNS.length)];
  const digits = String(random(100)).padStart(2, '0');
  return `${adjective}-${noun}-${digits}`;
}
