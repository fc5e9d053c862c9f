/** Flat settings files in the formats people keep them in: JSON, YAML, TOML, INI and .env. */
import type { Random } from './random';
import { hosts, people, regions } from './words';

export type ConfigFormat = 'json' | 'yaml' | 'toml' | 'ini' | 'env';
export const configFormats: ConfigFormat[] = ['json', 'yaml', 'toml', 'ini', 'env'];

export interface Setting {
  key: string;
  value: string | number;
  /** What the setting is, in words ("the port the server listens on"). */
  means: string;
}

/** A key as the format writes it: .env files shout. */
export function keyIn(format: ConfigFormat, key: string): string {
  return format === 'env' ? key.toUpperCase() : key;
}

function valueIn(format: ConfigFormat, value: string | number): string {
  if (typeof value === 'number') return String(value);
  return format === 'toml' ? JSON.stringify(value) : value;
}

/** One setting's line (all formats but JSON). */
export function settingLine(format: ConfigFormat, key: string, value: string | number): string {
  const name = keyIn(format, key);
  const written = valueIn(format, value);
  if (format === 'yaml') return `${name}: ${written}`;
  if (format === 'env') return `${name}=${written}`;
  return `${name} = ${written}`;
}

export function renderSettings(format: ConfigFormat, settings: readonly Setting[], heading?: string): string {
  if (format === 'json')
    return JSON.stringify(Object.fromEntries(settings.map((setting) => [setting.key, setting.value])), null, 2) + '\n';
  const rows = settings.map((setting) => settingLine(format, setting.key, setting.value));
  const top = format === 'ini' || format === 'toml' ? [`[${heading ?? 'app'}]`] : [];
  const comment = format === 'yaml' || format === 'env' ? [`# ${heading ?? 'app'} settings`] : [];
  return [...comment, ...top, ...rows].join('\n') + '\n';
}

/** The map the checker's `pairs` reads from a file in this format (a section prefixes its keys). */
export function pairsOf(format: ConfigFormat, settings: readonly Setting[], heading?: string) {
  const prefix = format === 'ini' || format === 'toml' ? `${heading ?? 'app'}.` : '';
  return Object.fromEntries(
    settings.map((setting) => [prefix + keyIn(format, setting.key), valueIn(format, setting.value)]),
  );
}

export function fileName(format: ConfigFormat, base: string): string {
  return `${base}.${format === 'yaml' ? 'yml' : format}`;
}

/** Four or five settings of a service, one of them `wanted` when given. */
export function someSettings(random: Random, count = 4): Setting[] {
  const all: Setting[] = [
    { key: 'port', value: random.int(1025, 9899), means: 'the port the server listens on' },
    { key: 'db_host', value: random.pick(hosts), means: 'the database host' },
    { key: 'timeout', value: random.pick([5, 10, 15, 20, 30, 45, 60, 90]), means: 'the request timeout in seconds' },
    { key: 'retries', value: random.int(2, 9), means: 'the number of times a request is retried' },
    { key: 'region', value: random.pick(regions), means: 'the region it runs in' },
    { key: 'admin_user', value: random.pick(people).toLowerCase(), means: 'the admin user' },
    { key: 'log_level', value: random.pick(['debug', 'info', 'warn', 'error']), means: 'the log level' },
    { key: 'workers', value: random.int(2, 16), means: 'the number of worker processes' },
  ];
  return random.sample(all, count);
}
