/**
 * Messaging demo data (issue 10): the professionals (who log in to the staff area with the
 * identity codes below, listed in the README), Mikko's occupational care team, an absence with a
 * substitute, Mikko's threads (one unread reply, one with a PDF attachment, one assigned to the
 * absent nurse), an announcement, and the messaging flags for Mikko and Aino.
 */
import { eq } from 'drizzle-orm';
import { addDays, helsinkiDate } from '../app/lib/dates';
import type { Db } from './client';
import { addCareTeam, createAbsence, createAnnouncement, createHrUser, createProfessional, localized, setFeatureOverride } from './factories';
import {
  messagingAttachments,
  messagingMessages,
  messagingReadStatuses,
  messagingThreadAccess,
  messagingThreadAssignments,
  messagingThreadParticipants,
  messagingThreads,
  storedObjects,
} from './schema';

/** The demo professionals; `languages` are those they serve in (the practitioner page). */
export const DEMO_PROFESSIONALS = {
  leena: {
    identityCode: '120472-152E',
    firstName: 'Leena',
    lastName: 'Lahtinen',
    professionalType: 'Doctor',
    title: localized('Työterveyslääkäri', 'Företagsläkare', 'Occupational health physician'),
    languages: ['fi', 'sv', 'en'],
  },
  hanna: {
    identityCode: '230981-2845',
    firstName: 'Hanna',
    lastName: 'Hakala',
    professionalType: 'Nurse',
    title: localized('Työterveyshoitaja', 'Företagshälsovårdare', 'Occupational health nurse'),
    languages: ['fi', 'en'],
  },
  sari: {
    identityCode: '070286-346F',
    firstName: 'Sari',
    lastName: 'Saarinen',
    professionalType: 'Nurse',
    title: localized('Työterveyshoitaja', 'Företagshälsovårdare', 'Occupational health nurse'),
    languages: ['fi'],
  },
  olli: {
    identityCode: '301179-4194',
    firstName: 'Olli',
    lastName: 'Ojala',
    professionalType: 'Physiotherapist',
    title: localized('Työfysioterapeutti', 'Företagsfysioterapeut', 'Occupational physiotherapist'),
    languages: ['fi', 'en'],
  },
  maija: {
    identityCode: '150683-5622',
    firstName: 'Maija',
    lastName: 'Mäkelä',
    professionalType: 'Psychologist',
    title: localized('Työterveyspsykologi', 'Företagspsykolog', 'Occupational psychologist'),
    languages: ['fi', 'sv'],
  },
  tiina: {
    identityCode: '190190-628J',
    firstName: 'Tiina',
    lastName: 'Toivonen',
    professionalType: 'Nurse',
    title: localized('Sairaanhoitaja', 'Sjukskötare', 'Registered nurse'),
    triage: true,
  },
} as const;

/**
 * Demo HR users (ADR 0042): they log in at the test bank with these identity codes and reach
 * their company's conversations with the care team at /fi/hr/viestit (listed in the README).
 */
export const DEMO_HR_USERS = {
  helena: { identityCode: '140375-248T', firstName: 'Helena', lastName: 'Heinonen', title: 'HR-päällikkö', emailAddress: 'helena.heinonen@example.fi' },
} as const;

/** A one-page PDF ("Laboratoriotulokset"): small, valid, deterministic. */
function demoPdf(): Uint8Array {
  const text = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj',
    '4 0 obj << /Length 58 >> stream',
    'BT /F1 18 Tf 72 760 Td (Laboratoriotulokset - demo) Tj ET',
    'endstream endobj',
    '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n');
  return new TextEncoder().encode(text);
}

