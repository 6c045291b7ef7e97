/**
 * The booking, appointment and move flows against the practice system over FHIR R4 (ADR 0051),
 * with JavaScript on and off: one portal per worker, started as `npm run fhir:dev` starts it
 * (scripts/fhir-dev.ts through `startPortal`: the local FHIR server with the demo calendar, a
 * fresh PGlite database, PRACTICE_SYSTEM=fhir) and shared by the tests of the spec.
 * - A patient books a time, moves it and cancels it on the pages (each step written through).
 * - The clinic's staff book two appointments for her straight into the FHIR server, as a clerk's
 *   system does (a second backend client, `staff`); after a sync she sees both in her list, checks
 *   in to the soon one on its anonymous link and moves the other from its page — and the FHIR
 *   server has both changes.
 * What each write does at the practice system in detail, its failures and the concurrent cases are
 * proven by the integration tests (tests/integration/practice-system/); the other flows (search,
 * payers, reminders …) by the built-in backend's specs, on the same tables.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Appointment, Bundle, BundleEntry, Patient, Schedule, Slot } from '@medplum/fhirtypes';
import { pagePath } from '../../../app/route-table';
import { clientAssertion, CLIENT_ASSERTION_TYPE } from '../../../app/services/practice-system/smart-auth';
import { clock, dayAhead, firstDayAhead, minutesFromNow } from '../../fixtures/clock';
import { freePort, startPortal, type PortalProcess } from '../../fixtures/portal-process';
import { DEMO_PERSONS, expect, jsEnabled, login, test as base } from '../fixtures';

/** The clinic's own system writing into the practice system beside the portal (client `staff`). */
class StaffClient {
  private token: string | null = null;
  constructor(
    readonly fhirOrigin: string,
    private readonly key: KeyObject,
  ) {}

  async call<T>(method: string, pathOrQuery: string, body?: unknown): Promise<T> {
    if (!this.token) {
      const tokenUrl = `${this.fhirOrigin}/oauth2/token`;
      const assertion = clientAssertion({ clientId: 'staff', tokenUrl, key: this.key, now: clock.toWall(clock.now()) });
      const answer = await fetch(tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_assertion_type: CLIENT_ASSERTION_TYPE, client_assertion: assertion }),
      });
      expect(answer.status, await answer.clone().text()).toBe(200);
      this.token = ((await answer.json()) as { access_token: string }).access_token;
    }
    const answer = await fetch(`${this.fhirOrigin}/fhir/R4/${pathOrQuery}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, accept: 'application/fhir+json', ...(body ? { 'content-type': 'application/fhir+json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await answer.text();
    expect(answer.ok, `${method} ${pathOrQuery}: ${text}`).toBe(true);
    return JSON.parse(text) as T;
  }
}

interface FhirPortal {
  portal: PortalProcess;
  staff: StaffClient;
}

const test = base.extend<{ staff: StaffClient }, { fhirPortal: FhirPortal }>({
  fhirPortal: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture of no other fixture (Playwright reads the pattern)
    async ({}, use) => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-fhir-'));
      const [port, fhirPort] = [await freePort(), await freePort()];
      const staffKeys = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
      const portal = startPortal({
        port,
        script: 'scripts/fhir-dev.ts',
        env: {
          FEATURES: 'none',
          PGLITE_DATA_DIR: path.join(dir, 'pglite'),
          FHIR_DEV_PORT: String(fhirPort),
          FHIR_DEV_STAFF_KEY: staffKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
          ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
        },
      });
      try {
        await portal.waitUntilReady(180_000);
        // The first sync has brought the calendar in when the search lists free times.
        const search = `${portal.origin}${pagePath('privateSearch', 'en')}?startDate=${firstDayAhead(2, [1, 2, 3, 4, 5])}`;
        await expect.poll(async () => (await (await fetch(search)).text()).includes('data-result-index'), { timeout: 180_000 }).toBe(true);
        await use({ portal, staff: new StaffClient(`http://127.0.0.1:${fhirPort}`, staffKeys.privateKey) });
      } catch (error) {
        throw new Error(`${String(error)}\n${portal.output()}`, { cause: error });
      } finally {
        await portal.kill();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ fhirPortal }, use) => use(fhirPortal.portal.origin),
  staff: async ({ fhirPortal }, use) => use(fhirPortal.staff),
});

