import {
  hashSessionToken,
  newSessionToken,
  type SessionLifetime,
} from '../lib/browser-sessions.js';

type ProxySession = {
  username: string;
  /** The Basic header for the upstream: credentials stay on the server (docs/architecture.md §1, §4). */
  authorization: string;
  created: number;
  lastUsed: number;
};

const LIMIT = 10_000;

/**
 * Proxy mode's sessions (UPSTREAM_API_URL): there is no database, so they live in this
 * process's memory, keyed by a hash of the token, with the same idle and absolute limits
 * as the database-backed ones. A restart signs everyone out, and replicas of a proxy do
 * not share them (put one proxy behind sticky sessions, or point browsers at one).
 */
export class ProxySessions {
  private readonly byHash = new Map<string, ProxySession>();

  constructor(
    private readonly lifetime: SessionLifetime,
    private readonly now: () => number = Date.now,
  ) {}

  create(username: string, authorization: string): string {
    if (this.byHash.size >= LIMIT) this.sweep();
    const token = newSessionToken();
    const at = this.now();
    this.byHash.set(hashSessionToken(token), {
      username,
      authorization,
      created: at,
      lastUsed: at,
    });
    return token;
  }

  use(token: string): ProxySession | undefined {
    const key = hashSessionToken(token);
    const entry = this.byHash.get(key);
    if (!entry) return undefined;
    if (!this.alive(entry)) {
      this.byHash.delete(key);
      return undefined;
    }
    entry.lastUsed = this.now();
    return entry;
  }

  revoke(token: string) {
    this.byHash.delete(hashSessionToken(token));
  }

  private alive(entry: ProxySession) {
    const at = this.now();
    return (
      at - entry.created < this.lifetime.absoluteMs && at - entry.lastUsed < this.lifetime.idleMs
    );
  }

  private sweep() {
    for (const [key, entry] of this.byHash) if (!this.alive(entry)) this.byHash.delete(key);
    // Still full of live sessions: the oldest go first (a Map iterates in insertion order).
    for (const key of this.byHash.keys()) {
      if (this.byHash.size < LIMIT) break;
      this.byHash.delete(key);
    }
  }
}
