/** Announcements shown above the conversation list: active ones whose window includes now. */
import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { messagingAnnouncements } from '~db/schema';
import type { Language } from '~/i18n/config';
import type { AnnouncementType } from '~/models/messaging/messaging';
import type { Db } from '~/services/db/db.server';
import { clock } from '~/lib/clock.server';

export async function activeAnnouncements(db: Db, lang: Language, now = clock.now()) {
  const rows = await db
    .select()
    .from(messagingAnnouncements)
    .where(
      and(
        eq(messagingAnnouncements.active, true),
        or(isNull(messagingAnnouncements.startsAt), lte(messagingAnnouncements.startsAt, now)),
        or(isNull(messagingAnnouncements.endsAt), gt(messagingAnnouncements.endsAt, now)),
      ),
    )
    .orderBy(desc(messagingAnnouncements.createdAt))
    .limit(5);
  return rows.map((r) => ({
    id: r.id,
    type: r.announcementType as AnnouncementType,
    heading: r.heading[lang],
    description: r.description[lang],
  }));
}