/** The search on a weekday ahead: chooses its `nth` free time (the reserve or the move's confirm page follows). */
async function chooseTime(page: Page, nth: number) {
  const url = new URL(page.url());
  url.searchParams.set('startDate', firstDayAhead(3, [1, 2, 3, 4, 5]));
  await page.goto(url.pathname + url.search);
  const results = page.locator('a[data-result-index]');
  await expect(results.nth(nth)).toBeVisible();
  await results.nth(nth).click();
}

/** From the appointment's page: "Change time", the `nth` free time, confirmed. */
async function moveFromItsPage(page: Page, id: number | string, nth: number) {
  await page.goto(pagePath('appointment', 'en', { ids: String(id) }));
  await page.getByRole('link', { name: 'Change time' }).click();
  await chooseTime(page, nth);
  await expect(page.getByRole('heading', { level: 1, name: 'Change the time' })).toBeVisible();
  const binding = page.getByLabel(/binding/);
  if (await binding.count()) await binding.check();
  await page.getByRole('button', { name: 'Change the time' }).click();
  await expect(page.getByRole('status').getByText('The time has been changed.')).toBeVisible();
}

const actorsOf = (schedule: Schedule) => schedule.actor.map((actor) => ({ actor: { reference: actor.reference }, status: 'accepted' as const }));