export async function seedMessaging(db: Db, input: { contractId: string; mikkoId: string; ainoId: string }, now: Date) {
  const pros = {} as Record<keyof typeof DEMO_PROFESSIONALS, string>;
  for (const [key, value] of Object.entries(DEMO_PROFESSIONALS) as Array<
    [keyof typeof DEMO_PROFESSIONALS, (typeof DEMO_PROFESSIONALS)[keyof typeof DEMO_PROFESSIONALS]]
  >) {
    const languages = 'languages' in value ? [...value.languages] : undefined;
    const row = await createProfessional(db, {
      ...value,
      languages,
      emailAddress: `${value.firstName.toLowerCase()}.${value.lastName.toLowerCase()}@example.fi`.replace(/ä/g, 'a'),
    });
    pros[key] = row.personId;
  }
  await addCareTeam(db, input.contractId, [pros.leena, pros.hanna, pros.sari, pros.olli, pros.maija]);
  const today = helsinkiDate(now);
  await createAbsence(db, {
    professionalId: pros.sari,
    startDate: addDays(today, -2),
    endDate: addDays(today, 7),
    substituteIds: [pros.hanna],
    internalMessage: 'Koulutuksessa',
  });
  for (const personId of [input.mikkoId, input.ainoId]) {
    await setFeatureOverride(db, personId, 'customer-messaging-enabled', true);
    await setFeatureOverride(db, personId, 'customer-messaging-allowed', true);
  }
  await createAnnouncement(db, {
    announcementType: 'info',
    heading: localized('Viestipalvelu joulun aikaan', 'Meddelandetjänsten under julen', 'Messaging over the holidays'),
    description: localized(
      'Vastaamme viesteihin arkipäivisin. Kiireellisissä asioissa soita **asiakaspalveluun** tai katso [ohjeet](https://www.example.fi/ohjeet).',
      'Vi svarar på meddelanden på vardagar. I brådskande ärenden, ring **kundtjänsten** eller se [anvisningarna](https://www.example.fi/ohjeet).',
      'We answer messages on business days. In urgent matters call **customer service** or see the [instructions](https://www.example.fi/ohjeet).',
    ),
  });

  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
  const mikko = input.mikkoId;
  const team = [pros.leena, pros.hanna, pros.sari, pros.olli, pros.maija];

  async function thread(title: string, messages: Array<{ author: string; text: string; at: Date }>, options: { assignee?: string; readByMikkoAt?: Date } = {}) {
    const [row] = await db.insert(messagingThreads).values({ title, customerPersonId: mikko, createdAt: messages[0]!.at }).returning();
    const ids: number[] = [];
    for (const m of messages) {
      const [message] = await db.insert(messagingMessages).values({ threadId: row!.id, authorId: m.author, content: m.text, createdAt: m.at }).returning();
      ids.push(message!.id);
    }
    const last = messages.at(-1)!;
    await db
      .update(messagingThreads)
      .set({ lastMessageAt: last.at, lastMessageId: ids.at(-1)! })
      .where(eqId(row!.id));
    const professionalsInThread = [...new Set(messages.map((m) => m.author).filter((a) => a !== mikko))];
    if (options.assignee && !professionalsInThread.includes(options.assignee)) professionalsInThread.push(options.assignee);
    if (professionalsInThread.length) {
      await db
        .insert(messagingThreadParticipants)
        .values(professionalsInThread.map((professionalId) => ({ threadId: row!.id, professionalId, addedAt: messages[0]!.at })));
    }
    await db.insert(messagingThreadAccess).values(team.map((professionalId) => ({ threadId: row!.id, professionalId, lastMessageAt: last.at })));
    if (options.assignee) {
      await db.insert(messagingThreadAssignments).values({ threadId: row!.id, assigneeId: options.assignee, assignedAt: messages[0]!.at });
    }
    await db.insert(messagingReadStatuses).values({ threadId: row!.id, readerId: mikko, readAt: options.readByMikkoAt ?? last.at });
    return { threadId: row!.id, messageIds: ids };
  }

  // 1. Unread: the doctor's reply came after Mikko last read the thread.
  await thread(
    'Selkäkipu',
    [
      { author: mikko, text: 'Hei, selkäni on ollut kipeä viikon. Pitäisikö varata aika?', at: minutesAgo(3 * 24 * 60) },
      { author: pros.leena, text: 'Hei Mikko, varaa aika fysioterapeutille. Kevyt liikunta auttaa yleensä.', at: minutesAgo(90) },
    ],
    { assignee: pros.leena, readByMikkoAt: minutesAgo(3 * 24 * 60) },
  );
  // 2. With an attachment (a PDF from the nurse).
  const withPdf = await thread(
    'Laboratoriotulokset',
    [
      { author: mikko, text: 'Voisinko saada laboratoriotulokseni?', at: minutesAgo(10 * 24 * 60) },
      { author: pros.hanna, text: 'Tulokset liitteenä. Arvot ovat viitealueella.', at: minutesAgo(9 * 24 * 60) },
    ],
    { assignee: pros.hanna },
  );
  const pdf = demoPdf();
  const [object] = await db
    .insert(storedObjects)
    .values({
      ownerPersonId: mikko,
      uploadedById: pros.hanna,
      purpose: 'message-attachment',
      contentType: 'application/pdf',
      allowedContentTypes: ['application/pdf'],
      maxBytes: 9_437_184,
      fileName: 'laboratoriotulokset.pdf',
      backend: 'embedded',
      status: 'complete',
      byteSize: pdf.byteLength,
      data: pdf,
      expiresAt: minutesAgo(9 * 24 * 60 - 2),
      createdAt: minutesAgo(9 * 24 * 60),
      completedAt: minutesAgo(9 * 24 * 60),
    })
    .returning({ id: storedObjects.id });
  await db.insert(messagingAttachments).values({
    storedObjectId: object!.id,
    messageId: withPdf.messageIds[1]!,
    fileName: 'Laboratoriotulokset.pdf',
    contentType: 'application/pdf',
    byteSize: pdf.byteLength,
    createdAt: minutesAgo(9 * 24 * 60),
  });
  // 3. Assigned to the nurse who is absent now (her notice shows in the thread).
  await thread(
    'Rokotukset ennen työmatkaa',
    [
      { author: mikko, text: 'Lähden työmatkalle Intiaan. Mitä rokotuksia tarvitsen?', at: minutesAgo(4 * 24 * 60) },
      { author: pros.sari, text: 'Katson rokotustilanteesi ja palaan asiaan.', at: minutesAgo(4 * 24 * 60 - 30) },
    ],
    { assignee: pros.sari },
  );

  // The employer's HR user and one HR conversation with the care team (ADR 0042).
  const helena = await createHrUser(db, { ...DEMO_HR_USERS.helena, contractId: input.contractId });
  const hrStart = minutesAgo(2 * 24 * 60);
  const hrReply = minutesAgo(2 * 24 * 60 - 45);
  const [hrThread] = await db
    .insert(messagingThreads)
    .values({ threadType: 'Hr', title: 'Varhaisen tuen malli', customerPersonId: helena.personId, companyContractId: input.contractId, createdAt: hrStart })
    .returning();
  const hrMessages = [
    { author: helena.personId, text: 'Hei! Päivitämme varhaisen tuen malliamme. Voisitteko kommentoida luonnosta?', at: hrStart },
    { author: pros.hanna, text: 'Hei Helena, mielellään. Ehdotan palaveria ensi viikolle.', at: hrReply },
  ];
  let lastId = 0;
  for (const m of hrMessages) {
    const [row] = await db.insert(messagingMessages).values({ threadId: hrThread!.id, authorId: m.author, content: m.text, createdAt: m.at }).returning();
    lastId = row!.id;
  }
  await db.update(messagingThreads).set({ lastMessageAt: hrReply, lastMessageId: lastId }).where(eqId(hrThread!.id));
  await db.insert(messagingThreadParticipants).values({ threadId: hrThread!.id, professionalId: pros.hanna, addedAt: hrStart });
  await db.insert(messagingThreadAccess).values(team.map((professionalId) => ({ threadId: hrThread!.id, professionalId, lastMessageAt: hrReply })));
  await db.insert(messagingReadStatuses).values({ threadId: hrThread!.id, readerId: helena.personId, readAt: hrStart });
  return pros;
}

const eqId = (id: number) => eq(messagingThreads.id, id);
