/** Active announcements above the conversation list (info, notification, warning, success). */
import { useTranslation } from '~/i18n/react';
import type { AnnouncementType } from '~/models/messaging/messaging';
import * as ui from '~/styles/ui.css';
import { Markdown } from './Markdown';

export interface AnnouncementView {
  id: number;
  type: AnnouncementType;
  heading: string;
  description: string;
}

const STYLE: Record<AnnouncementType, string> = {
  info: ui.alert.info,
  notification: ui.alert.info,
  warning: ui.alert.error,
  success: ui.alert.success,
};

export function Announcements({ items }: { items: AnnouncementView[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <>
      {items.map((a) => (
        <section key={a.id} className={`${ui.alertBox} ${STYLE[a.type]}`} aria-labelledby={`announcement-${a.id}`}>
          <h2 id={`announcement-${a.id}`}>
            <span className={ui.visuallyHidden}>{t(`messaging.announcement.${a.type}`)}: </span>
            {a.heading}
          </h2>
          <Markdown source={a.description} />
        </section>
      ))}
    </>
  );
}