test.describe('the pages on the practice system over FHIR', () => {
  // One worker for the file: its tests share the worker's portal (one start per worker).
  test.describe.configure({ mode: 'default', timeout: 150_000 });

  test('Aino books a time, moves it and cancels it', { tag: '@no-js' }, async ({ page }, testInfo) => {
    await login(page, 'aino');
    await page.goto(pagePath('privateSearch', 'en'));
    await chooseTime(page, 0);
    await page.waitForURL(/\/en\/(data-processing|available-appointments)/);
    if (/\/en\/data-processing/.test(page.url())) {
      await page.getByLabel('I have read the privacy statement').check();
      await page.getByRole('button', { name: 'Save' }).click();
    }
    const binding = page.getByLabel(/I understand that the reservation is binding/);
    if (await binding.count()) await binding.check();
    await page.getByRole('button', { name: 'Book appointment' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Appointment reserved successfully!' })).toBeVisible();
    const cancelHref = await page
      .getByRole('link', { name: /cancel/i })
      .first()
      .getAttribute('href');
    const id = /\/appointments\/(\d+)/.exec(cancelHref ?? '')?.[1];
    expect(id, cancelHref ?? '').toBeTruthy();

    await moveFromItsPage(page, id!, 1);

    await page.getByRole('link', { name: 'Cancel appointment' }).click();
    if (jsEnabled(testInfo.project.name)) {
      await page.getByRole('dialog', { name: 'Are you sure you want to cancel appointment?' }).getByRole('button', { name: 'Yes, cancel' }).click();
    } else {
      await expect(page.getByRole('heading', { name: 'Are you sure you want to cancel appointment?' })).toBeVisible();
      await page.getByRole('button', { name: 'Yes, cancel' }).click();
    }
    await expect(page.getByRole('status').getByText('The appointment has been cancelled.')).toBeVisible();
  });

  test(
    "the staff's appointments: listed after a sync, checked in to on the anonymous link, moved from the page",
    { tag: '@no-js' },
    async ({ page, staff, request }, testInfo) => {
      // The clerk books Aino a walk-in time in 20 minutes (a new Slot) and a free time ten days ahead.
      const patients = await staff.call<Bundle<Patient>>('GET', `Patient?identifier=urn:oid:1.2.246.21|${DEMO_PERSONS.aino.identityCode}`);
      const patient = patients.entry?.[0]?.resource;
      expect(patient?.id).toBeTruthy();
      const free = await staff.call<Bundle<Slot>>('GET', `Slot?status=free&start=ge${dayAhead(10)}&_sort=start&_count=1`);
      const later = free.entry?.[0]?.resource;
      expect(later?.id).toBeTruthy();
      const schedule = await staff.call<Schedule>('GET', later!.schedule.reference!);
      const soonStart = minutesFromNow(20);
      const soonEnd = new Date(soonStart.getTime() + 30 * 60_000);
      const participants = [{ actor: { reference: `Patient/${patient!.id}` }, status: 'accepted' as const }, ...actorsOf(schedule)];
      const entries: BundleEntry[] = [
        {
          fullUrl: 'urn:uuid:5e3c9a52-59e7-4c55-8f6c-6f1b3c0d2a11',
          resource: { resourceType: 'Slot', status: 'busy', schedule: later!.schedule, start: soonStart.toISOString(), end: soonEnd.toISOString() },
          request: { method: 'POST', url: 'Slot' },
        },
        {
          resource: {
            resourceType: 'Appointment',
            status: 'booked',
            start: soonStart.toISOString(),
            end: soonEnd.toISOString(),
            slot: [{ reference: 'urn:uuid:5e3c9a52-59e7-4c55-8f6c-6f1b3c0d2a11' }],
            participant: participants,
          },
          request: { method: 'POST', url: 'Appointment' },
        },
        { resource: { ...later!, status: 'busy' }, request: { method: 'PUT', url: `Slot/${later!.id}`, ifMatch: `W/"${later!.meta?.versionId}"` } },
        {
          resource: {
            resourceType: 'Appointment',
            status: 'booked',
            start: later!.start,
            end: later!.end,
            slot: [{ reference: `Slot/${later!.id}` }],
            participant: participants,
          },
          request: { method: 'POST', url: 'Appointment' },
        },
      ];
      const booked = await staff.call<Bundle>('POST', '', { resourceType: 'Bundle', type: 'transaction', entry: entries });
      const [soonFhirId, laterFhirId] = [booked.entry?.[1]?.resource?.id, booked.entry?.[3]?.resource?.id];
      expect(soonFhirId && laterFhirId).toBeTruthy();

      // A sync brings both in (queued at once rather than the minute's run).
      expect((await request.get('/dev/test-fixtures/practice-system?sync')).status()).toBe(202);
      const synced = async (fhirId: string) => {
        let answer: { appointmentId: number; link: string } | null = null;
        await expect
          .poll(
            async () => {
              const response = await request.get(`/dev/test-fixtures/practice-system?appointment=${fhirId}`);
              if (response.ok()) answer = (await response.json()) as { appointmentId: number; link: string };
              return response.status();
            },
            { timeout: 90_000 },
          )
          .toBe(200);
        return answer!;
      };
      const soon = await synced(soonFhirId!);
      const laterOne = await synced(laterFhirId!);

      await login(page, 'aino');
      await page.goto(pagePath('appointmentList', 'en'));
      const upcoming = page.getByRole('region', { name: 'Upcoming appointments' });
      for (const id of [soon.appointmentId, laterOne.appointmentId]) await expect(upcoming.locator(`a[href="/en/appointments/${id}"]`)).toBeVisible();

      // The anonymous link (as a reminder carries it): the soon one is checked in to, and the practice system has her arrived.
      await page.goto(new URL(soon.link).pathname);
      if (jsEnabled(testInfo.project.name)) {
        await page.getByLabel('Character 1 of 4').click();
        await page.keyboard.type('9024');
      } else {
        for (const [i, char] of [...'9024'].entries()) await page.getByLabel(`Character ${i + 1} of 4`).fill(char);
        await page.getByRole('button', { name: 'Check in' }).click();
      }
      await expect(page.getByRole('status').getByText('You have checked in.')).toBeVisible();
      expect((await staff.call<Appointment>('GET', `Appointment/${soonFhirId}`)).status).toBe('arrived');

      // The later one is moved from its page, and the practice system has it at the new time.
      await moveFromItsPage(page, laterOne.appointmentId, 2);
      const moved = await staff.call<Appointment>('GET', `Appointment/${laterFhirId}`);
      expect(moved.status).toBe('booked');
      expect(moved.start).not.toBe(later!.start);
      expect((await staff.call<Slot>('GET', `Slot/${later!.id}`)).status).toBe('free');
    },
  );
});
