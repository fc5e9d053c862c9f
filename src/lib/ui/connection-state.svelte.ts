/**
 * U2, R4, M2: the connection to the model server (Ollama, or an OpenAI-compatible one) as the
 * Settings panel shows it. Tells apart a server that is down, one that refuses this page (CORS),
 * and a missing model, each with the line to copy.
 */
import { OllamaModelClient } from '../model/ollama-model-client';
import type { LocalModel, PullProgress } from '../model/ollama-model-client';
import { serverClient, serverLabel } from '../model/server-client';
import type { ServerClient, ServerKind } from '../model/server-client';
import type { ApiKey } from './api-key';
import { keyFor, rememberedApiKey } from './api-key';
import { openAIBase } from '../model/openai-model-client';
import { pullFailureMessage } from '../model/ollama-errors';
import { offeredModels } from './offered-models';

export type ConnectionStatus =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'connected'; version: string; server: ServerKind }
  | { kind: 'down'; message: string; command: string }
  | { kind: 'cors'; message: string; command: string }
  | { kind: 'model-missing'; message: string; command: string }
  | { kind: 'not-ollama'; message: string; command: string };

export interface ModelEntry extends LocalModel {
  capabilities?: string[];
  /** M2: the server cannot say (chat-completions API): native tool calls may be tried. */
  capabilitiesUnknown?: boolean;
  contextLength?: number;
}

export class ConnectionState {
  status = $state<ConnectionStatus>({ kind: 'idle' });
  models = $state.raw<ModelEntry[]>([]);
  pull = $state<{ model: string; status: string; completed: number; total: number; error?: string } | undefined>(
    undefined,
  );
  /** With the demo model: an Ollama found at the configured server, so the first screen can offer its models. */
  found = $state.raw<{ host: string; version: string; models: string[] } | undefined>(undefined);
  /** The server that quiet look tried (Settings says what it found instead of "not checked"). */
  looked = $state<string | undefined>(undefined);
  /**
   * U2: the server the status and the model list describe. Settings compares it with the server
   * being typed, so another URL or kind never shows the previous server's "Connected" or models.
   */
  checked = $state.raw<{ host: string; kind: ServerKind } | undefined>(undefined);

  /** Whether the status and model list are about this server (the one in a Settings draft). */
  describes(host: string, kind: ServerKind): boolean {
    return this.checked?.host === host && this.checked.kind === kind;
  }

  /**
   * M2: held in memory only, unless the person chose to remember it on this device (api-key.ts);
   * sent only to the server it was entered for.
   */
  apiKey = $state.raw<ApiKey | undefined>(rememberedApiKey());

  constructor(
    private readonly origin: string,
    /** M2: which API the server in the settings speaks. */
    private readonly serverKind: () => ServerKind = () => 'ollama',
  ) {}

  get kind(): ServerKind {
    return this.serverKind();
  }

  client(host: string, kind: ServerKind = this.kind): ServerClient {
    const apiKey = keyFor(this.apiKey, host);
    return serverClient(kind, { host, origin: this.origin, ...(apiKey ? { apiKey } : {}) });
  }

  /** Only Ollama pulls models and renders prompts with a chat template. */
  ollama(host: string): OllamaModelClient | undefined {
    const client = this.client(host);
    return client instanceof OllamaModelClient ? client : undefined;
  }

  /**
   * A CORS refusal and a dead server both fail as "Failed to fetch". A no-cors request needs no
   * permission: if it reaches the server, the server is up and it is CORS that refused us.
   */
  private async serverAnswersWithoutCors(host: string): Promise<boolean> {
    try {
      await fetch(`${host.replace(/\/+$/, '')}/`, { mode: 'no-cors', cache: 'no-store' });
      return true;
    } catch {
      return false; // Unreachable even without CORS: the server is down (or the host is wrong).
    }
  }

  async check(host: string, model: string, kind: ServerKind = this.kind): Promise<void> {
    this.status = { kind: 'checking' };
    this.checked = { host, kind };
    const client = this.client(host, kind);
    const version = await client.version();
    if (!version.ok && kind === 'openai') return this.openAIFailed(host, version.error.kind, version.error.message);
    if (!version.ok) {
      if (version.error.kind !== 'unreachable') {
        // Something answered, but not as Ollama does: one clear state, not "down" and "missing" at once.
        this.status = {
          kind: 'not-ollama',
          message:
            `The server at ${host} answered, but not as Ollama ` +
            `(${version.error.message.split('\n')[0]}). Check the URL; Ollama ` +
            `listens on port 11434 by default:`,
          command: 'http://127.0.0.1:11434',
        };
        this.models = [];
        return;
      }
      if (await this.serverAnswersWithoutCors(host)) {
        this.status = {
          kind: 'cors',
          message:
            `A server at ${host} is running but refuses requests from this page ` +
            `(CORS). If it is Ollama, allow this origin and restart it (if it is ` +
            `not Ollama, fix the URL in Settings):`,
          command: `OLLAMA_ORIGINS=${this.origin} ollama serve`,
        };
      } else {
        this.status = {
          kind: 'down',
          message: `Cannot reach Ollama at ${host}. Start it (or check the URL):`,
          command: 'ollama serve',
        };
      }
      this.models = [];
      return;
    }
    const listed = await client.listModels();
    this.models = listed.ok ? listed.value : [];
    if (model && !this.models.some((entry) => entry.name === model || entry.name === `${model}:latest`)) {
      this.status =
        kind === 'ollama'
          ? {
              kind: 'model-missing',
              message: `Ollama ${version.value} is running, but the model "${model}" is not on it. Pull it:`,
              command: `ollama pull ${model}`,
            }
          : {
              kind: 'model-missing',
              message: `The server at ${host} does not list "${model}". It lists:`,
              command: this.models.map((entry) => entry.name).join(', ') || '(nothing)',
            };
    } else {
      this.status = { kind: 'connected', version: version.value, server: kind };
    }
    void this.loadCapabilities(client);
  }

  /** M2: the same states for an OpenAI-compatible server, in its terms (no pull, no OLLAMA_ORIGINS). */
  private async openAIFailed(host: string, kind: string, message: string): Promise<void> {
    this.models = [];
    if (kind !== 'unreachable') {
      this.status = { kind: 'not-ollama', message: `The server at ${host} answered, but: ${message}`, command: host };
      return;
    }
    this.status = (await this.serverAnswersWithoutCors(host))
      ? {
          kind: 'cors',
          message: `A server at ${host} is running but refuses requests from this page (CORS). Allow this origin:`,
          command: this.origin,
        }
      : {
          kind: 'down',
          message: `Cannot reach an ${serverLabel('openai')} at ${host}. Start it (or check the URL):`,
          command: `${openAIBase(host)}/models`,
        };
  }

  /**
   * A quiet look for a running Ollama (the demo model needs none, so finding nothing is not an
   * error): a first-time user who already runs Ollama is offered its models instead of a script.
   */
  async discover(host: string): Promise<void> {
    this.looked = host;
    const client = this.client(host);
    const version = await client.version();
    const listed = version.ok ? await client.listModels() : undefined;
    // U2: Settings lists what was found, with no Check connection needed first.
    this.models = listed?.ok ? listed.value : [];
    this.checked = { host, kind: this.kind };
    this.found =
      version.ok && listed?.ok && listed.value.length > 0
        ? { host, version: version.value, models: offeredModels(listed.value.map((model) => model.name)) }
        : undefined;
  }

  private async loadCapabilities(client: ServerClient): Promise<void> {
    const described = await Promise.all(
      this.models.map(async (model) => {
        const info = await client.describe(model.name);
        return 'capabilities' in info
          ? {
              ...model,
              capabilities: info.capabilities,
              contextLength: info.contextLength,
              ...(info.capabilitiesUnknown ? { capabilitiesUnknown: true } : {}),
            }
          : model;
      }),
    );
    this.models = described;
  }

  async pullModel(host: string, model: string, signal?: AbortSignal): Promise<boolean> {
    this.pull = { model, status: 'starting', completed: 0, total: 0 };
    const ollama = this.ollama(host);
    if (!ollama) return false;
    const result = await ollama.pull(model, {
      signal,
      onProgress: (progress: PullProgress) => {
        this.pull = {
          model,
          status: progress.status,
          completed: progress.completed ?? this.pull?.completed ?? 0,
          total: progress.total ?? this.pull?.total ?? 0,
        };
      },
    });
    if (!result.ok) {
      this.pull = {
        model,
        status: 'failed',
        completed: 0,
        total: 0,
        error: pullFailureMessage(model, result.error.message),
      };
      return false;
    }
    this.pull = { model, status: 'success', completed: 1, total: 1 };
    await this.check(host, model);
    return true;
  }
}
